/**
 * Tests for examples/bots/seed-mock-from-project.ts: a searchset Bundle shaped like the answer to
 * `medplum get 'Patient?name=Alex&_revinclude=Encounter:subject'` (one Patient, two Encounters
 * whose subject is that Patient) goes through convertToTransactionBundle, as `--as-transaction`
 * does, and seeds a MockClient. The copied resources are found by search under new ids. The
 * reader's own test file (examples/bots/seed-mock-from-project.test.ts) is loaded from a temporary
 * directory holding that Bundle as src/fixtures/alex-encounters.json, so its test runs here too.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { describe, test } from 'node:test';
import { convertToTransactionBundle, getSearchParameter, globalSchema } from '@medplum/core';
import type { Bundle, Encounter, Patient } from '@medplum/fhirtypes';
import { findPatientAndEncounters, seedMockClient } from '../../../examples/bots/seed-mock-from-project';

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

/** Encounter's entry in the global schema, where indexSearchParameter keeps its search parameters. */
function encounterSchema(): { searchParams?: Record<string, unknown>; searchParamsDetails?: Record<string, unknown> } {
  return (globalSchema.types as Record<string, ReturnType<typeof encounterSchema>>)['Encounter'] ?? {};
}

describe('bots/seed-mock-from-project', () => {
  // First, while the example has not loaded anything yet: other example tests in the same process
  // may have loaded the search parameters already, which would hide a seedMockClient that stops
  // loading them.
  test("seedMockClient loads the search parameters itself (Encounter's subject removed first)", async () => {
    const schema = encounterSchema();
    const saved = { searchParams: schema.searchParams, searchParamsDetails: schema.searchParamsDetails };
    try {
      if (schema.searchParams) {
        const { subject: _subject, ...rest } = schema.searchParams;
        schema.searchParams = rest;
      }
      if (schema.searchParamsDetails) {
        const { subject: _subject, ...rest } = schema.searchParamsDetails;
        schema.searchParamsDetails = rest;
      }
      assert.equal(getSearchParameter('Encounter', 'subject'), undefined);

      const medplum = await seedMockClient(convertToTransactionBundle(searchResult()));
      assert.ok(getSearchParameter('Encounter', 'subject'), 'seedMockClient did not load Encounter:subject');
      const { patient, encounters } = await findPatientAndEncounters(medplum, 'Alex');
      assert.ok(patient?.id, 'Alex was not found by name');
      assert.equal(encounters.length, 2);
    } finally {
      schema.searchParams = saved.searchParams;
      schema.searchParamsDetails = saved.searchParamsDetails;
    }
  });

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

  test('each call returns a fresh client holding only the copied data', async () => {
    const copied = convertToTransactionBundle(searchResult());
    const first = await seedMockClient(copied);
    const second = await seedMockClient(copied);
    assert.notEqual(first, second);
    for (const medplum of [first, second]) {
      assert.equal((await medplum.searchResources('Patient', { name: 'Alex' })).length, 1);
      // seedDefaultData: false leaves out the mock's sample patients
      assert.deepEqual(
        (await medplum.searchResources('Patient')).map((p) => p.name?.[0]?.given?.[0]),
        ['Alex'],
      );
    }
  });

  describe("the reader's own tests", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'seed-mock-'));
    fs.mkdirSync(path.join(dir, 'src', 'fixtures'), { recursive: true });
    fs.writeFileSync(
      path.join(dir, 'src', 'fixtures', 'alex-encounters.json'),
      JSON.stringify(convertToTransactionBundle(searchResult()), null, 2),
    );
    const cwd = process.cwd();
    process.chdir(dir);
    try {
      // Loading the file reads the fixture and declares its describe block and test
      createRequire(__filename)('../../../examples/bots/seed-mock-from-project.test');
    } finally {
      process.chdir(cwd);
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
