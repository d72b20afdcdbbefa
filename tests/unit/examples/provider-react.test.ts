/**
 * The Provider app pages' React and start-up examples: the chart sidebar built on PatientSummary
 * (server rendering with MockClient) and the MedplumClient options of src/main.tsx.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { CarePlan, Patient } from '@medplum/fhirtypes';
import { MockClient } from '@medplum/mock';
import { createElement } from 'react';
import { createProviderClient } from '../../../examples/provider/app-client';
import { ActiveCarePlans, ChartSidebar, sections } from '../../../examples/provider/chart-sidebar';
import { AppProviders } from '../../../examples/ui-components/providers';
import { renderToStaticMarkup } from './support/render';

test('the chart sidebar keeps three default sections, problems first, and adds active care plans', () => {
  assert.deepEqual(
    sections.map((s) => s.key),
    ['problemList', 'demographics', 'allergies', 'carePlans'],
  );
  const carePlans = sections[3];
  assert.deepEqual(carePlans.searches, [
    { key: 'carePlans', resourceType: 'CarePlan', patientParam: 'subject', query: { status: 'active' } },
  ]);
  assert.equal(carePlans.component, ActiveCarePlans);
});

test('ActiveCarePlans lists the plans found, with a fallback title', () => {
  const patient: Patient = { resourceType: 'Patient', id: 'p1', name: [{ given: ['Ada'], family: 'Lovelace' }] };
  const plans: CarePlan[] = [
    {
      resourceType: 'CarePlan',
      id: 'cp1',
      status: 'active',
      intent: 'plan',
      subject: { reference: 'Patient/p1' },
      title: 'Diabetes management',
    },
    { resourceType: 'CarePlan', id: 'cp2', status: 'active', intent: 'plan', subject: { reference: 'Patient/p1' } },
  ];
  const html = renderToStaticMarkup(createElement(ActiveCarePlans, { patient, results: { carePlans: plans } }));
  assert.match(html, /<h4>Care Plans<\/h4>/);
  assert.match(html, /<li>Diabetes management<\/li><li>Untitled care plan<\/li>/);
});

test('ChartSidebar renders PatientSummary for the patient inside the providers', () => {
  const patient: Patient = {
    resourceType: 'Patient',
    id: 'p1',
    name: [{ given: ['Ada'], family: 'Lovelace' }],
    birthDate: '1815-12-10',
  };
  const html = renderToStaticMarkup(
    createElement(AppProviders, { medplum: new MockClient(), children: createElement(ChartSidebar, { patient }) }),
  );
  assert.match(html, /Ada Lovelace/);
});

test('createProviderClient takes the base URL from sessionStorage, then the Vite variable, and sends the client id', async () => {
  const saved = Object.getOwnPropertyDescriptor(globalThis, 'sessionStorage');
  const savedFetch = globalThis.fetch;
  const stored = new Map<string, string>();
  Object.defineProperty(globalThis, 'sessionStorage', {
    configurable: true,
    value: { getItem: (key: string) => stored.get(key) ?? null },
  });
  const bodies: { url: string; body: Record<string, unknown> }[] = [];
  globalThis.fetch = (async (url: string, init?: RequestInit) => {
    bodies.push({ url, body: JSON.parse(String(init?.body)) });
    return new Response(JSON.stringify({ login: 'c2d3e4f5-a6b7-4c8d-9e0f-1a2b3c4d5e6f', code: 'x' }), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  }) as typeof fetch;
  try {
    const env = {
      VITE_MEDPLUM_BASE_URL: 'https://api.clinic.example.org/',
      VITE_MEDPLUM_CLIENT_ID: '5f8a1c2e-3b4d-4e6f-8a9b-0c1d2e3f4a5b',
    };
    assert.equal(createProviderClient(env).getBaseUrl(), 'https://api.clinic.example.org/');
    assert.equal(createProviderClient({}).getBaseUrl(), 'https://api.medplum.com/');

    stored.set('medplum_base_url', 'http://localhost:8103/');
    const medplum = createProviderClient(env);
    assert.equal(medplum.getBaseUrl(), 'http://localhost:8103/');
    await medplum.startLogin({
      email: 'alice@clinic.example.org',
      password: 'correct horse battery',
      codeChallenge: 'xqsu1yv0M6SbrSNw9jWJWzV4PIh2hNKWvB-QnXL5sAo',
      codeChallengeMethod: 'S256',
    });
    assert.equal(bodies.length, 1);
    assert.equal(bodies[0].url, 'http://localhost:8103/auth/login');
    assert.equal(bodies[0].body.clientId, '5f8a1c2e-3b4d-4e6f-8a9b-0c1d2e3f4a5b');
  } finally {
    globalThis.fetch = savedFetch;
    if (saved) {
      Object.defineProperty(globalThis, 'sessionStorage', saved);
    } else {
      delete (globalThis as { sessionStorage?: unknown }).sessionStorage;
    }
  }
});
