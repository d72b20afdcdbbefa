/**
 * Runs examples/auth/pre-authorized-code.ts. MockClient does not serve auth/preauthorize or the
 * pre-authorized code grant, so both sides run against a MedplumClient with a scripted fetch and
 * the tests check the requests against what the server's preauthorize and token handlers read.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Patient } from '@medplum/fhirtypes';
import { createSignInLink, signInFromLink } from '../../../examples/auth/pre-authorized-code';
import { MedplumClient } from '@medplum/core';
import type { ProjectMembership } from '@medplum/fhirtypes';
import { MockClient } from '@medplum/mock';
import { onServer } from '../../server/on-server';
import { SCRIPTED_BASE, scriptedClient, scriptedFetch } from './support/scripted-fetch';
import { newClientApplication, projectIdOf, serverBaseUrl } from './support/server-setup';

/** Tests that answer the requests themselves; in server mode the real requests come from the server half. */
const scriptedOnly = { skip: onServer && 'scripted answers; the server half is in "on the server" below' };

/** An unsigned JWT shaped like a Medplum access token (the client only reads its claims). */
function fakeAccessToken(): string {
  const part = (o: object): string => Buffer.from(JSON.stringify(o)).toString('base64url');
  const exp = Math.floor(Date.now() / 1000) + 3600;
  return `${part({ alg: 'none' })}.${part({ login_id: 'l1', exp, iat: exp - 3600 })}.sig`;
}

const patient: Patient = { resourceType: 'Patient', id: 'p1', name: [{ given: ['Ada'], family: 'Lovelace' }] };

describe('pre-authorized code sign-in links', () => {
  test(
    'createSignInLink asks for a code on behalf of the patient and puts it in the fragment',
    scriptedOnly,
    async () => {
      const { medplum, requests } = scriptedClient([
        { status: 200, body: { preAuthorizedCode: 'one-time-code', expiresAt: '2026-12-01T12:15:00.000Z' } },
      ]);
      const link = await createSignInLink(medplum, patient, 'c1', 'https://app.example.org/welcome', 600);

      assert.equal(requests.length, 1);
      assert.equal(requests[0].method, 'POST');
      assert.equal(requests[0].url.pathname, '/auth/preauthorize');
      assert.equal(requests[0].headers['x-medplum-on-behalf-of'], 'Patient/p1');
      assert.equal(requests[0].headers['authorization'], 'Bearer test-access-token');
      assert.deepEqual(JSON.parse(requests[0].body as string), { clientId: 'c1', scope: 'openid', expiresIn: 600 });

      assert.equal(link.url, 'https://app.example.org/welcome#code=one-time-code');
      assert.equal(link.expiresAt, '2026-12-01T12:15:00.000Z');
    },
  );

  test('signInFromLink redeems the code, clears the address bar and signs the client in', scriptedOnly, async () => {
    const accessToken = fakeAccessToken();
    const { fetch: tokenFetch, requests: tokenRequests } = scriptedFetch([
      {
        status: 200,
        body: {
          token_type: 'Bearer',
          access_token: accessToken,
          expires_in: 3600,
          scope: 'openid',
          project: { reference: 'Project/proj1' },
          profile: { reference: 'Patient/p1' },
        },
      },
    ]);
    const { medplum, requests } = scriptedClient([
      {
        status: 200,
        body: {
          project: { resourceType: 'Project', id: 'proj1', name: 'Clinic' },
          membership: { resourceType: 'ProjectMembership', id: 'm1', profile: { reference: 'Patient/p1' } },
          profile: patient,
          config: { resourceType: 'UserConfiguration', id: 'uc1' },
        },
      },
    ]);
    const replaced: string[] = [];
    const history = { replaceState: (_d: unknown, _u: string, url?: string) => replaced.push(url ?? '') };

    const tokens = await signInFromLink(
      medplum,
      'c1',
      { href: 'https://app.example.org/welcome#code=one-time-code' },
      history,
      tokenFetch,
    );

    // The token request: the pre-authorized code grant, no secret, no verifier.
    assert.equal(tokenRequests[0].url.toString(), `${SCRIPTED_BASE}oauth2/token`);
    const form = new URLSearchParams(tokenRequests[0].body);
    assert.equal(form.get('grant_type'), 'urn:ietf:params:oauth:grant-type:pre-authorized_code');
    assert.equal(form.get('client_id'), 'c1');
    assert.equal(form.get('pre-authorized_code'), 'one-time-code');
    assert.equal(form.get('client_secret'), null);
    assert.equal(form.get('code_verifier'), null);

    // The code left the address bar before it was sent.
    assert.deepEqual(replaced, ['https://app.example.org/welcome']);

    // The client now uses the new token and loaded the session from auth/me.
    assert.equal(tokens.refresh_token, undefined);
    assert.equal(medplum.getAccessToken(), accessToken);
    assert.equal(requests[0].url.pathname, '/auth/me');
    assert.equal(requests[0].headers['authorization'], `Bearer ${accessToken}`);
    assert.equal(medplum.getProfile()?.id, 'p1');
    assert.equal(medplum.getActiveLogin()?.profile.reference, 'Patient/p1');
  });

  test('signInFromLink reports a used or expired code with the server message', scriptedOnly, async () => {
    const { fetch: tokenFetch } = scriptedFetch([
      { status: 400, body: { error: 'invalid_grant', error_description: 'Token already granted' } },
      { status: 400, body: { error: 'invalid_grant', error_description: 'Pre-authorized code expired' } },
    ]);
    const { medplum, requests } = scriptedClient([]);
    const href = { href: 'https://app.example.org/welcome#code=used-code' };
    await assert.rejects(signInFromLink(medplum, 'c1', href, undefined, tokenFetch), /Token already granted/);
    await assert.rejects(signInFromLink(medplum, 'c1', href, undefined, tokenFetch), /Pre-authorized code expired/);
    await assert.rejects(
      signInFromLink(medplum, 'c1', { href: 'https://app.example.org/welcome' }, undefined, tokenFetch),
      /no sign-in code/,
    );
    assert.equal(requests.length, 0);
    assert.equal(medplum.getAccessToken(), 'test-access-token');
  });
});

describe('pre-authorized code sign-in links on the server', { skip: !onServer }, () => {
  test('an admin makes a link for an invited patient, who signs in with it once', async () => {
    // In server mode a MockClient is the admin client of a project of its own.
    const admin = new MockClient();
    const projectId = await projectIdOf(admin);
    const membership = (await admin.post(`admin/projects/${projectId}/invite`, {
      resourceType: 'Patient',
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: `ada-${projectId}@example.com`,
      sendEmail: false,
    })) as ProjectMembership;
    const invited = await admin.readReference(membership.profile as { reference: string });
    const app = await newClientApplication(admin, { name: 'Patient portal' });

    const link = await createSignInLink(admin, invited as Patient, app.id, 'https://app.example.org/welcome', 600);
    const url = new URL(link.url);
    assert.equal(url.origin + url.pathname, 'https://app.example.org/welcome');
    const code = new URLSearchParams(url.hash.slice(1)).get('code');
    assert.ok(code && code.length > 32);
    const lifetime = Date.parse(link.expiresAt) - Date.now();
    assert.ok(lifetime > 0, link.expiresAt);

    const medplum = new MedplumClient({ baseUrl: serverBaseUrl(), fetch });
    const replaced: string[] = [];
    const history = { replaceState: (_d: unknown, _u: string, to?: string) => replaced.push(to ?? '') };
    const tokens = await signInFromLink(medplum, app.id, { href: link.url }, history);
    assert.deepEqual(replaced, ['https://app.example.org/welcome']);
    assert.equal(tokens.refresh_token, undefined);
    assert.equal(tokens.profile?.reference, membership.profile?.reference);
    assert.equal(medplum.getAccessToken(), tokens.access_token);
    assert.equal(medplum.getProfile()?.id, invited.id);
    assert.equal(medplum.getActiveLogin()?.profile.reference, membership.profile?.reference);

    await assert.rejects(
      signInFromLink(new MedplumClient({ baseUrl: serverBaseUrl(), fetch }), app.id, { href: link.url }),
      /Token already granted/,
    );
  });

  test('a profile without a membership in the project is refused', async () => {
    const admin = new MockClient();
    const app = await newClientApplication(admin, { name: 'Patient portal' });
    const stranger = await admin.createResource<Patient>({ resourceType: 'Patient', name: [{ family: 'Stranger' }] });
    await assert.rejects(createSignInLink(admin, stranger, app.id, 'https://app.example.org/welcome'), /Forbidden/);
  });
});
