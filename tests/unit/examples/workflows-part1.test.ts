/**
 * Runs the workflow decision-guide examples against MockClient and validates what they build.
 * MockClient does not enforce access policies or If-Match, so the policy tests check the stored
 * shape and evaluate the write constraint locally the way the server's repository does.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  createReference,
  evalFhirPathTyped,
  MEDICATION_REQUEST_STATUS_REASON_SYSTEM,
  validateResource,
} from '@medplum/core';
import type {
  AccessPolicy,
  ClinicalImpression,
  Encounter,
  MedicationRequest,
  Organization,
  Patient,
  Practitioner,
  ProjectMembership,
  Slot,
} from '@medplum/fhirtypes';
import {
  bookStoredSlot,
  buildClinicPolicy,
  buildIntakeQuestionnaire,
  clinicAccess,
  encounterSignatures,
  grantClinic,
  INTAKE_URL,
  intakeSubscription,
  markResponseLost,
  noteLockEntry,
  prescriberHasDoseSpot,
  signEncounter,
  vendorPatientId,
} from '../../../examples/workflows/part1';
import { onServer } from '../../server/on-server';
import { loadFullDefinitions, mockWithSearch } from './mock-with-search';

type Stored<T> = T & { id: string };

/** The same check the server's isResourceWriteable applies to each writeConstraint. */
function constraintAllows(
  expression: string,
  before: ClinicalImpression | undefined,
  after: ClinicalImpression,
): boolean {
  const result = evalFhirPathTyped(expression, [{ type: after.resourceType, value: after }], {
    '%before': { type: before?.resourceType ?? 'undefined', value: before },
    '%after': { type: after.resourceType, value: after },
  });
  return result.length === 1 && result[0].value === true;
}

describe('workflows/part1: access control', () => {
  test('one clinic policy, bound per membership with an organization parameter', async () => {
    const medplum = mockWithSearch();
    const policy = buildClinicPolicy();
    assert.doesNotThrow(() => validateResource(policy));
    assert.equal(policy.compartment?.reference, '%organization');
    assert.ok(
      policy.resource?.every((r) => !r.criteria || r.criteria === `${r.resourceType}?_compartment=%organization`),
    );

    const stored = (await medplum.createResource(policy)) as Stored<AccessPolicy>;
    const north = (await medplum.createResource<Organization>({
      resourceType: 'Organization',
      name: 'North clinic',
    })) as Stored<Organization>;
    const south = (await medplum.createResource<Organization>({
      resourceType: 'Organization',
      name: 'South clinic',
    })) as Stored<Organization>;
    let membership: Stored<ProjectMembership>;
    if (onServer) {
      // A server creates memberships only through an invite (here without sending the email).
      const { projectId } = await (medplum as unknown as { ready(): Promise<{ projectId: string }> }).ready();
      membership = (await medplum.invite(projectId, {
        resourceType: 'Practitioner',
        firstName: 'Ama',
        lastName: 'Osei',
        email: `osei-${Date.now()}@example.com`,
        sendEmail: false,
      })) as Stored<ProjectMembership>;
    } else {
      const doctor = (await medplum.createResource<Practitioner>({
        resourceType: 'Practitioner',
        name: [{ family: 'Osei' }],
      })) as Stored<Practitioner>;
      membership = (await medplum.createResource<ProjectMembership>({
        resourceType: 'ProjectMembership',
        project: { reference: 'Project/123' },
        user: { reference: 'User/123' },
        profile: createReference(doctor),
      })) as Stored<ProjectMembership>;
    }

    const once = (await grantClinic(medplum, membership, stored, north)) as Stored<ProjectMembership>;
    const twice = await grantClinic(medplum, once, stored, south);
    assert.doesNotThrow(() => validateResource(twice));
    assert.deepEqual(
      twice.access?.map((a) => [
        a.policy.reference,
        a.parameter?.[0]?.name,
        a.parameter?.[0]?.valueReference?.reference,
      ]),
      [
        [`AccessPolicy/${stored.id}`, 'organization', `Organization/${north.id}`],
        [`AccessPolicy/${stored.id}`, 'organization', `Organization/${south.id}`],
      ],
    );
    assert.deepEqual(clinicAccess(stored, north), once.access?.[0]);
  });

  test('the note lock refuses edits once the stored note is completed', () => {
    loadFullDefinitions();
    const entry = noteLockEntry();
    assert.doesNotThrow(() =>
      validateResource({ resourceType: 'AccessPolicy', resource: [entry] } satisfies AccessPolicy),
    );
    const expression = entry.writeConstraint?.[0]?.expression as string;
    const draft: ClinicalImpression = {
      resourceType: 'ClinicalImpression',
      status: 'in-progress',
      subject: { reference: 'Patient/0c9d64ff-592a-4895-a196-1f88a3fb2e8f' },
    };
    const done: ClinicalImpression = { ...draft, status: 'completed' };
    assert.equal(constraintAllows(expression, undefined, draft), true, 'create');
    assert.equal(constraintAllows(expression, draft, done), true, 'complete the note');
    assert.equal(
      constraintAllows(expression, done, { ...done, note: [{ text: 'changed' }] }),
      false,
      'edit after signing',
    );
  });
});

describe('workflows/part1: intake', () => {
  test('questionnaire skeleton and its bot subscription are valid', () => {
    loadFullDefinitions();
    const q = buildIntakeQuestionnaire();
    assert.doesNotThrow(() => validateResource(q));
    assert.equal(q.url, INTAKE_URL);
    assert.deepEqual(
      q.item?.map((i) => i.linkId),
      ['demographics', 'coverage', 'consent-treatment'],
    );
    const sub = intakeSubscription({ reference: 'Bot/abc' });
    assert.doesNotThrow(() => validateResource(sub));
    assert.equal(sub.criteria, `QuestionnaireResponse?questionnaire=${INTAKE_URL}`);
    assert.equal(sub.channel.endpoint, 'Bot/abc');
    assert.equal(sub.extension?.[0]?.valueCode, 'create');
  });
});

describe('workflows/part1: scheduling', () => {
  test('booking a free stored slot marks it busy and creates the appointment; a busy slot is refused', async () => {
    const medplum = mockWithSearch();
    const doctor = (await medplum.createResource<Practitioner>({
      resourceType: 'Practitioner',
      name: [{ family: 'Osei' }],
    })) as Stored<Practitioner>;
    const patient = (await medplum.createResource<Patient>({
      resourceType: 'Patient',
      name: [{ family: 'Berg' }],
    })) as Stored<Patient>;
    const schedule = await medplum.createResource({
      resourceType: 'Schedule',
      active: true,
      actor: [createReference(doctor)],
    });
    const slot = (await medplum.createResource<Slot>({
      resourceType: 'Slot',
      schedule: createReference(schedule),
      status: 'free',
      start: '2026-12-01T15:00:00Z',
      end: '2026-12-01T15:30:00Z',
    })) as Stored<Slot>;

    const appt = await bookStoredSlot(medplum, slot.id, createReference(patient), createReference(doctor));
    assert.doesNotThrow(() => validateResource(appt));
    assert.equal(appt.status, 'booked');
    assert.equal(appt.start, slot.start);
    assert.equal(appt.slot?.[0]?.reference, `Slot/${slot.id}`);
    const after = await medplum.readResource('Slot', slot.id);
    assert.equal(after.status, 'busy');
    assert.doesNotThrow(() => validateResource(after));

    await assert.rejects(
      bookStoredSlot(medplum, slot.id, createReference(patient), createReference(doctor)),
      /is busy/,
    );
  });
});

describe('workflows/part1: charting', () => {
  test('signing an encounter stores a Provenance that can be listed', async () => {
    const medplum = mockWithSearch();
    const doctor = (await medplum.createResource<Practitioner>({
      resourceType: 'Practitioner',
      name: [{ family: 'Osei' }],
    })) as Stored<Practitioner>;
    const encounter = (await medplum.createResource<Encounter>({
      resourceType: 'Encounter',
      status: 'in-progress',
      class: { system: 'http://terminology.hl7.org/CodeSystem/v3-ActCode', code: 'AMB', display: 'ambulatory' },
      subject: { reference: 'Patient/0c9d64ff-592a-4895-a196-1f88a3fb2e8f' },
    })) as Stored<Encounter>;
    const signature = await signEncounter(medplum, encounter, createReference(doctor));
    assert.doesNotThrow(() => validateResource(signature));
    assert.equal(signature.signature?.[0]?.type?.[0]?.code, 'LA');
    const all = await encounterSignatures(medplum, encounter);
    assert.deepEqual(
      all.map((p) => p.id),
      [signature.id],
    );
  });
});

describe('workflows/part1: e-prescribing', () => {
  test('vendor ids, the DoseSpot membership check and a lost response', async () => {
    const medplum = mockWithSearch();
    assert.equal(prescriberHasDoseSpot(undefined), false);
    assert.equal(
      prescriberHasDoseSpot({
        resourceType: 'ProjectMembership',
        project: { reference: 'Project/1' },
        user: { reference: 'User/1' },
        profile: { reference: 'Practitioner/1' },
        // Any identifier system containing "dosespot" counts; this one is only an illustration.
        identifier: [{ system: 'https://example.org/dosespot-clinician-id', value: '408317' }],
      }),
      true,
    );
    const patient: Patient = {
      resourceType: 'Patient',
      identifier: [{ system: 'https://dosespot.com/patient-id', value: '998877' }],
    };
    assert.equal(vendorPatientId(patient), '998877');
    assert.equal(vendorPatientId({ resourceType: 'Patient' }), undefined);

    const draft = (await medplum.createResource<MedicationRequest>({
      resourceType: 'MedicationRequest',
      status: 'draft',
      intent: 'order',
      subject: { reference: 'Patient/0c9d64ff-592a-4895-a196-1f88a3fb2e8f' },
      medicationCodeableConcept: {
        coding: [{ system: 'http://www.nlm.nih.gov/research/umls/rxnorm', code: '17767', display: 'amLODIPine' }],
      },
    })) as Stored<MedicationRequest>;
    const lost = await markResponseLost(medplum, draft);
    assert.doesNotThrow(() => validateResource(lost));
    assert.equal(lost.status, 'unknown');
    assert.equal(lost.statusReason?.coding?.[0]?.system, MEDICATION_REQUEST_STATUS_REASON_SYSTEM);
    assert.equal(lost.statusReason?.coding?.[0]?.code, 'response-not-received');
  });
});
