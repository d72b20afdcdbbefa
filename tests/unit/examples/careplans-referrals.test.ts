/**
 * Runs the referral examples against MockClient: create, attach, send, track, triage, schedule,
 * return the consult note, close the loop, find overdue referrals, and the notifying bot.
 * Every resource the examples build is validated against the full FHIR R4 definitions.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { BotEvent, WithId } from '@medplum/core';
import { createReference, evalFhirPath, parseSearchRequest, toTypedValue, validateResource } from '@medplum/core';
import type {
  Condition,
  Organization,
  Patient,
  Practitioner,
  Resource,
  ServiceRequest,
  Task,
} from '@medplum/fhirtypes';
import type { MockClient } from '@medplum/mock';
import {
  acceptReferral,
  acknowledgeReferral,
  appointmentReasons,
  attachReferralLetter,
  buildReferral,
  completeReferralTask,
  createReferral,
  handler,
  markReferralSent,
  openReferrals,
  overdueReferrals,
  referralCcdaUrl,
  referralInbox,
  referralCompletedSubscription,
  referralResults,
  rejectReferral,
  requestMoreInformation,
  returnConsultNote,
  scheduleFirstVisit,
  type ReferralInput,
} from '../../../examples/careplans/referrals';
import { loadFullDefinitions, mockWithSearch } from './mock-with-search';

function valid(resource: Resource): void {
  assert.doesNotThrow(() => validateResource(resource), `${resource.resourceType} should be valid`);
}

async function setup(medplum: MockClient): Promise<ReferralInput> {
  const patient = (await medplum.createResource<Patient>({
    resourceType: 'Patient',
    name: [{ given: ['Rosa'], family: 'Lindqvist' }],
    birthDate: '1958-04-02',
  })) as WithId<Patient>;
  const requester = (await medplum.createResource<Practitioner>({
    resourceType: 'Practitioner',
    name: [{ given: ['Omar'], family: 'Haddad' }],
  })) as WithId<Practitioner>;
  const coordinator = (await medplum.createResource<Practitioner>({
    resourceType: 'Practitioner',
    name: [{ given: ['Ines'], family: 'Moreau' }],
  })) as WithId<Practitioner>;
  const performer = (await medplum.createResource<Organization>({
    resourceType: 'Organization',
    name: 'Riverside Cardiology',
  })) as WithId<Organization>;
  const reason = (await medplum.createResource<Condition>({
    resourceType: 'Condition',
    subject: createReference(patient),
    code: { coding: [{ system: 'http://snomed.info/sct', code: '49436004', display: 'Atrial fibrillation' }] },
  })) as WithId<Condition>;
  return {
    patient,
    requester,
    coordinator,
    performer,
    reason,
    question: 'New irregular rhythm on ECG. Please assess and advise on anticoagulation.',
    priority: 'urgent',
    seenBy: '2026-12-20',
  };
}

describe('careplans/referrals', () => {
  test('buildReferral makes a valid referral ServiceRequest and a Task focused on it', () => {
    loadFullDefinitions();
    const ref = (type: string, id: string): { reference: string } => ({ reference: `${type}/${id}` });
    const input = {
      patient: { resourceType: 'Patient', id: 'p' },
      requester: { resourceType: 'Practitioner', id: 'r' },
      coordinator: { resourceType: 'Practitioner', id: 'c' },
      performer: { resourceType: 'Organization', id: 'o' },
      reason: { resourceType: 'Condition', id: 'c1', subject: ref('Patient', 'p') },
      question: 'Q',
      seenBy: '2026-12-20',
    } as unknown as ReferralInput;
    const { serviceRequest, task } = buildReferral(input, 'urn:uuid:1');
    valid(serviceRequest);
    valid(task);
    assert.equal(serviceRequest.category?.[0]?.coding?.[0]?.code, '3457005');
    assert.equal(serviceRequest.code?.coding?.[0]?.code, '183519002');
    assert.equal(serviceRequest.intent, 'order');
    assert.equal(task.focus?.reference, 'urn:uuid:1');
    assert.equal(task.owner?.reference, 'Practitioner/c');
    assert.equal(task.restriction?.period?.end, '2026-12-20');
  });

  test('the whole loop: create, attach, send, triage, schedule, return, complete, notify', async () => {
    const medplum = mockWithSearch();
    const input = await setup(medplum);

    // Create: ServiceRequest + Task in one transaction, the urn:uuid resolved to the real id.
    const { serviceRequest, task } = await createReferral(medplum, input);
    valid(serviceRequest);
    valid(task);
    assert.equal(task.focus?.reference, `ServiceRequest/${serviceRequest.id}`);
    assert.equal(task.status, 'requested');
    assert.equal(task.businessStatus?.coding?.[0]?.code, 'ready-to-send');

    // Attach a letter: Binary + DocumentReference, listed in supportingInfo.
    const { document: letter, serviceRequest: withLetter } = await attachReferralLetter(
      medplum,
      serviceRequest,
      '%PDF-1.4 referral letter',
      input.requester,
    );
    valid(letter);
    valid(withLetter);
    assert.equal(letter.type?.coding?.[0]?.code, '57133-1');
    assert.ok(letter.content[0].attachment.url, 'attachment points at the uploaded Binary');
    assert.equal(letter.context?.related?.[0]?.reference, `ServiceRequest/${serviceRequest.id}`);
    assert.equal(withLetter.supportingInfo?.[0]?.reference, `DocumentReference/${letter.id}`);

    // Track: the sender's list shows the order with its Task.
    const rows = await openReferrals(medplum, input.patient.id);
    assert.equal(rows.length, 1);
    assert.equal(rows[0].task?.id, task.id);

    // Send by fax: a Communication records it, the coordinator keeps the Task.
    const faxed = await markReferralSent(medplum, task, input.performer as WithId<Organization>, 'fax', [letter]);
    assert.ok(faxed.communication);
    valid(faxed.communication);
    assert.equal(faxed.communication.medium?.[0]?.coding?.[0]?.code, 'FAXWRIT');
    assert.equal(faxed.communication.payload?.[0]?.contentReference?.reference, `DocumentReference/${letter.id}`);
    assert.equal(faxed.task.owner?.reference, `Practitioner/${input.coordinator.id}`);

    // Send inside the network: the receiving organisation becomes the owner.
    const sent = await markReferralSent(medplum, faxed.task, input.performer as WithId<Organization>, 'network');
    valid(sent.task);
    assert.equal(sent.communication, undefined);
    assert.equal(sent.task.owner?.reference, `Organization/${input.performer.id}`);
    assert.equal(sent.task.businessStatus?.coding?.[0]?.code, 'sent');

    // Receive: the receiver's inbox lists it with its ServiceRequest.
    const inbox = await referralInbox(medplum, input.performer.id);
    assert.equal(inbox.length, 1);
    assert.equal(inbox[0].serviceRequest?.id, serviceRequest.id);
    const received = await acknowledgeReferral(medplum, inbox[0].task);
    assert.equal(received.status, 'received');

    // Ask for more information, then accept.
    const held = await requestMoreInformation(medplum, received, 'Please send the ECG tracing.');
    valid(held);
    assert.equal(held.status, 'on-hold');
    assert.equal(held.statusReason?.text, 'Please send the ECG tracing.');
    assert.equal((await referralInbox(medplum, input.performer.id)).length, 0, 'on-hold leaves the intake queue');

    const cardiologist = (await medplum.createResource<Practitioner>({
      resourceType: 'Practitioner',
      name: [{ given: ['Lena'], family: 'Okafor' }],
    })) as WithId<Practitioner>;
    const accepted = await acceptReferral(medplum, held, cardiologist);
    valid(accepted);
    assert.equal(accepted.status, 'accepted');
    assert.equal(accepted.owner?.reference, `Practitioner/${cardiologist.id}`);

    // Schedule the first visit.
    const { appointment, task: scheduled } = await scheduleFirstVisit(
      medplum,
      accepted,
      withLetter,
      cardiologist,
      '2026-12-03T15:00:00.000Z',
    );
    valid(appointment);
    assert.equal(appointment.basedOn?.[0]?.reference, `ServiceRequest/${serviceRequest.id}`);
    assert.equal(appointment.end, '2026-12-03T15:40:00.000Z');
    assert.deepEqual(
      appointment.reasonReference?.map((r) => r.reference),
      [`Condition/${input.reason.id}`],
    );
    assert.equal(scheduled.status, 'in-progress');

    // The consult note comes back and is found from the referral.
    const note = await returnConsultNote(medplum, withLetter, cardiologist, 'Paroxysmal AF. Start anticoagulation.');
    valid(note);
    const results = await referralResults(medplum, withLetter);
    assert.deepEqual(
      results.documents.map((d) => d.id),
      [note.id],
    );
    assert.equal(results.reports.length, 0);

    // Close the loop: the receiver completes the Task, the bot completes the order and notifies.
    const doneTask = await completeReferralTask(medplum, scheduled, note);
    valid(doneTask);
    assert.equal(doneTask.status, 'completed');
    assert.equal(doneTask.output?.[0]?.valueReference?.reference, `DocumentReference/${note.id}`);
    assert.equal((await openReferrals(medplum)).length, 1, 'the order is still active until the bot runs');

    const event = { input: doneTask } as BotEvent<Task>;
    const first = await handler(medplum, event);
    assert.ok(first.serviceRequest && first.review);
    valid(first.serviceRequest);
    valid(first.review);
    assert.equal(first.serviceRequest.status, 'completed');
    assert.equal(first.review.owner?.reference, `Practitioner/${input.requester.id}`);
    assert.equal(first.review.focus?.reference, `DocumentReference/${note.id}`);
    assert.equal((await openReferrals(medplum)).length, 0);

    const again = await handler(medplum, event);
    assert.equal(again.review?.id, first.review.id, 'a second delivery finds the existing review task');
    assert.equal((await medplum.searchResources('Task', { focus: `DocumentReference/${note.id}` })).length, 1);
  });

  test('createReferral throws when the server saved only part of the Bundle', async () => {
    const medplum = mockWithSearch();
    const input = await setup(medplum);
    // What a project without transaction-bundles can answer: the ServiceRequest saved, the Task refused.
    medplum.executeBatch = async () => ({
      resourceType: 'Bundle',
      type: 'transaction-response',
      entry: [
        { response: { status: '201 Created' }, resource: { resourceType: 'ServiceRequest', id: 'sr1' } as Resource },
        { response: { status: '400 Bad Request' } },
      ],
    });
    await assert.rejects(createReferral(medplum, input), /Referral not saved: \["201 Created","400 Bad Request"\]/);
  });

  test('the Appointment keeps only the reasons R4 allows there', () => {
    const serviceRequest: ServiceRequest = {
      resourceType: 'ServiceRequest',
      status: 'active',
      intent: 'order',
      subject: { reference: 'Patient/7c0e5f0a-52a3-4c1e-9a64-2f4d6b8e1c37' },
      reasonReference: [
        { reference: 'Condition/1f6f3b2e-8d0a-4d55-9c1e-5b7a2e9d4c10' },
        { reference: 'DiagnosticReport/a4e2c9d1-3b7f-4e08-8a61-0d5c2f9e7b34' },
        { reference: 'DocumentReference/6b9d0e3f-2c14-4a7e-b5d8-91f0c3a2e6d5' },
        { reference: 'Observation/d2a81c4e-6f3b-4b90-a7e5-3c8f1d0b9a26' },
      ],
    };
    assert.deepEqual(
      appointmentReasons(serviceRequest)?.map((r) => r.reference),
      ['Condition/1f6f3b2e-8d0a-4d55-9c1e-5b7a2e9d4c10', 'Observation/d2a81c4e-6f3b-4b90-a7e5-3c8f1d0b9a26'],
    );
    assert.equal(
      appointmentReasons({
        ...serviceRequest,
        reasonReference: [{ reference: 'DiagnosticReport/a4e2c9d1-3b7f-4e08-8a61-0d5c2f9e7b34' }],
      }),
      undefined,
    );
  });

  test('rejecting records the reason and leaves the order to the sender', async () => {
    const medplum = mockWithSearch();
    const input = await setup(medplum);
    const { serviceRequest, task } = await createReferral(medplum, input);
    const rejected = await rejectReferral(medplum, task, 'We do not see patients under 18.');
    valid(rejected);
    assert.equal(rejected.status, 'rejected');
    assert.equal(rejected.statusReason?.text, 'We do not see patients under 18.');
    const order = await medplum.readResource('ServiceRequest', serviceRequest.id);
    assert.equal(order.status, 'active');
  });

  test('overdueReferrals finds open Tasks past due, or old ones without a due date', async () => {
    const medplum = mockWithSearch();
    const input = await setup(medplum);
    const { task: dueSoon } = await createReferral(medplum, { ...input, seenBy: '2027-01-31' });
    const { task: pastDue } = await createReferral(medplum, { ...input, seenBy: '2026-11-01' });
    const noDue = await medplum.updateResource<Task>({
      ...(await createReferral(medplum, input)).task,
      restriction: undefined,
      authoredOn: '2026-09-01T09:00:00Z',
    });
    const finished = await medplum.updateResource<Task>({
      ...(await createReferral(medplum, { ...input, seenBy: '2026-10-01' })).task,
      status: 'completed',
    });
    const late = await overdueReferrals(medplum, new Date('2026-11-25T12:00:00Z'), 30);
    const ids = late.map((t) => t.id).sort();
    assert.deepEqual(ids, [pastDue.id, noDue.id].sort());
    assert.ok(!ids.includes(dueSoon.id));
    assert.ok(!ids.includes(finished.id));
  });

  test('the Subscription fires only on the change to completed', () => {
    loadFullDefinitions();
    const sub = referralCompletedSubscription('bot-1');
    valid(sub);
    const search = parseSearchRequest(sub.criteria);
    assert.equal(search.resourceType, 'Task');
    assert.deepEqual(
      search.filters?.map((f) => f.code),
      ['code', 'status'],
    );
    const expression = sub.extension?.[0]?.valueString as string;
    const task = (status: Task['status']): Task => ({ resourceType: 'Task', status, intent: 'order' });
    const fires = (previous: Task | undefined, current: Task): boolean =>
      evalFhirPath(expression, current, {
        '%previous': toTypedValue(previous ?? {}),
        '%current': toTypedValue(current),
      })[0] === true;
    assert.equal(fires(task('in-progress'), task('completed')), true);
    assert.equal(fires(task('completed'), task('completed')), false, 'a later edit of a completed Task');
    assert.equal(fires(undefined, task('completed')), true, 'created as completed');
    assert.equal(fires(task('accepted'), task('in-progress')), false);
  });

  test('referralCcdaUrl asks the server for a Referral Note C-CDA', () => {
    const medplum = mockWithSearch();
    const url = referralCcdaUrl(medplum, 'abc');
    assert.match(url.pathname, /\/fhir\/R4\/Patient\/abc\/\$ccda-export$/);
    assert.equal(url.searchParams.get('type'), 'referral');
  });
});
