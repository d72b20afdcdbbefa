/**
 * Tests the non-React parts of the useSubscription / MedplumProvider pages (client events,
 * notification bundles) and renders the React examples once with MockClient.
 */
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { test } from 'node:test';
import { MedplumClient, validateResource } from '@medplum/core';
import type { Bundle, Resource } from '@medplum/fhirtypes';
import { MockClient } from '@medplum/mock';
import type { ReactElement } from 'react';
import { createElement } from 'react';
import { loadFullDefinitions } from './mock-with-search';
import { LiveInbox, SessionGate } from '../../../examples/ui-components/live-data';
import { AppProviders } from '../../../examples/ui-components/providers';
import {
  createAppClient,
  SESSION_EVENTS,
  sessionState,
  summarizeNotification,
  watchOffline,
  watchSession,
} from '../../../examples/ui-components/session-events';

const { renderToStaticMarkup } = createRequire(__filename)('react-dom/server') as {
  renderToStaticMarkup(element: ReactElement): string;
};

test('watchSession reports state on each session event and stops after cleanup', () => {
  const medplum = new MockClient();
  const seen: boolean[] = [];
  const stop = watchSession(medplum, (state) => seen.push(state.loading));
  medplum.clearActiveLogin(); // dispatches 'change'
  medplum.dispatchEvent({ type: 'profileRefreshed' });
  assert.deepEqual(seen, [false, false]);
  stop();
  medplum.dispatchEvent({ type: 'change' });
  assert.equal(seen.length, 2);
  assert.deepEqual([...SESSION_EVENTS].sort(), [
    'change',
    'profileRefreshed',
    'profileRefreshing',
    'storageInitFailed',
    'storageInitialized',
  ]);
});

test('sessionState reads loading and profile from the client', () => {
  assert.equal(sessionState(new MockClient()).profile?.resourceType, 'Practitioner');
  assert.equal(sessionState(new MockClient({ profile: null })).profile, undefined);
});

test('watchOffline fires when a request fails with a network error', async () => {
  const medplum = new MedplumClient({
    baseUrl: 'https://fhir.example.org/',
    maxRetries: 0,
    fetch: async () => {
      throw new TypeError('Failed to fetch');
    },
  });
  let offline = 0;
  const stop = watchOffline(medplum, () => offline++);
  await assert.rejects(() => medplum.get('fhir/R4/Patient'));
  assert.equal(offline, 1);
  stop();
  await assert.rejects(() => medplum.get('fhir/R4/Patient'));
  assert.equal(offline, 1);
});

test('summarizeNotification reads the focus and resource of an event notification', () => {
  loadFullDefinitions();
  const bundle: Bundle = {
    resourceType: 'Bundle',
    type: 'history',
    timestamp: '2026-11-25T10:00:00.000Z',
    entry: [
      {
        resource: {
          resourceType: 'SubscriptionStatus',
          status: 'active',
          type: 'event-notification',
          subscription: { reference: 'Subscription/abc' },
          notificationEvent: [
            { eventNumber: '0', timestamp: '2026-11-25T10:00:00.000Z', focus: { reference: 'Communication/c1' } },
          ],
        },
      },
      {
        resource: {
          resourceType: 'Communication',
          id: 'c1',
          status: 'in-progress',
          payload: [{ contentString: 'Lab results are in' }],
        },
      },
    ],
  };
  // The server's notification Bundle has history entries without `request`, which Bundle's bdl-3
  // invariant requires, so validate the entries rather than the Bundle.
  assert.throws(() => validateResource(bundle), /bdl-3/);
  for (const entry of bundle.entry ?? []) {
    validateResource(entry.resource as Resource);
  }
  const summary = summarizeNotification(bundle);
  assert.equal(summary?.kind, 'event-notification');
  assert.equal(summary?.focus?.reference, 'Communication/c1');
  assert.equal(summary?.resource?.resourceType, 'Communication');
  assert.equal(summarizeNotification({ resourceType: 'Bundle', type: 'history' }), undefined);
});

test('SessionGate shows the sign-in slot without a profile and the app with one', () => {
  const signedOut = renderToStaticMarkup(
    createElement(AppProviders, {
      medplum: new MockClient({ profile: null }),
      children: createElement(SessionGate, { signIn: 'Please sign in', children: 'Inbox' }),
    }),
  );
  assert.match(signedOut, /Please sign in/);
  const signedIn = renderToStaticMarkup(
    createElement(AppProviders, {
      medplum: new MockClient(),
      children: createElement(SessionGate, { signIn: 'Please sign in', children: createElement(LiveInbox) }),
    }),
  );
  assert.match(signedIn, /Not live/);
});

test('createAppClient calls onSignedOut and clears the session after a 401 that a refresh cannot fix', async () => {
  let signedOut = 0;
  let calls = 0;
  // Every request answers 401. The client picks up the global fetch when it is constructed.
  const realFetch = globalThis.fetch;
  globalThis.fetch = async () => {
    calls++;
    return new Response(JSON.stringify({ resourceType: 'OperationOutcome', issue: [] }), {
      status: 401,
      headers: { 'content-type': 'application/fhir+json' },
    });
  };
  const medplum = createAppClient('https://fhir.example.org/', () => signedOut++);
  globalThis.fetch = realFetch;
  medplum.setAccessToken('expired-token');
  let changes = 0;
  medplum.addEventListener('change', () => changes++);
  await assert.rejects(() => medplum.get('fhir/R4/Patient'));
  assert.equal(signedOut, 1);
  assert.ok(changes >= 1);
  assert.equal(medplum.getAccessToken(), undefined);
  assert.ok(calls >= 1);
});
