/**
 * MedplumClient settings that change how requests are sent: retries, streamed bodies, the read
 * cache when acting on behalf of another user, signing in to another FHIR server, and following a
 * create's Location header.
 */
import type { MedplumClientOptions, WithId } from '@medplum/core';
import { MedplumClient } from '@medplum/core';
import type { Binary, Patient, Resource } from '@medplum/fhirtypes';

// #region retries
/**
 * A client for a background job: up to 4 retries of a 429 or 5xx answer, and it waits up to
 * 10 seconds before a retry (for example until a rate limit resets) instead of giving up.
 */
export function jobClient(baseUrl: string, fetch?: MedplumClientOptions['fetch']): MedplumClient {
  return new MedplumClient({ baseUrl, fetch, maxRetries: 4, maxRetryTime: 10_000 });
}

/** One request that must fail fast, whatever the client's defaults: no retry at all. */
export async function readWithoutRetry(medplum: MedplumClient, id: string): Promise<WithId<Patient>> {
  return medplum.readResource('Patient', id, { maxRetries: 0 });
}
// #endregion retries

// #region stream-body
/**
 * Uploads a file as a Binary without holding it in memory: the body is a web ReadableStream
 * (in Node, `Readable.toWeb(fs.createReadStream(path))` gives one).
 */
export async function uploadStream(
  medplum: MedplumClient,
  stream: ReadableStream<Uint8Array>,
  contentType: string,
): Promise<WithId<Binary>> {
  return medplum.post(medplum.fhirUrl('Binary'), stream, contentType);
}
// #endregion stream-body

// #region on-behalf-of
/**
 * Reads a Patient as another project member (the client must be a project admin client). The
 * header goes on the request itself, in lower case, so the client neither answers from nor fills
 * its cache (the client looks for exactly this spelling in a plain headers object).
 */
export async function readAsMember(
  medplum: MedplumClient,
  membershipId: string,
  patientId: string,
): Promise<WithId<Patient>> {
  return medplum.readResource('Patient', patientId, {
    headers: { 'x-medplum-on-behalf-of': `ProjectMembership/${membershipId}` },
  });
}
// #endregion on-behalf-of

// #region other-server
/** Signs in to a FHIR server that is not Medplum (here an EHR's API) with the OAuth client credentials grant. */
export async function connectToEhr(clientId: string, clientSecret: string): Promise<MedplumClient> {
  const ehr = new MedplumClient({
    baseUrl: 'https://ehr.example.org/',
    fhirUrlPath: 'api/fhir',
    tokenUrl: 'oauth/token',
    authCredentialsMethod: 'header',
  });
  await ehr.startClientLogin(clientId, clientSecret);
  return ehr;
}
// #endregion other-server

// #region follow-created
/** Creates a resource and returns it even from a server that answers 201 with only a Location header. */
export async function createAndRead<T extends Resource>(medplum: MedplumClient, resource: T): Promise<WithId<T>> {
  const created = await medplum.createResource(resource, { followRedirectOnCreated: true });
  return created;
}
// #endregion follow-created
