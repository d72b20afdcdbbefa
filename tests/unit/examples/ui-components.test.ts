import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createRequire } from 'node:module';
import { MockClient } from '@medplum/mock';
import type { ReactElement } from 'react';
import { createElement } from 'react';
import { PatientHeader } from '../../../examples/ui-components/patient-header';
import { AppProviders } from '../../../examples/ui-components/providers';

// @types/react-dom is not installed in this site, so load the server renderer untyped.
const { renderToStaticMarkup } = createRequire(__filename)('react-dom/server') as {
  renderToStaticMarkup(element: ReactElement): string;
};

test('PatientHeader renders the patient and the signed-in profile inside AppProviders', () => {
  // MockClient signs in as its sample practitioner, Dr. Alice Smith.
  const medplum = new MockClient();
  const html = renderToStaticMarkup(
    createElement(AppProviders, {
      medplum,
      children: createElement(PatientHeader, {
        patient: { resourceType: 'Patient', name: [{ given: ['Ada'], family: 'Lovelace' }], birthDate: '1815-12-10' },
      }),
    }),
  );
  assert.match(html, /Ada Lovelace/);
  assert.match(html, /Born 1815-12-10/);
  assert.match(html, /Signed in as [^<]*Alice Smith/);
});

test('PatientHeader without a signed-in user says so', () => {
  const medplum = new MockClient({ profile: null });
  const html = renderToStaticMarkup(
    createElement(AppProviders, {
      medplum,
      children: createElement(PatientHeader, { patient: { resourceType: 'Patient' } }),
    }),
  );
  assert.match(html, /Born unknown/);
  assert.match(html, /Signed in as nobody/);
});

test('a named import of one component bundles far less than the whole package', async () => {
  const { measureAll } = await import('../../../lib/measure-tree-shaking');
  const [one, everything] = await measureAll();
  assert.match(one.entry, /one component/);
  assert.match(everything.entry, /everything/);
  const own = (m: typeof one): number => m.byPackage.find(([pkg]) => pkg === '@medplum/react')?.[1] ?? 0;
  assert.ok(own(one) > 0, 'the single component is in the bundle');
  assert.ok(own(one) * 3 < own(everything), '@medplum/react code shrinks to under a third');
  assert.ok(one.gzipBytes * 2 < everything.gzipBytes, 'the gzipped bundle shrinks to under half');
});
