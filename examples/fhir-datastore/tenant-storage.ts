/**
 * One MedplumClient per tenant, each with a store of its own: a ClientStorage with a prefix around
 * its own MemoryStorage, so a client that signs out (and clears its store) leaves the others signed in.
 */
import { ClientStorage, MedplumClient, MemoryStorage } from '@medplum/core';

// #region store-per-tenant
export async function signInTenant(tenant: string, clientId: string, clientSecret: string): Promise<MedplumClient> {
  // One store per tenant (tenant: for example 'clinic-a'): signing one client out leaves the others signed in.
  const client = new MedplumClient({
    baseUrl: 'https://api.medplum.com/',
    storage: new ClientStorage(new MemoryStorage(), `${tenant}:`),
  });
  await client.startClientLogin(clientId, clientSecret);
  return client;
}
// #endregion store-per-tenant
