/**
 * Server-to-server access as a ClientApplication, with no user involved.
 */
import { MedplumClient } from '@medplum/core';
import type { ClientApplication, Patient } from '@medplum/fhirtypes';

// #region create-client
/** Builds a client for a back-end job. Read the secret from the environment, never from source. */
export function createServiceClient(baseUrl: string, fetchImpl?: typeof fetch): MedplumClient {
  return new MedplumClient({ baseUrl, fetch: fetchImpl });
}
// #endregion create-client

// #region client-login
/**
 * Gets an access token with the client credentials grant. The client keeps the id and secret,
 * so when the token nears expiry it requests a new one by itself.
 */
export async function signInAsService(medplum: MedplumClient, clientId: string, clientSecret: string): Promise<void> {
  await medplum.startClientLogin(clientId, clientSecret);
}
// #endregion client-login

// #region header-credentials
/**
 * The same client, but it sends the id and secret to the token endpoint in an
 * `Authorization: Basic` header instead of the form body.
 */
export function createHeaderCredentialsClient(baseUrl: string, fetchImpl?: typeof fetch): MedplumClient {
  return new MedplumClient({ baseUrl, fetch: fetchImpl, authCredentialsMethod: 'header' });
}
// #endregion header-credentials

// #region basic-auth
/**
 * Alternative: send the id and secret as HTTP Basic credentials on every request instead of
 * fetching a bearer token first. Handy for scripts that make one or two calls.
 */
export async function countPatientsWithBasicAuth(
  medplum: MedplumClient,
  clientId: string,
  clientSecret: string,
): Promise<number> {
  medplum.setBasicAuth(clientId, clientSecret);
  const patients: Patient[] = await medplum.searchResources('Patient', { _count: '100' });
  return patients.length;
}
// #endregion basic-auth

// #region trust-store
/**
 * Adds a PEM certificate (a self-signed client certificate, or the CA that issues the client's
 * certificates) to a ClientApplication's certificateTrustStore. The field is one string that may
 * hold several PEM blocks, so new certificates are appended; certificates already present are
 * left as they are.
 */
export async function trustClientCertificate(
  medplum: MedplumClient,
  clientId: string,
  certificatePem: string,
): Promise<ClientApplication> {
  const client = await medplum.readResource('ClientApplication', clientId);
  const pem = certificatePem.trim();
  const current = client.certificateTrustStore?.trim();
  if (current?.includes(pem)) {
    return client;
  }
  return medplum.updateResource<ClientApplication>({
    ...client,
    certificateTrustStore: current ? `${current}\n${pem}\n` : `${pem}\n`,
  });
}
// #endregion trust-store
