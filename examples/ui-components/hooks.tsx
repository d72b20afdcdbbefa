/** @jsxRuntime automatic @jsxImportSource react */
/**
 * Hooks from @medplum/react-hooks (also exported by @medplum/react): a search that waits until
 * it has what it needs (`enabled`), a search shown again after this client writes its resource
 * type (`useResourceModified`), and dictation into a text box (`useWhisper`).
 */
import type { Patient } from '@medplum/fhirtypes';
import { getReferenceString } from '@medplum/core';
import { useResourceModified, useSearchResources, useWhisper } from '@medplum/react';
import type { JSX } from 'react';
import { useState } from 'react';

// #region search-enabled
/**
 * Active medications of the selected patient. Until a patient is chosen the hook does not search
 * at all (`enabled: false`), instead of sending a search without a subject that would return
 * every patient's medications.
 */
export function ActiveMedications({ patient }: { readonly patient?: Patient & { id: string } }): JSX.Element {
  const [medications, loading, outcome] = useSearchResources(
    'MedicationRequest',
    { subject: patient ? getReferenceString(patient) : '', status: 'active', _count: '50' },
    { enabled: !!patient, debounceMs: 0 },
  );
  if (!patient) {
    return <p>Select a patient to see their medications.</p>;
  }
  if (loading || !medications) {
    return <p>Loading medications…</p>;
  }
  if (outcome?.issue?.[0]?.severity === 'error') {
    return <p role="alert">Could not load medications.</p>;
  }
  return (
    <ul>
      {medications.map((m) => (
        <li key={m.id}>{m.medicationCodeableConcept?.text ?? m.medicationCodeableConcept?.coding?.[0]?.display}</li>
      ))}
    </ul>
  );
}
// #endregion search-enabled

// #region refresh-after-write
function TaskList({ patientId }: { readonly patientId: string }): JSX.Element {
  // No result yet: the hook's `loading` is still false on the first render, before its search starts.
  const [tasks] = useSearchResources('Task', { patient: `Patient/${patientId}`, _sort: '-_lastUpdated' });
  if (!tasks) {
    return <p>Loading…</p>;
  }
  return (
    <ul>
      {tasks?.map((task) => (
        <li key={task.id}>{task.description ?? task.id}</li>
      ))}
    </ul>
  );
}

export function PatientTasks({ patientId }: { readonly patientId: string }): JSX.Element {
  const [version, setVersion] = useState(0);
  // Any Task written through this MedplumClient remounts the list, which searches again.
  useResourceModified('Task', () => setVersion((v) => v + 1));
  return <TaskList key={version} patientId={patientId} />;
}
// #endregion refresh-after-write

// #region dictation
/**
 * A note box with a microphone button. Each finished phrase is appended to the text. Needs the
 * project's `ai-realtime` feature and its OPENAI_API_KEY secret on the server.
 */
export function DictatedNote({ onSave }: { readonly onSave: (text: string) => void }): JSX.Element {
  const [text, setText] = useState('');
  const { start, stop, status, error } = useWhisper({
    language: 'en',
    onTranscript: (phrase) => setText((prev) => (prev ? `${prev} ${phrase.trim()}` : phrase.trim())),
  });
  const listening = status === 'listening' || status === 'speech_started' || status === 'speech_stopped';
  return (
    <div>
      <textarea aria-label="Note" value={text} onChange={(e) => setText(e.currentTarget.value)} />
      <button type="button" onClick={() => (listening ? stop() : start().catch(console.error))}>
        {listening ? 'Stop dictation' : 'Start dictation'}
      </button>
      <span>{status}</span>
      {error ? <p role="alert">Dictation failed</p> : null}
      <button type="button" onClick={() => onSave(text)} disabled={!text}>
        Save
      </button>
    </div>
  );
}
// #endregion dictation
