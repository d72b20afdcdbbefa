import assert from 'node:assert/strict';
import { onServer } from '../../server/on-server';
import { describe, test } from 'node:test';
import type { Observation, Patient } from '@medplum/fhirtypes';
import { observationCounts, patientPage } from '../../../examples/graphql/connections';
import { createPatient, deletePatient, setBirthDate, setGender } from '../../../examples/graphql/mutations';
import {
  findPatients,
  observationsWithSubject,
  patientChart,
  readPatient,
  unwrap,
} from '../../../examples/graphql/queries';
import { newSearchClient, uniqueTag } from './support/search-mock';

// Load the full search parameter set before the first GraphQL call builds (and caches) the schema.
const medplum = newSearchClient();

async function seedPatient(family: string, extra: Partial<Patient> = {}): Promise<Patient> {
  return medplum.createResource<Patient>({ resourceType: 'Patient', name: [{ family, given: ['Ada'] }], ...extra });
}

async function seedObservation(patientId: string, code: string, text: string): Promise<Observation> {
  const [system, value] = code.split('|');
  return medplum.createResource<Observation>({
    resourceType: 'Observation',
    status: 'final',
    code: { coding: [{ system, code: value }], text },
    subject: { reference: `Patient/${patientId}` },
  });
}

describe('GraphQL queries', () => {
  test('readPatient returns only the selected fields', async () => {
    const family = uniqueTag('Gql');
    const created = await seedPatient(family, { birthDate: '1984-02-29', gender: 'female' });
    const card = await readPatient(medplum, created.id as string);
    assert.equal(card.id, created.id);
    assert.equal(card.birthDate, '1984-02-29');
    assert.equal(card.name?.[0]?.family, family);
    assert.equal((card as unknown as Record<string, unknown>).gender, undefined);
  });

  test('readPatient surfaces "Not found" as an error', async () => {
    await assert.rejects(() => readPatient(medplum, 'does-not-exist'), /Not found/);
  });

  test('findPatients searches with arguments and sorts', async () => {
    const family = uniqueTag('List');
    const late = await seedPatient(family, { birthDate: '2001-01-01' });
    const early = await seedPatient(family, { birthDate: '1970-01-01' });
    const found = await findPatients(medplum, family);
    assert.deepEqual(
      found.map((p) => p.id),
      [early.id, late.id],
    );
    assert.deepEqual(await findPatients(medplum, uniqueTag('Nobody')), []);
  });

  test('Reference.resource loads the referenced patient', async () => {
    const family = uniqueTag('Ref');
    const patient = await seedPatient(family);
    const code = `https://example.org/codes|${uniqueTag('c')}`;
    await seedObservation(patient.id as string, code, 'heart rate');
    const rows = await observationsWithSubject(medplum, code);
    assert.equal(rows.length, 1);
    assert.equal(rows[0].subject?.reference, `Patient/${patient.id}`);
    assert.equal(rows[0].subject?.resource?.id, patient.id);
    assert.equal(rows[0].subject?.resource?.name?.[0]?.family, family);
  });

  test('reverse lookup and list-field filtering', async () => {
    const patient = await seedPatient(uniqueTag('Chart'), {
      telecom: [
        { system: 'email', value: 'ada@example.org' },
        { system: 'phone', value: '555-0100' },
      ],
    });
    const code = `https://example.org/codes|${uniqueTag('c')}`;
    await seedObservation(patient.id as string, code, 'first');
    await seedObservation(patient.id as string, code, 'second');
    const chart = await patientChart(medplum, patient.id as string);
    assert.deepEqual(
      chart.telecom?.map((t) => t.value),
      ['555-0100'],
    );
    assert.equal(chart.ObservationList?.length, 2);
    assert.deepEqual(chart.ObservationList?.map((o) => o.code?.text).sort(), ['first', 'second']);
  });

  test('validation errors are thrown by the SDK before any data is read', async () => {
    await assert.rejects(() => medplum.graphql('{ Patient(id: "x") { notAField } }'), /Cannot query field "notAField"/);
  });

  test('unwrap returns data or joins the error messages', () => {
    assert.deepEqual(unwrap({ data: { a: 1 } }), { a: 1 });
    assert.throws(() => unwrap({ errors: [{ message: 'one' }, { message: 'two' }] }), /one; two/);
  });
});

describe('GraphQL mutations', () => {
  test('create, update, patch and delete a patient', async () => {
    const family = uniqueTag('Mut');
    const created = await createPatient(medplum, family, 'Grace');
    assert.ok(created.id);
    assert.ok(created.meta.versionId);

    const stored = await medplum.readResource('Patient', created.id);
    assert.equal(stored.name?.[0]?.given?.[0], 'Grace');

    assert.equal(await setBirthDate(medplum, stored, '1906-12-09'), '1906-12-09');
    const updated = await medplum.readResource('Patient', created.id);
    assert.equal(updated.birthDate, '1906-12-09');
    assert.equal(updated.name?.[0]?.family, family, 'update kept the fields that were sent');

    assert.equal(await setGender(medplum, created.id, 'female'), 'female');

    await deletePatient(medplum, created.id);
    // A server keeps the deleted row and answers "Gone" (repo.ts readResourceFromDatabase); the mock forgets it.
    await assert.rejects(() => readPatient(medplum, created.id), onServer ? /Gone/ : /Not found/);
  });

  test('update takes the <Type>Create input type; <Type>Update does not exist', async () => {
    await assert.rejects(
      () =>
        medplum.graphql(
          'mutation U($id: ID!, $res: PatientUpdate!) { PatientUpdate(id: $id, res: $res) { id } }',
          'U',
          {},
        ),
      /Unknown type "PatientUpdate"/,
    );
  });

  test('patch values must be strings', async () => {
    const created = await createPatient(medplum, uniqueTag('Bool'), 'Bo');
    await assert.rejects(
      () =>
        medplum.graphql(
          `mutation { PatientPatch(id: "${created.id}", patch: [{ op: "add", path: "/active", value: true }]) { id } }`,
        ),
      /String cannot represent a non string value/,
    );
  });
});

describe('GraphQL connections', () => {
  test('count, offset and pageSize describe the page', async () => {
    const family = uniqueTag('Conn');
    for (let i = 0; i < 5; i++) await seedPatient(family);
    const first = await patientPage(medplum, family, 2, 0);
    assert.equal(first.count, 5);
    assert.equal(first.pageSize, 2);
    assert.equal(first.offset, 0);
    assert.equal(first.edges?.length, 2);
    assert.ok(first.edges?.every((e) => e.mode === 'match'));

    const last = await patientPage(medplum, family, 2, 4);
    assert.equal(last.offset, 4);
    assert.equal(last.edges?.length, 1);
  });

  test('count-only connections count per parent', async () => {
    const family = uniqueTag('Counts');
    const a = await seedPatient(family);
    const b = await seedPatient(family);
    const code = `https://example.org/codes|${uniqueTag('c')}`;
    for (let i = 0; i < 3; i++) await seedObservation(a.id as string, code, `a${i}`);
    const counts = await observationCounts(medplum, family);
    assert.equal(counts.get(a.id as string), 3);
    assert.equal(counts.get(b.id as string), 0);
  });
});
