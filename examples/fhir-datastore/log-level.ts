/**
 * Logging a client's requests and responses with logLevel and setLogLevel.
 */
// #region log-level
import { MedplumClient } from '@medplum/core';

export async function searchWithLogging(): Promise<MedplumClient> {
  const medplum = new MedplumClient({ logLevel: 'basic' });

  // Turn on header logging while you chase one problem, then turn it off again
  medplum.setLogLevel('verbose');
  await medplum.searchResources('Patient', { name: 'Smith' });
  medplum.setLogLevel('none');
  return medplum;
}
// #endregion log-level
