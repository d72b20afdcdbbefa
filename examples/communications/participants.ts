/**
 * Thread participants. The thread (the parent Communication) lists everyone taking part in
 * `recipient`; each message names its own `sender` and copies the thread's other participants
 * into its `recipient` when it is sent. A patient portal's AccessPolicy then grants each patient
 * the threads and messages they take part in, and nothing else.
 */
import type { MedplumClient } from '@medplum/core';
import { createReference, getReferenceString } from '@medplum/core';
import type { AccessPolicy, Communication, Patient, Practitioner, Reference, RelatedPerson } from '@medplum/fhirtypes';

export type Participant = Reference<Patient | Practitioner | RelatedPerson>;

// #region add-remove
/** Adds someone to a thread. The patch appends to the list as stored, not to a copy read earlier. */
export async function addParticipant(
  medplum: MedplumClient,
  threadRef: Reference<Communication>,
  who: Participant,
): Promise<Communication> {
  const thread = await medplum.readReference(threadRef, { cache: 'no-cache' });
  if (thread.recipient?.some((r) => r.reference === who.reference)) {
    return thread;
  }
  return medplum.patchResource('Communication', thread.id as string, [
    { op: 'add', path: '/recipient/-', value: { reference: who.reference, display: who.display } },
  ]);
}

/**
 * Removes someone from a thread. The `test` operation makes the server refuse the patch (400) if
 * the list changed since it was read and that position now holds someone else.
 */
export async function removeParticipant(
  medplum: MedplumClient,
  threadRef: Reference<Communication>,
  who: Participant,
): Promise<Communication> {
  const thread = await medplum.readReference(threadRef, { cache: 'no-cache' });
  const index = thread.recipient?.findIndex((r) => r.reference === who.reference) ?? -1;
  if (index < 0) {
    return thread;
  }
  return medplum.patchResource('Communication', thread.id as string, [
    { op: 'test', path: `/recipient/${index}/reference`, value: who.reference },
    { op: 'remove', path: `/recipient/${index}` },
  ]);
}
// #endregion add-remove

// #region post
/**
 * Posts a message addressed to the thread's participants as they are now (read fresh, so someone
 * added a minute ago receives it and someone removed does not), minus the sender.
 */
export async function postMessage(
  medplum: MedplumClient,
  threadRef: Reference<Communication>,
  sender: Participant,
  text: string,
): Promise<Communication> {
  const thread = await medplum.readReference(threadRef, { cache: 'no-cache' });
  return medplum.createResource<Communication>({
    resourceType: 'Communication',
    status: 'in-progress',
    partOf: [createReference(thread)],
    subject: thread.subject,
    sender,
    recipient: (thread.recipient ?? []).filter((r) => r.reference !== sender.reference),
    sent: new Date().toISOString(),
    payload: [{ contentString: text }],
  });
}
// #endregion post

// #region portal-policy
/**
 * The portal policy. `%profile` becomes the signed-in person's reference (such as Patient/63c15ab4-ccf5-468f-b7ad-06d24580faac) and
 * `%patient.id` the id of the patient they act for, when the server builds each request's policy.
 */
export const portalPolicy: AccessPolicy = {
  resourceType: 'AccessPolicy',
  name: 'patient-portal-messaging',
  resource: [
    { resourceType: 'Patient', criteria: 'Patient?_id=%patient.id', interaction: ['read'] },
    { resourceType: 'Practitioner', interaction: ['read', 'search'] },
    {
      // What they wrote: they may post, and only as themselves.
      resourceType: 'Communication',
      criteria: 'Communication?sender=%profile',
      interaction: ['create', 'read', 'search'],
      hiddenFields: ['note'],
    },
    {
      // Threads they take part in and messages sent to them, never drafts. They may mark a
      // message read (status, received); every other element of the message is read-only.
      resourceType: 'Communication',
      criteria: 'Communication?recipient=%profile&status:not=preparation',
      interaction: ['read', 'search', 'update'],
      hiddenFields: ['note'],
      readonlyFields: [
        'implicitRules',
        'language',
        'text',
        'contained',
        'extension',
        'modifierExtension',
        'identifier',
        'instantiatesCanonical',
        'instantiatesUri',
        'basedOn',
        'partOf',
        'inResponseTo',
        'statusReason',
        'category',
        'priority',
        'medium',
        'subject',
        'topic',
        'about',
        'encounter',
        'sent',
        'recipient',
        'sender',
        'reasonCode',
        'reasonReference',
        'payload',
      ],
      writeConstraint: [
        {
          language: 'text/fhirpath',
          expression: "%after.partOf.exists() and (%after.status = 'in-progress' or %after.status = 'completed')",
        },
      ],
    },
  ],
};

/** Saves the policy once; running it again returns the stored one. */
export async function savePortalPolicy(medplum: MedplumClient): Promise<AccessPolicy> {
  return medplum.createResourceIfNoneExist(portalPolicy, `name=${portalPolicy.name}`);
}
// #endregion portal-policy

// #region patient-view
/** The portal's inbox: the signed-in patient's threads with their unread counts, newest first. */
export async function myInbox(
  medplum: MedplumClient,
  me: Participant,
): Promise<{ thread: Communication; unread: number }[]> {
  const threads = await medplum.searchResources(
    'Communication',
    { recipient: me.reference as string, 'part-of:missing': 'true', _sort: '-_lastUpdated' },
    { cache: 'no-cache' },
  );
  const unread = await medplum.searchResources(
    'Communication',
    { recipient: me.reference as string, 'part-of:missing': 'false', status: 'in-progress', _count: '1000' },
    { cache: 'no-cache' },
  );
  return threads.map((thread) => ({
    thread,
    unread: unread.filter((m) => m.partOf?.[0]?.reference === getReferenceString(thread)).length,
  }));
}
// #endregion patient-view
