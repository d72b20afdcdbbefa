/**
 * Connecting a Node script to a Medplum server with client credentials.
 */
import { MedplumClient } from '@medplum/core';

// #region connect
/**
 * Signs in as a ClientApplication (client credentials). Create the client on the Clients tab of
 * the app's project admin page (`/admin/clients`) and pass its id and secret through the
 * environment.
 */
export async function connect(baseUrl = 'https://api.medplum.com/'): Promise<MedplumClient> {
  const clientId = process.env.MEDPLUM_CLIENT_ID;
  const clientSecret = process.env.MEDPLUM_CLIENT_SECRET;
  if (!clientId || !clientSecret) {
    throw new Error('Set MEDPLUM_CLIENT_ID and MEDPLUM_CLIENT_SECRET');
  }
  const medplum = new MedplumClient({ baseUrl });
  await medplum.startClientLogin(clientId, clientSecret);
  return medplum;
}
// #endregion connect
