/**
 * Runs the migration examples against MockClient (an in-memory FHIR server) and checks what was
 * stored, what was reported, and that every resource the examples build is valid FHIR R4.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { validateResource } from '@medplum/core';
import type { Condition, Patient, Resource } from '@medplum/fhirtypes';
import { loadFullDefinitions, mockWithSearch } from './mock-with-search';
import { legacyRowToPatient } from '../../../examples/migration/mapping-language';
import type { PatientRow, ProblemRow, ProviderRow, VisitRow } from '../../../examples/migration/convert';
import {
  convertPatient,
  convertProblem,
  convertProvider,
  convertVisit,
  legacyRef,
  LOCAL_PROBLEM_SYSTEM,
  SYSTEMS,
  translateProblemCode,
} from '../../../examples/migration/convert';
import { keyOf, LOAD_ORDER, load, sortForLoad, upsertEntry } from '../../../examples/migration/pipeline';
import {
  acceptanceChecks,
  countMigrated,
  patientFingerprint,
  reconcilePatients,
  rowFingerprint,
  validateSample,
} from '../../../examples/migration/reconcile';
import { dualWrite, MIGRATED_TAG, syncChanges, tagMigrated } from '../../../examples/migration/adoption';
import type { TrackedPatientRow } from '../../../examples/migration/adoption';

const patients: PatientRow[] = [
  { pat_id: 10482, mrn: 'MRN-30871542', first: 'Ada', last: 'Lovelace', dob: '1815-12-10', sex: 'F' },
  { pat_id: 10517, mrn: 'MRN-41296038', first: 'Alan', last: 'Turing', dob: '1912-06-23', sex: 'M' },
  { pat_id: 10563, mrn: 'MRN-52640719', first: 'Grace', last: 'Hopper', dob: '1906-12-09', sex: '' },
];
const provider: ProviderRow = { prov_id: 2214, npi: '1742603180', first: 'Ana', last: 'Lopez' };
const visit: VisitRow = {
  visit_id: 558130,
  pat_id: 10482,
  prov_id: 2214,
  start: '2024-03-01T09:00:00Z',
  end: '2024-03-01T09:30:00Z',
};
const problems: ProblemRow[] = [
  {
    problem_id: 90317,
    pat_id: 10482,
    visit_id: 558130,
    local_code: 'DM2',
    local_text: 'Diabetes type II',
    onset: '2019-05-01',
  },
  {
    problem_id: 90342,
    pat_id: 10517,
    local_code: 'ZZ9',
    local_text: 'Odd legacy code',
    onset: '2020-01-01',
    resolved: '2021-01-01',
  },
];

function assertValid(resource: Resource): void {
  loadFullDefinitions();
  const issues = validateResource(resource);
  assert.deepEqual(
    issues.filter((i) => i.severity === 'error'),
    [],
    `${resource.resourceType} should be valid`,
  );
}

describe('migration/convert', () => {
  test('patients carry the legacy id and the MRN; providers the NPI', () => {
    const p = convertPatient(patients[0]);
    assert.deepEqual(p.identifier?.[0], { system: SYSTEMS.patient, value: '10482' });
    assert.equal(p.identifier?.[1]?.value, 'MRN-30871542');
    assert.equal(p.identifier?.[1]?.type?.coding?.[0]?.code, 'MR');
    assert.equal(convertPatient(patients[2]).gender, 'unknown');
    const pr = convertProvider(provider);
    assert.equal(pr.identifier?.[1]?.system, 'http://hl7.org/fhir/sid/us-npi');
    for (const r of [...patients.map(convertPatient), pr]) {
      assertValid(r);
    }
  });

  test('mapped local codes get SNOMED CT and ICD-10-CM and keep the local coding; unmapped keep only local', () => {
    const mapped = translateProblemCode('HTN', 'Hypertension');
    assert.equal(mapped.mapped, true);
    assert.deepEqual(
      mapped.code.coding?.map((c) => c.code),
      ['38341003', 'I10', 'HTN'],
    );
    assert.equal(mapped.code.coding?.[0]?.display, 'Hypertensive disorder');
    const unmapped = translateProblemCode('ZZ9', 'Odd legacy code');
    assert.equal(unmapped.mapped, false);
    assert.equal(unmapped.code.coding?.[0]?.system, LOCAL_PROBLEM_SYSTEM);
    assert.equal(unmapped.code.text, 'Odd legacy code');
  });

  test('clinical rows reference their patient, provider and visit by conditional reference', () => {
    const enc = convertVisit(visit);
    assert.equal(enc.subject?.reference, `Patient?identifier=${SYSTEMS.patient}|10482`);
    assert.equal(enc.participant?.[0]?.individual?.reference, legacyRef('Practitioner', 'provider', 2214));
    const c = convertProblem(problems[0]);
    assert.equal(c.encounter?.reference, `Encounter?identifier=${SYSTEMS.visit}|558130`);
    assert.equal(c.clinicalStatus?.coding?.[0]?.code, 'active');
    const resolved = convertProblem(problems[1]);
    assert.equal(resolved.clinicalStatus?.coding?.[0]?.code, 'resolved');
    assert.equal(resolved.abatementDateTime, '2021-01-01');
    for (const r of [enc, c, resolved]) {
      assertValid(r);
    }
  });
});

describe('migration/pipeline', () => {
  test('sortForLoad puts referenced types first', () => {
    const sorted = sortForLoad<Resource>([
      convertProblem(problems[0]),
      convertVisit(visit),
      convertPatient(patients[0]),
    ]);
    assert.deepEqual(
      sorted.map((r) => r.resourceType),
      ['Patient', 'Encounter', 'Condition'],
    );
    assert.ok(LOAD_ORDER.indexOf('Practitioner') < LOAD_ORDER.indexOf('Encounter'));
  });

  test('upsertEntry builds a conditional PUT on the legacy identifier; keyOf rejects rows without one', () => {
    const entry = upsertEntry(convertPatient(patients[0]), SYSTEMS.patient);
    assert.equal(entry.request?.method, 'PUT');
    assert.equal(entry.request?.url, `Patient?identifier=${encodeURIComponent(`${SYSTEMS.patient}|10482`)}`);
    assert.throws(() => keyOf({ resourceType: 'Patient' }, SYSTEMS.patient));
  });

  test('load is idempotent: a second run updates instead of creating', async () => {
    const medplum = mockWithSearch();
    const resources: Resource[] = [...patients.map(convertPatient), convertProvider(provider)];
    const first = await load(medplum, resources, {
      systemPrefix: 'https://legacy-clinic.example.org/ids/',
      chunkSize: 2,
    });
    assert.equal(first.ok, 4);
    assert.deepEqual(first.failed, []);
    const second = await load(medplum, resources, { systemPrefix: 'https://legacy-clinic.example.org/ids/' });
    assert.equal(second.ok, 4);
    const all = await medplum.searchResources('Patient', { identifier: `${SYSTEMS.patient}|`, _count: '100' });
    assert.equal(all.length, 3);
    const ada = await medplum.searchOne('Patient', { identifier: `${SYSTEMS.patient}|10482` });
    assert.equal(ada?.name?.[0]?.family, 'Lovelace');
    assert.equal(ada?.meta?.versionId !== undefined, true);
  });
});

describe('migration/reconcile', () => {
  test('validateSample reports a broken resource and passes good ones', () => {
    loadFullDefinitions();
    const good = convertPatient(patients[0]);
    const bad: Patient = { ...convertPatient(patients[1]), birthDate: '06/23/1912' };
    const problemsFound = validateSample([good, bad]);
    assert.equal(problemsFound.length, 1);
    assert.equal(problemsFound[0].index, 1);
    assert.ok(problemsFound[0].issues.length > 0);
  });

  test('counts, fingerprints and reconciliation find missing, changed and duplicated rows', async () => {
    const medplum = mockWithSearch();
    await load(medplum, patients.map(convertPatient), { systemPrefix: SYSTEMS.patient });
    assert.equal(await countMigrated(medplum, 'Patient', SYSTEMS.patient), 3);

    const stored = await medplum.searchOne('Patient', { identifier: `${SYSTEMS.patient}|10482` });
    assert.ok(stored);
    assert.equal(await patientFingerprint(stored), await rowFingerprint(patients[0]));

    // Simulate drift: a changed name, a second copy of Turing's row, and a fourth row that never loaded.
    await medplum.updateResource({ ...stored, name: [{ given: ['Augusta'], family: 'Lovelace' }] });
    await medplum.createResource(convertPatient(patients[1]));
    const source = [
      ...patients,
      { pat_id: 10601, mrn: 'MRN-63018254', first: 'Edsger', last: 'Dijkstra', dob: '1930-05-11', sex: 'M' as const },
    ];
    const rec = await reconcilePatients(
      medplum,
      SYSTEMS.patient,
      source.map((p) => ({ id: String(p.pat_id), first: p.first, last: p.last, dob: p.dob })),
    );
    assert.deepEqual(rec.missing, ['10601']);
    assert.deepEqual(rec.changed, ['10482']);
    assert.deepEqual(rec.duplicated, ['10517']);
    assert.deepEqual(rec.extra, []);
  });

  test('acceptanceChecks passes on a clean load and fails on a dangling subject', async () => {
    const medplum = mockWithSearch();
    await load(medplum, patients.map(convertPatient), { systemPrefix: SYSTEMS.patient });
    const ada = await medplum.searchOne('Patient', { identifier: `${SYSTEMS.patient}|10482` });
    assert.ok(ada);
    // MockClient does not resolve conditional references, so the test stores the resolved form.
    const condition: Condition = {
      ...convertProblem(problems[0]),
      encounter: undefined,
      subject: { reference: `Patient/${ada.id}` },
    };
    assertValid(condition);
    await medplum.createResource(condition);
    const rows = patients.map((p) => ({ id: String(p.pat_id), first: p.first, last: p.last, dob: p.dob }));
    const ok = await acceptanceChecks(medplum, SYSTEMS.patient, SYSTEMS.problem, rows);
    assert.deepEqual(
      ok.map((r) => r.passed),
      [true, true, true],
    );

    await medplum.createResource<Condition>({
      ...condition,
      identifier: [{ system: SYSTEMS.problem, value: '90418' }],
      subject: { reference: 'Patient/does-not-exist' },
    });
    const bad = await acceptanceChecks(medplum, SYSTEMS.patient, SYSTEMS.problem, rows);
    assert.equal(bad[2].passed, false);
    assert.match(bad[2].detail, /does-not-exist/);
  });
});

describe('migration/adoption', () => {
  test('tagMigrated adds the tag and keeps existing ones', () => {
    const tagged = tagMigrated({ ...convertPatient(patients[0]), meta: { tag: [{ system: 'x', code: 'y' }] } });
    assert.equal(tagged.meta?.tag?.length, 2);
    assert.deepEqual(tagged.meta?.tag?.[1], MIGRATED_TAG);
    assertValid(tagged);
  });

  test('syncChanges replays updates and deletes after the watermark, and advances it', async () => {
    const medplum = mockWithSearch();
    await load(medplum, patients.map(convertPatient), { systemPrefix: SYSTEMS.patient });
    const rows: TrackedPatientRow[] = [
      { ...patients[0], last: 'King', updated_at: '2024-06-02T10:00:00.000Z', deleted: false },
      { ...patients[1], updated_at: '2024-06-01T08:00:00.000Z', deleted: true },
      { ...patients[2], updated_at: '2024-01-01T00:00:00.000Z', deleted: false },
    ];
    const result = await syncChanges(medplum, rows, '2024-05-31T00:00:00.000Z');
    assert.deepEqual(result.failed, []);
    assert.equal(result.watermark, '2024-06-02T10:00:00.000Z');
    const ada = await medplum.searchOne('Patient', { identifier: `${SYSTEMS.patient}|10482` });
    assert.equal(ada?.name?.[0]?.family, 'King');
    assert.ok(ada?.meta?.tag?.some((t) => t.code === 'migrated'));
    const alan = await medplum.searchOne('Patient', { identifier: `${SYSTEMS.patient}|10517` });
    assert.equal(alan, undefined);
    const again = await syncChanges(medplum, rows, result.watermark);
    assert.equal(again.watermark, result.watermark);
  });

  test('dualWrite writes the legacy system first and queues the row if Medplum fails', async () => {
    const medplum = mockWithSearch();
    const legacyWrites: number[] = [];
    const queue: string[] = [];
    const written = await dualWrite(medplum, patients[0], async (row) => void legacyWrites.push(row.pat_id), queue);
    assert.equal(written?.identifier?.[0]?.value, '10482');
    assert.deepEqual(legacyWrites, [10482]);
    assert.deepEqual(queue, []);

    const failing = mockWithSearch();
    failing.upsertResource = async () => {
      throw new Error('unavailable');
    };
    const none = await dualWrite(failing, patients[1], async (row) => void legacyWrites.push(row.pat_id), queue);
    assert.equal(none, undefined);
    assert.deepEqual(legacyWrites, [10482, 10517]);
    assert.deepEqual(queue, ['10517']);
  });
});

describe('migration/convert-to-fhir: the FHIR Mapping Language', () => {
  test('legacyRowToPatient runs the map: one identifier, one name with given [Ada], two phones', () => {
    const patient = legacyRowToPatient();
    assert.deepEqual(patient, {
      resourceType: 'Patient',
      identifier: [{ system: 'https://example.org/fhir/mrn', value: '52874913' }],
      name: [{ family: 'Lovelace', given: ['Ada'] }],
      telecom: [
        { system: 'phone', value: '555-0100' },
        { system: 'phone', value: '555-0101' },
      ],
    });
    loadFullDefinitions();
    validateResource(patient);
  });
});
