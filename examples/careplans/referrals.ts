/**
 * A referral from a primary care clinic to a cardiology practice, end to end: the order
 * (ServiceRequest) and the Task that tracks it, sending and tracking, the receiving practice's
 * triage, and closing the loop when the consult note comes back.
 */
import type { BotEvent, MedplumClient, WithId } from '@medplum/core';
import { ContentType, createReference, generateId, getReferenceString } from '@medplum/core';
import type {
  Appointment,
  Bundle,
  CodeableConcept,
  Communication,
  Condition,
  DiagnosticReport,
  DocumentReference,
  Organization,
  Patient,
  Practitioner,
  Reference,
  Resource,
  ServiceRequest,
  Subscription,
  Task,
} from '@medplum/fhirtypes';

// #region codes
export const SNOMED = 'http://snomed.info/sct';
export const LOINC = 'http://loinc.org';

/** ServiceRequest.category that marks a request as a referral (as opposed to a lab or imaging order). */
export const REFERRAL_CATEGORY: CodeableConcept = {
  coding: [{ system: SNOMED, code: '3457005', display: 'Patient referral' }],
};

/** What is being asked for: here, a cardiology consultation. */
export const CARDIOLOGY_REFERRAL: CodeableConcept = {
  coding: [{ system: SNOMED, code: '183519002', display: 'Referral to cardiology service' }],
};

/** Task.code for "do what the focus request asks", from the FHIR task-code system. */
export const FULFILL: CodeableConcept = {
  coding: [
    { system: 'http://hl7.org/fhir/CodeSystem/task-code', code: 'fulfill', display: 'Fulfill the focal request' },
  ],
};
export const FULFILL_TOKEN = 'http://hl7.org/fhir/CodeSystem/task-code|fulfill';

/**
 * Finer-grained steps than Task.status offers, in a code system your project owns. Task.businessStatus
 * has no required binding, so each organisation defines its own list.
 */
export const BUSINESS_STATUS_SYSTEM = 'https://example.com/fhir/CodeSystem/referral-step';
export type ReferralStep =
  | 'ready-to-send'
  | 'sent'
  | 'under-review'
  | 'needs-information'
  | 'scheduled'
  | 'seen'
  | 'report-returned';

export function step(code: ReferralStep): CodeableConcept {
  return { coding: [{ system: BUSINESS_STATUS_SYSTEM, code }], text: code };
}

/** Statuses of a referral Task that is not finished yet. */
export const OPEN_TASK_STATUSES = 'draft,requested,received,accepted,ready,in-progress,on-hold';
// #endregion codes

// #region build
export interface ReferralInput {
  patient: WithId<Patient>;
  /** The referring clinician, who signs the order. */
  requester: WithId<Practitioner>;
  /** The practice (or clinician) the patient is sent to. */
  performer: WithId<Organization> | WithId<Practitioner>;
  /** The problem the referral is about. */
  reason: WithId<Condition>;
  /** Who on the sending side gets the referral out of the door. */
  coordinator: WithId<Practitioner>;
  /** The question for the specialist, in plain words. */
  question: string;
  priority?: ServiceRequest['priority'];
  /** Date by which the patient should have been seen (YYYY-MM-DD). */
  seenBy: string;
}

/**
 * Builds the referral order and its tracking Task. The Task points at the ServiceRequest through
 * `focus` using a temporary `urn:uuid:` id, which a transaction Bundle swaps for the real id.
 */
export function buildReferral(
  input: ReferralInput,
  requestFullUrl: string,
): { serviceRequest: ServiceRequest; task: Task } {
  const now = new Date().toISOString();
  const serviceRequest: ServiceRequest = {
    resourceType: 'ServiceRequest',
    status: 'active',
    intent: 'order',
    category: [REFERRAL_CATEGORY],
    code: CARDIOLOGY_REFERRAL,
    priority: input.priority ?? 'routine',
    subject: createReference(input.patient),
    requester: createReference(input.requester),
    performer: [createReference(input.performer) as Reference<Organization | Practitioner>],
    reasonReference: [createReference(input.reason)],
    occurrencePeriod: { start: now.slice(0, 10), end: input.seenBy },
    authoredOn: now,
    note: [{ text: input.question }],
  };
  const task: Task = {
    resourceType: 'Task',
    status: 'requested',
    intent: 'order',
    code: FULFILL,
    priority: serviceRequest.priority,
    focus: { reference: requestFullUrl },
    basedOn: [{ reference: requestFullUrl }],
    for: createReference(input.patient),
    requester: createReference(input.requester),
    owner: createReference(input.coordinator),
    businessStatus: step('ready-to-send'),
    authoredOn: now,
    restriction: { period: { end: input.seenBy } },
    description: `Cardiology referral: ${input.question}`,
  };
  return { serviceRequest, task };
}
// #endregion build

// #region create
/**
 * Saves the order and its Task in one transaction Bundle. With the project's transaction-bundles
 * feature neither is saved without the other; without it, the check below catches a half-saved pair.
 */
export async function createReferral(
  medplum: MedplumClient,
  input: ReferralInput,
): Promise<{ serviceRequest: WithId<ServiceRequest>; task: WithId<Task> }> {
  const requestFullUrl = `urn:uuid:${generateId()}`;
  const { serviceRequest, task } = buildReferral(input, requestFullUrl);
  const result = await medplum.executeBatch({
    resourceType: 'Bundle',
    type: 'transaction',
    entry: [
      { fullUrl: requestFullUrl, resource: serviceRequest, request: { method: 'POST', url: 'ServiceRequest' } },
      { resource: task, request: { method: 'POST', url: 'Task' } },
    ],
  } as Bundle);
  const [savedRequest, savedTask] = (result.entry ?? []).map((e) => e.resource);
  // Without the project's transaction-bundles feature the server runs the entries as a batch, so
  // one can fail while the other is saved: check that both came back.
  if (savedRequest?.resourceType !== 'ServiceRequest' || savedTask?.resourceType !== 'Task') {
    throw new Error('Referral not saved: ' + JSON.stringify(result.entry?.map((e) => e.response?.status)));
  }
  return { serviceRequest: savedRequest as WithId<ServiceRequest>, task: savedTask as WithId<Task> };
}
// #endregion create

// #region attach
/**
 * Uploads a referral letter (a PDF, a scanned form) and links it to the order. The file goes into a
 * Binary, a DocumentReference describes it, and the ServiceRequest lists the DocumentReference in
 * `supportingInfo` so the receiver finds it from the order.
 */
export async function attachReferralLetter(
  medplum: MedplumClient,
  serviceRequest: WithId<ServiceRequest>,
  pdf: Uint8Array | string,
  author: WithId<Practitioner>,
): Promise<{ document: DocumentReference; serviceRequest: WithId<ServiceRequest> }> {
  const document = await medplum.createDocumentReference({
    data: pdf,
    contentType: 'application/pdf',
    filename: 'referral-letter.pdf',
    additionalFields: {
      status: 'current',
      type: { coding: [{ system: LOINC, code: '57133-1', display: 'Referral note' }] },
      subject: serviceRequest.subject as Reference<Patient>,
      author: [createReference(author)],
      date: new Date().toISOString(),
      context: { related: [createReference(serviceRequest)] },
    },
  });
  const updated = await medplum.updateResource<ServiceRequest>({
    ...serviceRequest,
    supportingInfo: [...(serviceRequest.supportingInfo ?? []), createReference(document as WithId<DocumentReference>)],
  });
  return { document, serviceRequest: updated };
}
// #endregion attach

// #region send
export type Channel = 'network' | 'fax' | 'direct';

const MEDIUM: Record<Exclude<Channel, 'network'>, CodeableConcept> = {
  fax: {
    coding: [
      { system: 'http://terminology.hl7.org/CodeSystem/v3-ParticipationMode', code: 'FAXWRIT', display: 'telefax' },
    ],
  },
  direct: {
    coding: [
      {
        system: 'http://terminology.hl7.org/CodeSystem/v3-ParticipationMode',
        code: 'ELECTRONIC',
        display: 'electronic data',
      },
    ],
  },
};

/**
 * Hands the referral to the receiver. Inside one Medplum project (a referral network) that means
 * making the receiving organisation the Task's owner, so it appears in their intake queue. For a
 * receiver outside Medplum, your integration transmits the documents (fax, Direct) and this records
 * what was sent, how and when, as a Communication; the sending coordinator keeps the Task.
 */
export async function markReferralSent(
  medplum: MedplumClient,
  task: WithId<Task>,
  receiver: WithId<Organization>,
  channel: Channel,
  documents: DocumentReference[] = [],
): Promise<{ task: WithId<Task>; communication?: WithId<Communication> }> {
  const now = new Date().toISOString();
  let communication: WithId<Communication> | undefined;
  if (channel !== 'network') {
    communication = await medplum.createResource<Communication>({
      resourceType: 'Communication',
      status: 'completed',
      basedOn: task.focus ? [task.focus] : undefined,
      subject: task.for as Reference<Patient>,
      recipient: [createReference(receiver)],
      medium: [MEDIUM[channel]],
      sent: now,
      payload: documents
        .filter((d): d is WithId<DocumentReference> => !!d.id)
        .map((d) => ({ contentReference: createReference(d) })),
    });
  }
  const updated = await medplum.updateResource<Task>({
    ...task,
    status: 'requested',
    owner: channel === 'network' ? createReference(receiver) : task.owner,
    businessStatus: step('sent'),
    lastModified: now,
  });
  return { task: updated, communication };
}
// #endregion send

// #region track
export interface ReferralRow {
  serviceRequest: WithId<ServiceRequest>;
  task?: WithId<Task>;
}

/**
 * The referring clinic's tracking list: active referral orders with the Task that tracks each,
 * fetched in one search with `_revinclude`.
 */
export async function openReferrals(medplum: MedplumClient, patientId?: string): Promise<ReferralRow[]> {
  const query: Record<string, string> = {
    category: `${SNOMED}|3457005`,
    status: 'active,on-hold',
    _revinclude: 'Task:focus',
    _sort: '-authored',
  };
  if (patientId) {
    query.subject = `Patient/${patientId}`;
  }
  const bundle = await medplum.search('ServiceRequest', query);
  // The Bundle mixes the matches and the included Tasks; tell them apart by resourceType.
  const resources = (bundle.entry ?? []).map((e) => e.resource as Resource | undefined);
  const tasks = resources.filter((r): r is WithId<Task> => r?.resourceType === 'Task');
  return resources
    .filter((r): r is WithId<ServiceRequest> => r?.resourceType === 'ServiceRequest')
    .map((serviceRequest) => {
      const ref = getReferenceString(serviceRequest);
      return { serviceRequest, task: tasks.find((t) => t.focus?.reference === ref) };
    });
}
// #endregion track

// #region ccda
/**
 * The server's C-CDA export for a patient, as a Referral Note. It covers the whole chart (problems,
 * medications, results, plan of care), not one ServiceRequest.
 */
export function referralCcdaUrl(medplum: MedplumClient, patientId: string): URL {
  const url = medplum.fhirUrl('Patient', patientId, '$ccda-export');
  url.searchParams.set('type', 'referral');
  return url;
}

export async function exportReferralCcda(medplum: MedplumClient, patientId: string): Promise<string> {
  return medplum.get<string>(referralCcdaUrl(medplum, patientId), {
    headers: { Accept: ContentType.CDA_XML },
    cache: 'no-cache',
  });
}
// #endregion ccda

// #region inbox
/**
 * The receiving practice's intake queue: referral Tasks owned by the organisation that nobody has
 * accepted or rejected yet, most urgent first, with the ServiceRequest each one is about.
 */
export async function referralInbox(
  medplum: MedplumClient,
  organizationId: string,
): Promise<{ task: WithId<Task>; serviceRequest?: WithId<ServiceRequest> }[]> {
  const bundle = await medplum.search('Task', {
    code: FULFILL_TOKEN,
    owner: `Organization/${organizationId}`,
    status: 'requested,received',
    _include: 'Task:focus',
    _sort: '-priority-order,authored-on',
  });
  const resources = (bundle.entry ?? []).map((e) => e.resource as Resource | undefined);
  const requests = resources.filter((r): r is WithId<ServiceRequest> => r?.resourceType === 'ServiceRequest');
  return resources
    .filter((r): r is WithId<Task> => r?.resourceType === 'Task')
    .map((task) => ({
      task,
      serviceRequest: requests.find((sr) => getReferenceString(sr) === task.focus?.reference),
    }));
}

/** Marks a referral as seen by the receiving practice, without deciding yet. */
export async function acknowledgeReferral(medplum: MedplumClient, task: WithId<Task>): Promise<WithId<Task>> {
  return medplum.updateResource<Task>(
    { ...task, status: 'received', businessStatus: step('under-review'), lastModified: new Date().toISOString() },
    ifMatch(task),
  );
}

/** Sends the version that was read, so two people triaging the same referral cannot both win. */
function ifMatch(task: WithId<Task>): { headers: Record<string, string> } | undefined {
  return task.meta?.versionId ? { headers: { 'If-Match': `W/"${task.meta.versionId}"` } } : undefined;
}
// #endregion inbox

// #region decide
/** Accepts the referral and makes one clinician responsible for it. */
export async function acceptReferral(
  medplum: MedplumClient,
  task: WithId<Task>,
  clinician: WithId<Practitioner>,
): Promise<WithId<Task>> {
  return medplum.updateResource<Task>(
    {
      ...task,
      status: 'accepted',
      owner: createReference(clinician),
      businessStatus: step('under-review'),
      lastModified: new Date().toISOString(),
    },
    ifMatch(task),
  );
}

/**
 * Declines the referral, saying why. The ServiceRequest is left alone: it belongs to the referring
 * clinician, who decides whether to send it somewhere else or revoke it.
 */
export async function rejectReferral(
  medplum: MedplumClient,
  task: WithId<Task>,
  reason: string,
): Promise<WithId<Task>> {
  return medplum.updateResource<Task>(
    {
      ...task,
      status: 'rejected',
      statusReason: { text: reason },
      lastModified: new Date().toISOString(),
    },
    ifMatch(task),
  );
}

/** Puts the referral on hold while the receiver waits for something from the sender. */
export async function requestMoreInformation(
  medplum: MedplumClient,
  task: WithId<Task>,
  whatIsMissing: string,
): Promise<WithId<Task>> {
  return medplum.updateResource<Task>(
    {
      ...task,
      status: 'on-hold',
      statusReason: { text: whatIsMissing },
      businessStatus: step('needs-information'),
      lastModified: new Date().toISOString(),
    },
    ifMatch(task),
  );
}
// #endregion decide

// #region schedule
/**
 * The referral's reasons an Appointment can carry: R4 `Appointment.reasonReference` takes a
 * Condition, Procedure, Observation or ImmunizationRecommendation, while a ServiceRequest's reason
 * may also be a DiagnosticReport or DocumentReference, which are left out.
 */
export function appointmentReasons(serviceRequest: ServiceRequest): Appointment['reasonReference'] {
  const allowed = ['Condition', 'Procedure', 'Observation', 'ImmunizationRecommendation'];
  const reasons = (serviceRequest.reasonReference ?? []).filter((r) =>
    allowed.includes(r.reference?.split('/')[0] ?? ''),
  ) as Appointment['reasonReference'];
  return reasons?.length ? reasons : undefined;
}

/**
 * Books the first visit for an accepted referral. The Appointment names the ServiceRequest in
 * `basedOn`, which is how both sides find the visit from the referral.
 */
export async function scheduleFirstVisit(
  medplum: MedplumClient,
  task: WithId<Task>,
  serviceRequest: WithId<ServiceRequest>,
  clinician: WithId<Practitioner>,
  start: string,
  minutes = 40,
): Promise<{ appointment: WithId<Appointment>; task: WithId<Task> }> {
  const end = new Date(new Date(start).getTime() + minutes * 60_000).toISOString();
  const appointment = await medplum.createResource<Appointment>({
    resourceType: 'Appointment',
    status: 'booked',
    basedOn: [createReference(serviceRequest)],
    reasonReference: appointmentReasons(serviceRequest),
    start,
    end,
    description: 'New patient cardiology consultation',
    participant: [
      { actor: serviceRequest.subject as Reference<Patient>, status: 'accepted' },
      { actor: createReference(clinician), status: 'accepted' },
    ],
  });
  const updated = await medplum.updateResource<Task>(
    {
      ...task,
      status: 'in-progress',
      businessStatus: step('scheduled'),
      executionPeriod: { start },
      lastModified: new Date().toISOString(),
    },
    ifMatch(task),
  );
  return { appointment, task: updated };
}
// #endregion schedule

// #region return-note
/**
 * The specialist's answer: a consult note filed against the referral. DocumentReference has no
 * `basedOn` in FHIR R4, so the link to the ServiceRequest goes in `context.related`.
 */
export async function returnConsultNote(
  medplum: MedplumClient,
  serviceRequest: WithId<ServiceRequest>,
  author: WithId<Practitioner>,
  text: string,
): Promise<DocumentReference> {
  return medplum.createDocumentReference({
    data: text,
    contentType: ContentType.TEXT,
    filename: 'consult-note.txt',
    additionalFields: {
      status: 'current',
      docStatus: 'final',
      type: { coding: [{ system: LOINC, code: '11488-4', display: 'Consult note' }] },
      subject: serviceRequest.subject as Reference<Patient>,
      author: [createReference(author)],
      date: new Date().toISOString(),
      context: { related: [createReference(serviceRequest)] },
    },
  });
}

/**
 * Everything that came back for a referral: reports (`based-on`) and documents (`related`). The
 * sender's own attachments are related to the order too, so the ones listed in `supportingInfo`
 * are left out.
 */
export async function referralResults(
  medplum: MedplumClient,
  serviceRequest: WithId<ServiceRequest>,
): Promise<{ reports: DiagnosticReport[]; documents: DocumentReference[] }> {
  const ref = getReferenceString(serviceRequest);
  const sent = new Set((serviceRequest.supportingInfo ?? []).map((r) => r.reference));
  const [reports, documents] = await Promise.all([
    medplum.searchResources('DiagnosticReport', { 'based-on': ref }),
    medplum.searchResources('DocumentReference', { related: ref }),
  ]);
  return { reports, documents: documents.filter((d) => !sent.has(getReferenceString(d))) };
}
// #endregion return-note

// #region complete
/**
 * The receiving side closes its part: the Task is completed with the consult note as its output.
 * The order itself is the referring side's; the bot below completes it.
 */
export async function completeReferralTask(
  medplum: MedplumClient,
  task: WithId<Task>,
  note: DocumentReference,
): Promise<WithId<Task>> {
  const now = new Date().toISOString();
  return medplum.updateResource<Task>(
    {
      ...task,
      status: 'completed',
      businessStatus: step('report-returned'),
      executionPeriod: { ...task.executionPeriod, end: now },
      lastModified: now,
      output: [
        {
          type: { coding: [{ system: LOINC, code: '11488-4', display: 'Consult note' }] },
          valueReference: { reference: `DocumentReference/${note.id}` },
        },
      ],
    },
    ifMatch(task),
  );
}
// #endregion complete

// #region overdue
/**
 * Referrals that are late: still open and past their due date (`due-date`, Medplum's search
 * parameter on Task.restriction.period, which these Tasks fill with an `end` only), or, for Tasks
 * without a due date, created more than `maxAgeDays` ago (`authored-on`).
 */
export async function overdueReferrals(medplum: MedplumClient, now: Date, maxAgeDays = 30): Promise<WithId<Task>[]> {
  const cutoff = new Date(now.getTime() - maxAgeDays * 86_400_000).toISOString();
  const base = { code: FULFILL_TOKEN, status: OPEN_TASK_STATUSES, _count: '100' };
  const [pastDue, old] = await Promise.all([
    medplum.searchResources('Task', { ...base, 'due-date': `lt${now.toISOString()}` }),
    medplum.searchResources('Task', { ...base, 'authored-on': `lt${cutoff}` }),
  ]);
  const byId = new Map<string, WithId<Task>>();
  for (const t of pastDue) {
    // The server indexes a Period by its start when it has one, so check the deadline itself.
    const end = t.restriction?.period?.end;
    if (end && new Date(end) < now) {
      byId.set(t.id, t);
    }
  }
  for (const t of old) {
    if (!t.restriction?.period?.end) {
      byId.set(t.id, t);
    }
  }
  return [...byId.values()];
}
// #endregion overdue

// #region subscription
/**
 * Runs a bot when a referral Task becomes completed. The search criteria match every save of a
 * completed referral Task; the FHIRPath criterion narrows that to the save that changed the status.
 */
export function referralCompletedSubscription(botId: string): Subscription {
  return {
    resourceType: 'Subscription',
    status: 'active',
    reason: 'Tell the referring clinician when a referral is completed',
    criteria: `Task?code=${FULFILL_TOKEN}&status=completed`,
    channel: { type: 'rest-hook', endpoint: `Bot/${botId}` },
    extension: [
      {
        url: 'https://medplum.com/fhir/StructureDefinition/fhir-path-criteria-expression',
        valueString: "%current.status = 'completed' and %previous.where(status = 'completed').empty()",
      },
    ],
  };
}
// #endregion subscription

// #region bot
/**
 * The bot behind that Subscription, acting for the referring side. It completes the order and
 * gives the referring clinician a Task to read the consult note, so the answer is not just filed
 * but seen by the person who asked. Every step checks first, because a delivery can repeat.
 */
export async function handler(
  medplum: MedplumClient,
  event: BotEvent<Task>,
): Promise<{ serviceRequest?: ServiceRequest; review?: Task }> {
  const referralTask = event.input;
  const note = referralTask.output?.find((o) => o.valueReference)?.valueReference;
  if (referralTask.status !== 'completed' || !note?.reference || !referralTask.focus) {
    return {};
  }

  let serviceRequest = await medplum.readReference(referralTask.focus as Reference<ServiceRequest>);
  if (serviceRequest.status === 'active' || serviceRequest.status === 'on-hold') {
    serviceRequest = await medplum.updateResource<ServiceRequest>({ ...serviceRequest, status: 'completed' });
  }

  if (!referralTask.requester) {
    return { serviceRequest };
  }
  const existing = await medplum.searchOne('Task', { focus: note.reference });
  if (existing) {
    return { serviceRequest, review: existing };
  }
  const review = await medplum.createResource<Task>({
    resourceType: 'Task',
    status: 'requested',
    intent: 'order',
    priority: referralTask.priority,
    code: { text: 'Review consult note' },
    description: 'The specialist has answered your referral. Review the consult note.',
    focus: note,
    basedOn: [referralTask.focus],
    for: referralTask.for,
    owner: referralTask.requester as Task['owner'],
    authoredOn: new Date().toISOString(),
  });
  return { serviceRequest, review };
}
// #endregion bot
