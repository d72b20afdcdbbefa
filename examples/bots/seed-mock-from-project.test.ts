/**
 * The test file a reader keeps beside the Bundle the CLI wrote, with node:test (vitest and jest
 * have the same describe, beforeEach and test; only the node:test import changes). It reads the
 * Bundle from src/fixtures/alex-encounters.json relative to the working directory.
 * tests/unit/examples/bots-seed-mock.test.ts writes such a Bundle to a temporary directory and
 * loads this file from there, so its test runs with the example tests.
 */
// #region in-your-tests
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { beforeEach, describe, test } from 'node:test';
import type { MedplumClient } from '@medplum/core';
import type { Bundle } from '@medplum/fhirtypes';
import { findPatientAndEncounters, seedMockClient } from './seed-mock-from-project';

const alexEncounters = JSON.parse(readFileSync('src/fixtures/alex-encounters.json', 'utf8')) as Bundle;

describe('copied project data', () => {
  let medplum: MedplumClient;

  beforeEach(async () => {
    medplum = await seedMockClient(alexEncounters);
  });

  test('the copied patient and both encounters are loaded', async () => {
    const { patient, encounters } = await findPatientAndEncounters(medplum, 'Alex');
    assert.ok(patient, 'no patient named Alex');
    assert.equal(encounters.length, 2);
  });
});
// #endregion in-your-tests
