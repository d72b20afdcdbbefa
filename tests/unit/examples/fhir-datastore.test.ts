/**
 * Runs the FHIR datastore examples against MockClient (an in-memory FHIR server) and checks what
 * the server actually stored.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { mockWithSearch } from './mock-with-search';
import { createReference, MedplumClient } from '@medplum/core';
import type { Encounter, Observation, Patient } from '@medplum/fhirtypes';
import { admitPatient, readMany, statuses } from '../../../examples/fhir-datastore/batch';
import { attachNote, presignedUrl, storeText } from '../../../examples/fhir-datastore/binary-data';
import { deleteAndConfirm, expunge } from '../../../examples/fhir-datastore/delete';
import { listVersions, readOldVersion, restoreVersion } from '../../../examples/fhir-datastore/history';
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

describe('fhir-datastore/delete', () => {
  test('deleteAndConfirm removes the resource so reads fail', async () => {
    const medplum = mockWithSearch();
    const patient = await createPatient(medplum, 'Temp', 'Record');
    assert.equal(await deleteAndConfirm(medplum, 'Patient', patient.id), true);
    await assert.rejects(() => medplum.readResource('Patient', patient.id, { cache: 'no-cache' }));
  });

  test('expunge posts to the $expunge operation, with everything=true when asked', async () => {
    const calls: { url: string; method?: string }[] = [];
    const medplum = new MedplumClient({
      baseUrl: 'https://fhir.example.org/',
      fetch: async (url: string, init?: RequestInit) => {
        calls.push({ url: String(url), method: init?.method });
        return new Response(JSON.stringify({ resourceType: 'OperationOutcome', issue: [] }), {
          status: 200,
          headers: { 'content-type': 'application/fhir+json' },
        });
      },
    });
    await expunge(medplum, 'Patient', 'abc');
    await expunge(medplum, 'Patient', 'abc', true);
    assert.deepEqual(calls, [
      { url: 'https://fhir.example.org/fhir/R4/Patient/abc/$expunge', method: 'POST' },
      { url: 'https://fhir.example.org/fhir/R4/Patient/abc/$expunge?everything=true', method: 'POST' },
    ]);
  });
});

describe('fhir-datastore/history', () => {
  test('listVersions, readOldVersion and restoreVersion', async () => {
    const medplum = mockWithSearch();
    const v1 = await createPatient(medplum, 'Rosalind', 'Franklin');
    await medplum.updateResource({ ...v1, name: [{ given: ['Rosalind'], family: 'Franklin-Smith' }] });
    const versions = await listVersions(medplum, v1.id);
    assert.equal(versions.length, 2);
    assert.equal(versions[0].family, 'Franklin-Smith');
    assert.equal(versions[1].versionId, v1.meta?.versionId);

    const old = await readOldVersion(medplum, v1.id, v1.meta?.versionId as string);
    assert.equal(old.name?.[0]?.family, 'Franklin');

    const restored = await restoreVersion(medplum, v1.id, v1.meta?.versionId as string);
    assert.equal(restored.name?.[0]?.family, 'Franklin');
    assert.notEqual(restored.meta?.versionId, v1.meta?.versionId);
    const current = await medplum.readResource('Patient', v1.id, { cache: 'no-cache' });
    assert.equal(current.name?.[0]?.family, 'Franklin');
  });
});

describe('fhir-datastore/batch', () => {
  test('readMany returns one entry per request, failures included', async () => {
    const medplum = mockWithSearch();
    const a = await createPatient(medplum, 'A', 'One');
    const b = await createPatient(medplum, 'B', 'Two');
    const response = await readMany(medplum, [a.id, 'does-not-exist', b.id]);
    assert.equal(response.type, 'batch-response');
    const codes = statuses(response);
    assert.equal(codes.length, 3);
    assert.match(codes[0], /^200/);
    assert.match(codes[1], /^404/);
    assert.equal((response.entry?.[2]?.resource as Patient).name?.[0]?.family, 'Two');
  });

  test('admitPatient links the Encounter to the new Patient and does not duplicate it', async () => {
    const medplum = mockWithSearch();
    const first = await admitPatient(medplum, 'MRN-77', 'Noether');
    const patient = first.entry?.[0]?.resource as Patient;
    const encounter = first.entry?.[1]?.resource as Encounter;
    assert.ok(patient.id);
    assert.equal(encounter.subject?.reference, `Patient/${patient.id}`);

    const second = await admitPatient(medplum, 'MRN-77', 'Noether');
    assert.equal((second.entry?.[0]?.resource as Patient).id, patient.id);
    const encounters = await medplum.searchResources('Encounter', { subject: `Patient/${patient.id}` });
    assert.equal(encounters.length, 2);
  });
});

describe('fhir-datastore/binary-data', () => {
  test('storeText creates a Binary with the content type', async () => {
    const medplum = mockWithSearch();
    const binary = await storeText(medplum, 'hello', 'hello.txt');
    assert.ok(binary.id);
    assert.equal(binary.contentType, 'text/plain');
    assert.ok(binary.url?.includes(binary.id));
  });

  test('attachNote files a DocumentReference whose attachment points at the Binary', async () => {
    const medplum = mockWithSearch();
    const patient = await createPatient(medplum, 'Lise', 'Meitner');
    const doc = await attachNote(medplum, patient, 'Discharge summary text', 'summary.txt', 'text/plain');
    const stored = await medplum.readResource('DocumentReference', doc.id);
    const attachment = stored.content[0].attachment;
    assert.equal(attachment.contentType, 'text/plain');
    assert.equal(attachment.title, 'summary.txt');
    assert.match(attachment.url ?? '', /binary\//i);
    assert.equal(stored.subject?.reference, `Patient/${patient.id}`);
  });

  test('presignedUrl reads the url output parameter', async () => {
    const medplum = new MedplumClient({
      baseUrl: 'https://fhir.example.org/',
      fetch: async (url: string) => {
        assert.equal(String(url), 'https://fhir.example.org/fhir/R4/Binary/b1/$presigned-url');
        const body = { resourceType: 'Parameters', parameter: [{ name: 'url', valueUri: 'https://storage.example.org/b1?sig=x' }] };
        return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/fhir+json' } });
      },
    });
    assert.equal(await presignedUrl(medplum, 'b1'), 'https://storage.example.org/b1?sig=x');
  });
});
