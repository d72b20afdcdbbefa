/**
 * Runs the setIdentifier example against MockClient: the saved patient keeps its lab identifier and
 * gains the official MRN.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { MockClient } from '@medplum/mock';
import { addHospitalMrn } from '../../../examples/integration/set-identifier';

test('addHospitalMrn appends the official MRN next to the lab identifier and saves it', async () => {
  const medplum = new MockClient();
  const saved = await addHospitalMrn(medplum);
  assert.deepEqual(saved.identifier, [
    { system: 'https://lab.example.org/patient-id', value: 'L-55821' },
    { system: 'https://hospital.example.org/mrn', value: 'MRN-004417', use: 'official' },
  ]);
  const stored = await medplum.readResource('Patient', saved.id as string);
  assert.equal(stored.identifier?.length, 2);
  assert.equal(stored.identifier?.[1]?.use, 'official');
  assert.equal(stored.meta?.versionId !== undefined, true);
});
