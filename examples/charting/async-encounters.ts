/**
 * Asynchronous (store-and-forward) visits: the patient submits a questionnaire, an Encounter of
 * class VR (virtual) tracks the visit, a Task puts it in a clinician's queue, the clinician
 * replies with a Communication, and the Encounter is finished with the time spent.
 */
import type { MedplumClient } from '@medplum/core';
import { createReference } from '@medplum/core';
import type { Communication, Encounter, Patient, Practitioner, QuestionnaireResponse, Task } from '@medplum/fhirtypes';

const VIRTUAL = { system: 'http://terminology.hl7.org/CodeSystem/v3-ActCode', code: 'VR', display: 'virtual' };

// #region open
/**
 * Turns a submitted intake response into an async visit: an Encounter (class VR, status planned)
 * and a Task for the care team that points at the response and the Encounter.
 */
export async function openAsyncVisit(
  medplum: MedplumClient,
  patient: Patient & { id: string },
  response: QuestionnaireResponse & { id: string },
): Promise<{ encounter: Encounter; task: Task }> {
  const encounter = await medplum.createResource<Encounter>({
    resourceType: 'Encounter',
    status: 'planned',
    class: VIRTUAL,
    subject: createReference(patient),
    reasonCode: [{ text: 'Asynchronous visit request' }],
  });
  const task = await medplum.createResource<Task>({
    resourceType: 'Task',
    status: 'requested',
    intent: 'order',
    priority: 'routine',
    code: { text: 'Review asynchronous visit' },
    for: createReference(patient),
    encounter: createReference(encounter as Encounter & { id: string }),
    focus: createReference(response),
    authoredOn: new Date().toISOString(),
  });
  // Link the answers to the visit so the encounter view finds them.
  await medplum.updateResource<QuestionnaireResponse>({
    ...response,
    encounter: createReference(encounter as Encounter & { id: string }),
  });
  return { encounter, task };
}
// #endregion open

// #region review
/** The clinician picks the visit up: the Encounter starts, the Task is theirs and in progress. */
export async function startReview(
  medplum: MedplumClient,
  encounter: Encounter & { id: string },
  task: Task & { id: string },
  clinician: Practitioner & { id: string },
): Promise<{ encounter: Encounter; task: Task }> {
  const claimed = await medplum.updateResource<Task>({
    ...task,
    status: 'in-progress',
    owner: createReference(clinician),
  });
  const started = await medplum.updateResource<Encounter>({
    ...encounter,
    status: 'in-progress',
    participant: [{ individual: createReference(clinician) }],
    period: { start: new Date().toISOString() },
  });
  return { encounter: started, task: claimed };
}

/** The clinician's reply to the patient, tied to the visit by `encounter`. */
export async function replyToPatient(
  medplum: MedplumClient,
  encounter: Encounter & { id: string },
  clinician: Practitioner & { id: string },
  text: string,
): Promise<Communication> {
  return medplum.createResource<Communication>({
    resourceType: 'Communication',
    status: 'completed',
    subject: encounter.subject,
    encounter: createReference(encounter),
    sender: createReference(clinician),
    recipient: encounter.subject ? [encounter.subject] : undefined,
    sent: new Date().toISOString(),
    payload: [{ contentString: text }],
  });
}
// #endregion review

// #region finish
/**
 * Closes the visit. `length` records the clinician's cumulative minutes, which time-based billing
 * for online visits needs; the Task is completed so it leaves the queue.
 */
export async function finishAsyncVisit(
  medplum: MedplumClient,
  encounter: Encounter & { id: string },
  task: Task & { id: string },
  minutesSpent: number,
): Promise<Encounter> {
  await medplum.updateResource<Task>({ ...task, status: 'completed' });
  return medplum.updateResource<Encounter>({
    ...encounter,
    status: 'finished',
    period: { ...encounter.period, end: new Date().toISOString() },
    length: { value: minutesSpent, unit: 'min', system: 'http://unitsofmeasure.org', code: 'min' },
  });
}
// #endregion finish
