/**
 * Runs the examples under examples/auth against MockClient. Each test records the HTTP requests
 * the example makes, so it can check what the example sends as well as what it returns.
 * Endpoints that MockClient does not implement (auth/google, auth/newuser, auth/method,
 * invite, email) are answered by small per-test stubs shaped like the server's responses.
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { MedplumClient, OAuthGrantType, OAuthTokenType, createReference, parseJWTPayload } from '@medplum/core';
import type { BotEvent } from '@medplum/core';
import { MockClient } from '@medplum/mock';
import type { ProjectMembership, User, UserSecurityRequest } from '@medplum/fhirtypes';
import { signInWithPassword } from '../../../examples/auth/password-login';
import { buildAuthorizeUrl, completeAuthorization, enableRefreshTokens } from '../../../examples/auth/oauth-auth-code';
import {
  countPatientsWithBasicAuth,
  createHeaderCredentialsClient,
  createServiceClient,
  signInAsService,
  trustClientCertificate,
} from '../../../examples/auth/client-credentials';
import { exchangeForMedplumToken } from '../../../examples/auth/token-exchange';
import {
  buildExternalSignInUrl,
  clientWithIdentityProvider,
  finishExternalSignIn,
} from '../../../examples/auth/external-idp';
import { signInWithGoogleCredential } from '../../../examples/auth/google-auth';
import { deactivateMembership, findMembers, invitePractitioner } from '../../../examples/auth/user-management';
import { mockWithSearch } from './mock-with-search';
import { invitePatientByExternalId, matchBySubject } from '../../../examples/auth/external-ids';
import { buildDomainSignInUrl, createDomainConfiguration, lookUpSignInMethod } from '../../../examples/auth/domain-idp';
import { createClientWithSessionHandling, handleSignOut, signOutCompletely } from '../../../examples/auth/logout';
import {
  handler as emailBot,
  requestPasswordReset,
  setNewPassword,
  subscribeEmailBot,
} from '../../../examples/auth/custom-emails';
import { registerPatient } from '../../../examples/auth/open-registration';
import { onServer } from '../../server/on-server';
import {
  inviteUser,
  newClientApplication,
  projectIdOf,
  serverBaseUrl,
  signInAs,
  superAdminClient,
} from './support/server-setup';

/** For tests that check a request against MockClient's sample data or stubs: the server half is in "on the server" below. */
const mockOnly = { skip: onServer && 'mock data and stubs; the server half is in "auth examples on the server"' };

const BASE = 'https://example.com/';

interface Call {
  method: string;
  path: string;
  body: string | undefined;
  headers: Record<string, string>;
}

type Stub = (call: Call) => unknown;

/** A MockClient whose requests are logged; `stubs` answer paths MockClient itself does not serve. */
function recordingClient(stubs: Record<string, Stub> = {}): {
  medplum: MockClient;
  calls: Call[];
  backend: MockClient;
} {
  const backend = new MockClient();
  const calls: Call[] = [];
  const fetchImpl = async (url: string, options: RequestInit): Promise<Response> => {
    const call: Call = {
      method: (options.method ?? 'GET').toUpperCase(),
      path: url.replace(BASE, ''),
      body: typeof options.body === 'string' ? options.body : undefined,
      headers: { ...(options.headers as Record<string, string>) },
    };
    calls.push(call);
    const stubKey = Object.keys(stubs).find((prefix) => call.path.startsWith(prefix));
    if (stubKey) {
      const payload = stubs[stubKey](call);
      return new Response(JSON.stringify(payload), { status: 200, headers: { 'content-type': 'application/json' } });
    }
    return backend.client.mockFetch(url, options) as Promise<Response>;
  };
  const medplum = new MockClient({ fetch: fetchImpl as typeof fetch });
  return { medplum, calls, backend };
}

/**
 * @medplum/core 5.2.13 base64-encodes the PKCE hash with `window.btoa`. Browsers have it; plain
 * Node does not, and the client then falls back to the `plain` method. Suites that check the
 * browser behaviour install a minimal `window` (base64 helpers and a page location).
 */
function useBrowserGlobals(): void {
  // Node already has atob, btoa, TextEncoder and TextDecoder on globalThis; the client reaches
  // them through `window`, and reads the page origin from `location`.
  const g = globalThis as { window?: unknown; location?: unknown };
  before(() => {
    g.window = globalThis;
    g.location = new URL('https://app.example.org/');
  });
  after(() => {
    delete g.window;
    delete g.location;
  });
}

function s256(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url');
}

function form(call: Call | undefined): URLSearchParams {
  assert.ok(call, 'expected a request');
  return new URLSearchParams(call.body);
}

function json(call: Call | undefined): Record<string, unknown> {
  assert.ok(call?.body, 'expected a request with a body');
  return JSON.parse(call.body) as Record<string, unknown>;
}

/** What a provider issues when the Medplum server is registered with it (an Okta-style client id). */
const PROVIDER_CLIENT = { clientId: '0oa9k2w7x4TzQmB5e1d8', clientSecret: 'f3b9c27e41d8a6059e2c7b14d9a03f6e85c1b2d4' };
describe('password sign-in', () => {
  useBrowserGlobals();

  test('a correct password ends with an access token obtained with the PKCE verifier', mockOnly, async () => {
    const { medplum, calls } = recordingClient();
    const result = await signInWithPassword(medplum, { email: 'alice@example.com', password: 'password' });
    assert.equal(result.kind, 'signed-in');
    assert.equal(result.kind === 'signed-in' && result.accessToken, medplum.getAccessToken());

    const login = json(calls.find((c) => c.path === 'auth/login'));
    assert.equal(login.codeChallengeMethod, 'S256');
    assert.equal(typeof login.codeChallenge, 'string');
    assert.equal(login.scope, 'openid offline_access');

    const token = form(calls.find((c) => c.path === 'oauth2/token'));
    assert.equal(token.get('grant_type'), OAuthGrantType.AuthorizationCode);
    assert.equal(token.get('code'), 'xyz');
    const verifier = token.get('code_verifier');
    assert.ok(verifier, 'the token request carries the PKCE verifier');
    assert.equal(s256(verifier), login.codeChallenge, 'the challenge is the SHA-256 of the verifier');
  });

  test('a wrong password is rejected and leaves the client signed out', mockOnly, async () => {
    const { medplum, calls } = recordingClient();
    await assert.rejects(signInWithPassword(medplum, { email: 'alice@example.com', password: 'wrong' }));
    assert.equal(medplum.getAccessToken(), undefined);
    assert.equal(
      calls.some((c) => c.path === 'oauth2/token'),
      false,
    );
  });

  test('several memberships are handed back for the user to choose from', mockOnly, async () => {
    const membership: ProjectMembership = {
      resourceType: 'ProjectMembership',
      id: 'm1',
      project: { reference: 'Project/p1' },
      user: { reference: 'User/u1' },
      profile: { reference: 'Practitioner/pr1' },
    };
    const { medplum } = recordingClient({ 'auth/login': () => ({ login: 'L1', memberships: [membership] }) });
    const result = await signInWithPassword(medplum, { email: 'alice@example.com', password: 'password' });
    assert.deepEqual(result, { kind: 'choose-membership', login: 'L1', memberships: [membership] });
    assert.equal(medplum.getAccessToken(), undefined);
  });

  test('an MFA challenge stops before the token exchange', mockOnly, async () => {
    const { medplum, calls } = recordingClient({ 'auth/login': () => ({ login: 'L2', mfaRequired: true }) });
    const result = await signInWithPassword(medplum, { email: 'alice@example.com', password: 'password' });
    assert.deepEqual(result, { kind: 'mfa-required', login: 'L2' });
    assert.equal(
      calls.some((c) => c.path === 'oauth2/token'),
      false,
    );
  });
});

describe('authorization code + PKCE', () => {
  useBrowserGlobals();
  const options = { clientId: 'my-app', redirectUri: 'https://app.example.org/callback' };

  test('the authorize URL carries the client, redirect URI and an S256 challenge', async () => {
    const { medplum } = recordingClient();
    const url = await buildAuthorizeUrl(medplum, options);
    assert.equal(url.origin + url.pathname, medplum.getAuthorizeUrl());
    assert.equal(url.searchParams.get('response_type'), 'code');
    assert.equal(url.searchParams.get('client_id'), 'my-app');
    assert.equal(url.searchParams.get('redirect_uri'), options.redirectUri);
    assert.equal(url.searchParams.get('code_challenge_method'), 'S256');
    assert.match(url.searchParams.get('code_challenge') ?? '', /^[A-Za-z0-9_-]{43}$/);
  });

  test('the callback code is exchanged together with the stored verifier', mockOnly, async () => {
    const { medplum, calls } = recordingClient();
    const url = await buildAuthorizeUrl(medplum, options);
    const state = url.searchParams.get('state') as string;
    await completeAuthorization(medplum, `${options.redirectUri}?code=abc123&state=${state}`, state, options);
    const token = form(calls.find((c) => c.path === 'oauth2/token'));
    assert.equal(token.get('code'), 'abc123');
    assert.equal(token.get('client_id'), 'my-app');
    assert.equal(token.get('redirect_uri'), options.redirectUri);
    assert.equal(s256(token.get('code_verifier') ?? ''), url.searchParams.get('code_challenge'));
    assert.ok(medplum.getAccessToken());
  });

  test('a callback with a different state is refused before any token request', async () => {
    const { medplum, calls } = recordingClient();
    await assert.rejects(
      completeAuthorization(medplum, `${options.redirectUri}?code=abc&state=forged`, 'expected', options),
      /State mismatch/,
    );
    await assert.rejects(
      completeAuthorization(medplum, `${options.redirectUri}?error=access_denied&state=s`, 's', options),
      /access_denied/,
    );
    assert.equal(calls.length, 0);
  });
});

describe('refresh tokens through the client grantType', () => {
  test('enableRefreshTokens adds refresh_token to grantType and keeps what was there', async () => {
    const medplum = new MockClient();
    const client = await medplum.createResource({
      resourceType: 'ClientApplication',
      name: 'Patient portal',
      grantType: ['authorization_code'],
      refreshTokenLifetime: '7d',
    });
    const updated = await enableRefreshTokens(medplum, client.id as string);
    assert.deepEqual(updated.grantType, ['authorization_code', 'refresh_token']);
    assert.deepEqual(updated.responseType, ['code']);
    assert.equal(updated.refreshTokenLifetime, '7d');

    const again = await enableRefreshTokens(medplum, client.id as string);
    assert.deepEqual(again.grantType, ['authorization_code', 'refresh_token']);
    const stored = await medplum.readResource('ClientApplication', client.id as string);
    assert.deepEqual(stored.grantType, ['authorization_code', 'refresh_token']);
  });

  test('a client without grantType gets authorization_code, refresh_token and a 30 day lifetime', async () => {
    const medplum = new MockClient();
    const client = await medplum.createResource({ resourceType: 'ClientApplication', name: 'Kiosk' });
    const updated = await enableRefreshTokens(medplum, client.id as string);
    assert.deepEqual(updated.grantType, ['authorization_code', 'refresh_token']);
    assert.equal(updated.refreshTokenLifetime, '30d');
  });
});

describe('client credentials', () => {
  test('startClientLogin posts the client_credentials grant and stores the token', mockOnly, async () => {
    const backend = new MockClient();
    const bodies: string[] = [];
    const medplum = createServiceClient(BASE, (async (url: string, init: RequestInit) => {
      if (typeof init.body === 'string') bodies.push(init.body);
      return backend.client.mockFetch(url, init);
    }) as unknown as typeof fetch);
    assert.ok(medplum instanceof MedplumClient);
    await signInAsService(medplum, 'svc-client', 'svc-secret');
    const token = new URLSearchParams(bodies[0]);
    assert.equal(token.get('grant_type'), OAuthGrantType.ClientCredentials);
    assert.equal(token.get('client_id'), 'svc-client');
    assert.equal(token.get('client_secret'), 'svc-secret');
    assert.ok(medplum.isAuthenticated());
  });

  test("authCredentialsMethod 'header' moves the id and secret from the form to a Basic header", mockOnly, async () => {
    const backend = new MockClient();
    const requests: { body: string; authorization?: string }[] = [];
    const medplum = createHeaderCredentialsClient(BASE, (async (url: string, init: RequestInit) => {
      const headers = init.headers as Record<string, string> | undefined;
      if (typeof init.body !== 'string') return backend.client.mockFetch(url, init);
      const authorization = headers?.['Authorization'];
      requests.push({ body: init.body, authorization });
      // MockClient reads the client from the form only; the Medplum server also reads the header,
      // so hand the mock the fields the header carries.
      const form = new URLSearchParams(init.body);
      const [id, secret] = Buffer.from((authorization ?? '').replace('Basic ', ''), 'base64')
        .toString()
        .split(':');
      form.set('client_id', id);
      form.set('client_secret', secret);
      return backend.client.mockFetch(url, { ...init, body: form.toString() });
    }) as unknown as typeof fetch);
    await signInAsService(medplum, 'svc-client', 'svc-secret');
    const token = new URLSearchParams(requests[0].body);
    assert.equal(token.get('grant_type'), OAuthGrantType.ClientCredentials);
    assert.equal(token.get('client_id'), null);
    assert.equal(token.get('client_secret'), null);
    assert.equal(requests[0].authorization, `Basic ${Buffer.from('svc-client:svc-secret').toString('base64')}`);
    assert.ok(medplum.isAuthenticated());
  });

  test('basic auth sends the encoded id and secret on the FHIR request', mockOnly, async () => {
    const { medplum, calls } = recordingClient();
    const count = await countPatientsWithBasicAuth(medplum, 'svc-client', 'svc-secret');
    assert.ok(count > 0, 'MockClient holds sample patients');
    const search = calls.find((c) => c.path.startsWith('fhir/R4/Patient'));
    assert.equal(search?.headers.Authorization, 'Basic ' + Buffer.from('svc-client:svc-secret').toString('base64'));
  });

  test('trustClientCertificate appends a PEM block to certificateTrustStore once', async () => {
    const medplum = new MockClient();
    const client = await medplum.createResource({ resourceType: 'ClientApplication', name: 'Lab interface' });
    const certA = '-----BEGIN CERTIFICATE-----\nMIIBfirst\n-----END CERTIFICATE-----';
    const certB = '-----BEGIN CERTIFICATE-----\nMIIBsecond\n-----END CERTIFICATE-----';

    const first = await trustClientCertificate(medplum, client.id as string, certA);
    assert.equal(first.certificateTrustStore, certA + '\n');

    const second = await trustClientCertificate(medplum, client.id as string, `\n${certB}\n`);
    assert.equal(second.certificateTrustStore, `${certA}\n${certB}\n`);

    const again = await trustClientCertificate(medplum, client.id as string, certA);
    assert.equal(again.certificateTrustStore, `${certA}\n${certB}\n`);
    const stored = await medplum.readResource('ClientApplication', client.id as string);
    assert.equal(stored.certificateTrustStore?.match(/BEGIN CERTIFICATE/g)?.length, 2);
  });
});

describe('token exchange', () => {
  test('the external token is sent as an RFC 8693 subject token', mockOnly, async () => {
    const { medplum, calls } = recordingClient();
    const token = await exchangeForMedplumToken(medplum, 'token-from-okta', 'exchange-client');
    assert.equal(token, medplum.getAccessToken());
    const body = form(calls.find((c) => c.path === 'oauth2/token'));
    assert.equal(body.get('grant_type'), OAuthGrantType.TokenExchange);
    assert.equal(body.get('subject_token_type'), OAuthTokenType.AccessToken);
    assert.equal(body.get('subject_token'), 'token-from-okta');
    assert.equal(body.get('client_id'), 'exchange-client');
  });
});

describe('external identity provider', () => {
  useBrowserGlobals();
  const options = {
    providerAuthorizeUrl: 'https://idp.example.net/oauth2/authorize',
    providerClientId: 'idp-client',
    medplumClientId: 'medplum-client',
    appRedirectUri: 'https://app.example.org/signin',
  };

  test('the ClientApplication sketch carries a complete identityProvider block', () => {
    const client = clientWithIdentityProvider(options.appRedirectUri);
    assert.deepEqual(client.redirectUris, [options.appRedirectUri]);
    for (const field of ['authorizeUrl', 'tokenUrl', 'userInfoUrl', 'clientId', 'clientSecret'] as const) {
      assert.ok(client.identityProvider?.[field], `identityProvider.${field} is set`);
    }
  });

  test('the provider URL points back at the server callback and carries the login request as state', async () => {
    const { medplum } = recordingClient();
    const url = new URL(await buildExternalSignInUrl(medplum, options));
    assert.equal(url.origin + url.pathname, options.providerAuthorizeUrl);
    assert.equal(url.searchParams.get('client_id'), 'idp-client');
    assert.equal(url.searchParams.get('redirect_uri'), BASE + 'auth/external');
    const state = JSON.parse(url.searchParams.get('state') as string);
    assert.equal(state.clientId, 'medplum-client');
    assert.equal(state.redirectUri, options.appRedirectUri);
    assert.equal(state.codeChallenge, url.searchParams.get('code_challenge'));
  });

  test('the code the server returns is exchanged for tokens', mockOnly, async () => {
    const { medplum, calls } = recordingClient();
    await buildExternalSignInUrl(medplum, options);
    await finishExternalSignIn(medplum, `${options.appRedirectUri}?login=L&code=c0de`, options);
    const body = form(calls.find((c) => c.path === 'oauth2/token'));
    assert.equal(body.get('code'), 'c0de');
    assert.ok(body.get('code_verifier'));
    assert.ok(medplum.getAccessToken());
  });
});

describe('Google sign-in', () => {
  useBrowserGlobals();

  test('the Google credential is posted to auth/google and the returned code exchanged', async () => {
    const { medplum, calls } = recordingClient({ 'auth/google': () => ({ login: 'G1', code: 'gcode' }) });
    const outcome = await signInWithGoogleCredential(
      medplum,
      { clientId: 'google-web-client', credential: 'header.payload.signature' },
      { projectId: 'faad9c91-a238-4768-ba8a-966df32954ce' },
    );
    assert.equal(outcome, 'signed-in');
    const google = json(calls.find((c) => c.path === 'auth/google'));
    assert.equal(google.googleClientId, 'google-web-client');
    assert.equal(google.googleCredential, 'header.payload.signature');
    assert.equal(google.projectId, 'faad9c91-a238-4768-ba8a-966df32954ce');
    assert.equal(form(calls.find((c) => c.path === 'oauth2/token')).get('code'), 'gcode');
  });

  test('no code means the caller must finish another step', async () => {
    const { medplum } = recordingClient({ 'auth/google': () => ({ login: 'G2', memberships: [] }) });
    const outcome = await signInWithGoogleCredential(medplum, { clientId: 'g', credential: 'c' });
    assert.equal(outcome, 'needs-next-step');
    assert.equal(medplum.getAccessToken(), undefined);
  });
});

describe('user management', () => {
  const membership: ProjectMembership = {
    resourceType: 'ProjectMembership',
    id: 'mem-1',
    project: { reference: 'Project/p1' },
    user: { reference: 'User/u1' },
    profile: { reference: 'Practitioner/pr1' },
  };

  test('an invite posts to the project admin endpoint and returns the membership', mockOnly, async () => {
    const { medplum, calls } = recordingClient({ 'admin/projects/p1/invite': () => membership });
    const result = await invitePractitioner(
      medplum,
      'p1',
      { firstName: 'Ana', lastName: 'Ruiz', email: 'ana@example.com' },
      { reference: 'AccessPolicy/ap1' },
    );
    assert.equal(result.id, 'mem-1');
    const call = calls.find((c) => c.path === 'admin/projects/p1/invite');
    assert.equal(call?.method, 'POST');
    const body = json(call);
    assert.equal(body.resourceType, 'Practitioner');
    assert.equal(body.sendEmail, false);
    assert.deepEqual(body.membership, { accessPolicy: { reference: 'AccessPolicy/ap1' } });
  });

  test('an OperationOutcome answer becomes an error', mockOnly, async () => {
    const { medplum } = recordingClient({
      'admin/projects/p1/invite': () => ({
        resourceType: 'OperationOutcome',
        id: 'ok',
        issue: [{ severity: 'error', code: 'exception', details: { text: 'Could not send email' } }],
      }),
    });
    await assert.rejects(
      invitePractitioner(medplum, 'p1', { firstName: 'A', lastName: 'B', email: 'a@example.com' }),
      /Could not send email/,
    );
  });

  test('deactivation re-posts the full membership with active set to false', mockOnly, async () => {
    const { medplum, calls } = recordingClient({
      'admin/projects/p1/members/mem-1': (c) => (c.method === 'GET' ? membership : JSON.parse(c.body as string)),
    });
    const updated = await deactivateMembership(medplum, 'p1', 'mem-1');
    assert.equal(updated.active, false);
    const post = json(calls.find((c) => c.method === 'POST'));
    assert.equal(post.id, 'mem-1');
    assert.deepEqual(post.profile, membership.profile);
    assert.equal(post.active, false);
  });

  test('findMembers searches memberships by profile type and by access policy', mockOnly, async () => {
    // mockWithSearch knows Medplum's ProjectMembership search parameters; its sample membership
    // (Practitioner/124, no policy) matches neither search.
    const medplum = mockWithSearch();
    const policy = { reference: 'AccessPolicy/7c4e2a9b-1d3f-4b6a-8e5c-9f0a2d7b3c16' };
    const patientMember = await medplum.createResource<ProjectMembership>({
      resourceType: 'ProjectMembership',
      project: { reference: 'Project/123' },
      user: { reference: 'User/p1' },
      profile: { reference: 'Patient/p1' },
    });
    const staffMember = await medplum.createResource<ProjectMembership>({
      resourceType: 'ProjectMembership',
      project: { reference: 'Project/123' },
      user: { reference: 'User/s1' },
      profile: { reference: 'Practitioner/s1' },
      access: [{ policy }],
    });
    const { patients, holders } = await findMembers(medplum);
    assert.deepEqual(
      patients.map((m) => m.id),
      [patientMember.id],
    );
    assert.deepEqual(
      holders.map((m) => m.id),
      [staffMember.id],
    );
  });

  test('external-id invites send the id and no email', mockOnly, async () => {
    const { medplum, calls } = recordingClient({
      'admin/projects/p1/invite': () => ({ ...membership, externalId: 'sub-42' }),
    });
    const result = await invitePatientByExternalId(medplum, 'p1', 'sub-42', { firstName: 'Bo', lastName: 'Li' });
    assert.equal(result.externalId, 'sub-42');
    const body = json(calls.find((c) => c.path === 'admin/projects/p1/invite'));
    assert.equal(body.externalId, 'sub-42');
    assert.equal('email' in body, false);
    assert.equal(body.resourceType, 'Patient');
    assert.deepEqual(matchBySubject, { useSubject: true });
  });
});

describe('domain-level identity providers', () => {
  useBrowserGlobals();

  test('the DomainConfiguration is stored with a lower-case domain and a provider', mockOnly, async () => {
    const medplum = new MockClient();
    const config = await createDomainConfiguration(medplum, 'Example.ORG', PROVIDER_CLIENT);
    assert.ok(config.id);
    const stored = await medplum.readResource('DomainConfiguration', config.id as string);
    assert.equal(stored.domain, 'example.org');
    assert.equal(stored.identityProvider?.tokenUrl, 'https://login.Example.ORG/oauth2/token');
  });

  test('the method lookup returns the provider URL only when the server names one', mockOnly, async () => {
    const plain = recordingClient();
    assert.equal(await lookUpSignInMethod(plain.medplum, 'dana.whitfield@example.com'), undefined);
    assert.deepEqual(json(plain.calls.find((c) => c.path === 'auth/method')), { email: 'dana.whitfield@example.com' });

    const sso = recordingClient({
      'auth/method': () => ({ domain: 'example.org', authorizeUrl: 'https://login.example.org/authorize?client_id=x' }),
    });
    const answer = await lookUpSignInMethod(sso.medplum, 'dana.whitfield@example.org');
    assert.equal(answer?.domain, 'example.org');
  });

  test('the redirect keeps the server-built URL and adds state with the domain and PKCE challenge', async () => {
    const { medplum } = recordingClient();
    const method = {
      domain: 'example.org',
      authorizeUrl: 'https://login.example.org/authorize?client_id=x&scope=openid',
    };
    const url = new URL(
      await buildDomainSignInUrl(medplum, method, { clientId: 'portal', redirectUri: 'https://app.example.org/' }),
    );
    assert.equal(url.searchParams.get('client_id'), 'x');
    assert.equal(url.searchParams.get('scope'), 'openid');
    const state = JSON.parse(url.searchParams.get('state') as string);
    assert.equal(state.domain, 'example.org');
    assert.equal(state.clientId, 'portal');
    assert.ok(state.codeChallenge);
    assert.ok(state.codeChallengeMethod);
  });

  test('the state carries the domain in lower case, as the callback compares it with the lower-cased email', async () => {
    const { medplum } = recordingClient();
    const method = { domain: 'Example.org', authorizeUrl: 'https://login.example.org/authorize' };
    const url = new URL(await buildDomainSignInUrl(medplum, method, { clientId: 'portal' }));
    const state = JSON.parse(url.searchParams.get('state') as string);
    assert.equal(state.domain, 'example.org');
  });
});

describe('logout', () => {
  useBrowserGlobals();

  test('signing out calls the logout endpoint and forgets the tokens', mockOnly, async () => {
    const { medplum, calls } = recordingClient();
    await signInWithPassword(medplum, { email: 'alice@example.com', password: 'password' });
    assert.ok(medplum.getAccessToken());
    await signOutCompletely(medplum);
    assert.ok(calls.some((c) => c.method === 'POST' && c.path === 'oauth2/logout'));
    assert.equal(medplum.getAccessToken(), undefined);
    assert.equal(medplum.getActiveLogin(), undefined);
  });

  test('the menu action navigates to the sign-in page after revoking', mockOnly, async () => {
    const { medplum, calls } = recordingClient();
    await signInWithPassword(medplum, { email: 'alice@example.com', password: 'password' });
    const visited: string[] = [];
    await handleSignOut(medplum, (path) => visited.push(path));
    assert.deepEqual(visited, ['/signin']);
    assert.ok(calls.some((c) => c.path === 'oauth2/logout'));
  });

  test('a rejected token sends the user to sign-in through onUnauthenticated', async () => {
    const visited: string[] = [];
    const unauthorized = async (): Promise<Response> =>
      new Response(
        JSON.stringify({ resourceType: 'OperationOutcome', issue: [{ severity: 'error', code: 'login' }] }),
        { status: 401, headers: { 'content-type': 'application/fhir+json' } },
      );
    const medplum = createClientWithSessionHandling(BASE, (path) => visited.push(path), unauthorized as typeof fetch);
    await assert.rejects(medplum.readResource('Patient', '123'));
    assert.deepEqual(visited, ['/signin?reason=session-ended']);
  });

  test('local state is cleared even when the server cannot be reached', mockOnly, async () => {
    const { medplum } = recordingClient({
      'oauth2/logout': () => {
        throw new Error('network down');
      },
    });
    await signInWithPassword(medplum, { email: 'alice@example.com', password: 'password' });
    await assert.rejects(signOutCompletely(medplum), /network down/);
    assert.equal(medplum.getAccessToken(), undefined);
  });
});

describe('custom emails', () => {
  test('a reset request asks the server not to send its own email', mockOnly, async () => {
    const { medplum, calls } = recordingClient();
    await requestPasswordReset(medplum, 'admin@example.com', 'p1');
    assert.deepEqual(json(calls.find((c) => c.path === 'auth/resetpassword')), {
      email: 'admin@example.com',
      projectId: 'p1',
      sendEmail: false,
    });
  });

  test('a reset request passes the reCAPTCHA site key and token when given', mockOnly, async () => {
    const { medplum, calls } = recordingClient();
    await requestPasswordReset(medplum, 'admin@example.com', 'p1', { siteKey: 'site-key-1', token: 'tok-1' });
    assert.deepEqual(json(calls.find((c) => c.path === 'auth/resetpassword')), {
      email: 'admin@example.com',
      projectId: 'p1',
      sendEmail: false,
      recaptchaSiteKey: 'site-key-1',
      recaptchaToken: 'tok-1',
    });
  });

  test('the subscription routes new UserSecurityRequests to the bot', async () => {
    const medplum = new MockClient();
    const created = await subscribeEmailBot(medplum, '752f9cce-a35f-46fa-9f35-3e1b43965118');
    const stored = await medplum.readResource('Subscription', created.id as string);
    assert.equal(stored.criteria, 'UserSecurityRequest');
    assert.equal(stored.channel.type, 'rest-hook');
    assert.equal(stored.channel.endpoint, 'Bot/752f9cce-a35f-46fa-9f35-3e1b43965118');
    assert.equal(stored.status, 'active');
  });

  test('the bot mails a link built from the request id and secret', mockOnly, async () => {
    const { medplum, calls } = recordingClient({
      'email/v1/send': () => ({ resourceType: 'OperationOutcome', issue: [] }),
    });
    const user = await medplum.createResource<User>({
      resourceType: 'User',
      firstName: 'Ana',
      lastName: 'Ruiz',
      email: 'ana@example.com',
    });
    const input: UserSecurityRequest = {
      resourceType: 'UserSecurityRequest',
      id: 'usr-1',
      type: 'invite',
      user: createReference(user),
      secret: 's3cret',
    };
    const event = {
      input,
      bot: { reference: 'Bot/b1' },
      contentType: 'application/fhir+json',
      secrets: {},
    } as BotEvent<UserSecurityRequest>;
    const result = await emailBot(medplum, event);
    assert.equal(result, 'sent invite email');
    const email = json(calls.find((c) => c.path === 'email/v1/send'));
    assert.equal(email.to, 'ana@example.com');
    assert.match(email.text as string, /\/set-password\/usr-1\/s3cret/);
    assert.match(email.subject as string, /account is ready/);

    const skipped = await emailBot(medplum, { ...event, input: { ...input, used: true } });
    assert.equal(skipped, 'skipped: request already used');

    // A verify-email request gets a link to the page that posts to auth/verifyemail.
    const verify = await emailBot(medplum, { ...event, input: { ...input, id: 'usr-2', type: 'verify-email' } });
    assert.equal(verify, 'sent verify-email email');
    const verifyEmail = json(calls.filter((c) => c.path === 'email/v1/send').at(-1));
    assert.match(verifyEmail.text as string, /\/verify-email\/usr-2\/s3cret/);
    assert.doesNotMatch(verifyEmail.text as string, /set-password/);
    assert.match(verifyEmail.subject as string, /Confirm/);
  });

  test('the set-password page posts id, secret and the new password', mockOnly, async () => {
    const { medplum, calls } = recordingClient();
    await setNewPassword(medplum, '720ec401-6c10-4434-b403-b3d1b0d53767', '8babd885574afbc25857b61238cc7a7f', 'orange');
    assert.deepEqual(json(calls.find((c) => c.path === 'auth/setpassword')), {
      id: '720ec401-6c10-4434-b403-b3d1b0d53767',
      secret: '8babd885574afbc25857b61238cc7a7f',
      password: 'orange',
    });
  });
});

describe('PKCE outside the browser', () => {
  test('without window.btoa the client falls back to the plain method', mockOnly, async () => {
    assert.equal((globalThis as { window?: unknown }).window, undefined);
    const { medplum, calls } = recordingClient();
    const warn = console.warn;
    console.warn = () => undefined;
    try {
      const url = await buildAuthorizeUrl(medplum, { clientId: 'c', redirectUri: 'https://app.example.org/cb' });
      assert.equal(url.searchParams.get('code_challenge_method'), 'plain');
      const state = url.searchParams.get('state') as string;
      await completeAuthorization(medplum, `https://app.example.org/cb?code=k&state=${state}`, state, {
        clientId: 'c',
        redirectUri: 'https://app.example.org/cb',
      });
      const verifier = form(calls.find((c) => c.path === 'oauth2/token')).get('code_verifier');
      assert.equal(verifier, url.searchParams.get('code_challenge'), 'with plain, challenge and verifier are equal');
    } finally {
      console.warn = warn;
    }
  });
});

describe('open patient registration', () => {
  useBrowserGlobals();

  test('new user, then new patient, then token exchange', async () => {
    const { medplum, calls } = recordingClient({
      'auth/newuser': () => ({ login: 'bbb09f80-6477-4aad-a9ce-c27ef1946928' }),
    });
    await registerPatient(medplum, {
      firstName: 'Kai',
      lastName: 'Ng',
      email: 'kai.ng@example.com',
      password: 'correct horse battery',
      projectId: '33137a59-34a1-49b5-b6bf-d8c08cf48404',
    });
    const order = calls.map((c) => c.path).filter((p) => p.startsWith('auth/new') || p === 'oauth2/token');
    assert.deepEqual(order, ['auth/newuser', 'auth/newpatient', 'oauth2/token']);
    const newUser = json(calls[0]);
    assert.equal(newUser.projectId, '33137a59-34a1-49b5-b6bf-d8c08cf48404');
    assert.equal(newUser.codeChallengeMethod, 'S256');
    assert.deepEqual(json(calls.find((c) => c.path === 'auth/newpatient')), {
      login: 'bbb09f80-6477-4aad-a9ce-c27ef1946928',
      projectId: '33137a59-34a1-49b5-b6bf-d8c08cf48404',
    });
    assert.ok(form(calls.find((c) => c.path === 'oauth2/token')).get('code_verifier'));
    assert.ok(medplum.getAccessToken());
  });
});

/**
 * The same examples against the server (server mode only). Each MockClient there is the admin
 * client of a project of its own; users are invited into it with a known password.
 */
describe('auth examples on the server', { skip: !onServer }, () => {
  const newClient = (): MedplumClient => new MedplumClient({ baseUrl: serverBaseUrl(), fetch });

  test('signInWithPassword: signed in, wrong password, several memberships', async () => {
    const admin = new MockClient();
    const user = await inviteUser(admin, { name: 'alice' });
    const medplum = newClient();
    const result = await signInWithPassword(medplum, { email: user.email, password: user.password });
    assert.equal(result.kind, 'signed-in');
    assert.equal(result.kind === 'signed-in' && result.accessToken, medplum.getAccessToken());
    assert.equal(`Practitioner/${medplum.getProfile()?.id}`, user.membership.profile?.reference);
    assert.ok(medplum.getActiveLogin()?.refreshToken, 'offline_access brings a refresh token');

    const refused = newClient();
    await assert.rejects(
      signInWithPassword(refused, { email: user.email, password: 'not-the-password' }),
      /Email or password is invalid/,
    );
    assert.equal(refused.getAccessToken(), undefined);

    // The same person invited into a second project now has two memberships to choose from.
    const otherAdmin = new MockClient();
    const otherProjectId = await projectIdOf(otherAdmin);
    await otherAdmin.post(`admin/projects/${otherProjectId}/invite`, {
      resourceType: 'Practitioner',
      firstName: 'Test',
      lastName: 'alice',
      email: user.email,
      sendEmail: false,
    });
    const choosing = newClient();
    const choice = await signInWithPassword(choosing, { email: user.email, password: user.password });
    assert.equal(choice.kind, 'choose-membership');
    assert.deepEqual(
      choice.kind === 'choose-membership' && choice.memberships.map((m) => m.project?.reference).sort(),
      [`Project/${user.projectId}`, `Project/${otherProjectId}`].sort(),
    );
    assert.equal(choosing.getAccessToken(), undefined);
    // Naming the project picks the membership at once.
    const narrowed = await signInWithPassword(newClient(), {
      email: user.email,
      password: user.password,
      projectId: otherProjectId,
    });
    assert.equal(narrowed.kind, 'signed-in');
  });

  test('completeAuthorization trades the callback code for tokens, once', async () => {
    const admin = new MockClient();
    const user = await inviteUser(admin, { name: 'pkce' });
    const redirectUri = 'https://app.example.org/callback';
    const app = await newClientApplication(admin, { name: 'Web app', redirectUris: [redirectUri] });
    const options = { clientId: app.id, redirectUri };
    const medplum = newClient();
    const url = await buildAuthorizeUrl(medplum, options);
    const state = url.searchParams.get('state') as string;
    // What the sign-in page does with the authorize URL's parameters once the password is entered.
    const login = (await medplum.post('auth/login', {
      email: user.email,
      password: user.password,
      clientId: app.id,
      scope: url.searchParams.get('scope'),
      codeChallenge: url.searchParams.get('code_challenge'),
      codeChallengeMethod: url.searchParams.get('code_challenge_method'),
    })) as { code: string };
    const callback = `${redirectUri}?code=${login.code}&state=${state}`;
    await completeAuthorization(medplum, callback, state, options);
    assert.equal(`Practitioner/${medplum.getProfile()?.id}`, user.membership.profile?.reference);
    assert.equal(parseJWTPayload(medplum.getAccessToken() as string).client_id, app.id);
    await assert.rejects(completeAuthorization(newClient(), callback, state, options), /Invalid code|already granted/);
  });

  test("signInAsService and Basic auth use a client application's id and secret", async () => {
    const admin = new MockClient();
    const app = await newClientApplication(admin, { name: 'Nightly export' });
    await admin.createResource({ resourceType: 'Patient', name: [{ family: 'One' }] });
    await admin.createResource({ resourceType: 'Patient', name: [{ family: 'Two' }] });

    const service = createServiceClient(serverBaseUrl());
    await signInAsService(service, app.id, app.secret);
    assert.ok(service.isAuthenticated());
    assert.equal(service.getProfile()?.id, app.id);
    await assert.rejects(signInAsService(createServiceClient(serverBaseUrl()), app.id, 'wrong'), /Invalid secret/);

    // The new client has the project's default access: it sees both patients.
    assert.equal(await countPatientsWithBasicAuth(newClient(), app.id, app.secret), 2);
    await assert.rejects(countPatientsWithBasicAuth(newClient(), app.id, 'wrong'), /Unauthorized|Invalid/);
  });

  test('invitePractitioner and deactivateMembership manage a member', async () => {
    const admin = new MockClient();
    const projectId = await projectIdOf(admin);
    const policy = await admin.createResource({ resourceType: 'AccessPolicy', name: 'Front desk', resource: [] });
    const email = `ana-${projectId}@example.com`;
    const membership = await invitePractitioner(
      admin,
      projectId,
      { firstName: 'Ana', lastName: 'Ruiz', email },
      { reference: `AccessPolicy/${policy.id}` },
    );
    assert.equal(membership.resourceType, 'ProjectMembership');
    assert.equal(membership.accessPolicy?.reference, `AccessPolicy/${policy.id}`);
    assert.match(membership.profile?.reference ?? '', /^Practitioner\//);
    await assert.rejects(
      invitePractitioner(admin, projectId, { firstName: 'Ana', lastName: 'Ruiz', email }),
      /already a member/,
    );

    const updated = await deactivateMembership(admin, projectId, membership.id as string);
    assert.equal(updated.id, membership.id);
    assert.equal(updated.active, false);
    assert.deepEqual(updated.profile, membership.profile);
    assert.equal(updated.accessPolicy?.reference, `AccessPolicy/${policy.id}`);
    const stored = await admin.readResource('ProjectMembership', membership.id as string, { cache: 'no-cache' });
    assert.equal(stored.active, false);
  });

  test('findMembers finds the patient members of the project and the holders of an access policy', async () => {
    const admin = new MockClient();
    const projectId = await projectIdOf(admin);
    const patient = await invitePatientByExternalId(admin, projectId, `find-${projectId}`, {
      firstName: 'Cy',
      lastName: 'Ng',
    });
    // The example searches for a fixed policy id, which no AccessPolicy on this server has. The
    // invite stores it anyway: the release checks that the policies in the request's accessPolicy
    // and access fields exist (admin/invite.ts validateAccessPolicies), but not
    // membership.accessPolicy, which is where invitePractitioner puts it.
    const staff = await invitePractitioner(
      admin,
      projectId,
      { firstName: 'Di', lastName: 'Oz', email: `di-${projectId}@example.com` },
      { reference: 'AccessPolicy/7c4e2a9b-1d3f-4b6a-8e5c-9f0a2d7b3c16' },
    );
    const { patients, holders } = await findMembers(admin);
    assert.deepEqual(
      patients.map((m) => m.id),
      [patient.id],
    );
    assert.deepEqual(
      holders.map((m) => m.id),
      [staff.id],
    );
  });

  test('invitePatientByExternalId creates a patient member with the external id and no email', async () => {
    const admin = new MockClient();
    const projectId = await projectIdOf(admin);
    const result = await invitePatientByExternalId(admin, projectId, `sub-${projectId}`, {
      firstName: 'Bo',
      lastName: 'Li',
    });
    assert.equal(result.resourceType, 'ProjectMembership');
    assert.equal(result.externalId, `sub-${projectId}`);
    assert.match(result.profile?.reference ?? '', /^Patient\//);
    const user = await admin.readReference(result.user as { reference: string });
    assert.equal((user as { email?: string }).email, undefined);
    // A patient's User belongs to the project; the external id lives on the membership only.
    assert.equal((user as { project?: { reference?: string } }).project?.reference, `Project/${projectId}`);
    assert.equal((user as { externalId?: string }).externalId, undefined);
  });

  test('a DomainConfiguration made by the super admin answers the method lookup', async () => {
    const admin = new MockClient();
    const projectId = await projectIdOf(admin);
    const domain = `Clinic-${projectId}.Example.ORG`;
    // DomainConfiguration is a protected resource type: only a super admin may write it.
    await assert.rejects(createDomainConfiguration(admin, domain, PROVIDER_CLIENT), /Forbidden/);
    const superAdmin = await superAdminClient();
    const config = await createDomainConfiguration(superAdmin, domain, PROVIDER_CLIENT);
    assert.equal(config.domain, domain.toLowerCase());
    assert.equal(config.identityProvider?.tokenUrl, `https://login.${domain}/oauth2/token`);

    const anyone = newClient();
    const answer = await lookUpSignInMethod(anyone, `dana.whitfield@${domain.toLowerCase()}`);
    assert.equal(answer?.domain, domain.toLowerCase());
    const authorize = new URL(answer?.authorizeUrl as string);
    assert.equal(authorize.origin + authorize.pathname, `https://login.${domain.toLowerCase()}/oauth2/authorize`);
    assert.equal(authorize.searchParams.get('client_id'), PROVIDER_CLIENT.clientId);
    assert.equal(await lookUpSignInMethod(anyone, `dana.whitfield@plain-${projectId}.example.com`), undefined);
  });

  test('signOutCompletely revokes the session on the server and forgets the tokens', async () => {
    const admin = new MockClient();
    const user = await inviteUser(admin, { name: 'leaving' });
    const medplum = await signInAs(user);
    const token = medplum.getAccessToken() as string;
    await medplum.get('auth/me', { cache: 'no-cache' });
    await signOutCompletely(medplum);
    assert.equal(medplum.getAccessToken(), undefined);
    assert.equal(medplum.getActiveLogin(), undefined);
    // The old access token no longer works.
    const stale = newClient();
    stale.setAccessToken(token);
    await assert.rejects(stale.get('auth/me', { cache: 'no-cache' }), /Unauthenticated|Unauthorized/);

    const second = await signInAs(user);
    const visited: string[] = [];
    await handleSignOut(second, (path) => visited.push(path));
    assert.deepEqual(visited, ['/signin']);
    assert.equal(second.getAccessToken(), undefined);
  });

  test('requestPasswordReset records a reset request, and the email bot mails its link', async () => {
    const admin = new MockClient();
    const user = await inviteUser(admin, { name: 'forgetful', scope: 'project' });
    const userRef = user.membership.user as { reference: string };
    await requestPasswordReset(newClient(), user.email, user.projectId);
    // An unknown address gets the same answer.
    await requestPasswordReset(newClient(), `nobody-${user.projectId}@example.com`, user.projectId);
    const requests = await admin.searchResources(
      'UserSecurityRequest',
      { user: userRef.reference, _sort: '-_lastUpdated' },
      { cache: 'no-cache' },
    );
    const reset = requests.find((r) => r.type === 'reset');
    assert.ok(reset, JSON.stringify(requests.map((r) => r.type)));
    assert.equal(reset.used, undefined);

    const event = {
      input: reset,
      bot: { reference: 'Bot/email-bot' },
      contentType: 'application/fhir+json',
      secrets: {},
    } as BotEvent<UserSecurityRequest>;
    // Without the project's email feature the server refuses to send.
    await assert.rejects(emailBot(admin, event), /Forbidden/);
    const superAdmin = await superAdminClient();
    const project = await superAdmin.readResource('Project', user.projectId);
    await superAdmin.patchResource('Project', user.projectId, [
      { op: 'add', path: '/features', value: [...(project.features ?? []), 'email'] },
    ]);
    assert.equal(await emailBot(admin, event), 'sent reset email');
  });

  test("exchangeForMedplumToken trades a token the client's identity provider accepts", async () => {
    const admin = new MockClient();
    const user = await inviteUser(admin, { name: 'federated' });
    // The identity provider here is the Medplum server itself: an access token it issued, with
    // the email scope, is what its own /oauth2/userinfo accepts and answers with the user's email.
    const idpSession = await signInAs(user, 'openid email');
    const app = await newClientApplication(admin, {
      name: 'Federated app',
      identityProvider: {
        authorizeUrl: `${serverBaseUrl()}oauth2/authorize`,
        tokenUrl: `${serverBaseUrl()}oauth2/token`,
        userInfoUrl: `${serverBaseUrl()}oauth2/userinfo`,
        clientId: 'unused-by-the-exchange',
        clientSecret: 'unused-by-the-exchange',
      },
    });
    const medplum = newClient();
    const token = await exchangeForMedplumToken(medplum, idpSession.getAccessToken() as string, app.id);
    assert.equal(token, medplum.getAccessToken());
    assert.notEqual(token, idpSession.getAccessToken());
    assert.equal(parseJWTPayload(token).client_id, app.id);
    assert.equal(`Practitioner/${medplum.getProfile()?.id}`, user.membership.profile?.reference);
    await assert.rejects(exchangeForMedplumToken(newClient(), 'not-a-token', app.id));
  });

  test("finishExternalSignIn trades the code the server hands back after the provider's callback", async () => {
    const admin = new MockClient();
    const user = await inviteUser(admin, { name: 'external' });
    // The external identity provider here is the Medplum server itself, through a second client
    // application: its /oauth2/token answers the code with an id_token that carries the email.
    // A confidential client authenticated by its secret, so it takes codes without PKCE.
    const provider = await newClientApplication(admin, { name: 'Provider side', pkceOptional: true });
    const appRedirectUri = 'https://app.example.org/signin';
    const portal = await newClientApplication(admin, {
      name: 'Clinic portal',
      redirectUris: [appRedirectUri],
      identityProvider: {
        authorizeUrl: `${serverBaseUrl()}oauth2/authorize`,
        tokenUrl: `${serverBaseUrl()}oauth2/token`,
        userInfoUrl: `${serverBaseUrl()}oauth2/userinfo`,
        clientId: provider.id,
        clientSecret: provider.secret,
      },
    });
    const options = {
      providerAuthorizeUrl: `${serverBaseUrl()}oauth2/authorize`,
      providerClientId: provider.id,
      medplumClientId: portal.id,
      appRedirectUri,
    };
    const medplum = newClient();
    const providerUrl = new URL(await buildExternalSignInUrl(medplum, options));
    assert.equal(providerUrl.searchParams.get('redirect_uri'), `${serverBaseUrl()}auth/external`);
    // The user signs in at the provider, which sends the browser to the server's callback with a code.
    const providerLogin = (await newClient().post('auth/login', {
      email: user.email,
      password: user.password,
      clientId: provider.id,
      scope: 'openid email',
    })) as { code: string };
    const callback = new URL('auth/external', serverBaseUrl());
    callback.searchParams.set('code', providerLogin.code);
    callback.searchParams.set('state', providerUrl.searchParams.get('state') as string);
    const redirect = await fetch(callback, { redirect: 'manual' });
    assert.equal(redirect.status, 302);
    const location = redirect.headers.get('location') as string;
    assert.ok(location.startsWith(`${appRedirectUri}?`), location);

    await finishExternalSignIn(medplum, location, options);
    assert.equal(`Practitioner/${medplum.getProfile()?.id}`, user.membership.profile?.reference);
    assert.equal(parseJWTPayload(medplum.getAccessToken() as string).client_id, portal.id);
    await assert.rejects(finishExternalSignIn(newClient(), `${appRedirectUri}?login=x`, options), /No Medplum code/);
  });

  test('setNewPassword sets the password from a reset link, which then signs in', async () => {
    const admin = new MockClient();
    const user = await inviteUser(admin, { name: 'resetting', scope: 'project' });
    // The reset request itself is the request-reset example's; here it is only setup.
    await newClient().post('auth/resetpassword', { email: user.email, projectId: user.projectId, sendEmail: false });
    const requests = await admin.searchResources(
      'UserSecurityRequest',
      { user: user.membership.user?.reference as string },
      { cache: 'no-cache' },
    );
    const reset = requests.find((r) => r.type === 'reset');
    assert.ok(reset?.id && reset.secret);
    await assert.rejects(
      setNewPassword(newClient(), reset.id, 'wrong-secret', 'correct horse battery'),
      /Incorrect secret/,
    );
    // The server checks the new password against the Have I Been Pwned API before it saves it.
    await setNewPassword(newClient(), reset.id, reset.secret, 'correct horse battery staple 42');
    await signInAs({ email: user.email, password: 'correct horse battery staple 42', projectId: user.projectId });
    await assert.rejects(setNewPassword(newClient(), reset.id, reset.secret, 'another long password'), /Already used/);
  });
});
