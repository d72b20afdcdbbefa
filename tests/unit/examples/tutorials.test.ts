/**
 * Checks the tutorial examples: the sample data bundle loads and links correctly, and the
 * hello-world app's data helpers and first screen behave as the tutorial says.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { MantineProvider } from '@mantine/core';
import { validateResource } from '@medplum/core';
import { MedplumProvider } from '@medplum/react';
import { MockClient } from '@medplum/mock';
import React, { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import type { Bundle, Condition, Encounter, Observation, Patient, Resource } from '@medplum/fhirtypes';
import { PATIENT_LIST_QUERY, toPatientRow } from '../../../examples/tutorials/hello-world/patients';
import { loadBundleFile } from '../../../examples/tutorials/load-sample-data';
import { loadFullDefinitions, mockWithSearch } from './mock-with-search';

const bundleFile = path.join(__dirname, '../../../examples/tutorials/sample-bundle.json');

function sampleBundle(): Bundle {
  return JSON.parse(readFileSync(bundleFile, 'utf8')) as Bundle;
}

describe('tutorials/importing-sample-data', () => {
  test('every resource in the sample bundle is valid FHIR R4', () => {
    loadFullDefinitions();
    for (const entry of sampleBundle().entry ?? []) {
      // validateResource throws on errors; warnings come back as a list.
      assert.doesNotThrow(() => validateResource(entry.resource as Resource), entry.fullUrl);
    }
  });

  test('the bundle loads, links references, and a second upload creates no new patients', async () => {
    const medplum = mockWithSearch();
    const lines = await loadBundleFile(medplum, bundleFile);
    assert.equal(lines.length, 9);
    assert.ok(
      lines.every((line) => /^\w+\/[\w-]+ → 201/.test(line)),
      lines.join('\n'),
    );

    const patients = await medplum.searchResources('Patient', {
      identifier: 'https://example.org/sample-data/mrn|MRN-20461837',
    });
    assert.equal(patients.length, 1);
    const jonah = patients[0] as Patient;
    const observations = await medplum.searchResources('Observation', { subject: `Patient/${jonah.id}` });
    assert.deepEqual(observations.map((o: Observation) => o.code?.text).sort(), ['Body weight', 'Heart rate']);
    const encounter = (await medplum.searchResources('Encounter', { subject: `Patient/${jonah.id}` }))[0] as Encounter;
    const condition = (await medplum.searchResources('Condition', { subject: `Patient/${jonah.id}` }))[0] as Condition;
    assert.equal(condition.encounter?.reference, `Encounter/${encounter.id}`);
    assert.match(jonah.generalPractitioner?.[0]?.reference ?? '', /^Practitioner\//);

    const second = await loadBundleFile(medplum, bundleFile);
    // The conditional entries (organization, practitioner, two patients) find what is there.
    assert.equal(second.filter((line) => line.includes('→ 200')).length, 4);
    const again = await medplum.searchResources(
      'Patient',
      { identifier: 'https://example.org/sample-data/mrn|MRN-20461837' },
      { cache: 'no-cache' },
    );
    assert.equal(again.length, 1);
  });
});

describe('tutorials/medplum-hello-world', () => {
  test('the patient list query returns patients newest first, formatted as rows', async () => {
    const medplum = mockWithSearch();
    await medplum.createResource<Patient>({
      resourceType: 'Patient',
      name: [{ given: ['Newest'], family: 'Person' }],
      birthDate: '2000-01-01',
    });
    const patients = await medplum.searchResources('Patient', PATIENT_LIST_QUERY);
    assert.ok(patients.length >= 1 && patients.length <= 20);
    const rows = patients.map(toPatientRow);
    assert.deepEqual(rows[0], { id: patients[0].id, name: 'Newest Person', birthDate: '2000-01-01' });
  });

  test('toPatientRow fills placeholders for missing name and birth date', () => {
    assert.deepEqual(toPatientRow({ resourceType: 'Patient', id: 'x' }), {
      id: 'x',
      name: '(no name)',
      birthDate: 'unknown',
    });
  });

  /**
   * Renders the app once on the server (no effects run, so searches stay pending). The site's
   * tsconfig keeps JSX as-is for Docusaurus, so tsx compiles App.tsx with the classic
   * `React.createElement` transform, which needs `React` as a global here; a Vite app uses the
   * automatic runtime and needs nothing like this.
   */
  async function renderApp(medplum: MockClient): Promise<string> {
    (globalThis as Record<string, unknown>).React = React;
    const { App } = await import('../../../examples/tutorials/hello-world/App');
    return renderToString(
      createElement(MantineProvider, null, createElement(MedplumProvider, { medplum, children: createElement(App) })),
    );
  }

  test('App shows the sign-in form when nobody is signed in', async () => {
    const html = await renderApp(new MockClient({ profile: null }));
    assert.ok(html.includes('Sign in to Hello World'));
    assert.match(html, /type="email"/);
  });

  test('App skips the sign-in form once a profile is present', async () => {
    const html = await renderApp(new MockClient());
    assert.equal(html.includes('Sign in to Hello World'), false);
    assert.doesNotMatch(html, /type="email"/);
    assert.match(html, /mantine-Loader/);
  });
});
