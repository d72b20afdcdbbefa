/**
 * Renders the SearchControl example with MockClient (server rendering: the control sends its
 * search from an effect, so the table has its headers and no rows), passes a new search back
 * through the example's onChange, and calls the row handlers the example gives the control, as a
 * click and a middle click on a row would.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { SearchRequest } from '@medplum/core';
import type { Patient } from '@medplum/fhirtypes';
import { MockClient } from '@medplum/mock';
import { SearchChangeEvent, SearchClickEvent } from '@medplum/react';
import { PatientList } from '../../../examples/ui-components/patient-list';
import { renderAndCapture } from './support/render';
import { mockWithSearch } from './mock-with-search';

interface SearchControlHandlers {
  search: SearchRequest;
  onChange: (e: SearchChangeEvent) => void;
  onClick: (e: SearchClickEvent) => void;
  onAuxClick: (e: SearchClickEvent) => void;
}

/** The column headers of the rendered table. */
function columnHeaders(html: string): string[] {
  return [...html.matchAll(/<th[^>]*><button[^>]*>.*?<p[^>]*>([^<]+)<\/p>/g)].map((m) => m[1]);
}

test('PatientList starts with 20 patients by name, birth date and last update', () => {
  // The control draws its table once the Patient definition is loaded (else a loader), so load
  // the definitions first for the same markup whichever tests ran before.
  const { html, element } = renderAndCapture<SearchControlHandlers>(mockWithSearch(), PatientList);
  assert.deepEqual(element.props.search, {
    resourceType: 'Patient',
    fields: ['name', 'birthdate', '_lastUpdated'],
    count: 20,
  });
  assert.deepEqual(columnHeaders(html), ['Name', 'Birthdate', 'Last Updated']);
});

test('PatientList keeps the search onChange hands it, so the table follows the new fields and page', () => {
  const next: SearchRequest = { resourceType: 'Patient', fields: ['name', 'gender'], count: 20, offset: 20 };
  let changed = false;
  const { html, element } = renderAndCapture<SearchControlHandlers>(mockWithSearch(), () => {
    const list = PatientList();
    if (!changed) {
      changed = true;
      // As the control would after "Fields..." and the next page. Called while the component
      // renders, setSearch makes React render it again with the new state (server rendering
      // draws no later update), so the markup and props below come from that second render.
      (list.props as SearchControlHandlers).onChange(new SearchChangeEvent(next));
    }
    return list;
  });
  assert.deepEqual(element.props.search, next);
  assert.deepEqual(columnHeaders(html), ['Name', 'Gender']);
});

test('PatientList opens a clicked row through the app navigate, and a middle-clicked row in a new tab', () => {
  const navigated: string[] = [];
  const { element } = renderAndCapture<SearchControlHandlers>(new MockClient(), PatientList, (path) =>
    navigated.push(path),
  );
  const patient: Patient = { resourceType: 'Patient', id: 'p1', name: [{ given: ['Ana'], family: 'Lopez' }] };
  // The row's mouse event; the example's handlers read only the resource.
  const click = (): SearchClickEvent =>
    new SearchClickEvent(patient, {} as ConstructorParameters<typeof SearchClickEvent>[1]);

  element.props.onClick(click());
  assert.deepEqual(navigated, ['/Patient/p1']);

  // There is no browser here: stand in for window.open, and put back what was there.
  const opened: [string | URL | undefined, string | undefined][] = [];
  const hadWindow = 'window' in globalThis;
  const saved = (globalThis as { window?: unknown }).window;
  (globalThis as { window?: unknown }).window = {
    open: (url?: string | URL, target?: string) => {
      opened.push([url, target]);
      return null;
    },
  };
  try {
    element.props.onAuxClick(click());
  } finally {
    if (hadWindow) {
      (globalThis as { window?: unknown }).window = saved;
    } else {
      delete (globalThis as { window?: unknown }).window;
    }
  }
  assert.deepEqual(opened, [['/Patient/p1', '_blank']]);
  assert.deepEqual(navigated, ['/Patient/p1']);
});
