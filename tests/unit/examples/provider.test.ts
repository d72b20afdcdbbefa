/**
 * Runs the Provider app examples against MockClient and validates every resource they build.
 * MockClient has no PlanDefinition/$apply, so the test records the $apply request and creates the
 * Task the server would create for an ActivityDefinition-backed action.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { createReference, getReferenceString, validateResource } from '@medplum/core';
import type { MedplumClient } from '@medplum/core';
import type {
  ChargeItem,
  Patient,
  PlanDefinition,
  Practitioner,
  Resource,
  Schedule,
  ServiceRequest,
  Task,
} from '@medplum/fhirtypes';
import {
  addAddendum,
  applyCareTemplate,
  appointmentStatusFor,
  APPLICABLE_CHARGE_DEFINITION_URL,
  buildNewTask,
  buildVisitClaim,
  chartNoteStatus,
  CPT,
  createVisitCharges,
  createVisitRecords,
  listThreads,
  loadPatientSummary,
  myOpenTasksQuery,
  postToThread,
  SERVICE_BILLING_CODE_URL,
  signVisit,
  startThread,
} from '../../../examples/provider/app';
import { loadFullDefinitions, mockWithSearch } from './mock-with-search';

const AMB = { system: 'http://terminology.hl7.org/CodeSystem/v3-ActCode', code: 'AMB', display: 'ambulatory' };
const OFFICE_VISIT = { coding: [{ system: CPT, code: '99213' }], text: 'Established patient office visit' };

function valid(resource: Resource): void {
  assert.doesNotThrow(() => validateResource(resource), resource.resourceType);
}

async function newPatient(medplum: MedplumClient): Promise<Patient & { id: string }> {
  return (await medplum.createResource<Patient>({
    resourceType: 'Patient',
    name: [{ given: ['Rosa'], family: 'Lindqvist' }],
  })) as Patient & { id: string };
}

describe('provider/app', () => {
  test('loadPatientSummary finds vitals, smoking status and sexual orientation with the sidebar searches', async () => {
    const medplum = mockWithSearch();
    const patient = await newPatient(medplum);
    const subject = createReference(patient);
    await medplum.createResource({
      resourceType: 'Observation',
      status: 'final',
      category: [
        { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/observation-category', code: 'vital-signs' }] },
      ],
      code: { coding: [{ system: 'http://loinc.org', code: '8867-4', display: 'Heart rate' }] },
      subject,
      valueQuantity: { value: 70, unit: '/min', system: 'http://unitsofmeasure.org', code: '/min' },
    });
    await medplum.createResource({
      resourceType: 'Observation',
      status: 'final',
      code: { coding: [{ system: 'http://loinc.org', code: '72166-2', display: 'Tobacco smoking status' }] },
      subject,
    });
    // LOINC second: the code search still finds it.
    await medplum.createResource({
      resourceType: 'Observation',
      status: 'final',
      code: {
        coding: [
          { system: 'http://example.org/local-codes', code: 'SO-1' },
          { system: 'http://loinc.org', code: '76690-7', display: 'Sexual orientation' },
        ],
      },
      subject,
    });
    const summary = await loadPatientSummary(medplum, patient.id);
    assert.equal(summary.vitals.length, 1);
    assert.equal(summary.smokingStatus?.code?.coding?.[0]?.code, '72166-2');
    assert.equal(summary.sexualOrientation?.code?.coding?.[1]?.code, '76690-7');
    assert.equal(summary.allergies.length, 0);
    assert.equal(summary.immunizations.length, 0);
  });

  test('a visit: Appointment, Encounter, chart note, $apply request and planned ChargeItems', async () => {
    loadFullDefinitions();
    const medplum = mockWithSearch();
    const patient = await newPatient(medplum);
    const template = (await medplum.createResource<PlanDefinition>({
      resourceType: 'PlanDefinition',
      status: 'active',
      name: 'Annual visit',
      title: 'Annual visit',
      extension: [
        { url: SERVICE_BILLING_CODE_URL, valueCodeableConcept: OFFICE_VISIT },
        {
          url: APPLICABLE_CHARGE_DEFINITION_URL,
          valueCanonical: 'https://example.org/ChargeItemDefinition/office-visit',
        },
      ],
      action: [{ title: 'Complete blood count' }],
    })) as PlanDefinition & { id: string };
    valid(template);

    const { appointment, encounter, note, slot } = await createVisitRecords(medplum, {
      patient,
      start: '2026-12-01T15:00:00.000Z',
      end: '2026-12-01T15:30:00.000Z',
      encounterClass: AMB,
      careTemplate: template,
    });
    [appointment, encounter, note].forEach(valid);
    assert.equal(appointment.status, 'booked');
    assert.equal(slot, undefined);
    assert.equal(encounter.status, 'planned');
    assert.equal(encounter.appointment?.[0]?.reference, getReferenceString(appointment));
    assert.equal(note.encounter?.reference, getReferenceString(encounter));

    // MockClient has no $apply: capture the request the app sends.
    const posts: { url: string; body: any }[] = [];
    const realPost = medplum.post.bind(medplum);
    medplum.post = (async (url: URL | string, body: any) => {
      posts.push({ url: url.toString(), body });
      return {};
    }) as typeof medplum.post;
    await applyCareTemplate(medplum, template, patient, encounter);
    medplum.post = realPost;
    assert.match(posts[0].url, new RegExp(`PlanDefinition/${template.id}/\\$apply$`));
    assert.deepEqual(
      posts[0].body.parameter.map((p: { name: string }) => p.name),
      ['subject', 'encounter', 'practitioner'],
    );

    // What $apply creates for an ActivityDefinition of kind ServiceRequest: a draft order and a Task on the visit.
    const order = await medplum.createResource<ServiceRequest>({
      resourceType: 'ServiceRequest',
      status: 'draft',
      intent: 'order',
      subject: createReference(patient),
      encounter: createReference(encounter),
      code: {
        coding: [{ system: CPT, code: '85025', display: 'Complete CBC with automated differential WBC' }],
        text: 'Complete blood count',
      },
      extension: [
        { url: APPLICABLE_CHARGE_DEFINITION_URL, valueCanonical: 'https://example.org/ChargeItemDefinition/cbc' },
      ],
    });
    await medplum.createResource<Task>({
      resourceType: 'Task',
      status: 'requested',
      intent: 'order',
      code: { text: 'Complete blood count' },
      for: createReference(patient),
      encounter: createReference(encounter),
      focus: createReference(order),
      input: [{ type: { text: 'ServiceRequest' }, valueReference: createReference(order) }],
    });

    const charges = await createVisitCharges(medplum, template, patient, encounter);
    charges.forEach(valid);
    assert.equal(charges.length, 2);
    assert.ok(charges.every((c) => c.status === 'planned'));
    assert.equal(charges[0].context?.reference, getReferenceString(encounter));
    assert.equal(charges[1].supportingInformation?.[0]?.reference, getReferenceString(order));

    assert.equal(appointmentStatusFor('in-progress'), 'checked-in');
    assert.equal(appointmentStatusFor('finished'), 'fulfilled');
    assert.equal(appointmentStatusFor('planned'), undefined);
  });

  test('a visit from the calendar: chosen practitioner and a busy Slot on the Schedule', async () => {
    loadFullDefinitions();
    const medplum = mockWithSearch();
    const patient = await newPatient(medplum);
    const doctor = await medplum.createResource<Practitioner>({
      resourceType: 'Practitioner',
      name: [{ family: 'Osei' }],
    });
    const schedule = (await medplum.createResource<Schedule>({
      resourceType: 'Schedule',
      active: true,
      actor: [createReference(doctor)],
    })) as Schedule & { id: string };
    const template = (await medplum.createResource<PlanDefinition>({
      resourceType: 'PlanDefinition',
      status: 'active',
      title: 'Follow-up',
      action: [{ title: 'Review results' }],
    })) as PlanDefinition & { id: string };
    const { appointment, encounter, slot } = await createVisitRecords(medplum, {
      patient,
      start: '2026-12-02T15:00:00.000Z',
      end: '2026-12-02T15:30:00.000Z',
      encounterClass: AMB,
      careTemplate: template,
      practitioner: createReference(doctor),
      schedule,
    });
    assert.ok(slot);
    valid(slot);
    assert.equal(slot.status, 'busy');
    assert.equal(slot.schedule.reference, getReferenceString(schedule));
    assert.equal(appointment.slot, undefined);
    assert.equal(appointment.participant[1].actor?.reference, getReferenceString(doctor));
    assert.equal(encounter.participant?.[0]?.individual?.reference, getReferenceString(doctor));
  });

  test('sign, lock and addendum', async () => {
    loadFullDefinitions();
    const medplum = mockWithSearch();
    const patient = await newPatient(medplum);
    const { encounter } = await createVisitRecords(medplum, {
      patient,
      start: '2026-12-01T15:00:00.000Z',
      end: '2026-12-01T15:30:00.000Z',
      encounterClass: AMB,
      careTemplate: { resourceType: 'PlanDefinition', status: 'active', id: 'unused' },
    });
    const task = await medplum.createResource<Task>({
      resourceType: 'Task',
      status: 'in-progress',
      intent: 'order',
      encounter: createReference(encounter),
      for: createReference(patient),
    });
    assert.equal(await chartNoteStatus(medplum, encounter), 'unsigned');

    const provenance = await signVisit(medplum, encounter, [task], true);
    valid(provenance);
    assert.equal(provenance.target[0].reference, getReferenceString(encounter));
    assert.equal((await medplum.readResource('Task', task.id as string)).status, 'completed');
    // The lock closed the tasks and completed the ClinicalImpression: on reload it reads as locked.
    assert.equal(await chartNoteStatus(medplum, encounter), 'signedAndLocked');

    const addendum = await addAddendum(medplum, encounter, 'BP recheck was 128/82.');
    valid(addendum);
    const found = await medplum.searchResources('DocumentReference', {
      encounter: getReferenceString(encounter),
      type: '55107-7',
    });
    assert.equal(found.length, 1);
    assert.equal(
      Buffer.from(found[0].content[0].attachment.data as string, 'base64').toString(),
      'BP recheck was 128/82.',
    );
  });

  test('buildVisitClaim keeps CPT lines only and totals priceOverride', () => {
    loadFullDefinitions();
    const charges: ChargeItem[] = [
      {
        resourceType: 'ChargeItem',
        status: 'planned',
        subject: { reference: 'Patient/p' },
        code: OFFICE_VISIT,
        priceOverride: { value: 120, currency: 'USD' },
        extension: [
          {
            url: 'http://hl7.org/fhir/StructureDefinition/chargeitem-modifier',
            valueCodeableConcept: { coding: [{ system: 'http://www.ama-assn.org/go/cpt', code: '25' }] },
          },
        ],
      },
      {
        resourceType: 'ChargeItem',
        status: 'planned',
        subject: { reference: 'Patient/p' },
        code: { text: 'Uncoded supply' },
        priceOverride: { value: 5, currency: 'USD' },
      },
    ];
    const claim = buildVisitClaim('p', 'e', 'dr', { reference: 'Coverage/c' }, charges);
    valid(claim);
    assert.equal(claim.item?.length, 1);
    assert.equal(claim.item?.[0].productOrService.coding?.[0].code, '99213');
    assert.equal(claim.item?.[0].modifier?.[0].coding?.[0].code, '25');
    assert.equal(claim.provider.reference, 'Practitioner/dr');
    assert.equal(claim.total?.value, 125);
  });

  test('buildNewTask matches the New Task dialog and lands in the owner queue', async () => {
    loadFullDefinitions();
    const medplum = mockWithSearch();
    const patient = await newPatient(medplum);
    const me = createReference(medplum.getProfile() as Practitioner);
    assert.throws(() => buildNewTask({ title: '  ' }, me), /title is required/);
    const task = buildNewTask(
      {
        title: 'Call patient about lab results',
        description: 'CBC results are back.',
        status: 'requested',
        dueDate: '2026-12-03T17:00:00.000Z',
        patient: createReference(patient),
        assignee: me,
        performerType: {
          coding: [{ system: 'http://snomed.info/sct', code: '768820003', display: 'Care coordinator (occupation)' }],
        },
      },
      me,
    );
    valid(task);
    assert.equal(task.intent, 'order');
    assert.equal(task.priority, 'routine');
    assert.equal(task.code?.text, 'Call patient about lab results');
    assert.equal(task.restriction?.period?.end, '2026-12-03T17:00:00.000Z');
    const saved = await medplum.createResource(task);
    const queue = await medplum.searchResources('Task', myOpenTasksQuery(me));
    assert.deepEqual(
      queue.map((t) => t.id),
      [saved.id],
    );
  });

  test('a thread: parent, reply, and the inbox that hides threads without replies', async () => {
    loadFullDefinitions();
    const medplum = mockWithSearch();
    const patient = createReference(await newPatient(medplum));
    const thread = await startThread(medplum, patient, 'Refill question');
    valid(thread);
    assert.equal(thread.partOf, undefined);
    assert.equal(thread.recipient?.[0]?.reference, patient.reference);

    // MockClient ships sample threads, so scope the inbox to this patient as the patient Messages tab does.
    assert.equal((await listThreads(medplum, 'in-progress', `subject=${patient.reference}`)).length, 0);

    const reply = await postToThread(medplum, thread, 'Your refill was sent to the pharmacy.');
    valid(reply);
    assert.equal(reply.partOf?.[0]?.reference, getReferenceString(thread));
    assert.equal(reply.subject?.reference, patient.reference);
    // The author is left out of the recipients: the patient remains.
    assert.deepEqual(
      reply.recipient?.map((r) => r.reference),
      [patient.reference],
    );
    // The parent now carries the time of its latest message.
    assert.equal((await medplum.readResource('Communication', thread.id as string)).sent, reply.sent);

    const rows = await listThreads(medplum, 'in-progress', `subject=${patient.reference}`);
    assert.equal(rows.length, 1);
    assert.equal(rows[0][0].id, thread.id);
    assert.equal(rows[0][1].id, reply.id);
  });
});
