/** @jsxRuntime automatic @jsxImportSource react */
/**
 * The chat and inbox components of @medplum/react: ThreadChat for one thread, and ThreadInbox in a
 * patient portal, where the New Message dialog is locked to the signed-in patient.
 */
import { formatSearchQuery } from '@medplum/core';
import type { Communication } from '@medplum/fhirtypes';
import { ThreadChat, ThreadInbox, useMedplumNavigate, useMedplumProfile } from '@medplum/react';
import type { JSX } from 'react';

/** One thread's messages, with the paperclip button; logs the id of each message the user posts. */
export function ThreadPane({ thread }: { readonly thread: Communication }): JSX.Element {
  return (
    // #region thread-chat
    <ThreadChat thread={thread} uploadEnabled onMessageSent={(message) => console.log(message.id)} />
    // #endregion thread-chat
  );
}

/**
 * The messages page of a patient portal at /messages (/messages/ and the thread's id for an open
 * thread).
 * `query` is the page's search string without the leading "?".
 */
export function PatientMessages({
  threadId,
  query,
}: {
  readonly threadId?: string;
  readonly query: string;
}): JSX.Element {
  const profile = useMedplumProfile();
  const navigate = useMedplumNavigate();
  return (
    // #region patient-inbox
    // profile: useMedplumProfile(); query: the page's search string without the leading "?"
    // allowPatientSelection is left out on purpose: false locks the patient field
    <ThreadInbox
      threadId={threadId}
      query={query}
      subject={profile?.resourceType === 'Patient' ? profile : undefined}
      onNew={(thread) => navigate(`/messages/${thread.id}`)}
      getThreadUri={(thread) => `/messages/${thread.id}`}
      onChange={(search) => navigate(`/messages${formatSearchQuery(search)}`)}
      inProgressUri="/messages?status=in-progress"
      completedUri="/messages?status=completed"
    />
    // #endregion patient-inbox
  );
}
