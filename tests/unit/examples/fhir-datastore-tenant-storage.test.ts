/**
 * Runs the store-per-tenant example against a scripted token endpoint (the example signs in at
 * api.medplum.com, not the test server): each client posts its own client credentials, and when
 * one signs out (clearing its store) the other keeps its stored login.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { onServer } from '../../server/on-server';
import { scriptedFetch, type ScriptedReply } from './support/scripted-fetch';
import { signInTenant } from '../../../examples/fhir-datastore/tenant-storage';

const token = (value: string): ScriptedReply => ({
  status: 200,
  body: { access_token: value, token_type: 'Bearer', expires_in: 3600 },
  headers: { 'content-type': 'application/json' },
});

test(
  'signInTenant gives each tenant a client with a store of its own',
  { skip: onServer && 'scripted: the example signs in at api.medplum.com' },
  async () => {
    const { fetch: fetchImpl, requests } = scriptedFetch([
      token('clinic-a-token'),
      token('clinic-b-token'),
      { status: 200, body: {}, headers: { 'content-type': 'application/json' } },
    ]);
    const realFetch = globalThis.fetch;
    globalThis.fetch = fetchImpl; // MedplumClient takes the global fetch when none is given
    try {
      const clinicA = await signInTenant('clinic-a', '0d4a1c2e-5b6f-4a7d-8e9f-1a2b3c4d5e6f', 'kM3qV8zR2tY6wP9x');
      const clinicB = await signInTenant('clinic-b', '7e8f9a0b-1c2d-4e3f-9a4b-5c6d7e8f9a0b', 'hJ5nB2cX7vL4sQ1d');
      assert.equal(requests[0].url.toString(), 'https://api.medplum.com/oauth2/token');
      assert.equal(new URLSearchParams(requests[0].body).get('grant_type'), 'client_credentials');
      assert.equal(new URLSearchParams(requests[0].body).get('client_id'), '0d4a1c2e-5b6f-4a7d-8e9f-1a2b3c4d5e6f');
      assert.equal(new URLSearchParams(requests[1].body).get('client_id'), '7e8f9a0b-1c2d-4e3f-9a4b-5c6d7e8f9a0b');
      assert.equal(clinicA.getAccessToken(), 'clinic-a-token');
      assert.equal(clinicB.getAccessToken(), 'clinic-b-token');

      // Each sign-in is kept in the client's store (activeLogin), not only on the client object.
      assert.equal(clinicA.getActiveLogin()?.accessToken, 'clinic-a-token');
      assert.equal(clinicB.getActiveLogin()?.accessToken, 'clinic-b-token');

      await clinicA.signOut();
      assert.equal(requests[2].url.toString(), 'https://api.medplum.com/oauth2/logout');
      assert.equal(clinicA.getAccessToken(), undefined);
      assert.equal(clinicA.getActiveLogin(), undefined);
      // Signing out clears clinic A's whole store; had both clients shared one, clinic B's stored
      // login would be gone too (getAccessToken alone would not show it: it is kept on the client).
      assert.equal(clinicB.getActiveLogin()?.accessToken, 'clinic-b-token', 'clinic B keeps its stored login');
      assert.equal(clinicB.getAccessToken(), 'clinic-b-token', 'clinic B keeps its token');
    } finally {
      globalThis.fetch = realFetch;
    }
  },
);
