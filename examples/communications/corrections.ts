/**
 * Drafts and corrections for thread messages. A draft is a message in status `preparation` with
 * no `sent` and no recipients; sending it is an update. A sent message is corrected either by a
 * new version (the old text stays in its history) or by marking it `entered-in-error` and posting
 * a replacement that points back at it.
 */
import type { MedplumClient } from '@medplum/core';
import { createReference, getReferenceString } from '@medplum/core';
import type { Communication, Practitioner, Reference, Subscription } from '@medplum/fhirtypes';

/** Sends the version the caller read, so a change made meanwhile makes the write fail with 412. */
const ifMatch = (resource: Communication): { headers: Record<string, string> } => ({
  headers: { 'If-Match': `W/"${resource.meta?.versionId}"` },
});

// #region drafts
/** Saves a draft: no `sent`, so chat views skip it, and no recipients, so no recipient's access policy matches it. */
export async function saveDraft(
  medplum: MedplumClient,
  thread: Communication,
  author: Reference<Practitioner>,
  text: string,
): Promise<Communication> {
  return medplum.createResource<Communication>({
    resourceType: 'Communication',
    status: 'preparation',
    partOf: [createReference(thread)],
    subject: thread.subject,
    sender: author,
    payload: [{ contentString: text }],
  });
}

/** One author's drafts, most recently edited first. */
export async function myDrafts(medplum: MedplumClient, author: Reference<Practitioner>): Promise<Communication[]> {
  return medplum.searchResources(
    'Communication',
    { sender: author.reference as string, status: 'preparation', _sort: '-_lastUpdated' },
    { cache: 'no-cache' },
  );
}

/**
 * Sends a draft: the thread's current participants become the recipients, `sent` is now, and the
 * status moves to `in-progress` (sent, not yet read). Sending twice fails instead of sending twice.
 */
export async function sendDraft(medplum: MedplumClient, draftRef: Reference<Communication>): Promise<Communication> {
  const draft = await medplum.readReference(draftRef, { cache: 'no-cache' });
  if (draft.status !== 'preparation') {
    throw new Error(`${getReferenceString(draft)} is not a draft (status ${draft.status})`);
  }
  const thread = await medplum.readReference(draft.partOf?.[0] as Reference<Communication>, { cache: 'no-cache' });
  const sender = draft.sender?.reference;
  return medplum.updateResource<Communication>(
    {
      ...draft,
      status: 'in-progress',
      sent: new Date().toISOString(),
      recipient: (thread.recipient ?? []).filter((r) => r.reference !== sender),
    },
    ifMatch(draft),
  );
}
/**
 * A notification subscription that fires when a message goes out: created as `in-progress`, or
 * updated to `in-progress` from a draft. One restricted to `create` would miss sent drafts.
 */
export function onSendSubscription(botId: string): Subscription {
  return {
    resourceType: 'Subscription',
    status: 'active',
    reason: 'Notify recipients when a message is sent',
    criteria: 'Communication?part-of:missing=false',
    channel: { type: 'rest-hook', endpoint: `Bot/${botId}` },
    extension: [
      {
        url: 'https://medplum.com/fhir/StructureDefinition/fhir-path-criteria-expression',
        valueString: "%current.status = 'in-progress' and %previous.where(status = 'in-progress').empty()",
      },
    ],
  };
}
// #endregion drafts

// #region edit
/** Corrects a typo in place: a new version with the new text and a note saying it was edited. */
export async function editMessage(
  medplum: MedplumClient,
  message: Communication,
  editor: Reference<Practitioner>,
  text: string,
): Promise<Communication> {
  return medplum.updateResource<Communication>(
    {
      ...message,
      payload: [{ contentString: text }, ...(message.payload ?? []).slice(1)],
      note: [...(message.note ?? []), { authorReference: editor, time: new Date().toISOString(), text: 'Edited' }],
    },
    ifMatch(message),
  );
}

/** Every version of a message, newest first: what the text and status were after each write. */
export async function messageVersions(
  medplum: MedplumClient,
  message: Communication,
): Promise<{ versionId?: string; lastUpdated?: string; status: string; text?: string }[]> {
  const history = await medplum.readHistory('Communication', message.id as string);
  return (history.entry ?? []).flatMap((e) =>
    e.resource
      ? [
          {
            versionId: e.resource.meta?.versionId,
            lastUpdated: e.resource.meta?.lastUpdated,
            status: e.resource.status,
            text: e.resource.payload?.[0]?.contentString,
          },
        ]
      : [],
  );
}
// #endregion edit

// #region withdraw
/**
 * Withdraws a wrong message and posts the corrected one. The original stays in the thread as
 * `entered-in-error` with a note; the replacement points at it with `about`. The withdrawal goes
 * first, with If-Match, so nothing is posted if the message changed since it was read.
 */
export async function withdrawAndReplace(
  medplum: MedplumClient,
  message: Communication,
  author: Reference<Practitioner>,
  correctedText: string,
  reason: string,
): Promise<{ withdrawn: Communication; replacement: Communication }> {
  const now = new Date().toISOString();
  const withdrawn = await medplum.updateResource<Communication>(
    {
      ...message,
      status: 'entered-in-error',
      note: [...(message.note ?? []), { authorReference: author, time: now, text: `Withdrawn: ${reason}` }],
    },
    ifMatch(message),
  );
  const replacement = await medplum.createResource<Communication>({
    resourceType: 'Communication',
    status: 'in-progress',
    partOf: message.partOf,
    subject: message.subject,
    about: [createReference(withdrawn)],
    sender: author,
    recipient: message.recipient,
    sent: now,
    payload: [{ contentString: correctedText }],
  });
  return { withdrawn, replacement };
}

/** What a chat view shows: withdrawn messages flagged, and each replacement next to what it replaces. */
export function describeForDisplay(messages: Communication[]): string[] {
  const replacedBy = new Map<string, string>();
  for (const m of messages) {
    for (const about of m.about ?? []) {
      replacedBy.set(about.reference as string, m.id as string);
    }
  }
  return messages.map((m) => {
    if (m.status !== 'entered-in-error') {
      return m.payload?.[0]?.contentString ?? '';
    }
    const by = replacedBy.get(`Communication/${m.id}`);
    return by ? `[withdrawn, see ${by}]` : '[withdrawn]';
  });
}
// #endregion withdraw
