/**
 * Runs the FHIR datastore examples against MockClient (an in-memory FHIR server) and checks what
 * the server actually stored.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { mockWithSearch } from './mock-with-search';
import { createReference } from '@medplum/core';
import type { Observation } from '@medplum/fhirtypes';
import { createPatient, ensurePatientByMrn, MRN_SYSTEM, upsertPatientByMrn } from '../../../examples/fhir-datastore/create';
import {
  addMobilePhone,
  deactivateIfUnchanged,
  readExamples,
  setBirthDate,
  updateIfMatch,
} from '../../../examples/fhir-datastore/read-update';

describe('fhir-datastore/create', () => {
  test('createPatient stores a new Patient with a server-assigned id each call', async () => {
    const medplum = mockWithSearch();
    const a = await createPatient(medplum, 'Ada', 'Lovelace');
    const b = await createPatient(medplum, 'Ada', 'Lovelace');
    assert.ok(a.id);
    assert.notEqual(a.id, b.id);
    const stored = await medplum.readResource('Patient', a.id);
    assert.equal(stored.name?.[0]?.family, 'Lovelace');
    assert.ok(stored.meta?.versionId);
  });

  test('ensurePatientByMrn returns the existing Patient instead of a duplicate', async () => {
    const medplum = mockWithSearch();
    const first = await ensurePatientByMrn(medplum, 'MRN-1001', 'Grace', 'Hopper');
    const second = await ensurePatientByMrn(medplum, 'MRN-1001', 'Someone', 'Else');
    assert.equal(second.id, first.id);
    assert.equal(second.name?.[0]?.given?.[0], 'Grace');
    const all = await medplum.searchResources('Patient', { identifier: `${MRN_SYSTEM}|MRN-1001` });
    assert.equal(all.length, 1);
  });

  test('upsertPatientByMrn creates once, then replaces the same resource', async () => {
    const medplum = mockWithSearch();
    const created = await upsertPatientByMrn(medplum, 'MRN-2002', { name: [{ family: 'Curie' }], gender: 'female' });
    const updated = await upsertPatientByMrn(medplum, 'MRN-2002', { name: [{ family: 'Curie' }], birthDate: '1867-11-07' });
    assert.equal(updated.id, created.id);
    assert.notEqual(updated.meta?.versionId, created.meta?.versionId);
    const stored = await medplum.readResource('Patient', created.id);
    assert.equal(stored.birthDate, '1867-11-07');
    // A full replacement: the gender sent the first time is gone.
    assert.equal(stored.gender, undefined);
  });
});

describe('fhir-datastore/read-update', () => {
  test('readExamples reads by id and by reference', async () => {
    const medplum = mockWithSearch();
    const patient = await createPatient(medplum, 'Alan', 'Turing');
    const obs: Observation = {
      resourceType: 'Observation',
      status: 'final',
      code: { text: 'Heart rate' },
      subject: createReference(patient),
    };
    const { byId, bySubject } = await readExamples(medplum, patient.id, obs);
    assert.equal(byId.id, patient.id);
    assert.equal(bySubject.id, patient.id);
    assert.equal(bySubject.name?.[0]?.family, 'Turing');
  });

  test('setBirthDate writes a new version with the new date', async () => {
    const medplum = mockWithSearch();
    const patient = await createPatient(medplum, 'Alan', 'Turing');
    const updated = await setBirthDate(medplum, patient.id, '1912-06-23');
    assert.equal(updated.birthDate, '1912-06-23');
    assert.notEqual(updated.meta?.versionId, patient.meta?.versionId);
    assert.equal(updated.name?.[0]?.family, 'Turing');
  });

  test('addMobilePhone adds a phone without touching other fields', async () => {
    const medplum = mockWithSearch();
    const patient = await createPatient(medplum, 'Katherine', 'Johnson');
    const once = await addMobilePhone(medplum, patient.id, '555-0100');
    const twice = await addMobilePhone(medplum, patient.id, '555-0199');
    assert.equal(once.telecom?.length, 1);
    assert.deepEqual(
      twice.telecom?.map((t) => t.value),
      ['555-0100', '555-0199']
    );
    assert.equal(twice.name?.[0]?.family, 'Johnson');
  });

  test('deactivateIfUnchanged applies only to the expected version', async () => {
    const medplum = mockWithSearch();
    const patient = await createPatient(medplum, 'Mary', 'Jackson');
    const stale = patient.meta?.versionId as string;
    const changed = await setBirthDate(medplum, patient.id, '1921-04-09');
    await assert.rejects(() => deactivateIfUnchanged(medplum, patient.id, stale));
    const ok = await deactivateIfUnchanged(medplum, patient.id, changed.meta?.versionId as string);
    assert.equal(ok.active, false);
  });

  test('updateIfMatch rejects a stale version and accepts the current one', async () => {
    const medplum = mockWithSearch();
    const patient = await createPatient(medplum, 'Dorothy', 'Vaughan');
    const latest = await setBirthDate(medplum, patient.id, '1910-09-20');
    await assert.rejects(() => updateIfMatch(medplum, { ...patient, gender: 'female' }));
    const ok = await updateIfMatch(medplum, { ...latest, gender: 'female' });
    assert.equal(ok.gender, 'female');
    assert.equal(ok.birthDate, '1910-09-20');
  });
});
