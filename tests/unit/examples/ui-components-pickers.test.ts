/**
 * Renders the picker example with MockClient (server rendering: the dropdown stays closed, so the
 * option component is also rendered on its own with the props the picker gives each option).
 */
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { test } from 'node:test';
import type { Patient } from '@medplum/fhirtypes';
import { MockClient } from '@medplum/mock';
import type { ReactElement } from 'react';
import { createElement } from 'react';
import { PatientOption, PatientPicker } from '../../../examples/ui-components/pickers';
import { AppProviders } from '../../../examples/ui-components/providers';

const { renderToStaticMarkup } = createRequire(__filename)('react-dom/server') as {
  renderToStaticMarkup(element: ReactElement): string;
};

test('PatientPicker renders a closed search box named patient and sends no search', () => {
  const medplum = new MockClient();
  let searches = 0;
  const real = medplum.search.bind(medplum);
  (medplum as any).search = (...args: Parameters<typeof real>) => {
    searches++;
    return real(...args);
  };
  const selected: (Patient | undefined)[] = [];
  const html = renderToStaticMarkup(
    createElement(AppProviders, {
      medplum,
      children: createElement(PatientPicker, { onSelect: (p: Patient | undefined) => selected.push(p) }),
    }),
  );
  assert.match(html, /<input[^>]*name="patient"/);
  assert.equal(searches, 0);
  assert.deepEqual(selected, []);
});

test('PatientOption shows the display name and the MRN from the example.org system only', () => {
  const patient: Patient = {
    resourceType: 'Patient',
    id: 'p1',
    name: [{ given: ['Ana'], family: 'Lopez' }],
    identifier: [
      { system: 'http://example.org/other', value: 'X-9' },
      { system: 'http://example.org/mrn', value: 'MRN-1001' },
    ],
  };
  const html = renderToStaticMarkup(
    createElement(PatientOption, { label: 'Ana Lopez', value: 'Patient/p1', resource: patient, active: false }),
  );
  assert.equal(html, '<div><div>Ana Lopez</div><small>MRN MRN-1001</small></div>');

  const noMrn = renderToStaticMarkup(
    createElement(PatientOption, {
      label: 'Ana Lopez',
      value: 'Patient/p1',
      resource: { ...patient, identifier: [{ system: 'http://example.org/other', value: 'X-9' }] },
    }),
  );
  assert.equal(noMrn, '<div><div>Ana Lopez</div></div>');
});
