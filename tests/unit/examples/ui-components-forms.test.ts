/**
 * Renders the forms, pickers and tabs examples with MockClient (server rendering), and submits the
 * task form through the onSubmit handler the example gives Form.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Task } from '@medplum/fhirtypes';
import { MockClient } from '@medplum/mock';
import { createElement } from 'react';
import { CareTeamPicker } from '../../../examples/ui-components/care-team-picker';
import { NewTaskForm } from '../../../examples/ui-components/new-task-form';
import { PatientTabs } from '../../../examples/ui-components/patient-tabs';
import { AppProviders } from '../../../examples/ui-components/providers';
import { renderAndCapture, renderToStaticMarkup } from './support/render';
import { countCalls } from './support/count-calls';

test('NewTaskForm renders a required description field and a submit button; submitting creates the Task', async () => {
  const medplum = new MockClient();
  // Keep the <Form> the example returns, to submit it through the handler the example gives it.
  const { html, element: form } = renderAndCapture<{
    onSubmit: (formData: Record<string, string>) => Promise<void>;
  }>(medplum, NewTaskForm);
  assert.match(html, /<form>/);
  assert.match(html, /<input[^>]*required=""[^>]*name="description"/);
  assert.match(html, /<button[^>]*type="submit"[^>]*>.*Create task/);

  await form.props.onSubmit({ description: 'Call the patient back' });
  const tasks = (await medplum.searchResources('Task')).filter((t) => t.description === 'Call the patient back');
  assert.equal(tasks.length, 1);
  const task: Task = tasks[0];
  assert.equal(task.status, 'requested');
  assert.equal(task.intent, 'order');
  assert.equal(task.description, 'Call the patient back');
});

test('CareTeamPicker starts with no members selected and sends no search while rendering', () => {
  const medplum = new MockClient();
  const searches = countCalls(medplum, 'search');
  const html = renderToStaticMarkup(createElement(AppProviders, { medplum, children: createElement(CareTeamPicker) }));
  assert.match(html, /<p>0 selected<\/p>/);
  assert.equal(searches.count, 0);
});

test('PatientTabs draws three tabs linked under /Patient/{id}, the first selected', () => {
  const html = renderToStaticMarkup(
    createElement(AppProviders, {
      medplum: new MockClient(),
      children: createElement(PatientTabs, { patientId: '123' }),
    }),
  );
  assert.match(html, /role="tablist"/);
  for (const [label, value] of [
    ['Details', 'details'],
    ['Timeline', 'timeline'],
    ['History', 'history'],
  ]) {
    assert.match(html, new RegExp(`<a[^>]*href="/Patient/123/${value}">${label}</a>`));
  }
  assert.match(html, /id="[^"]*-tab-details" aria-selected="true"/);
  assert.match(html, /id="[^"]*-tab-timeline" aria-selected="false"/);
  // The panels of the tabs not chosen are in the page but hidden.
  assert.match(html, /style="display:none"[^>]*id="[^"]*-panel-timeline"/);
  assert.match(html, /style="display:none"[^>]*id="[^"]*-panel-history"/);
});
