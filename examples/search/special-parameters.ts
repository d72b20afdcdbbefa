/**
 * Medplum's special search parameters: `_project`, to narrow a search to one of the projects the
 * caller sees (its own and the projects it is linked to).
 */
import type { MedplumClient, WithId } from '@medplum/core';
import type { ValueSet } from '@medplum/fhirtypes';

/** The ValueSets stored in one linked project (a shared terminology project) only. */
export async function linkedProjectValueSets(medplum: MedplumClient): Promise<WithId<ValueSet>[]> {
  // #region project
  const linkedProjectId = '0b3c5f5e-6a43-4d2c-9c1f-7e2d8a4b1c90';
  const valueSets = await medplum.searchResources('ValueSet', { _project: `Project/${linkedProjectId}` });
  // #endregion project
  return valueSets;
}
