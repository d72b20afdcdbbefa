import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { test } from 'node:test';
import { MockClient } from '@medplum/mock';
import type { ReactElement } from 'react';
import { createElement } from 'react';
import { PatientBanner, Shell, theme } from '../../../examples/ui-components/mantine-shell';

// @types/react-dom is not installed in this site, so load the server renderer untyped.
const { renderToStaticMarkup } = createRequire(__filename)('react-dom/server') as {
  renderToStaticMarkup(element: ReactElement): string;
};

const ADA = {
  resourceType: 'Patient' as const,
  name: [{ given: ['Ada'], family: 'Lovelace' }],
  birthDate: '1815-12-10',
};

function render(): string {
  return renderToStaticMarkup(
    createElement(Shell, {
      medplum: new MockClient(),
      children: createElement(PatientBanner, { patient: ADA, onOpen: () => undefined }),
    }),
  );
}

test('the theme sets the primary colour and turns the 8.x Switch thumb indicator off', () => {
  assert.equal(theme.primaryColor, 'teal');
  assert.deepEqual(theme.components?.Switch?.defaultProps, { withThumbIndicator: false });
  const html = render();
  // MantineProvider writes the theme as CSS variables.
  assert.match(html, /--mantine-primary-color-filled:\s*var\(--mantine-color-teal-filled\)/);
  // The Switch rendered without the thumb indicator Mantine 8 adds by default.
  assert.match(html, /Follow in viewer/);
  assert.doesNotMatch(html, /data-with-thumb-indicator/);
});

test('a Medplum component renders inside the shell with Mantine 8 props', () => {
  const html = render();
  assert.match(html, /Ada Lovelace/);
  assert.match(html, /1815-12-10/);
  assert.match(html, /Open chart/);
  // leftSection is rendered in its own section element.
  assert.match(html, /data-position="left"/);
});

test('without the theme override the Switch gets the 8.x indicator', () => {
  const { MantineProvider, Switch } = createRequire(__filename)('@mantine/core') as typeof import('@mantine/core');
  const html = renderToStaticMarkup(
    createElement(MantineProvider, null, createElement(Switch, { label: 'x', defaultChecked: true })),
  );
  assert.match(html, /data-with-thumb-indicator/);
});
