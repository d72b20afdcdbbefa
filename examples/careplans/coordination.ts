/**
 * Care coordination: care teams and role-based work queues, care plans with measurable goals,
 * decision support (a CDS Hooks bot and a subscription-triggered rule bot), episodes of care, and
 * protocols applied with PlanDefinition/$apply.
 */
import type { BotEvent, CdsCard, CdsRequest, CdsResponse, CdsUserResource, MedplumClient } from '@medplum/core';
import { buildCdsRequest, createReference, getReferenceString } from '@medplum/core';
import type {
  ActivityDefinition,
  Bot,
  BotCdsService,
  Bundle,
  CarePlan,
  CareTeam,
  Coding,
  Condition,
  Encounter,
  EpisodeOfCare,
  Goal,
  Observation,
  Organization,
  Parameters,
  Patient,
  PlanDefinition,
  Practitioner,
  Reference,
  RequestGroup,
  ServiceRequest,
  Subscription,
  Task,
} from '@medplum/fhirtypes';
import { HBA1C, LOINC_SYSTEM, SNOMED_SYSTEM, UCUM_SYSTEM } from './codes';

// #region roles
/** SNOMED CT occupation codes used both as CareTeam roles and as Task.performerType. */
export const ROLES = {
  nurse: { system: SNOMED_SYSTEM, code: '224535009', display: 'Registered nurse' },
  physician: { system: SNOMED_SYSTEM, code: '158965000', display: 'Medical practitioner' },
  dietitian: { system: SNOMED_SYSTEM, code: '159033005', display: 'Dietitian' },
} satisfies Record<string, Coding>;

/** LOINC answer code for a care team that coordinates care over time, not for one visit. */
export const LONGITUDINAL_TEAM: Coding = {
  system: LOINC_SYSTEM,
  code: 'LA28865-6',
  display: 'Longitudinal care-coordination focused care team',
};
// #endregion roles

// #region care-team
export interface TeamMember {
  readonly practitioner: Reference<Practitioner>;
  readonly role: Coding;
  /** The organization the member acts for, e.g. the clinic that employs a visiting dietitian. */
  readonly onBehalfOf?: Reference<Organization>;
}

/** Creates the patient's standing care team, one participant per member, each with a role and start date. */
export async function createCareTeam(
  medplum: MedplumClient,
  patient: Reference<Patient>,
  members: TeamMember[],
  start: string,
): Promise<CareTeam> {
  return medplum.createResource<CareTeam>({
    resourceType: 'CareTeam',
    status: 'active',
    name: 'Diabetes care team',
    category: [{ coding: [LONGITUDINAL_TEAM] }],
    subject: patient,
    period: { start },
    participant: members.map((m) => ({
      role: [{ coding: [m.role] }],
      member: m.practitioner,
      onBehalfOf: m.onBehalfOf,
      period: { start },
    })),
  });
}

/** Ends one member's participation without deleting the history of who was on the team. */
export async function endParticipation(
  medplum: MedplumClient,
  team: CareTeam,
  practitioner: Reference<Practitioner>,
  end: string,
): Promise<CareTeam> {
  const participant = (team.participant ?? []).map((p) =>
    p.member?.reference === practitioner.reference ? { ...p, period: { ...p.period, end } } : p,
  );
  return medplum.updateResource<CareTeam>({ ...team, participant });
}
// #endregion care-team

// #region assign
/** Work for whoever holds a role: performerType says who may do it, owner stays empty until someone claims it. */
export async function createRoleTask(
  medplum: MedplumClient,
  patient: Reference<Patient>,
  role: Coding,
  text: string,
  team?: Reference<CareTeam>,
): Promise<Task> {
  return medplum.createResource<Task>({
    resourceType: 'Task',
    status: 'ready',
    intent: 'order',
    priority: 'routine',
    code: { text },
    for: patient,
    performerType: [{ coding: [role] }],
    basedOn: team ? [team] : undefined,
    authoredOn: new Date().toISOString(),
  });
}

/** Work for one named person (or a whole team): owner is set from the start. */
export async function createOwnedTask(
  medplum: MedplumClient,
  patient: Reference<Patient>,
  owner: Reference<Practitioner | CareTeam>,
  text: string,
): Promise<Task> {
  return medplum.createResource<Task>({
    resourceType: 'Task',
    status: 'ready',
    intent: 'order',
    priority: 'routine',
    code: { text },
    for: patient,
    owner,
    authoredOn: new Date().toISOString(),
  });
}

/**
 * Hands a task to a colleague. The version read is sent in If-Match, so a concurrent change makes
 * the server answer 412 instead of silently overwriting it; the note keeps who delegated and why.
 */
export async function delegateTask(
  medplum: MedplumClient,
  task: Task,
  to: Reference<Practitioner>,
  by: Reference<Practitioner>,
  reason: string,
): Promise<Task> {
  const updated: Task = {
    ...task,
    owner: to,
    note: [...(task.note ?? []), { authorReference: by, time: new Date().toISOString(), text: reason }],
  };
  return medplum.updateResource(updated, { headers: { 'If-Match': `W/"${task.meta?.versionId}"` } });
}
// #endregion assign

// #region queues
const OPEN_STATUSES = 'requested,received,ready';

/** Unclaimed open tasks for one role (the `performer` search parameter searches Task.performerType). */
export async function roleQueue(medplum: MedplumClient, role: Coding): Promise<Task[]> {
  return medplum.searchResources('Task', {
    performer: `${role.system}|${role.code}`,
    'owner:missing': 'true',
    status: OPEN_STATUSES,
    _sort: '-priority-order,_lastUpdated',
    _count: '50',
  });
}

/** Open tasks owned by me or by any active care team I belong to. */
export async function myQueue(medplum: MedplumClient, me: Reference<Practitioner>): Promise<Task[]> {
  const teams = await medplum.searchResources('CareTeam', {
    participant: me.reference as string,
    status: 'active',
  });
  const owners = [me.reference as string, ...teams.map((t) => getReferenceString(t))];
  return medplum.searchResources('Task', {
    owner: owners.join(','),
    status: `${OPEN_STATUSES},in-progress`,
    _sort: '-priority-order,_lastUpdated',
    _count: '50',
  });
}
// #endregion queues

// #region goal
/** A measurable goal: HbA1c at or below 7 % by the due date. */
export function buildHba1cGoal(patient: Reference<Patient>, due: string, condition?: Reference<Condition>): Goal {
  return {
    resourceType: 'Goal',
    lifecycleStatus: 'active',
    achievementStatus: {
      coding: [
        {
          system: 'http://terminology.hl7.org/CodeSystem/goal-achievement',
          code: 'in-progress',
          display: 'In Progress',
        },
      ],
    },
    description: { text: 'HbA1c at or below 7%' },
    subject: patient,
    startDate: new Date().toISOString().slice(0, 10),
    addresses: condition ? [condition] : undefined,
    target: [
      {
        measure: { coding: [HBA1C] },
        detailRange: { high: { value: 7, unit: '%', system: UCUM_SYSTEM, code: '%' } },
        dueDate: due,
      },
    ],
  };
}
// #endregion goal

// #region careplan
/**
 * A care plan authored by the team: it names the goal, the team and two planned activities
 * described inline (detail), each pointing back at the goal it serves.
 */
export async function createDiabetesCarePlan(
  medplum: MedplumClient,
  patient: Reference<Patient>,
  team: Reference<CareTeam>,
  goal: Goal,
  condition?: Reference<Condition>,
): Promise<CarePlan> {
  const savedGoal = goal.id ? goal : await medplum.createResource(goal);
  const goalRef = createReference(savedGoal);
  return medplum.createResource<CarePlan>({
    resourceType: 'CarePlan',
    status: 'active',
    intent: 'plan',
    title: 'Type 2 diabetes management',
    subject: patient,
    period: { start: new Date().toISOString().slice(0, 10) },
    careTeam: [team],
    addresses: condition ? [condition] : undefined,
    goal: [goalRef],
    activity: [
      {
        detail: {
          kind: 'ServiceRequest',
          code: { coding: [HBA1C] },
          status: 'scheduled',
          goal: [goalRef],
          scheduledTiming: { repeat: { frequency: 1, period: 3, periodUnit: 'mo' } },
          description: 'HbA1c every three months',
        },
      },
      {
        detail: {
          kind: 'Appointment',
          status: 'not-started',
          goal: [goalRef],
          performer: [team],
          description: 'Nutrition consult with the dietitian',
        },
      },
    ],
  });
}
// #endregion careplan

// #region progress
/** Records one HbA1c result as a final laboratory Observation. */
export async function recordHba1c(
  medplum: MedplumClient,
  patient: Reference<Patient>,
  percent: number,
  effective: string,
): Promise<Observation> {
  return medplum.createResource<Observation>({
    resourceType: 'Observation',
    status: 'final',
    category: [
      {
        coding: [
          {
            system: 'http://terminology.hl7.org/CodeSystem/observation-category',
            code: 'laboratory',
            display: 'Laboratory',
          },
        ],
      },
    ],
    code: { coding: [HBA1C] },
    subject: patient,
    effectiveDateTime: effective,
    valueQuantity: { value: percent, unit: '%', system: UCUM_SYSTEM, code: '%' },
  });
}

type Achievement = 'achieved' | 'improving' | 'worsening' | 'no-change' | 'in-progress';

const ACHIEVEMENT_DISPLAY: Record<Achievement, string> = {
  achieved: 'Achieved',
  improving: 'Improving',
  worsening: 'Worsening',
  'no-change': 'No Change',
  'in-progress': 'In Progress',
};

/** Compares the latest result with the target and with the result before it. */
export function judgeProgress(
  latest: number | undefined,
  previous: number | undefined,
  targetHigh: number,
): Achievement {
  if (latest === undefined) {
    return 'in-progress';
  }
  if (latest <= targetHigh) {
    return 'achieved';
  }
  if (previous === undefined) {
    return 'in-progress';
  }
  if (latest < previous) {
    return 'improving';
  }
  return latest > previous ? 'worsening' : 'no-change';
}

/**
 * Reads the two most recent results for the goal's measure, sets achievementStatus and links the
 * latest result as the goal's outcome. lifecycleStatus stays active: meeting a target once is not
 * the end of a chronic-disease goal.
 */
export async function reviewGoal(medplum: MedplumClient, goal: Goal): Promise<Goal> {
  const target = goal.target?.[0];
  const measure = target?.measure?.coding?.[0];
  const high = target?.detailRange?.high?.value;
  if (!measure || high === undefined || !goal.subject.reference) {
    throw new Error('Goal has no measurable target');
  }
  const results = await medplum.searchResources('Observation', {
    subject: goal.subject.reference,
    code: `${measure.system}|${measure.code}`,
    status: 'final,amended,corrected',
    _sort: '-date',
    _count: '2',
  });
  const [latest, previous] = results.map((o) => o.valueQuantity?.value);
  const status = judgeProgress(latest, previous, high);
  return medplum.updateResource<Goal>({
    ...goal,
    achievementStatus: {
      coding: [
        {
          system: 'http://terminology.hl7.org/CodeSystem/goal-achievement',
          code: status,
          display: ACHIEVEMENT_DISPLAY[status],
        },
      ],
    },
    outcomeReference: results[0] ? [createReference(results[0])] : goal.outcomeReference,
  });
}
// #endregion progress

// #region rule-bot
/** Results at or above this value (HbA1c, %) get a follow-up task. */
export const HBA1C_ALERT_PERCENT = 9;

/**
 * A rule bot. Deployed as a Bot and triggered by the Subscription below, it receives each new or
 * changed HbA1c Observation and opens one urgent nurse task when the value is high. It looks for
 * an existing task first, because a subscription can deliver the same change more than once.
 */
export async function handler(medplum: MedplumClient, event: BotEvent<Observation>): Promise<Task | undefined> {
  const obs = event.input;
  const isHba1c = obs.code?.coding?.some((c) => c.system === HBA1C.system && c.code === HBA1C.code);
  const value = obs.valueQuantity?.value;
  if (!isHba1c || obs.status !== 'final' || value === undefined || value < HBA1C_ALERT_PERCENT || !obs.subject) {
    return undefined;
  }
  const focus = getReferenceString(obs);
  const existing = await medplum.searchOne('Task', { focus });
  if (existing) {
    return existing;
  }
  return medplum.createResource<Task>({
    resourceType: 'Task',
    status: 'ready',
    intent: 'order',
    priority: 'urgent',
    code: { text: 'Review high HbA1c' },
    description: `HbA1c ${value}% is at or above ${HBA1C_ALERT_PERCENT}%. Contact the patient and review the care plan.`,
    for: obs.subject as Reference<Patient>,
    focus: { reference: focus },
    performerType: [{ coding: [ROLES.nurse] }],
    authoredOn: new Date().toISOString(),
  });
}

/** The subscription that delivers every change to an HbA1c Observation to the bot. */
export function buildHba1cSubscription(bot: Reference<Bot>): Subscription {
  return {
    resourceType: 'Subscription',
    status: 'active',
    reason: 'Flag high HbA1c results for nurse follow-up',
    criteria: `Observation?code=${HBA1C.system}|${HBA1C.code}`,
    channel: { type: 'rest-hook', endpoint: bot.reference },
  };
}
// #endregion rule-bot

// #region cds-bot
/**
 * What the service looks like in discovery. The prefetch templates ask the client to send the
 * patient and the latest HbA1c with every call.
 */
export const HBA1C_CDS_SERVICE: BotCdsService = {
  hook: 'patient-view',
  title: 'HbA1c check',
  description: 'Warns when the most recent HbA1c is high or older than six months.',
  prefetch: [
    { key: 'patient', query: 'Patient/{{context.patientId}}' },
    {
      key: 'hba1c',
      query: `Observation?patient={{context.patientId}}&code=${HBA1C.system}|${HBA1C.code}&_sort=-date&_count=1`,
    },
  ],
};

/** Turns an existing (deployed) Bot into a CDS service by setting its cdsService element. */
export async function registerCdsService(medplum: MedplumClient, bot: Bot): Promise<Bot> {
  return medplum.updateResource<Bot>({ ...bot, cdsService: HBA1C_CDS_SERVICE });
}

/** Turns the latest HbA1c (or its absence) into CDS cards. */
export function hba1cCards(latest: Observation | undefined, now = new Date()): CdsCard[] {
  const source = { label: 'HbA1c check' };
  if (!latest?.valueQuantity?.value || !latest.effectiveDateTime) {
    return [{ summary: 'No HbA1c on file', indicator: 'warning', source }];
  }
  const cards: CdsCard[] = [];
  const value = latest.valueQuantity.value;
  if (value >= HBA1C_ALERT_PERCENT) {
    cards.push({ summary: `HbA1c ${value}% (high)`, indicator: 'critical', source });
  }
  const sixMonthsAgo = new Date(now);
  sixMonthsAgo.setMonth(sixMonthsAgo.getMonth() - 6);
  if (new Date(latest.effectiveDateTime) < sixMonthsAgo) {
    cards.push({
      summary: 'HbA1c older than six months',
      indicator: 'warning',
      detail: `Last result ${latest.effectiveDateTime.slice(0, 10)}.`,
      source,
    });
  }
  return cards;
}

/**
 * The CDS bot's handler. The server passes the posted JSON body as event.input and runs the bot
 * with the caller's access, so the fallback search sees only what the caller may see.
 */
export async function cdsHandler(medplum: MedplumClient, event: BotEvent<CdsRequest>): Promise<CdsResponse> {
  const request = event.input;
  const prefetched = request.prefetch?.hba1c as Bundle<Observation> | null | undefined;
  let latest = prefetched?.entry?.[0]?.resource;
  if (!prefetched) {
    latest = await medplum.searchOne('Observation', {
      patient: `Patient/${request.context.patientId as string}`,
      code: `${HBA1C.system}|${HBA1C.code}`,
      _sort: '-date',
    });
  }
  return { cards: hba1cCards(latest) };
}
// #endregion cds-bot

// #region cds-call
/**
 * What a client (your EHR front end) does when a chart opens: discover the services, keep those
 * for the patient-view hook, fill each one's prefetch with the user's own access, call it, and
 * collect the cards.
 */
export async function runPatientViewHooks(
  medplum: MedplumClient,
  user: CdsUserResource,
  patientId: string,
): Promise<CdsCard[]> {
  const { services } = await medplum.getCdsServices({ cache: 'no-cache' });
  const cards: CdsCard[] = [];
  for (const service of services.filter((s) => s.hook === 'patient-view')) {
    const request = await buildCdsRequest(medplum, user, service, {
      userId: getReferenceString(user),
      patientId,
    });
    const response = await medplum.callCdsService(service.id, request);
    cards.push(...response.cards);
  }
  return cards;
}
// #endregion cds-call

// #region episode
const EPISODE_TYPE = 'http://terminology.hl7.org/CodeSystem/episodeofcare-type';

/** Opens a diabetes program episode with its diagnosis, care manager and team. */
export async function openEpisode(
  medplum: MedplumClient,
  patient: Reference<Patient>,
  condition: Reference<Condition>,
  careManager: Reference<Practitioner>,
  team: Reference<CareTeam>,
  organization: Reference<Organization>,
  start: string,
): Promise<EpisodeOfCare> {
  return medplum.createResource<EpisodeOfCare>({
    resourceType: 'EpisodeOfCare',
    status: 'active',
    type: [{ coding: [{ system: EPISODE_TYPE, code: 'diab', display: 'Post coordinated diabetes program' }] }],
    diagnosis: [{ condition, rank: 1 }],
    patient,
    managingOrganization: organization,
    period: { start },
    careManager,
    team: [team],
  });
}

/**
 * Changes the status and keeps the old one in statusHistory with the period it lasted. Finishing
 * or cancelling the episode also closes its period.
 */
export async function changeEpisodeStatus(
  medplum: MedplumClient,
  episode: EpisodeOfCare,
  status: EpisodeOfCare['status'],
  at: string,
): Promise<EpisodeOfCare> {
  const history = episode.statusHistory ?? [];
  const since = history.at(-1)?.period.end ?? episode.period?.start;
  const closing = status === 'finished' || status === 'cancelled';
  return medplum.updateResource<EpisodeOfCare>({
    ...episode,
    status,
    statusHistory: [...history, { status: episode.status, period: { start: since, end: at } }],
    period: closing ? { ...episode.period, end: at } : episode.period,
  });
}
// #endregion episode

// #region episode-encounters
/** An encounter that belongs to the episode. */
export async function recordEpisodeVisit(
  medplum: MedplumClient,
  episode: EpisodeOfCare,
  start: string,
  end: string,
): Promise<Encounter> {
  return medplum.createResource<Encounter>({
    resourceType: 'Encounter',
    status: 'finished',
    class: { system: 'http://terminology.hl7.org/CodeSystem/v3-ActCode', code: 'AMB', display: 'ambulatory' },
    subject: episode.patient,
    episodeOfCare: [createReference(episode)],
    period: { start, end },
  });
}

/** The episode's encounters, oldest first. */
export async function episodeEncounters(medplum: MedplumClient, episode: EpisodeOfCare): Promise<Encounter[]> {
  return medplum.searchResources('Encounter', {
    'episode-of-care': getReferenceString(episode),
    _sort: 'date',
  });
}

/** The active episodes one care manager is responsible for: the caseload. */
export async function caseload(medplum: MedplumClient, careManager: Reference<Practitioner>): Promise<EpisodeOfCare[]> {
  return medplum.searchResources('EpisodeOfCare', {
    'care-manager': careManager.reference as string,
    status: 'active',
  });
}
// #endregion episode-encounters

// #region protocol-definitions
export const TASK_ELEMENTS = 'https://medplum.com/fhir/StructureDefinition/task-elements';

/**
 * A Task-kind ActivityDefinition: $apply creates no request resource for it, only the Task, and
 * the task-elements extension routes that Task to the organization passed to $apply and to the
 * dietitian role.
 */
export function buildDietitianReferralActivity(url: string): ActivityDefinition {
  return {
    resourceType: 'ActivityDefinition',
    url,
    status: 'active',
    name: 'DietitianIntroduction',
    title: 'Dietitian introduction call',
    kind: 'Task',
    extension: [
      {
        url: TASK_ELEMENTS,
        extension: [
          { url: 'owner', valueExpression: { language: 'text/fhirpath', expression: '%organization' } },
          { url: 'performerType', valueCodeableConcept: { coding: [ROLES.dietitian] } },
        ],
      },
    ],
  };
}

/** A protocol with one action of each shape $apply distinguishes. */
export function buildProtocol(questionnaireUrl: string, labUrl: string, dietitianUrl: string): PlanDefinition {
  return {
    resourceType: 'PlanDefinition',
    url: 'https://example.org/fhir/PlanDefinition/new-diabetes-diagnosis',
    version: '1',
    status: 'active',
    name: 'NewDiabetesDiagnosis',
    title: 'New type 2 diabetes diagnosis',
    action: [
      {
        title: 'Diabetes self-assessment',
        description: 'Patient completes the form',
        definitionCanonical: questionnaireUrl,
      },
      { title: 'Baseline HbA1c', description: 'Draw blood for HbA1c', definitionCanonical: labUrl },
      {
        title: 'Dietitian introduction',
        description: 'Call the patient within a week',
        definitionCanonical: dietitianUrl,
      },
      { title: 'Give glucose meter', description: 'Hand out a meter and teach its use' },
    ],
  };
}
// #endregion protocol-definitions

// #region protocol-apply
export interface ApplyContext {
  readonly encounter?: Reference<Encounter>;
  readonly practitioner?: Reference<Practitioner>;
  readonly organization?: Reference<Organization>;
}

/** Builds the Parameters body: every input is a valueString holding a reference string. */
export function applyParameters(patient: Reference<Patient>, context: ApplyContext = {}): Parameters {
  const parameter = [{ name: 'subject', valueString: patient.reference as string }];
  for (const name of ['encounter', 'practitioner', 'organization'] as const) {
    const ref = context[name]?.reference;
    if (ref) {
      parameter.push({ name, valueString: ref });
    }
  }
  return { resourceType: 'Parameters', parameter };
}

/**
 * Applies the protocol unless this patient already has an active or draft CarePlan made from it;
 * the server creates a full new set of resources on every call.
 */
export async function applyOnce(
  medplum: MedplumClient,
  plan: PlanDefinition & { id: string },
  patient: Reference<Patient>,
  context: ApplyContext = {},
): Promise<CarePlan> {
  if (plan.url) {
    const existing = await medplum.searchOne('CarePlan', {
      subject: patient.reference as string,
      'instantiates-canonical': plan.url,
      status: 'active,draft',
    });
    if (existing) {
      return existing;
    }
  }
  return medplum.post(medplum.fhirUrl('PlanDefinition', plan.id, '$apply'), applyParameters(patient, context));
}
// #endregion protocol-apply

// #region protocol-after
/** What one $apply produced: the Tasks in action order, and the draft ServiceRequests they focus on. */
export async function collectApplied(
  medplum: MedplumClient,
  carePlan: CarePlan,
): Promise<{ group: RequestGroup; tasks: Task[]; orders: ServiceRequest[] }> {
  const groupRef = carePlan.activity?.[0]?.reference as Reference<RequestGroup>;
  const group = await medplum.readReference(groupRef);
  const tasks = await Promise.all(
    (group.action ?? []).map((a) => medplum.readReference(a.resource as Reference<Task>)),
  );
  const orderRefs = tasks
    .map((t) => t.focus)
    .filter((f): f is Reference<ServiceRequest> => !!f?.reference?.startsWith('ServiceRequest/'));
  const orders = await Promise.all(orderRefs.map((ref) => medplum.readReference(ref)));
  return { group, tasks, orders };
}

/**
 * $apply leaves orders in draft. Once a clinician signs, activate them and say who ordered them
 * (the server set the caller of $apply as requester).
 */
export async function signOrders(
  medplum: MedplumClient,
  orders: ServiceRequest[],
  signer: Reference<Practitioner>,
): Promise<ServiceRequest[]> {
  return Promise.all(
    orders
      .filter((o) => o.status === 'draft')
      .map((o) => medplum.updateResource<ServiceRequest>({ ...o, status: 'active', requester: signer })),
  );
}
// #endregion protocol-after

// #region dynamic-values
/**
 * A ServiceRequest-kind ActivityDefinition whose order is completed per call by dynamicValue:
 * the practitioner passed to $apply becomes the performer, the order is urgent, and its
 * occurrence is the moment of the call (a dateTime, so the server writes occurrenceDateTime).
 */
export function buildUrgentLabActivity(url: string): ActivityDefinition {
  return {
    resourceType: 'ActivityDefinition',
    url,
    status: 'active',
    name: 'UrgentHbA1c',
    title: 'Urgent HbA1c',
    kind: 'ServiceRequest',
    intent: 'order',
    code: {
      coding: [{ system: 'http://loinc.org', code: '4548-4', display: 'Hemoglobin A1c/Hemoglobin.total in Blood' }],
    },
    dynamicValue: [
      { path: 'performer', expression: { language: 'text/fhirpath', expression: '%practitioner' } },
      { path: 'priority', expression: { language: 'text/fhirpath', expression: "'urgent'" } },
      { path: 'occurrence[x]', expression: { language: 'text/fhirpath', expression: 'now()' } },
    ],
  };
}
// #endregion dynamic-values
