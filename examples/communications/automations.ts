/**
 * Messaging automations built from bots and subscriptions: acknowledge and route each new patient
 * message by the clinic's opening hours, escalate routed Tasks nobody claimed by their due time,
 * and close threads that have gone quiet. Each handler is safe to run twice for the same input.
 */
import type { BotEvent, MedplumClient } from '@medplum/core';
import { createReference, getReferenceString, getStatus, normalizeOperationOutcome } from '@medplum/core';
import type {
  Communication,
  LocationHoursOfOperation,
  Organization,
  ProjectSetting,
  Reference,
  Subscription,
  Task,
} from '@medplum/fhirtypes';

// #region hours
/** Opening hours as Location.hoursOfOperation holds them, plus the IANA time zone they are in. */
export interface ClinicHours {
  timeZone: string;
  hours: LocationHoursOfOperation[];
}

const DAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;
const DAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** The local date (YYYY-MM-DD) and wall-clock time (hh:mm:ss) of an instant in a time zone. */
function wallClock(at: Date, timeZone: string): { date: string; time: string } {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(at);
  const part = (type: string): string => parts.find((p) => p.type === type)?.value ?? '00';
  return {
    date: `${part('year')}-${part('month')}-${part('day')}`,
    time: `${part('hour')}:${part('minute')}:${part('second')}`,
  };
}

/** The instant at which the clock in a time zone shows a given date and time. */
function instantOf(date: string, time: string, timeZone: string): Date {
  const target = Date.parse(`${date}T${time}Z`);
  let guess = target;
  for (let i = 0; i < 2; i++) {
    const shown = wallClock(new Date(guess), timeZone);
    guess -= Date.parse(`${shown.date}T${shown.time}Z`) - target;
  }
  return new Date(guess);
}

/** The entries that apply on a local date, with the weekday code Location.hoursOfOperation uses. */
function hoursOn(clinic: ClinicHours, date: string): LocationHoursOfOperation[] {
  const day = DAYS[new Date(`${date}T12:00:00Z`).getUTCDay()];
  return clinic.hours.filter((h) => h.daysOfWeek?.includes(day));
}

/** True when `at` falls inside one of the clinic's opening-hours entries. */
export function isOpen(clinic: ClinicHours, at: Date): boolean {
  const { date, time } = wallClock(at, clinic.timeZone);
  return hoursOn(clinic, date).some(
    (h) => h.allDay || ((h.openingTime ?? '00:00:00') <= time && (!h.closingTime || time < h.closingTime)),
  );
}

/** The next time the clinic opens after `at`, within a week, as an instant and as local words. */
export function nextOpening(clinic: ClinicHours, at: Date): { at: Date; words: string } | undefined {
  const today = wallClock(at, clinic.timeZone).date;
  for (let i = 0; i <= 7; i++) {
    const noon = new Date(Date.parse(`${today}T12:00:00Z`) + i * 86_400_000);
    const date = noon.toISOString().slice(0, 10);
    const openings = hoursOn(clinic, date)
      .map((h) => (h.allDay ? '00:00:00' : (h.openingTime ?? '00:00:00')))
      .sort();
    for (const time of openings) {
      const opens = instantOf(date, time, clinic.timeZone);
      if (opens > at) {
        return { at: opens, words: `${DAY_NAMES[noon.getUTCDay()]} at ${time.slice(0, 5)}` };
      }
    }
  }
  return undefined;
}
// #endregion hours

// #region wiring
const SUPPORTED_INTERACTION = 'https://medplum.com/fhir/StructureDefinition/subscription-supported-interaction';
const FHIRPATH_CRITERIA = 'https://medplum.com/fhir/StructureDefinition/fhir-path-criteria-expression';

/**
 * Runs the acknowledge-and-route bot for each new message a patient writes in a thread. The
 * FHIRPath criteria keep out staff messages, the bot's own acknowledgements and anything another
 * bot files on a patient's behalf (such as an inbound-SMS bot that answers by text itself).
 */
export function patientMessageSubscription(botId: string, otherBotIds: string[] = []): Subscription {
  const notFrom = [botId, ...otherBotIds].map((id) => ` and %current.meta.author.reference != 'Bot/${id}'`).join('');
  return {
    resourceType: 'Subscription',
    status: 'active',
    reason: 'Acknowledge and route new patient messages',
    criteria: 'Communication?part-of:missing=false',
    channel: { type: 'rest-hook', endpoint: `Bot/${botId}` },
    extension: [
      { url: SUPPORTED_INTERACTION, valueCode: 'create' },
      { url: FHIRPATH_CRITERIA, valueString: `%current.sender.reference.startsWith('Patient/')${notFrom}` },
    ],
  };
}

/** The two clock-driven bots: no resource change marks "overdue" or "quiet", so they run on cron (UTC). */
export const SCHEDULES = {
  escalateOverdue: '*/15 * * * *',
  closeQuietThreads: '0 3 * * *',
} as const;
// #endregion wiring

// #region acknowledge
/** Marks acknowledgements so that other automations and reports can tell them from staff replies. */
export const ACK_SYSTEM = 'https://example.com/fhir/auto-acknowledgement';

export interface ClinicSettings {
  clinic: ClinicHours;
  dayTeam: Reference<Organization>;
  onCallTeam: Reference<Organization>;
  answerWithinHours: number;
}

function secret(secrets: Record<string, ProjectSetting>, name: string): string {
  const value = secrets[name]?.valueString;
  if (!value) {
    throw new Error(`Missing project secret ${name}`);
  }
  return value;
}

/** The clinic's hours come from its Location; R4's Location has no time zone, so a secret holds it. */
export async function readSettings(
  medplum: MedplumClient,
  secrets: Record<string, ProjectSetting>,
): Promise<ClinicSettings> {
  const location = await medplum.readResource('Location', secret(secrets, 'CLINIC_LOCATION_ID'));
  return {
    clinic: { timeZone: secret(secrets, 'CLINIC_TIME_ZONE'), hours: location.hoursOfOperation ?? [] },
    dayTeam: { reference: `Organization/${secret(secrets, 'DAY_TEAM_ID')}` },
    onCallTeam: { reference: `Organization/${secret(secrets, 'ON_CALL_TEAM_ID')}` },
    answerWithinHours: Number(secrets['ANSWER_WITHIN_HOURS']?.valueString ?? 4),
  };
}

/** During opening hours the day team has N hours; after hours the on-call team gets it, due N hours after opening. */
export function routingFor(
  settings: ClinicSettings,
  now: Date,
): { owner: Reference<Organization>; due: Date; ackText: string } {
  const hours = settings.answerWithinHours * 3_600_000;
  if (isOpen(settings.clinic, now)) {
    return {
      owner: settings.dayTeam,
      due: new Date(now.getTime() + hours),
      ackText: `We received your message. The care team answers within ${settings.answerWithinHours} hours.`,
    };
  }
  const opens = nextOpening(settings.clinic, now);
  return {
    owner: settings.onCallTeam,
    due: new Date((opens?.at ?? now).getTime() + hours),
    ackText:
      `We received your message. The clinic is closed${opens ? ` until ${opens.words}` : ''}; ` +
      'we will answer after it opens. If this is an emergency, call 911.',
  };
}

/**
 * The subscription bot. Running twice for one message leaves one Task and at most one
 * acknowledgement: both are conditional creates keyed on the message.
 */
export async function acknowledgeAndRoute(
  medplum: MedplumClient,
  event: BotEvent<Communication>,
): Promise<{ task: string; ack?: string }> {
  const message = event.input;
  const thread = message.partOf?.[0];
  if (!thread || !message.sender?.reference?.startsWith('Patient/')) {
    throw new Error('Expected a patient message in a thread; check the subscription criteria');
  }
  const settings = await readSettings(medplum, event.secrets);
  const now = new Date();
  const { owner, due, ackText } = routingFor(settings, now);
  const messageRef = getReferenceString(message);

  const task = await medplum.createResourceIfNoneExist<Task>(
    {
      resourceType: 'Task',
      status: 'requested',
      intent: 'order',
      priority: 'routine',
      code: { text: 'Answer patient message' },
      focus: createReference(message),
      for: message.subject,
      owner,
      authoredOn: now.toISOString(),
      restriction: { period: { end: due.toISOString() } },
    },
    `focus=${messageRef}`,
  );

  // One acknowledgement per thread every 12 hours: a patient who sends three messages in a row gets one.
  const recent = await medplum.searchOne(
    'Communication',
    {
      'part-of': thread.reference as string,
      identifier: `${ACK_SYSTEM}|`,
      sent: `gt${new Date(now.getTime() - 12 * 3_600_000).toISOString()}`,
    },
    { cache: 'no-cache' },
  );
  if (recent && recent.identifier?.[0]?.value !== message.id) {
    return { task: getReferenceString(task) };
  }
  const ack = await medplum.createResourceIfNoneExist<Communication>(
    {
      resourceType: 'Communication',
      status: 'in-progress',
      identifier: [{ system: ACK_SYSTEM, value: message.id }],
      category: [
        { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/communication-category', code: 'notification' }] },
      ],
      partOf: [thread],
      subject: message.subject,
      sender: owner,
      recipient: [message.sender],
      sent: now.toISOString(),
      payload: [{ contentString: ackText }],
    },
    `identifier=${ACK_SYSTEM}|${message.id}`,
  );
  return { task: getReferenceString(task), ack: getReferenceString(ack) };
}
// #endregion acknowledge

// #region escalate
const isPreconditionFailed = (err: unknown): boolean => getStatus(normalizeOperationOutcome(err)) === 412;

/**
 * The cron bot: every requested Task still in a team queue after its due time moves to the
 * supervisors' queue as urgent. The move changes `owner`, so the next run's search no longer
 * finds it; the If-Match header stops it overwriting a claim made since the search.
 */
export async function escalateOverdue(
  medplum: MedplumClient,
  event: BotEvent,
): Promise<{ escalated: string[]; claimedMeanwhile: string[] }> {
  const queues = [secret(event.secrets, 'DAY_TEAM_ID'), secret(event.secrets, 'ON_CALL_TEAM_ID')];
  const supervisors: Reference<Organization> = {
    reference: `Organization/${secret(event.secrets, 'SUPERVISOR_TEAM_ID')}`,
  };
  const now = new Date().toISOString();
  const escalated: string[] = [];
  const claimedMeanwhile: string[] = [];
  for (const queue of queues) {
    const overdue = await medplum.searchResources(
      'Task',
      { owner: `Organization/${queue}`, status: 'requested', 'due-date': `lt${now}`, _count: '100' },
      { cache: 'no-cache' },
    );
    for (const task of overdue) {
      const due = task.restriction?.period?.end;
      if (!due || due >= now) {
        continue; // the search compares restriction.period.start when one is set
      }
      try {
        await medplum.updateResource<Task>(
          {
            ...task,
            owner: supervisors,
            priority: 'urgent',
            businessStatus: { text: 'Escalated: not claimed in time' },
            note: [...(task.note ?? []), { time: now, text: `Escalated from Organization/${queue}; was due ${due}` }],
          },
          { headers: { 'If-Match': `W/"${task.meta?.versionId}"` } },
        );
        escalated.push(getReferenceString(task));
      } catch (err) {
        if (!isPreconditionFailed(err)) {
          throw err;
        }
        claimedMeanwhile.push(getReferenceString(task));
      }
    }
  }
  return { escalated, claimedMeanwhile };
}
// #endregion escalate

// #region close-quiet
/**
 * The nightly cron bot: closes open threads whose newest message is older than
 * QUIET_AFTER_DAYS (default 14). Threads with no messages yet are left open.
 */
export async function closeQuietThreads(medplum: MedplumClient, event: BotEvent): Promise<{ closed: string[] }> {
  const days = Number(event.secrets['QUIET_AFTER_DAYS']?.valueString ?? 14);
  const cutoff = new Date(Date.now() - days * 86_400_000).toISOString();

  // Threads with a message since the cutoff: one paged search instead of one search per thread.
  const active = new Set<string>();
  for await (const page of medplum.searchResourcePages(
    'Communication',
    { 'part-of:missing': 'false', sent: `ge${cutoff}`, _count: '1000' },
    { cache: 'no-cache' },
  )) {
    for (const message of page) {
      active.add(message.partOf?.[0]?.reference ?? '');
    }
  }

  // Collect first, write afterwards: closing threads while paging would shift the pages.
  const quiet: Communication[] = [];
  for await (const page of medplum.searchResourcePages(
    'Communication',
    { 'part-of:missing': 'true', status: 'in-progress', _count: '100' },
    { cache: 'no-cache' },
  )) {
    for (const thread of page) {
      const ref = getReferenceString(thread);
      if (active.has(ref)) {
        continue;
      }
      const newest = await medplum.searchOne(
        'Communication',
        { 'part-of': ref, _sort: '-sent' },
        { cache: 'no-cache' },
      );
      if (newest?.sent && newest.sent < cutoff) {
        quiet.push(thread);
      }
    }
  }

  const closed: string[] = [];
  for (const thread of quiet) {
    try {
      await medplum.updateResource<Communication>(
        {
          ...thread,
          status: 'completed',
          statusReason: { text: `Closed automatically: no messages for ${days} days` },
        },
        { headers: { 'If-Match': `W/"${thread.meta?.versionId}"` } },
      );
      closed.push(`Communication/${thread.id}`);
    } catch (err) {
      if (!isPreconditionFailed(err)) {
        throw err; // 412: the thread changed since it was read (a new message, or someone closed it)
      }
    }
  }
  return { closed };
}
// #endregion close-quiet
