/** @jsxRuntime automatic */
/**
 * Components built on the data hooks of @medplum/react-hooks. Each region is shown on the page
 * of the hook it uses (/docs/api/react-hooks/…).
 */
// #region use-resource
import { formatHumanName } from '@medplum/core';
import type { Patient, Reference } from '@medplum/fhirtypes';
import { useResource } from '@medplum/react-hooks';
import type { JSX } from 'react';

/** Accepts a Patient or a reference to one; a reference is read (and cached) by the client. */
export function PatientName(props: { patient: Patient | Reference<Patient> }): JSX.Element {
  const patient = useResource(props.patient);
  if (!patient) {
    return <span>Loading…</span>;
  }
  return <span>{patient.name?.[0] ? formatHumanName(patient.name[0]) : patient.id}</span>;
}
// #endregion use-resource

// #region use-search
import { useSearchResources } from '@medplum/react-hooks';

/** The query is built once per render; the hook compares it by the URL it produces. */
export function recentPatientsQuery(familyName: string): Record<string, string> {
  return { family: familyName, _sort: '-_lastUpdated', _count: '20' };
}

export function RecentPatients(props: { familyName: string }): JSX.Element {
  const [patients, loading, outcome] = useSearchResources('Patient', recentPatientsQuery(props.familyName), {
    debounceMs: 300, // wait until the user stops typing
    enabled: props.familyName.length >= 2, // no request for one letter
  });
  if (outcome && outcome.issue?.[0]?.severity === 'error') {
    return <p>Search failed: {outcome.issue[0].details?.text}</p>;
  }
  if (loading || !patients) {
    return <p>{props.familyName.length >= 2 ? 'Searching…' : 'Type at least two letters'}</p>;
  }
  return (
    <ul>
      {patients.map((p) => (
        <li key={p.id}>{p.name?.[0] ? formatHumanName(p.name[0]) : p.id}</li>
      ))}
    </ul>
  );
}
// #endregion use-search

// #region use-subscription
import type { Bundle, Communication } from '@medplum/fhirtypes';
import { useState } from 'react';
import { useSubscription } from '@medplum/react-hooks';

/** The resource a notification bundle carries (the first entry is the SubscriptionStatus). */
export function notifiedResource<T>(bundle: Bundle): T | undefined {
  return bundle.entry?.[1]?.resource as T | undefined;
}

export function LatestMessage(props: { patientId: string }): JSX.Element {
  const [latest, setLatest] = useState<Communication>();
  useSubscription(`Communication?subject=Patient/${props.patientId}`, (bundle) => {
    setLatest(notifiedResource<Communication>(bundle));
  });
  return <p>{latest?.payload?.[0]?.contentString ?? 'No new messages'}</p>;
}
// #endregion use-subscription

// #region use-resource-modified
import type { Task } from '@medplum/fhirtypes';
import { useResourceModified } from '@medplum/react-hooks';

/** Counts the Tasks this client creates, updates or deletes while the component is mounted. */
export function TaskEdits(): JSX.Element {
  const [edits, setEdits] = useState<string[]>([]);
  useResourceModified('Task', (event) => {
    const task: Task | undefined = event.resource;
    setEdits((prev) => [...prev, task?.id ?? 'deleted']);
  });
  return <p>{edits.length} task change(s) in this session</p>;
}
// #endregion use-resource-modified

// #region use-notification-count
import { useNotificationCount } from '@medplum/react-hooks';

/** An unread-message badge: the count of a search, refreshed when a matching resource changes. */
export function UnreadBadge(props: { practitionerId: string }): JSX.Element {
  const count = useNotificationCount({
    resourceType: 'Communication',
    countCriteria: `recipient=Practitioner/${props.practitionerId}&status:not=completed&_summary=count`,
    subscriptionCriteria: `Communication?recipient=Practitioner/${props.practitionerId}`,
  });
  return <span aria-label="unread messages">{count}</span>;
}
// #endregion use-notification-count

// #region use-questionnaire-form
import type { Questionnaire } from '@medplum/fhirtypes';
import { useQuestionnaireForm } from '@medplum/react-hooks';

/** Lists every question (pagination is turned off); answers would go through the returned handlers. */
export function QuestionList(props: { questionnaire: Questionnaire }): JSX.Element {
  const form = useQuestionnaireForm({ questionnaire: props.questionnaire, disablePagination: true });
  if (form.loading) {
    return <p>Loading questionnaire…</p>;
  }
  return (
    <ol>
      {form.items.map((item) => (
        <li key={item.linkId}>{item.text}</li>
      ))}
    </ol>
  );
}
// #endregion use-questionnaire-form

// #region value-sets
import { useValueSetAvailability } from '@medplum/react-hooks';

/** Falls back to a free-text field when the bound value set is not loaded on this server. */
export function CodeField(props: { valueSetUrl: string }): JSX.Element {
  const available = useValueSetAvailability(props.valueSetUrl);
  if (available === undefined) {
    return <p>Checking the value set…</p>;
  }
  return available ? <p>Pick a code from {props.valueSetUrl}</p> : <input placeholder="Type a description" />;
}
// #endregion value-sets

// #region thread-inbox
import { useThreadInbox } from '@medplum/react-hooks';

/** A plain list of message threads, with the selected thread's topic. */
export function ThreadList(props: { threadId?: string }): JSX.Element {
  const { loading, error, threadMessages, selectedThread } = useThreadInbox({
    query: '_sort=-_lastUpdated',
    threadId: props.threadId,
  });
  if (error) {
    return <p>Could not load threads: {error.message}</p>;
  }
  if (loading) {
    return <p>Loading threads…</p>;
  }
  return (
    <div>
      <h3>{selectedThread?.topic?.text ?? 'No thread selected'}</h3>
      <ul>
        {threadMessages.map(([thread, lastMessage]) => (
          <li key={thread.id}>
            {thread.topic?.text ?? thread.id}: {lastMessage?.payload?.[0]?.contentString ?? ''}
          </li>
        ))}
      </ul>
    </div>
  );
}
// #endregion thread-inbox

// #region medications
import type { Medication } from '@medplum/fhirtypes';
import { useMedicationOrder } from '@medplum/react-hooks';

/** Drug search through the project's `$drug-search` operation. */
export function DrugSearch(): JSX.Element {
  const { searchMedications } = useMedicationOrder();
  const [results, setResults] = useState<Medication[]>([]);
  const [error, setError] = useState<string>();
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        const term = new FormData(e.currentTarget).get('term') as string;
        searchMedications({ term })
          .then(setResults)
          .catch((err: unknown) => setError(String(err)));
      }}
    >
      <input name="term" placeholder="Drug name" />
      {error && <p>{error}</p>}
      <ul>
        {results.map((m, i) => (
          <li key={m.id ?? i}>{m.code?.text}</li>
        ))}
      </ul>
    </form>
  );
}
// #endregion medications

// #region utilities
import { useEffect } from 'react';
import { useCachedBinaryUrl, usePrevious, useStabilizedCallback } from '@medplum/react-hooks';

/** Shows a patient photo; logs when the patient changes, without re-running on a new `onChange`. */
export function PatientPhoto(props: { patient: Patient; onChange?: (id: string | undefined) => void }): JSX.Element {
  const url = useCachedBinaryUrl(props.patient.photo?.[0]?.url);
  const previousId = usePrevious(props.patient.id);
  const onChange = useStabilizedCallback(props.onChange);
  useEffect(() => {
    if (previousId !== undefined && previousId !== props.patient.id) {
      onChange(props.patient.id);
    }
  }, [previousId, props.patient.id, onChange]);
  return url ? <img src={url} alt="" width={64} height={64} /> : <span>No photo</span>;
}
// #endregion utilities

// #region speech
import { useWhisper } from '@medplum/react-hooks';

/** Dictation: transcripts arrive while the microphone is on. */
export function Dictation(): JSX.Element {
  const { status, isListening, start, stop, transcripts, error } = useWhisper({ language: 'en' });
  return (
    <div>
      <button type="button" onClick={() => (isListening ? stop() : start())}>
        {isListening ? 'Stop' : 'Dictate'}
      </button>
      <span> {status}</span>
      {error ? <p>{String(error)}</p> : null}
      {transcripts.map((t) => (
        <p key={t.timestamp}>{t.text}</p>
      ))}
    </div>
  );
}
// #endregion speech
