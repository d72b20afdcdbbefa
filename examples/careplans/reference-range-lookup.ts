/**
 * Finding the ObservationDefinition of one lab when several labs report the same LOINC code with
 * different ranges: search by `code` and by Medplum's `publisher` search parameter together.
 */
import type { MedplumClient } from '@medplum/core';
import type { ObservationDefinition } from '@medplum/fhirtypes';

// #region by-publisher
export async function glucoseDefinitionOfLab(
  medplum: MedplumClient,
  labId: string, // the lab's Organization, for example '0b2a7c4e-5d1f-4f6a-9a3e-2c8d1b7e6f40'
): Promise<ObservationDefinition | undefined> {
  return medplum.searchOne('ObservationDefinition', {
    code: 'http://loinc.org|2339-0',
    publisher: `Organization/${labId}`,
  });
}
// #endregion by-publisher
