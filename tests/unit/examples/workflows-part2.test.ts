/**
 * Runs the examples of the workflow decision guides (referrals, care coordination, messaging,
 * billing, data migration) against MockClient and validates every resource they build.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { createReference, validateResource } from '@medplum/core';
import type { WithId } from '@medplum/core';
import type {
  CareTeam,
  Communication,
  Encounter,
  Endpoint,
  Organization,
  Patient,
  Practitioner,
  ServiceRequest,
  Task,
} from '@medplum/fhirtypes';
import {
  captureCharge,
  CHARGE_ID_SYSTEM,
  chooseReferralChannel,
  createReferralTask,
  LEGACY_SYSTEM,
  loadPatientChunk,
  openWorkFor,
  reconcile,
  recordOutboundNotice,
  REFERRAL_STATUS_SYSTEM,
} from '../../../examples/workflows/part2';
import { mockWithSearch } from './mock-with-search';

describe('workflows/part2: referrals', () => {
  test('chooses in-network, endpoint, fax or manual, and creates a matching Task', async () => {
    const medplum = mockWithSearch();
    const network = await medplum.createResource<Organization>({ resourceType: 'Organization', name: 'Harbor Health' });
    const clinic = await medplum.createResource<Organization>({
      resourceType: 'Organization',
      name: 'Harbor Cardiology',
      partOf: createReference(network),
    });
    const direct = await medplum.createResource<Endpoint>({
      resourceType: 'Endpoint',
      status: 'active',
      connectionType: {
        system: 'http://terminology.hl7.org/CodeSystem/endpoint-connection-type',
        code: 'direct-project',
      },
      payloadType: [{ text: 'C-CDA referral note' }],
      address: 'mailto:referrals@direct.lakeside.example.org',
    });
    const retired = await medplum.createResource<Endpoint>({
      resourceType: 'Endpoint',
      status: 'off',
      connectionType: {
        system: 'http://terminology.hl7.org/CodeSystem/endpoint-connection-type',
        code: 'hl7-fhir-rest',
      },
      payloadType: [{ text: 'FHIR' }],
      address: 'https://old.lakeside.example.org/fhir',
    });
    const lakeside = await medplum.createResource<Organization>({
      resourceType: 'Organization',
      name: 'Lakeside Orthopedics',
      endpoint: [createReference(retired), createReference(direct)],
      telecom: [{ system: 'fax', value: '+1-555-0100' }],
    });
    const faxOnly = await medplum.createResource<Organization>({
      resourceType: 'Organization',
      name: 'Valley Physical Therapy',
      telecom: [{ system: 'fax', value: '+1-555-0142' }],
    });
    const nothing = await medplum.createResource<Organization>({ resourceType: 'Organization', name: 'Hilltop Rehab' });
    for (const r of [network, clinic, direct, retired, lakeside, faxOnly, nothing]) {
      assert.doesNotThrow(() => validateResource(r));
    }

    const net = createReference(network);
    const inNet = await chooseReferralChannel(medplum, clinic, net);
    assert.equal(inNet.kind, 'in-network');
    const viaDirect = await chooseReferralChannel(medplum, lakeside, net);
    assert.deepEqual(viaDirect, {
      kind: 'direct-project',
      endpoint: { reference: `Endpoint/${direct.id}` },
      address: 'mailto:referrals@direct.lakeside.example.org',
    });
    assert.deepEqual(await chooseReferralChannel(medplum, faxOnly, net), { kind: 'fax', number: '+1-555-0142' });
    assert.deepEqual(await chooseReferralChannel(medplum, nothing, net), { kind: 'manual' });

    const patient = await medplum.createResource<Patient>({ resourceType: 'Patient', name: [{ family: 'Okafor' }] });
    const referral = await medplum.createResource<ServiceRequest>({
      resourceType: 'ServiceRequest',
      status: 'active',
      intent: 'order',
      subject: createReference(patient),
      code: { text: 'Cardiology consultation' },
    });
    const internal = await createReferralTask(medplum, referral, inNet, net);
    const external = await createReferralTask(medplum, referral, viaDirect, net);
    for (const t of [referral, internal, external]) {
      assert.doesNotThrow(() => validateResource(t));
    }
    assert.equal(internal.owner?.reference, `Organization/${clinic.id}`);
    assert.equal(internal.businessStatus?.text, 'awaiting triage');
    assert.equal(external.owner?.reference, `Organization/${network.id}`);
    assert.equal(external.businessStatus?.text, 'awaiting transmission: direct-project');
    assert.equal(external.focus?.reference, `ServiceRequest/${referral.id}`);
    assert.equal(external.for?.reference, `Patient/${patient.id}`);
    // A sending bot finds its work with a token search on the coded business status.
    const toSend = await medplum.searchResources('Task', {
      'business-status': `${REFERRAL_STATUS_SYSTEM}|awaiting-transmission`,
    });
    assert.deepEqual(
      toSend.map((t) => t.id),
      [external.id],
    );
  });
});

describe('workflows/part2: care coordination', () => {
  test('a practitioner sees their own Tasks and their active teams’ Tasks, not others', async () => {
    const medplum = mockWithSearch();
    const nurse = await medplum.createResource<Practitioner>({
      resourceType: 'Practitioner',
      name: [{ family: 'Reyes' }],
    });
    const other = await medplum.createResource<Practitioner>({
      resourceType: 'Practitioner',
      name: [{ family: 'Lind' }],
    });
    const patient = await medplum.createResource<Patient>({ resourceType: 'Patient', name: [{ family: 'Moss' }] });
    const team = await medplum.createResource<CareTeam>({
      resourceType: 'CareTeam',
      status: 'active',
      name: 'Diabetes care team',
      subject: createReference(patient),
      participant: [{ member: createReference(nurse) }, { member: createReference(other) }],
    });
    const oldTeam = await medplum.createResource<CareTeam>({
      resourceType: 'CareTeam',
      status: 'inactive',
      name: 'Old team',
      participant: [{ member: createReference(nurse) }],
    });
    const task = (owner: CareTeam | Practitioner, text: string, status: Task['status'] = 'requested'): Task => ({
      resourceType: 'Task',
      status,
      intent: 'order',
      priority: 'routine',
      description: text,
      for: createReference(patient),
      authoredOn: '2026-11-20T09:00:00Z',
      owner: createReference(owner as WithId<CareTeam | Practitioner>),
    });
    const tasks = [
      task(nurse, 'Call patient about A1c'),
      task(team, 'Review glucose log'),
      task(other, 'Sign refill'),
      task(oldTeam, 'Old team work'),
      task(nurse, 'Done already', 'completed'),
    ];
    for (const t of tasks) {
      assert.doesNotThrow(() => validateResource(t));
      await medplum.createResource(t);
    }
    assert.doesNotThrow(() => validateResource(team));

    const mine = await openWorkFor(medplum, nurse);
    assert.deepEqual(mine.map((t) => t.description).sort(), ['Call patient about A1c', 'Review glucose log']);
  });
});

describe('workflows/part2: messaging', () => {
  test('records email and SMS notices as completed Communications searchable by medium', async () => {
    const medplum = mockWithSearch();
    const patient = await medplum.createResource<Patient>({ resourceType: 'Patient', name: [{ family: 'Ito' }] });
    const message = await medplum.createResource<Communication>({
      resourceType: 'Communication',
      status: 'in-progress',
      subject: createReference(patient),
      payload: [{ contentString: 'Your results are ready to discuss.' }],
    });
    const email = await recordOutboundNotice(medplum, patient, message, 'email', 'You have a new message.');
    const sms = await recordOutboundNotice(medplum, patient, message, 'sms', 'You have a new message.');
    for (const c of [message, email, sms]) {
      assert.doesNotThrow(() => validateResource(c));
    }
    assert.equal(email.status, 'completed');
    assert.equal(email.about?.[0]?.reference, `Communication/${message.id}`);
    assert.equal(sms.medium?.[0]?.text, 'SMS');
    const emails = await medplum.searchResources('Communication', {
      medium: 'http://terminology.hl7.org/CodeSystem/v3-ParticipationMode|EMAILWRIT',
    });
    assert.deepEqual(
      emails.map((c) => c.id),
      [email.id],
    );
  });
});

describe('workflows/part2: billing', () => {
  test('captureCharge is idempotent per encounter and code', async () => {
    const medplum = mockWithSearch();
    const patient = await medplum.createResource<Patient>({ resourceType: 'Patient', name: [{ family: 'Novak' }] });
    const encounter = await medplum.createResource<Encounter>({
      resourceType: 'Encounter',
      status: 'finished',
      class: { system: 'http://terminology.hl7.org/CodeSystem/v3-ActCode', code: 'AMB', display: 'ambulatory' },
      subject: createReference(patient),
      period: { start: '2026-11-24T15:00:00Z', end: '2026-11-24T15:20:00Z' },
    });
    const visit = { code: '99213', display: 'Office/outpatient visit est' };
    const first = await captureCharge(medplum, encounter, visit, 120);
    const again = await captureCharge(medplum, encounter, visit, 120);
    assert.doesNotThrow(() => validateResource(first));
    assert.equal(again.id, first.id);
    const charges = await medplum.searchResources('ChargeItem', { context: `Encounter/${encounter.id}` });
    assert.equal(charges.length, 1);
    assert.equal(charges[0].identifier?.[0]?.system, CHARGE_ID_SYSTEM);
    assert.equal(charges[0].identifier?.[0]?.value, `${encounter.id}-99213`);
    assert.equal(charges[0].occurrenceDateTime, '2026-11-24T15:00:00Z');
    assert.equal(charges[0].priceOverride?.value, 120);
  });
});

describe('workflows/part2: data migration', () => {
  test('loading a chunk twice keeps one Patient per legacy id, and reconcile finds gaps and duplicates', async () => {
    const medplum = mockWithSearch();
    const rows = [
      { id: 'LEG-006204', family: 'Alvarez', given: 'Rosa', birthDate: '1961-03-02' },
      { id: 'LEG-006388', family: 'Becker', given: 'Tom', birthDate: '1990-12-30' },
      { id: 'LEG-007015', family: 'Chen', given: 'Mei', birthDate: '1975-07-15' },
    ];
    assert.deepEqual(await loadPatientChunk(medplum, rows), []);
    // A corrected row in the second run replaces the stored Patient instead of adding one.
    assert.deepEqual(await loadPatientChunk(medplum, [rows[0], { ...rows[1], given: 'Thomas' }, rows[2]]), []);

    const patients = await medplum.searchResources('Patient', { identifier: `${LEGACY_SYSTEM}|LEG-006388` });
    assert.equal(patients.length, 1);
    assert.equal(patients[0].name?.[0]?.given?.[0], 'Thomas');
    patients.forEach((p) => assert.doesNotThrow(() => validateResource(p)));

    // Someone created a Patient by hand with a legacy id already in use.
    await medplum.createResource<Patient>({
      resourceType: 'Patient',
      identifier: [{ system: LEGACY_SYSTEM, value: 'LEG-007015' }],
      name: [{ family: 'Chen' }],
    });
    const result = await reconcile(
      medplum,
      'Patient',
      LEGACY_SYSTEM,
      ['LEG-006204', 'LEG-006388', 'LEG-007015', 'LEG-007342'],
      2,
    );
    assert.deepEqual(result, { missing: ['LEG-007342'], duplicated: ['LEG-007015'] });

    // With a duplicate present, the conditional update for LEG-007015 now fails and is reported.
    assert.deepEqual(await loadPatientChunk(medplum, rows), ['LEG-007015']);
  });
});
