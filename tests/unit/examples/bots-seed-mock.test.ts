/**
 * Tests for examples/bots/seed-mock-from-project.ts: a searchset Bundle shaped like the answer to
 * `medplum get 'Patient?name=Alex&_revinclude=Encounter:subject'` (one Patient, two Encounters
 * whose subject is that Patient) goes through convertToTransactionBundle, as `--as-transaction`
 * does, and seeds a MockClient. The copied resources are found by search under new ids.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { convertToTransactionBundle } from '@medplum/core';
import type { Bundle, Encounter, Patient } from '@medplum/fhirtypes';
import {
  copiedDataTests,
  findPatientAndEncounters,
  seedMockClient,
} from '../../../examples/bots/seed-mock-from-project';

const BASE = 'https://api.medplum.com/fhir/R4/';
const PROJECT = '9a1c2f7e-3b4d-4e5f-8a6b-1c2d3e4f5a6b';
const PATIENT_ID = '1f0e6a52-7c3b-4d8e-9f21-5b6a7c8d9e01';
const ENCOUNTER_IDS = ['6c2d1b40-8e7f-4a9b-b3c2-d1e0f9a8b702', '6c2d1b40-8e7f-4a9b-b3c2-d1e0f9a8b703'];

/** Server-side meta, as a search result carries it; convertToTransactionBundle removes all of it. */
function serverMeta(versionId: string): NonNullable<Patient['meta']> {
  return {
    versionId,
    lastUpdated: '2026-11-18T14:05:12.345Z',
    project: PROJECT,
    author: { reference: 'Practitioner/2b7e4c10-5d6f-4a8b-9c0d-1e2f3a4b5c6d' },
    compartment: [{ reference: `Project/${PROJECT}` }, { reference: `Patient/${PATIENT_ID}` }],
  };
}

/** What the server answers to Patient?name=Alex&_revinclude=Encounter:subject. */
function searchResult(): Bundle {
  const patient: Patient = {
    resourceType: 'Patient',
    id: PATIENT_ID,
    meta: serverMeta('3e5d7f90-1a2b-4c3d-8e4f-5a6b7c8d9e0f'),
    name: [{ given: ['Alex'], family: 'Rivera' }],
    gender: 'female',
    birthDate: '1984-03-09',
  };
  const encounters: Encounter[] = ENCOUNTER_IDS.map((id, i) => ({
    resourceType: 'Encounter',
    id,
    meta: serverMeta(`7a8b9c0d-1e2f-4a3b-8c4d-5e6f7a8b9c0${i}`),
    status: 'finished',
    class: { system: 'http://terminology.hl7.org/CodeSystem/v3-ActCode', code: 'AMB', display: 'ambulatory' },
    subject: { reference: `Patient/${PATIENT_ID}`, display: 'Alex Rivera' },
    period:
      i === 0
        ? { start: '2026-09-02T15:00:00Z', end: '2026-09-02T15:30:00Z' }
        : { start: '2026-10-14T16:00:00Z', end: '2026-10-14T16:20:00Z' },
  }));
  return {
    resourceType: 'Bundle',
    type: 'searchset',
    entry: [
      { fullUrl: `${BASE}Patient/${PATIENT_ID}`, resource: patient, search: { mode: 'match' } },
      ...encounters.map((e) => ({
        fullUrl: `${BASE}Encounter/${e.id}`,
        resource: e,
        search: { mode: 'include' as const },
      })),
    ],
  };
}

describe('bots/seed-mock-from-project', () => {
  test('--as-transaction turns the search result into POSTs with urn:uuid references', () => {
    const copied = convertToTransactionBundle(searchResult());
    assert.equal(copied.type, 'transaction');
    const entries = copied.entry ?? [];
    assert.deepEqual(
      entries.map((e) => [e.request?.method, e.request?.url]),
      [
        ['POST', 'Patient'],
        ['POST', 'Encounter'],
        ['POST', 'Encounter'],
      ],
    );
    const patientUrl = entries[0].fullUrl as string;
    assert.match(patientUrl, /^urn:uuid:/);
    for (const e of entries) {
      assert.equal(e.resource?.id, undefined);
      assert.equal(e.resource?.meta, undefined);
    }
    for (const e of entries.slice(1)) {
      assert.equal((e.resource as Encounter).subject?.reference, patientUrl);
    }
  });

  test('the seeded mock finds Alex by name and both encounters by the new patient id', async () => {
    const medplum = await seedMockClient(convertToTransactionBundle(searchResult()));

    const { patient, encounters } = await findPatientAndEncounters(medplum, 'Alex');
    assert.ok(patient?.id, 'Alex was not found by name');
    assert.equal(patient.name?.[0]?.family, 'Rivera');
    assert.notEqual(patient.id, PATIENT_ID);

    assert.equal(encounters.length, 2);
    for (const encounter of encounters) {
      assert.equal(encounter.subject?.reference, `Patient/${patient.id}`);
      assert.ok(!ENCOUNTER_IDS.includes(encounter.id as string), `Encounter kept its old id ${encounter.id}`);
    }
    assert.deepEqual(encounters.map((e) => e.period?.start).sort(), ['2026-09-02T15:00:00Z', '2026-10-14T16:00:00Z']);

    // The ids the resources had in the project are gone
    await assert.rejects(medplum.readResource('Patient', PATIENT_ID), /Not found/);
    await assert.rejects(medplum.readResource('Encounter', ENCOUNTER_IDS[0]), /Not found/);
    assert.equal((await medplum.searchResources('Encounter', { subject: `Patient/${PATIENT_ID}` })).length, 0);
  });

  test('a name that was not copied finds nothing', async () => {
    const medplum = await seedMockClient(convertToTransactionBundle(searchResult()));
    const { patient, encounters } = await findPatientAndEncounters(medplum, 'Jordan');
    assert.equal(patient, undefined);
    assert.deepEqual(encounters, []);
  });

  describe("the reader's own tests", () => {
    copiedDataTests(convertToTransactionBundle(searchResult()));
  });
});
