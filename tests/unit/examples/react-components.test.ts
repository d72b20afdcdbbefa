/**
 * Runs the provider setup shown on /docs/api/react-components: it renders on the server with a
 * MockClient, and components below the providers see the client's signed-in profile.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { MockClient } from '@medplum/mock';
import { formatHumanName } from '@medplum/core';
import { AppProviders, Greeting, createMedplumClient } from '../../../examples/react-components/providers';

test('components below AppProviders see the signed-in profile', () => {
  const medplum = new MockClient();
  const profile = medplum.getProfile();
  assert.ok(profile?.name?.[0], 'the mock client has a signed-in profile with a name');
  const html = renderToString(createElement(AppProviders, { medplum, children: createElement(Greeting) }));
  assert.match(html, new RegExp(`Signed in as ${formatHumanName(profile.name[0])}`));
});

test('without a profile the greeting says so', () => {
  const medplum = new MockClient({ profile: null });
  const html = renderToString(createElement(AppProviders, { medplum, children: createElement(Greeting) }));
  assert.match(html, /Not signed in/);
});

test('createMedplumClient points the client at the given server', () => {
  const medplum = createMedplumClient('https://fhir.example.org/');
  assert.equal(medplum.getBaseUrl(), 'https://fhir.example.org/');
  assert.equal(medplum.fhirUrl('Patient').toString(), 'https://fhir.example.org/fhir/R4/Patient');
});
