/**
 * The resources the Medplum Provider reference app reads and writes, rebuilt as plain functions
 * over MedplumClient so you can reuse them outside React: the patient summary searches, visit
 * creation with a care template, signing and addenda, the draft claim, a new Task and a message
 * thread. Each function mirrors one component or helper of examples/medplum-provider.
 */
import type { MedplumClient, ProfileResource } from '@medplum/core';
import { createReference, getExtension, getReferenceString } from '@medplum/core';
import type {
  AllergyIntolerance,
  Appointment,
  ChargeItem,
  Claim,
  ClinicalImpression,
  CodeableConcept,
  Coding,
  Communication,
  Condition,
  Coverage,
  DocumentReference,
  Encounter,
  Goal,
  Immunization,
  MedicationRequest,
  MedicationStatement,
  Observation,
  Organization,
  Patient,
  PlanDefinition,
  Practitioner,
  Provenance,
  Reference,
  Schedule,
  ServiceRequest,
  Slot,
  Task,
} from '@medplum/fhirtypes';

export const CPT = 'http://www.ama-assn.org/go/cpt';
export const SERVICE_BILLING_CODE_URL = 'http://hl7.org/fhir/uv/order-catalog/StructureDefinition/ServiceBillingCode';
export const APPLICABLE_CHARGE_DEFINITION_URL =
  'http://medplum.com/fhir/StructureDefinition/applicable-charge-definition';

// #region summary
/** What the left-hand patient summary shows, loaded with the same searches its default sections run. */
export interface PatientSummaryData {
  allergies: AllergyIntolerance[];
  problems: Condition[];
  medications: MedicationRequest[];
  medicationStatements: MedicationStatement[];
  coverages: Coverage[];
  immunizations: Immunization[];
  goals: Goal[];
  vitals: Observation[];
  smokingStatus?: Observation;
  sexualOrientation?: Observation;
}

export async function loadPatientSummary(medplum: MedplumClient, patientId: string): Promise<PatientSummaryData> {
  const ref = `Patient/${patientId}`;
  // Every search asks for the newest 100 of its type; the sidebar has no paging.
  const meta = { _count: '100', _sort: '-_lastUpdated' };
  const [
    allergies,
    problems,
    medications,
    medicationStatements,
    coverages,
    immunizations,
    goals,
    vitals,
    smoking,
    orientation,
  ] = await Promise.all([
    medplum.searchResources('AllergyIntolerance', { patient: ref, ...meta }),
    medplum.searchResources('Condition', { patient: ref, ...meta }),
    medplum.searchResources('MedicationRequest', { subject: ref, ...meta }),
    medplum.searchResources('MedicationStatement', { subject: ref, ...meta }),
    medplum.searchResources('Coverage', { beneficiary: ref, ...meta }),
    medplum.searchResources('Immunization', { patient: ref, ...meta }),
    medplum.searchResources('Goal', { patient: ref, ...meta }),
    // Three Observation searches, one per section: the server matches any coding.
    medplum.searchResources('Observation', { subject: ref, category: 'vital-signs', ...meta }),
    medplum.searchResources('Observation', { subject: ref, code: '72166-2', ...meta }),
    medplum.searchResources('Observation', { subject: ref, code: '76690-7', ...meta }),
  ]);
  return {
    allergies,
    problems,
    medications,
    medicationStatements,
    coverages,
    immunizations,
    goals,
    vitals,
    // The smoking status and sexual orientation sections show the newest match.
    smokingStatus: smoking[0],
    sexualOrientation: orientation[0],
  };
}
// #endregion summary

// #region create-visit
export interface VisitInput {
  patient: Patient & { id: string };
  start: string;
  end: string;
  /** Encounter.class, a Coding from the v3 ActEncounterCode value set, e.g. AMB. */
  encounterClass: Coding;
  careTemplate: PlanDefinition & { id: string };
  /** The visit's practitioner; the forms default it to the calendar's or the signed-in practitioner. */
  practitioner?: Reference<Practitioner>;
  /** Set when the visit is created from a calendar: a busy Slot is then written on this Schedule. */
  schedule?: Schedule & { id: string };
}

/** Step 1: the booked Appointment (plus a busy Slot from the calendar), the planned Encounter and an empty chart note. */
export async function createVisitRecords(
  medplum: MedplumClient,
  input: VisitInput,
): Promise<{ appointment: Appointment; encounter: Encounter & { id: string }; note: ClinicalImpression; slot?: Slot }> {
  const practitioner = input.practitioner ?? createReference(medplum.getProfile() as Practitioner & { id: string });
  const appointment = await medplum.createResource<Appointment>({
    resourceType: 'Appointment',
    status: 'booked',
    start: input.start,
    end: input.end,
    participant: [
      { actor: createReference(input.patient), status: 'accepted' },
      { actor: practitioner, status: 'accepted' },
    ],
  });
  // The calendar path keeps the scheduling operations from offering this time again. The Slot is
  // not linked from Appointment.slot.
  const slot = input.schedule
    ? await medplum.createResource<Slot>({
        resourceType: 'Slot',
        start: input.start,
        end: input.end,
        schedule: createReference(input.schedule),
        status: 'busy',
      })
    : undefined;
  const encounter = (await medplum.createResource<Encounter>({
    resourceType: 'Encounter',
    status: 'planned',
    class: input.encounterClass,
    subject: createReference(input.patient),
    appointment: [createReference(appointment)],
    participant: [{ individual: practitioner }],
  })) as Encounter & { id: string };
  const note = await medplum.createResource<ClinicalImpression>({
    resourceType: 'ClinicalImpression',
    status: 'in-progress',
    description: 'Initial clinical impression',
    subject: createReference(input.patient),
    encounter: createReference(encounter),
    date: new Date().toISOString(),
  });
  return { appointment, encounter, note, slot };
}

/** Step 2: the server turns each template action into a Task that carries Task.encounter. */
export async function applyCareTemplate(
  medplum: MedplumClient,
  template: PlanDefinition & { id: string },
  patient: Patient,
  encounter: Encounter,
  practitioner: Reference<Practitioner> = createReference(medplum.getProfile() as Practitioner & { id: string }),
): Promise<void> {
  await medplum.post(medplum.fhirUrl('PlanDefinition', template.id, '$apply'), {
    resourceType: 'Parameters',
    parameter: [
      { name: 'subject', valueString: getReferenceString(patient) },
      { name: 'encounter', valueString: getReferenceString(encounter) },
      { name: 'practitioner', valueString: practitioner.reference as string },
    ],
  });
}

/** Step 3: planned ChargeItems, one for the template itself and one per billable ServiceRequest. */
export async function createVisitCharges(
  medplum: MedplumClient,
  template: PlanDefinition,
  patient: Patient,
  encounter: Encounter,
): Promise<ChargeItem[]> {
  const created: ChargeItem[] = [];
  const billing = getExtension(template, SERVICE_BILLING_CODE_URL)?.valueCodeableConcept;
  const chargeDef = getExtension(template, APPLICABLE_CHARGE_DEFINITION_URL)?.valueCanonical;
  if (billing?.coding?.some((c) => c.system === CPT) && chargeDef) {
    created.push(
      await medplum.createResource<ChargeItem>({
        resourceType: 'ChargeItem',
        status: 'planned',
        subject: createReference(patient),
        context: createReference(encounter),
        occurrenceDateTime: new Date().toISOString(),
        code: billing,
        extension: [{ url: SERVICE_BILLING_CODE_URL, valueCodeableConcept: billing }],
        quantity: { value: 1 },
        definitionCanonical: [chargeDef],
      }),
    );
  }
  const tasks = await medplum.searchResources('Task', { encounter: getReferenceString(encounter) });
  for (const task of tasks) {
    if (!task.focus?.reference?.startsWith('ServiceRequest/')) {
      continue;
    }
    const order = await medplum.readReference(task.focus as Reference<ServiceRequest>);
    const orderChargeDef = getExtension(order, APPLICABLE_CHARGE_DEFINITION_URL)?.valueCanonical;
    if (!orderChargeDef || !order.code?.coding?.some((c) => c.system === CPT)) {
      continue;
    }
    created.push(
      await medplum.createResource<ChargeItem>({
        resourceType: 'ChargeItem',
        status: 'planned',
        supportingInformation: [{ reference: getReferenceString(order) }],
        subject: createReference(patient),
        context: order.encounter,
        occurrenceDateTime: order.occurrenceDateTime ?? new Date().toISOString(),
        code: order.code,
        quantity: { value: 1 },
        definitionCanonical: [orderChargeDef],
      }),
    );
  }
  return created;
}

/** The whole "Create Visit" button, in the app's order. */
export async function createVisit(medplum: MedplumClient, input: VisitInput): Promise<Encounter> {
  const { encounter } = await createVisitRecords(medplum, input);
  await applyCareTemplate(medplum, input.careTemplate, input.patient, encounter, input.practitioner);
  await createVisitCharges(medplum, input.careTemplate, input.patient, encounter);
  return encounter;
}
// #endregion create-visit

// #region encounter-status
/** The Appointment status the app writes when the visit's Encounter status changes. */
export function appointmentStatusFor(encounterStatus: Encounter['status']): Appointment['status'] | undefined {
  switch (encounterStatus) {
    case 'arrived':
      return 'arrived';
    case 'in-progress':
      return 'checked-in';
    case 'finished':
      return 'fulfilled';
    case 'cancelled':
      return 'cancelled';
    default:
      return undefined; // the Appointment is saved unchanged
  }
}
// #endregion encounter-status

// #region sign
const TASK_CLOSED = new Set<Task['status']>(['completed', 'cancelled', 'failed', 'rejected', 'entered-in-error']);

/** "Just Sign" (lock = false) or "Sign & Lock Note" (lock = true). */
export async function signVisit(
  medplum: MedplumClient,
  encounter: Encounter,
  tasks: Task[],
  lock: boolean,
): Promise<Provenance> {
  const signer = createReference(medplum.getProfile() as ProfileResource) as Reference<Practitioner>;
  if (lock) {
    // Locking closes every task on the visit that is still open.
    for (const task of tasks.filter((t) => !TASK_CLOSED.has(t.status))) {
      await medplum.updateResource<Task>({ ...task, status: 'completed' });
    }
    // ...and completes the chart note, which is what marks the visit as locked on the next load.
    const note = await medplum.searchOne('ClinicalImpression', { encounter: getReferenceString(encounter) });
    if (note) {
      await medplum.updateResource<ClinicalImpression>({ ...note, status: 'completed' });
    }
  }
  const now = new Date().toISOString();
  return medplum.createResource<Provenance>({
    resourceType: 'Provenance',
    target: [createReference(encounter)],
    recorded: now,
    reason: [
      { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/v3-ActReason', code: 'SIGN', display: 'Signed' }] },
    ],
    agent: [
      {
        type: {
          coding: [{ system: 'http://terminology.hl7.org/CodeSystem/provenance-participant-type', code: 'author' }],
        },
        who: signer,
      },
    ],
    signature: [
      {
        type: [
          {
            system: 'http://terminology.hl7.org/CodeSystem/v3-DocumentCompletion',
            code: 'LA',
            display: 'legally authenticated',
          },
        ],
        when: now,
        who: signer,
      },
    ],
  });
}

/** How the chart decides, on load, whether a visit is unsigned, signed or signed and locked. */
export async function chartNoteStatus(
  medplum: MedplumClient,
  encounter: Encounter,
): Promise<'unsigned' | 'signed' | 'signedAndLocked'> {
  const provenances = await medplum.searchResources('Provenance', { target: getReferenceString(encounter) });
  const note = await medplum.searchOne('ClinicalImpression', { encounter: getReferenceString(encounter) });
  if (provenances.length === 0) {
    return 'unsigned';
  }
  return note?.status === 'completed' ? 'signedAndLocked' : 'signed';
}

/** An addendum: a plain-text DocumentReference typed LOINC 55107-7 and tied to the visit. */
export async function addAddendum(
  medplum: MedplumClient,
  encounter: Encounter,
  text: string,
): Promise<DocumentReference> {
  const author = createReference(medplum.getProfile() as ProfileResource);
  return medplum.createResource<DocumentReference>({
    resourceType: 'DocumentReference',
    status: 'current',
    type: { coding: [{ system: 'http://loinc.org', code: '55107-7', display: 'Addendum Document' }] },
    subject: encounter.subject,
    author: [author],
    context: { encounter: [createReference(encounter)] },
    date: new Date().toISOString(),
    content: [
      { attachment: { contentType: 'text/plain', data: Buffer.from(text).toString('base64'), title: 'Addendum' } },
    ],
  });
}
// #endregion sign

// #region claim
const CHARGE_ITEM_MODIFIER_URL = 'http://hl7.org/fhir/StructureDefinition/chargeitem-modifier';

function modifiersOf(charge: ChargeItem): { modifier?: CodeableConcept[] } {
  const modifier = (charge.extension ?? [])
    .filter((ext) => ext.url === CHARGE_ITEM_MODIFIER_URL && ext.valueCodeableConcept)
    .map((ext) => ext.valueCodeableConcept as CodeableConcept);
  return modifier.length > 0 ? { modifier } : {};
}

/** The draft Claim the Details & Billing tab creates once a visit has charge items. */
export function buildVisitClaim(
  patientId: string,
  encounterId: string,
  practitionerId: string,
  coverage: Reference<Coverage>,
  chargeItems: ChargeItem[],
): Claim {
  const billable = chargeItems.filter((c) => c.code?.coding?.some((coding) => coding.system === CPT));
  return {
    resourceType: 'Claim',
    status: 'draft',
    type: { coding: [{ code: 'professional' }] },
    use: 'claim',
    created: new Date().toISOString(),
    patient: { reference: `Patient/${patientId}` },
    provider: { reference: `Practitioner/${practitionerId}` },
    priority: { coding: [{ code: 'normal' }] },
    insurance: [{ sequence: 1, focal: true, coverage }],
    item: billable.map((charge, index) => ({
      sequence: index + 1,
      encounter: [{ reference: `Encounter/${encounterId}` }],
      productOrService: { coding: charge.code.coding?.filter((c) => c.system === CPT), text: charge.code.text },
      net: charge.priceOverride,
      // A charge item's modifiers (the chargeitem-modifier extension) become the line's modifiers.
      ...modifiersOf(charge),
    })),
    // The total adds up priceOverride, which ChargeItemDefinition/$apply fills in.
    total: { value: chargeItems.reduce((sum, c) => sum + (c.priceOverride?.value ?? 0), 0) },
  };
}
// #endregion claim

// #region new-task
export interface NewTaskForm {
  title: string;
  description?: string;
  status?: Task['status'];
  priority?: Task['priority'];
  dueDate?: string;
  patient?: Reference<Patient>;
  assignee?: Reference<Practitioner | Organization>;
  performerType?: CodeableConcept;
}

/** The Task the "Create New Task" dialog saves; the title becomes code.text. */
export function buildNewTask(form: NewTaskForm, requester: Reference<Practitioner> | undefined): Task {
  if (!form.title.trim()) {
    throw new Error('Task title is required');
  }
  return {
    resourceType: 'Task',
    status: form.status ?? 'draft',
    intent: 'order',
    priority: form.priority ?? 'routine',
    code: { text: form.title },
    description: form.description?.trim() || undefined,
    for: form.patient,
    authoredOn: new Date().toISOString(),
    requester,
    owner: form.assignee,
    performerType: form.performerType ? [form.performerType] : undefined,
    restriction: form.dueDate ? { period: { end: form.dueDate } } : undefined,
  };
}

/** "My Tasks": the open-task query behind the Tasks link in the app's menu. */
export function myOpenTasksQuery(profile: Reference): string {
  return `owner=${profile.reference}&status=requested,ready,received,accepted,in-progress,draft&_sort=-_lastUpdated`;
}
// #endregion new-task

// #region thread
/**
 * A new thread: the parent Communication the "New Message" dialog creates. The dialog needs at
 * least one practitioner and starts with you in the list.
 */
export async function startThread(
  medplum: MedplumClient,
  patient: Reference<Patient>,
  topic: string | undefined,
  practitioners: Reference<Practitioner>[] = [createReference(medplum.getProfile() as Practitioner & { id: string })],
): Promise<Communication> {
  if (practitioners.length === 0) {
    throw new Error('A thread needs at least one practitioner');
  }
  return medplum.createResource<Communication>({
    resourceType: 'Communication',
    status: 'in-progress',
    subject: patient,
    sender: createReference(medplum.getProfile() as ProfileResource),
    recipient: [patient, ...practitioners],
    topic: topic ? { text: topic } : undefined,
  });
}

/**
 * One message in the thread: a child Communication pointing at the parent with partOf. Like the
 * chat pane, it copies the thread's subject and then stamps the parent's `sent` with the time of
 * this latest message.
 */
export async function postToThread(
  medplum: MedplumClient,
  thread: Communication,
  text: string,
): Promise<Communication> {
  const me = createReference(medplum.getProfile() as ProfileResource);
  const message = await medplum.createResource<Communication>({
    resourceType: 'Communication',
    status: 'in-progress',
    sender: me,
    recipient: thread.recipient?.filter((r) => r.reference !== me.reference) ?? [],
    sent: new Date().toISOString(),
    payload: [{ contentString: text }],
    partOf: [createReference(thread)],
    subject: thread.subject,
  });
  if (thread.id) {
    await medplum.patchResource('Communication', thread.id, [{ op: 'add', path: '/sent', value: message.sent }]);
  }
  return message;
}

/**
 * The inbox list: parents only, each with its newest reply; threads with no reply are left out
 * (the app asks the server for that with `_has:Communication:part-of:_id:not=null`; this version
 * checks each parent's newest reply instead).
 */
export async function listThreads(
  medplum: MedplumClient,
  status: 'in-progress' | 'completed',
  extraQuery = '',
): Promise<[Communication, Communication][]> {
  const query = new URLSearchParams(extraQuery);
  query.append('status', status);
  query.append('identifier:not', 'http://medplum.com/ai-message|');
  query.append('part-of:missing', 'true');
  query.append('_sort', '-_lastUpdated');
  query.append('_count', '20');
  const parents = await medplum.searchResources('Communication', query);
  const rows: [Communication, Communication][] = [];
  for (const parent of parents) {
    const last = await medplum.searchOne('Communication', {
      'part-of': getReferenceString(parent),
      _sort: '-sent',
    });
    if (last) {
      rows.push([parent, last]);
    }
  }
  return rows;
}
// #endregion thread
