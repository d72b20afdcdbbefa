/**
 * Runs the messaging automations against MockClient (and, under verify:server, the server):
 * opening hours, the subscription criteria, acknowledge-and-route, escalation and closing quiet
 * threads, each run twice to show it is idempotent.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { BotEvent, MedplumClient } from '@medplum/core';
import { createReference, resourceMatchesSubscriptionCriteria, validateResource } from '@medplum/core';
import type {
  Communication,
  Location,
  Organization,
  Patient,
  Practitioner,
  ProjectSetting,
  Resource,
  Task,
} from '@medplum/fhirtypes';
import {
  ACK_SYSTEM,
  acknowledgeAndRoute,
  closeQuietThreads,
  escalateOverdue,
  isOpen,
  nextOpening,
  patientMessageSubscription,
  routingFor,
  SCHEDULES,
} from '../../../examples/communications/automations';
import type { ClinicHours, ClinicSettings } from '../../../examples/communications/automations';
import { mockWithSearch } from './mock-with-search';

const weekdays = ['mon', 'tue', 'wed', 'thu', 'fri'] as const;
const HOURS: Location['hoursOfOperation'] = [
  { daysOfWeek: [...weekdays], openingTime: '08:00:00', closingTime: '17:00:00' },
  { daysOfWeek: ['sat'], openingTime: '09:00:00', closingTime: '12:00:00' },
];
const clinic: ClinicHours = { timeZone: 'America/New_York', hours: HOURS ?? [] };

const secretsOf = (values: Record<string, string>): Record<string, ProjectSetting> =>
  Object.fromEntries(Object.entries(values).map(([name, valueString]) => [name, { name, valueString }]));

function botEvent<T>(input: T, secrets: Record<string, ProjectSetting>): BotEvent<T> {
  return { bot: { reference: 'Bot/automation' }, contentType: 'application/fhir+json', input, secrets };
}

async function setup(hoursOfOperation = HOURS, timeZone = 'America/New_York') {
  const medplum = mockWithSearch();
  const location = await medplum.createResource<Location>({
    resourceType: 'Location',
    name: 'Main Street Clinic',
    hoursOfOperation,
  });
  const team = (name: string) => medplum.createResource<Organization>({ resourceType: 'Organization', name });
  const day = await team('Nurse line');
  const onCall = await team('On-call nurses');
  const supervisors = await team('Nursing supervisors');
  const patient = await medplum.createResource<Patient>({ resourceType: 'Patient', name: [{ family: 'Diaz' }] });
  const nurse = await medplum.createResource<Practitioner>({
    resourceType: 'Practitioner',
    name: [{ family: 'Lopez' }],
  });
  const secrets = secretsOf({
    CLINIC_LOCATION_ID: location.id as string,
    CLINIC_TIME_ZONE: timeZone,
    DAY_TEAM_ID: day.id as string,
    ON_CALL_TEAM_ID: onCall.id as string,
    SUPERVISOR_TEAM_ID: supervisors.id as string,
  });
  return { medplum, day, onCall, supervisors, patient, nurse, secrets };
}

async function thread(medplum: MedplumClient, patient: Patient, team: Organization): Promise<Communication> {
  return medplum.createResource<Communication>({
    resourceType: 'Communication',
    status: 'in-progress',
    topic: { text: 'Refill question' },
    subject: createReference(patient),
    recipient: [createReference(patient), createReference(team)],
  });
}

async function message(
  medplum: MedplumClient,
  parent: Communication,
  sender: Patient | Organization,
  sent: Date,
  text = 'My refill has not arrived.',
): Promise<Communication> {
  return medplum.createResource<Communication>({
    resourceType: 'Communication',
    status: 'in-progress',
    partOf: [createReference(parent)],
    subject: parent.subject,
    sender: createReference(sender),
    recipient: (parent.recipient ?? []).filter((r) => r.reference !== `${sender.resourceType}/${sender.id}`),
    sent: sent.toISOString(),
    payload: [{ contentString: text }],
  });
}

describe('communications/automations: opening hours', () => {
  test('isOpen reads the wall clock in the clinic time zone', () => {
    assert.equal(isOpen(clinic, new Date('2026-11-25T15:00:00Z')), true); // Wed 10:00 EST
    assert.equal(isOpen(clinic, new Date('2026-11-25T09:30:00Z')), false); // Wed 04:30 EST
    assert.equal(isOpen(clinic, new Date('2026-11-25T22:00:00Z')), false); // Wed 17:00 EST, closing time
    assert.equal(isOpen(clinic, new Date('2026-11-28T15:00:00Z')), true); // Sat 10:00 EST
    assert.equal(isOpen(clinic, new Date('2026-11-29T15:00:00Z')), false); // Sunday
  });

  test('nextOpening finds the next opening time, across weekends and a clock change', () => {
    const early = nextOpening(clinic, new Date('2026-11-25T09:30:00Z'));
    assert.equal(early?.at.toISOString(), '2026-11-25T13:00:00.000Z');
    assert.equal(early?.words, 'Wednesday at 08:00');
    assert.equal(nextOpening(clinic, new Date('2026-11-27T22:30:00Z'))?.at.toISOString(), '2026-11-28T14:00:00.000Z');
    const weekend = nextOpening(clinic, new Date('2026-11-28T17:30:00Z'));
    assert.equal(weekend?.at.toISOString(), '2026-11-30T13:00:00.000Z');
    assert.equal(weekend?.words, 'Monday at 08:00');
    // Clocks go forward on Sunday 14 March 2027: Monday 08:00 is then 12:00 UTC.
    assert.equal(nextOpening(clinic, new Date('2027-03-13T17:30:00Z'))?.at.toISOString(), '2027-03-15T12:00:00.000Z');
    assert.equal(nextOpening({ timeZone: 'UTC', hours: [] }, new Date()), undefined);
  });

  test('routingFor gives the day team N hours, and after hours the on-call team N hours after opening', () => {
    const settings: ClinicSettings = {
      clinic,
      dayTeam: { reference: 'Organization/day' },
      onCallTeam: { reference: 'Organization/on-call' },
      answerWithinHours: 4,
    };
    const open = routingFor(settings, new Date('2026-11-25T15:00:00Z'));
    assert.equal(open.owner.reference, 'Organization/day');
    assert.equal(open.due.toISOString(), '2026-11-25T19:00:00.000Z');
    const closed = routingFor(settings, new Date('2026-11-28T17:30:00Z'));
    assert.equal(closed.owner.reference, 'Organization/on-call');
    assert.equal(closed.due.toISOString(), '2026-11-30T17:00:00.000Z');
    assert.match(closed.ackText, /closed until Monday at 08:00/);
  });
});

describe('communications/automations: subscription criteria', () => {
  const sub = patientMessageSubscription('ack', ['inbound']);
  const matches = (resource: Resource, interaction: 'create' | 'update' = 'create') =>
    resourceMatchesSubscriptionCriteria({
      resource,
      subscription: sub,
      context: { interaction },
      getPreviousResource: async () => undefined,
    });
  const msg = (sender: string, author: string, partOf = true): Communication => ({
    resourceType: 'Communication',
    id: 'm1',
    meta: { author: { reference: author } },
    status: 'in-progress',
    partOf: partOf ? [{ reference: 'Communication/t1' }] : undefined,
    sender: { reference: sender },
  });

  test('only new patient messages in a thread start the bot; its own writes and other bots do not', async () => {
    mockWithSearch(); // loads the search parameter definitions the criteria use
    assert.doesNotThrow(() => validateResource(sub));
    assert.equal(await matches(msg('Patient/p1', 'Patient/p1')), true);
    assert.equal(await matches(msg('Patient/p1', 'Patient/p1'), 'update'), false);
    assert.equal(await matches(msg('Practitioner/n1', 'Practitioner/n1')), false);
    assert.equal(await matches(msg('Organization/o1', 'Bot/ack')), false);
    assert.equal(await matches(msg('Patient/p1', 'Bot/inbound')), false);
    assert.equal(await matches(msg('Patient/p1', 'Patient/p1', false)), false);
    assert.deepEqual(Object.values(SCHEDULES), ['*/15 * * * *', '0 3 * * *']);
  });
});

describe('communications/automations: bots', () => {
  test('acknowledgeAndRoute routes each message once and acknowledges a burst once', async () => {
    // A clinic open only on the day after tomorrow (UTC), so it is closed whenever the test runs.
    const opens = new Date(Date.parse(new Date().toISOString().slice(0, 10)) + 2 * 86_400_000);
    const day = (['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const)[opens.getUTCDay()];
    const dayName = opens.toLocaleDateString('en-US', { weekday: 'long', timeZone: 'UTC' });
    const {
      medplum,
      onCall,
      patient,
      day: dayTeam,
      secrets,
    } = await setup([{ daysOfWeek: [day], openingTime: '08:00:00', closingTime: '17:00:00' }], 'UTC');
    const parent = await thread(medplum, patient, dayTeam);
    const first = await message(medplum, parent, patient, new Date());

    const result = await acknowledgeAndRoute(medplum, botEvent(first, secrets));
    const again = await acknowledgeAndRoute(medplum, botEvent(first, secrets));
    assert.deepEqual(again, result);

    const task = await medplum.readReference<Task>({ reference: result.task });
    assert.doesNotThrow(() => validateResource(task));
    assert.equal(task.focus?.reference, `Communication/${first.id}`);
    assert.equal(task.owner?.reference, `Organization/${onCall.id}`);
    assert.equal(task.restriction?.period?.end, `${opens.toISOString().slice(0, 10)}T12:00:00.000Z`);
    const ack = await medplum.readReference<Communication>({ reference: result.ack as string });
    assert.doesNotThrow(() => validateResource(ack));
    assert.equal(ack.sender?.reference, `Organization/${onCall.id}`);
    assert.deepEqual(ack.recipient, [createReference(patient)]);
    assert.equal(ack.payload?.[0]?.contentString?.includes(`closed until ${dayName} at 08:00`), true);

    const second = await message(medplum, parent, patient, new Date(), 'Also, can I get a 90-day supply?');
    const secondResult = await acknowledgeAndRoute(medplum, botEvent(second, secrets));
    assert.equal(secondResult.ack, undefined);
    assert.notEqual(secondResult.task, result.task);

    const acks = await medplum.searchResources(
      'Communication',
      { 'part-of': `Communication/${parent.id}`, identifier: `${ACK_SYSTEM}|` },
      { cache: 'no-cache' },
    );
    assert.deepEqual(
      acks.map((a) => a.id),
      [ack.id],
    );
    await assert.rejects(acknowledgeAndRoute(medplum, botEvent(ack, secrets)), /Expected a patient message/);
  });

  test('acknowledgeAndRoute gives the day team the message while the clinic is open', async () => {
    const always = [{ daysOfWeek: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const, allDay: true }];
    const { medplum, patient, day, secrets } = await setup(
      always.map((h) => ({ ...h, daysOfWeek: [...h.daysOfWeek] })),
      'UTC',
    );
    const parent = await thread(medplum, patient, day);
    const before = Date.now();
    const result = await acknowledgeAndRoute(
      medplum,
      botEvent(await message(medplum, parent, patient, new Date()), secrets),
    );
    const task = await medplum.readReference<Task>({ reference: result.task });
    assert.equal(task.owner?.reference, `Organization/${day.id}`);
    const due = Date.parse(task.restriction?.period?.end as string) - before;
    assert.ok(due >= 4 * 3_600_000 && due < 4 * 3_600_000 + 60_000, `due ${due} ms after the message`);
    const ack = await medplum.readReference<Communication>({ reference: result.ack as string });
    assert.match(ack.payload?.[0]?.contentString ?? '', /answers within 4 hours/);
  });

  test('escalateOverdue moves unclaimed overdue Tasks to the supervisors, once', async () => {
    const { medplum, day, onCall, supervisors, nurse, secrets } = await setup();
    const hour = 3_600_000;
    const task = (owner: Organization | Practitioner, dueInHours: number, status: Task['status'] = 'requested') =>
      medplum.createResource<Task>({
        resourceType: 'Task',
        status,
        intent: 'order',
        code: { text: 'Answer patient message' },
        owner: createReference(owner),
        authoredOn: new Date(Date.now() - 6 * hour).toISOString(),
        restriction: { period: { end: new Date(Date.now() + dueInHours * hour).toISOString() } },
      });
    const overdue = await task(day, -1);
    const notYetDue = await task(day, 1);
    const claimed = await task(nurse, -1, 'in-progress');
    const overdueAtNight = await task(onCall, -2);

    const event = botEvent<unknown>({ resourceType: 'Bot' }, secrets);
    const first = await escalateOverdue(medplum, event);
    assert.deepEqual(first.escalated.sort(), [`Task/${overdue.id}`, `Task/${overdueAtNight.id}`].sort());
    const moved = await medplum.readResource('Task', overdue.id as string, { cache: 'no-cache' });
    assert.doesNotThrow(() => validateResource(moved));
    assert.equal(moved.owner?.reference, `Organization/${supervisors.id}`);
    assert.equal(moved.priority, 'urgent');
    assert.match(moved.note?.[0]?.text ?? '', new RegExp(`Escalated from Organization/${day.id}`));
    for (const untouched of [notYetDue, claimed]) {
      const stored = await medplum.readResource('Task', untouched.id as string, { cache: 'no-cache' });
      assert.equal(stored.owner?.reference, untouched.owner?.reference);
    }

    const second = await escalateOverdue(medplum, event);
    assert.deepEqual(second, { escalated: [], claimedMeanwhile: [] });
  });

  test('closeQuietThreads closes threads whose newest message is old, once', async () => {
    const { medplum, day, patient, secrets } = await setup();
    const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000);
    const quiet = await thread(medplum, patient, day);
    await message(medplum, quiet, patient, daysAgo(20));
    const busy = await thread(medplum, patient, day);
    await message(medplum, busy, patient, daysAgo(20));
    await message(medplum, busy, day, daysAgo(1), 'It ships today.');
    const empty = await thread(medplum, patient, day);

    const event = botEvent<unknown>({ resourceType: 'Bot' }, secrets);
    const first = await closeQuietThreads(medplum, event);
    assert.ok(first.closed.includes(`Communication/${quiet.id}`));
    assert.ok(
      !first.closed.includes(`Communication/${busy.id}`) && !first.closed.includes(`Communication/${empty.id}`),
    );
    const closed = await medplum.readResource('Communication', quiet.id as string, { cache: 'no-cache' });
    assert.equal(closed.status, 'completed');
    assert.match(closed.statusReason?.text ?? '', /no messages for 14 days/);
    for (const open of [busy, empty]) {
      const stored = await medplum.readResource('Communication', open.id as string, { cache: 'no-cache' });
      assert.equal(stored.status, 'in-progress');
    }
    assert.deepEqual(await closeQuietThreads(medplum, event), { closed: [] });
  });
});
