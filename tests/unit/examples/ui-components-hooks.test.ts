/**
 * Renders the hook examples once with MockClient (server rendering: effects do not run, so this
 * checks the first render each component produces and that nothing is requested before a patient
 * is chosen), and checks the client event that `useResourceModified` listens to.
 */
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { test } from 'node:test';
import { MockClient } from '@medplum/mock';
import type { ReactElement } from 'react';
import { createElement } from 'react';
import { ActiveMedications, DictatedNote, PatientTasks } from '../../../examples/ui-components/hooks';
import { AppProviders } from '../../../examples/ui-components/providers';

const { renderToStaticMarkup } = createRequire(__filename)('react-dom/server') as {
  renderToStaticMarkup(element: ReactElement): string;
};

test('ActiveMedications asks for a patient first and sends no search', () => {
  const medplum = new MockClient();
  let searches = 0;
  const real = medplum.searchResources.bind(medplum);
  (medplum as any).searchResources = (...args: Parameters<typeof real>) => {
    searches++;
    return real(...args);
  };
  const html = renderToStaticMarkup(
    createElement(AppProviders, { medplum, children: createElement(ActiveMedications, {}) }),
  );
  assert.match(html, /Select a patient to see their medications/);
  assert.equal(searches, 0);

  const withPatient = renderToStaticMarkup(
    createElement(AppProviders, {
      medplum,
      children: createElement(ActiveMedications, { patient: { resourceType: 'Patient', id: 'p1' } }),
    }),
  );
  assert.match(withPatient, /Loading medications/);
});

test('PatientTasks shows Loading until the first result; a Task write fires the event it listens to', async () => {
  const medplum = new MockClient();
  const html = renderToStaticMarkup(
    createElement(AppProviders, { medplum, children: createElement(PatientTasks, { patientId: 'p1' }) }),
  );
  // useSearchResources starts with no result (and loading false; its effect, not run here, sets
  // loading and searches): the list waits on the result, so the first render says so.
  assert.match(html, /<p>Loading…<\/p>$/);
  assert.doesNotMatch(html, /<ul>/);

  // useResourceModified subscribes to the client's resourceModified event; a Task written through
  // the same client announces itself there, which is what remounts the list.
  const events: string[] = [];
  const listener = (event: { payload: { resourceType: string; operation: string } }): void => {
    events.push(`${event.payload.operation} ${event.payload.resourceType}`);
  };
  medplum.addEventListener('resourceModified', listener);
  try {
    await medplum.createResource({
      resourceType: 'Task',
      status: 'requested',
      intent: 'order',
      for: { reference: 'Patient/p1' },
    });
  } finally {
    medplum.removeEventListener('resourceModified', listener);
  }
  assert.deepEqual(events, ['create Task']);
});

test('DictatedNote starts idle with a microphone button and a disabled Save', () => {
  const medplum = new MockClient();
  const html = renderToStaticMarkup(
    createElement(AppProviders, { medplum, children: createElement(DictatedNote, { onSave: () => undefined }) }),
  );
  assert.match(html, /Start dictation/);
  assert.match(html, /<span>idle<\/span>/);
  assert.match(html, /<button type="button" disabled="">Save<\/button>/);
});
