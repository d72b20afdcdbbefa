/**
 * Renders the forms, pickers and tabs examples with MockClient (server rendering), and submits the
 * task form through the onSubmit handler the example gives Form.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Medication, Task } from '@medplum/fhirtypes';
import type { AsyncAutocompleteOption } from '@medplum/react';
import { MockClient } from '@medplum/mock';
import { createElement } from 'react';
import { CareTeamPicker } from '../../../examples/ui-components/care-team-picker';
import { MedicationPicker } from '../../../examples/ui-components/medication-picker';
import { NewTaskForm } from '../../../examples/ui-components/new-task-form';
import { PatientTabs } from '../../../examples/ui-components/patient-tabs';
import { AppProviders } from '../../../examples/ui-components/providers';
import { renderAndCapture, renderToStaticMarkup } from './support/render';
import { countCalls } from './support/count-calls';
import { mockWithSearch } from './mock-with-search';
import { onServer } from '../../server/on-server';

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

test('MedicationPicker waits for 3 letters, searches Medication by code text and hands the choice to onSelect', async () => {
  const medplum = mockWithSearch();
  const amoxicillin = await medplum.createResource<Medication>({
    resourceType: 'Medication',
    code: { text: 'Amoxicillin 500 mg oral capsule' },
  });
  await medplum.createResource<Medication>({ resourceType: 'Medication', code: { text: 'Ibuprofen 200 mg tablet' } });
  const chosen: Medication[][] = [];
  // Record each search the picker sends: the resource type, the query and the request options.
  const searched: Parameters<typeof medplum.searchResources>[] = [];
  const search = medplum.searchResources.bind(medplum);
  medplum.searchResources = ((...args: Parameters<typeof search>) => {
    searched.push(args);
    return search(...args);
  }) as typeof search;
  const { html, element } = renderAndCapture<{
    minInputLength: number;
    optionsDropdownMaxHeight: number;
    toOption: (m: Medication) => AsyncAutocompleteOption<Medication>;
    loadOptions: (input: string, signal: AbortSignal) => Promise<Medication[]>;
    onChange: (medications: Medication[]) => void;
  }>(medplum, () => MedicationPicker({ onSelect: (medications) => chosen.push(medications) }));
  assert.match(html, /<label[^>]*>Medication<\/label>/);
  assert.match(html, /<input[^>]*placeholder="Type at least 3 letters"/);
  assert.equal(element.props.minInputLength, 3);
  assert.equal(element.props.optionsDropdownMaxHeight, 200);

  // What the box does once the user has typed: call loadOptions with the text and its abort signal.
  // MockClient matches :text against the whole text only (the server finds any part of it, see
  // below), so the text typed here is the whole name.
  const controller = new AbortController();
  const found = await element.props.loadOptions('Amoxicillin 500 mg oral capsule', controller.signal);
  assert.equal(searched.length, 1);
  const [resourceType, query, options] = searched[0];
  assert.equal(resourceType, 'Medication');
  assert.deepEqual(query, { 'code:text': 'Amoxicillin 500 mg oral capsule', _count: 20 });
  // The box's signal reaches the request, so a newer keystroke cancels this search.
  assert.equal(options?.signal, controller.signal);
  assert.deepEqual(
    found.map((m) => m.id),
    [amoxicillin.id],
  );
  if (onServer) {
    const partial = await element.props.loadOptions('amox', controller.signal);
    assert.deepEqual(
      partial.map((m) => m.id),
      [amoxicillin.id],
    );
  }
  assert.deepEqual(element.props.toOption(found[0]), {
    value: amoxicillin.id,
    label: 'Amoxicillin 500 mg oral capsule',
    resource: found[0],
  });
  // A Medication with no code text is listed by its id.
  assert.equal(element.props.toOption({ resourceType: 'Medication', id: 'm-9' }).label, 'm-9');

  element.props.onChange(found);
  assert.deepEqual(chosen, [found]);
});
