/**
 * FHIRcast with MedplumClient: subscribe to a topic, receive context changes over the WebSocket
 * the hub hands out, publish Patient-open / ImagingStudy-open / *-close, and read the current context.
 */
import type {
  FhircastConnection,
  FhircastConnectionOptions,
  FhircastEventName,
  MedplumClient,
  SubscriptionRequest,
} from '@medplum/core';
import type { ImagingStudy, Patient } from '@medplum/fhirtypes';

// #region subscribe
/** The events a viewer that follows the user's current patient and study needs. */
export const VIEWER_EVENTS: FhircastEventName[] = [
  'Patient-open',
  'Patient-close',
  'ImagingStudy-open',
  'ImagingStudy-close',
];

/**
 * Subscribes to a topic (usually one per user session, agreed by all the apps the user runs).
 * The hub answers with a WebSocket URL; the returned request carries it as `endpoint`.
 */
export async function subscribeViewer(medplum: MedplumClient, topic: string): Promise<SubscriptionRequest> {
  return medplum.fhircastSubscribe(topic, VIEWER_EVENTS);
}
// #endregion subscribe

// #region listen
/**
 * Opens the WebSocket and calls `onPatient` whenever another app opens or closes a patient.
 * The connection acknowledges each event for you and reconnects on its own after a drop.
 */
export function followPatient(
  medplum: MedplumClient,
  subscription: SubscriptionRequest,
  onPatient: (patient: Patient | undefined) => void,
  options?: FhircastConnectionOptions,
): FhircastConnection {
  const connection = medplum.fhircastConnect(subscription, options);
  connection.addEventListener('message', (event) => {
    const { 'hub.event': name, context } = event.payload.event;
    if (name === 'Patient-open') {
      const entry = context.find((c) => c.key === 'patient');
      onPatient(entry && 'resource' in entry ? (entry.resource as Patient) : undefined);
    } else if (name === 'Patient-close') {
      onPatient(undefined);
    }
  });
  return connection;
}
// #endregion listen

// #region publish
/** Tells every app on the topic that the user opened this patient's chart. */
export async function announcePatientOpen(medplum: MedplumClient, topic: string, patient: Patient): Promise<void> {
  await medplum.fhircastPublish(topic, 'Patient-open', { key: 'patient', resource: patient });
}

/**
 * Tells the other apps the user opened a study. The context names the study and the patient it
 * belongs to, so a viewer can check it is showing the right person.
 */
export async function announceStudyOpen(
  medplum: MedplumClient,
  topic: string,
  patient: Patient,
  study: ImagingStudy,
): Promise<void> {
  await medplum.fhircastPublish(topic, 'ImagingStudy-open', [
    { key: 'study', resource: study },
    { key: 'patient', resource: patient },
  ]);
}

/** Closes the patient context, for example when the user signs out or switches worklists. */
export async function announcePatientClose(medplum: MedplumClient, topic: string, patient: Patient): Promise<void> {
  await medplum.fhircastPublish(topic, 'Patient-close', { key: 'patient', resource: patient });
}
// #endregion publish

// #region current
/**
 * Reads the topic's current context, for an app that starts after the user already opened a
 * patient. Returns the id of the patient in context, or undefined when nothing is open.
 */
export async function currentPatientId(medplum: MedplumClient, topic: string): Promise<string | undefined> {
  const current = await medplum.fhircastGetContext(topic);
  if (current['context.type'] === '') {
    return undefined;
  }
  const entry = current.context.find((c) => c.key === 'patient');
  return entry && 'resource' in entry ? entry.resource.id : undefined;
}
// #endregion current
