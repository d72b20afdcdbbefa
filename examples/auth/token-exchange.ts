/**
 * Token exchange (RFC 8693): trade an access token issued by another identity provider for a
 * Medplum access token, without sending the user through a second sign-in screen.
 */
import type { MedplumClient } from '@medplum/core';

// #region exchange
/**
 * `externalAccessToken` is the token your app already holds from its own identity provider.
 * `clientId` names a ClientApplication whose `identityProvider` describes that provider; the
 * server checks the token with it before it issues Medplum tokens.
 */
export async function exchangeForMedplumToken(
  medplum: MedplumClient,
  externalAccessToken: string,
  clientId: string,
): Promise<string> {
  await medplum.exchangeExternalAccessToken(externalAccessToken, clientId);
  const token = medplum.getAccessToken();
  if (!token) {
    throw new Error('The exchange did not produce a Medplum access token');
  }
  return token;
}
// #endregion exchange
