/**
 * Patient-provider messaging with Communication resources: a thread is one parent Communication,
 * each message is a child Communication whose `partOf` points at the thread. This is the shape
 * that the ThreadInbox and ThreadChat components of @medplum/react read and write.
 */
import type { MedplumClient } from '@medplum/core';
import { createReference, getReferenceString } from '@medplum/core';
import type { Communication, Patient, Practitioner, Reference } from '@medplum/fhirtypes';

// #region start-thread
/**
 * Opens a conversation about one patient. The thread carries the title (`topic`), the patient the
 * conversation is about (`subject`) and everyone taking part (`recipient`). It has no payload of
 * its own: the messages are separate resources.
 */
export async function startThread(
  medplum: MedplumClient,
  patient: Patient,
  practitioner: Practitioner,
  title: string,
): Promise<Communication> {
  return medplum.createResource<Communication>({
    resourceType: 'Communication',
    status: 'in-progress',
    topic: { text: title },
    subject: createReference(patient),
    sender: createReference(practitioner),
    recipient: [createReference(patient), createReference(practitioner)],
  });
}
// #endregion start-thread

// #region send-message
/**
 * Adds one message to a thread. Recipients are the thread's participants minus the sender, and the
 * message stays `in-progress` until a recipient has read it.
 */
export async function sendMessage(
  medplum: MedplumClient,
  thread: Communication,
  sender: Reference<Patient | Practitioner>,
  text: string,
): Promise<Communication> {
  const senderRef = getReferenceString(sender);
  return medplum.createResource<Communication>({
    resourceType: 'Communication',
    status: 'in-progress',
    partOf: [createReference(thread)],
    subject: thread.subject,
    sender,
    recipient: (thread.recipient ?? []).filter((r) => getReferenceString(r) !== senderRef),
    sent: new Date().toISOString(),
    payload: [{ contentString: text }],
  });
}
// #endregion send-message

// #region read-thread
/** Lists a thread's messages, oldest first, as a chat view shows them. */
export async function listMessages(medplum: MedplumClient, thread: Communication): Promise<Communication[]> {
  return medplum.searchResources('Communication', {
    'part-of': getReferenceString(thread),
    _sort: 'sent',
    _count: '100',
  });
}

/**
 * Marks a message as read by its recipient: `received` records when, and `completed` takes it out
 * of the unread count. A patch changes only those two fields, so it cannot overwrite an edit to
 * the payload made at the same time.
 */
export async function markRead(medplum: MedplumClient, message: Communication): Promise<Communication> {
  if (message.status === 'completed') {
    return message;
  }
  return medplum.patchResource('Communication', message.id as string, [
    { op: 'add', path: '/received', value: new Date().toISOString() },
    { op: 'replace', path: '/status', value: 'completed' },
  ]);
}

/** Unread messages addressed to one person, across all threads. */
export async function unreadFor(medplum: MedplumClient, person: Patient | Practitioner): Promise<Communication[]> {
  const messages = await medplum.searchResources(
    'Communication',
    { recipient: getReferenceString(person), status: 'in-progress', _count: '100' },
    { cache: 'no-cache' },
  );
  // Threads are in-progress too while they are open; only messages have a partOf.
  return messages.filter((m) => m.partOf?.length);
}
// #endregion read-thread

// #region close-thread
/** Closes a conversation. ThreadInbox lists it under "Completed" from then on. */
export async function closeThread(medplum: MedplumClient, thread: Communication): Promise<Communication> {
  return medplum.updateResource({ ...thread, status: 'completed' });
}
// #endregion close-thread
