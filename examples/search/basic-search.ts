/**
 * Basic FHIR search with the Medplum SDK: the three search methods and the query forms they accept.
 */
import type { MedplumClient, ResourceArray, WithId } from '@medplum/core';
import type { Bundle, Patient } from '@medplum/fhirtypes';

// #region search-bundle
/**
 * Sends `GET /fhir/R4/Patient?family=<family>` and returns the searchset Bundle as the server sent it.
 */
export async function searchByFamily(medplum: MedplumClient, family: string): Promise<Bundle<WithId<Patient>>> {
  const bundle = await medplum.search('Patient', { family });
  for (const entry of bundle.entry ?? []) {
    // Every entry that matched the criteria is marked with search.mode "match".
    console.log(entry.search?.mode, entry.resource?.id);
  }
  return bundle;
}
// #endregion search-bundle

// #region search-resources
/**
 * Same search, but unwrapped: an array of resources. The original Bundle is still reachable
 * through the array's `bundle` property when you need `total` or `link`.
 */
export async function listByFamily(medplum: MedplumClient, family: string): Promise<ResourceArray<WithId<Patient>>> {
  const patients = await medplum.searchResources('Patient', { family, _sort: 'birthdate' });
  console.log(`page holds ${patients.length} of ${patients.bundle.total ?? 'an unknown number of'} matches`);
  return patients;
}
// #endregion search-resources

// #region search-one
/**
 * Looks a patient up by an identifier. `system|value` is the token syntax; searchOne asks the
 * server for one result (`_count=1`) and returns it, or undefined when nothing matched.
 */
export async function findByIdentifier(
  medplum: MedplumClient,
  system: string,
  value: string,
): Promise<WithId<Patient> | undefined> {
  return medplum.searchOne('Patient', { identifier: `${system}|${value}` });
}
// #endregion search-one

// #region query-forms
/**
 * The query argument accepts anything URLSearchParams accepts. These three calls send the same
 * request; the array and URLSearchParams forms are the ones that can repeat a parameter name.
 */
export async function threeWaysToAsk(medplum: MedplumClient, family: string): Promise<string[][]> {
  const asObject = await medplum.searchResources('Patient', { family, gender: 'female' });
  const asString = await medplum.searchResources('Patient', `family=${encodeURIComponent(family)}&gender=female`);
  const asPairs = await medplum.searchResources('Patient', [
    ['family', family],
    ['gender', 'female'],
  ]);
  return [asObject, asString, asPairs].map((list) => list.map((p) => p.id));
}
// #endregion query-forms
