/**
 * Renders the hook examples once with MockClient (server rendering: effects do not run, so this
 * checks the first render each component produces and that nothing is requested before a patient
 * is chosen).
 */
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { test } from 'node:test';
import { MockClient } from '@medplum/mock';
import type { ReactElement } from 'react';
import { createElement } from 'react';
import { ActiveMedications, DictatedNote } from '../../../examples/ui-components/hooks';
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

test('DictatedNote starts idle with a microphone button and a disabled Save', () => {
  const medplum = new MockClient();
  const html = renderToStaticMarkup(
    createElement(AppProviders, { medplum, children: createElement(DictatedNote, { onSave: () => undefined }) }),
  );
  assert.match(html, /Start dictation/);
  assert.match(html, /<span>idle<\/span>/);
  assert.match(html, /<button type="button" disabled="">Save<\/button>/);
});
