/**
 * Runs examples/auth/identity.ts against MockClient. MockClient answers auth/mfa/status,
 * auth/mfa/enroll and auth/mfa/verify itself; auth/login with an MFA answer, auth/mfa/login-enroll
 * and the invite endpoint are answered by small stubs shaped like the server's responses.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { validateResource } from '@medplum/core';
import type { BotEvent } from '@medplum/core';
import type { ClientApplication, Project, ProjectMembership } from '@medplum/fhirtypes';
import { MockClient } from '@medplum/mock';
import {
  buildProviderRequest,
  confirmMfa,
  createClientWithGracePeriod,
  ensureTokenOutlives,
  getMfaStatus,
  handler,
  inviteWithMfa,
  isValidTokenLifetime,
  planUpgradePath,
  setClientTokenLifetimes,
  setProjectEmailSecrets,
  signInWithMfa,
} from '../../../examples/auth/identity';
import type { OutgoingEmail } from '../../../examples/auth/identity';
import { loadFullDefinitions, mockWithSearch } from './mock-with-search';
import { createHmac } from 'node:crypto';
import { MedplumClient, parseJWTPayload } from '@medplum/core';
import { onServer } from '../../server/on-server';
import {
  inviteUser,
  newClientApplication,
  projectIdOf,
  serverBaseUrl,
  signInAs,
  superAdminClient,
} from './support/server-setup';

/** For tests that answer requests with stubs or MockClient data: the server half is in "on the server" below. */
const mockOnly = { skip: onServer && 'stubs and mock data; the server half is in "on the server" below' };

const BASE = 'https://example.com/';

interface Call {
  method: string;
  path: string;
  body: unknown;
}

/** MockClient whose requests are logged; stubs answer paths by prefix before MockClient sees them. */
function recordingClient(stubs: Record<string, (body: any) => unknown>): { medplum: MockClient; calls: Call[] } {
  const backend = new MockClient();
  const calls: Call[] = [];
  const fetchImpl = async (url: string, options: RequestInit): Promise<Response> => {
    const path = url.replace(BASE, '');
    let body: unknown = options.body;
    if (typeof options.body === 'string') {
      try {
        body = JSON.parse(options.body);
      } catch {
        body = options.body; // form-encoded token requests
      }
    }
    calls.push({ method: (options.method ?? 'GET').toUpperCase(), path, body });
    const key = Object.keys(stubs).find((prefix) => path.startsWith(prefix));
    if (key) {
      return new Response(JSON.stringify(stubs[key](body)), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }
    return backend.client.mockFetch(url, options) as Promise<Response>;
  };
  return { medplum: new MockClient({ fetch: fetchImpl as typeof fetch }), calls };
}

describe('token lifetimes', () => {
  test('duration strings follow clapp-1', () => {
    assert.equal(isValidTokenLifetime('15m'), true);
    assert.equal(isValidTokenLifetime('2w'), true);
    assert.equal(isValidTokenLifetime('300'), false);
    assert.equal(isValidTokenLifetime('1 h'), false);
    assert.equal(isValidTokenLifetime('1h30m'), false);
  });

  test('sets both lifetimes on a ClientApplication and the result validates', async () => {
    loadFullDefinitions();
    const medplum = mockWithSearch();
    const created = await medplum.createResource<ClientApplication>({
      resourceType: 'ClientApplication',
      name: 'Kiosk app',
    });
    const updated = await setClientTokenLifetimes(medplum, created.id as string, { access: '15m', refresh: '8h' });
    assert.equal(updated.accessTokenLifetime, '15m');
    assert.equal(updated.refreshTokenLifetime, '8h');
    validateResource(updated);
    const reread = await medplum.readResource('ClientApplication', created.id as string);
    assert.equal(reread.refreshTokenLifetime, '8h');
  });

  test('rejects a bare number before calling the server', async () => {
    const medplum = mockWithSearch();
    await assert.rejects(() => setClientTokenLifetimes(medplum, 'x', { access: '3600' }), /Invalid token lifetime/);
  });

  test('the profile constraint rejects an invalid lifetime', () => {
    loadFullDefinitions();
    assert.throws(
      () =>
        validateResource({
          resourceType: 'ClientApplication',
          name: 'bad',
          accessTokenLifetime: 'medplum',
        } as ClientApplication),
      /clapp-1/,
    );
    // A valid duration passes the same constraint.
    validateResource({
      resourceType: 'ClientApplication',
      name: 'ok',
      refreshTokenLifetime: '90d',
    } as ClientApplication);
  });

  test('grace period client and refreshIfExpired', mockOnly, async () => {
    const client = createClientWithGracePeriod(BASE, 'my-client');
    assert.equal(client.getBaseUrl(), BASE);
    // Without a stored access token there is nothing to refresh, so no token request is made.
    const { medplum, calls } = recordingClient({});
    await ensureTokenOutlives(medplum, 30 * 60 * 1000);
    assert.equal(calls.filter((c) => c.path === 'oauth2/token').length, 0);
  });

  test(
    'refreshIfExpired uses the refresh grant only when the token would not outlive the period',
    mockOnly,
    async () => {
      const unsignedJwt = (payload: Record<string, unknown>): string => {
        const enc = (o: unknown): string => Buffer.from(JSON.stringify(o)).toString('base64url');
        return `${enc({ alg: 'none', typ: 'JWT' })}.${enc(payload)}.sig`;
      };
      const now = Math.floor(Date.now() / 1000);
      const { medplum, calls } = recordingClient({
        'oauth2/token': () => ({
          token_type: 'Bearer',
          expires_in: 3600,
          access_token: unsignedJwt({ login_id: 'L', iat: now, exp: now + 3600 }),
          refresh_token: 'refresh-2',
          profile: { reference: 'Practitioner/123' },
        }),
      });

      // Two hours left: a 30-minute period needs no refresh.
      medplum.setAccessToken(unsignedJwt({ login_id: 'L', iat: now, exp: now + 7200 }), 'refresh-1');
      await ensureTokenOutlives(medplum, 30 * 60 * 1000);
      assert.equal(calls.filter((c) => c.path === 'oauth2/token').length, 0);

      // Ten minutes left: the client refreshes first, with the stored refresh token.
      medplum.setAccessToken(unsignedJwt({ login_id: 'L', iat: now, exp: now + 600 }), 'refresh-1');
      await ensureTokenOutlives(medplum, 30 * 60 * 1000);
      const tokenCalls = calls.filter((c) => c.path === 'oauth2/token');
      assert.equal(tokenCalls.length, 1);
      const form = new URLSearchParams(String(tokenCalls[0].body));
      assert.equal(form.get('grant_type'), 'refresh_token');
      assert.equal(form.get('refresh_token'), 'refresh-1');
    },
  );
});

describe('mfa', () => {
  test('invite sends mfaRequired', mockOnly, async () => {
    const { medplum, calls } = recordingClient({
      'admin/projects/': () => ({ resourceType: 'ProjectMembership', id: 'm1' }),
    });
    const result = (await inviteWithMfa(medplum, 'p1', {
      firstName: 'Ada',
      lastName: 'Osei',
      email: 'ada@example.com',
    })) as ProjectMembership;
    assert.equal(result.id, 'm1');
    const call = calls.find((c) => c.path === 'admin/projects/p1/invite');
    assert.ok(call);
    assert.equal((call.body as Record<string, unknown>).mfaRequired, true);
    assert.equal((call.body as Record<string, unknown>).resourceType, 'Practitioner');
  });

  test('sign-in with an enrolled user posts the code to auth/mfa/verify', mockOnly, async () => {
    const { medplum, calls } = recordingClient({
      'auth/login': () => ({ login: 'L1', mfaRequired: true }),
      'auth/mfa/verify': () => ({ login: 'L1', code: 'C1' }),
    });
    const profile = await signInWithMfa(medplum, 'ada@example.com', 'pw', async () => '804113');
    assert.ok(profile);
    const verify = calls.find((c) => c.path === 'auth/mfa/verify');
    assert.deepEqual(verify?.body, { login: 'L1', token: '804113' });
    assert.ok(calls.some((c) => c.path === 'oauth2/token'));
  });

  test('sign-in with enrolment required shows the QR code and posts to login-enroll', mockOnly, async () => {
    let shown: string | undefined;
    const { medplum, calls } = recordingClient({
      'auth/login': () => ({ login: 'L2', mfaEnrollRequired: true, enrollQrCode: 'data:image/png;base64,AAA' }),
      'auth/mfa/login-enroll': () => ({ login: 'L2', code: 'C2' }),
    });
    await signInWithMfa(medplum, 'new@example.com', 'pw', async (qr) => {
      shown = qr;
      return '654321';
    });
    assert.equal(shown, 'data:image/png;base64,AAA');
    assert.deepEqual(calls.find((c) => c.path === 'auth/mfa/login-enroll')?.body, { login: 'L2', token: '654321' });
  });

  test('several memberships stop before a code exists', mockOnly, async () => {
    const { medplum } = recordingClient({
      'auth/login': () => ({ login: 'L3', memberships: [{ id: 'a' }, { id: 'b' }] }),
    });
    await assert.rejects(() => signInWithMfa(medplum, 'x@example.com', 'pw', async () => '1'), /Profile selection/);
  });

  test('self-enrolment reads status then confirms', mockOnly, async () => {
    const { medplum, calls } = recordingClient({});
    const status = await getMfaStatus(medplum);
    assert.equal(status.enrolled, false);
    assert.ok(status.enrollUri?.startsWith('otpauth://'));
    await confirmMfa(medplum, '372950');
    assert.deepEqual(calls.find((c) => c.path === 'auth/mfa/enroll')?.body, { token: '372950' });
  });
});

describe('project email', () => {
  test('stores provider credentials as project secrets', mockOnly, async () => {
    loadFullDefinitions();
    const medplum = mockWithSearch();
    const project = await medplum.createResource<Project>({ resourceType: 'Project', name: 'Clinic A' });
    const updated = await setProjectEmailSecrets(medplum, project.id as string, 'https://mail.example.net/send', 'k-1');
    const again = await setProjectEmailSecrets(medplum, project.id as string, 'https://mail.example.net/send', 'k-2');
    assert.equal(updated.secret?.length, 2);
    assert.equal(again.secret?.length, 2);
    assert.equal(again.secret?.find((s) => s.name === 'EMAIL_API_KEY')?.valueString, 'k-2');
    validateResource(again);
  });

  test('builds the provider request from bot secrets', () => {
    const { url, init } = buildProviderRequest(
      {
        EMAIL_API_URL: { name: 'EMAIL_API_URL', valueString: 'https://mail.example.net/send' },
        EMAIL_API_KEY: { name: 'EMAIL_API_KEY', valueString: 'k-1' },
      },
      { to: 'pat@example.com', subject: 'Hello', text: 'Body' },
    );
    assert.equal(url, 'https://mail.example.net/send');
    assert.equal((init.headers as Record<string, string>).Authorization, 'Bearer k-1');
    assert.deepEqual(JSON.parse(init.body as string), { to: 'pat@example.com', subject: 'Hello', text: 'Body' });
    assert.throws(() => buildProviderRequest({}, { to: 'a', subject: 'b', text: 'c' }), /project secrets are required/);
  });

  test('bot handler posts to the provider', async () => {
    const original = globalThis.fetch;
    const seen: string[] = [];
    globalThis.fetch = (async (url: string) => {
      seen.push(url);
      return new Response('{}', { status: 202 });
    }) as typeof fetch;
    try {
      const event = {
        bot: { reference: 'Bot/1' },
        contentType: 'application/json',
        input: { to: 'pat@example.com', subject: 'Hi', text: 'x' },
        secrets: {
          EMAIL_API_URL: { name: 'EMAIL_API_URL', valueString: 'https://mail.example.net/send' },
          EMAIL_API_KEY: { name: 'EMAIL_API_KEY', valueString: 'k' },
        },
      } as BotEvent<OutgoingEmail>;
      const status = await handler(new MockClient(), event);
      assert.equal(status, 202);
      assert.deepEqual(seen, ['https://mail.example.net/send']);
    } finally {
      globalThis.fetch = original;
    }
  });
});

describe('upgrade path', () => {
  const tags = [
    'v4.1.0',
    'v4.1.12',
    'v4.1.16',
    'v4.2.0',
    'v4.2.6',
    'v4.3.0',
    'v4.3.15',
    'v4.4.3',
    'v4.5.2',
    'v5.0.0',
    'v5.0.10',
  ];

  test('latest patch of each minor line, in order', () => {
    assert.deepEqual(planUpgradePath('4.1.12', '5.0.10', tags), [
      '4.1.16',
      '4.2.6',
      '4.3.15',
      '4.4.3',
      '4.5.2',
      '5.0.10',
    ]);
    assert.deepEqual(planUpgradePath('4.1.16', '4.3.15', tags), ['4.2.6', '4.3.15']);
  });

  test('stops at the requested patch of the target line', () => {
    assert.deepEqual(planUpgradePath('4.3.2', '4.5.2', tags), ['4.3.15', '4.4.3', '4.5.2']);
    assert.deepEqual(planUpgradePath('4.4.0', '5.0.0', tags), ['4.4.3', '4.5.2', '5.0.0']);
  });
});

/**
 * The time-based one-time password (RFC 6238: HMAC-SHA1, 30 s steps, 6 digits) an authenticator
 * app shows for a base32 secret, at the real time (the test clock is fixed).
 */
function totp(secretBase32: string): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const ch of secretBase32.replace(/=+$/, '').toUpperCase()) {
    bits += alphabet.indexOf(ch).toString(2).padStart(5, '0');
  }
  const key = Buffer.from((bits.match(/.{8}/g) ?? []).map((b) => parseInt(b, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor((performance.timeOrigin + performance.now()) / 30000)));
  const hmac = createHmac('sha1', key).update(counter).digest();
  const offset = hmac[hmac.length - 1] & 0xf;
  return String((hmac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

function secretOf(otpauthUri: string | undefined): string {
  const secret = otpauthUri ? new URL(otpauthUri).searchParams.get('secret') : null;
  assert.ok(secret, `no secret in ${otpauthUri}`);
  return secret;
}

/** A client of the server whose fetch also hands each JSON answer to `seen` (to read what a person would scan). */
function watchingClient(seen: (body: Record<string, unknown>) => void): MedplumClient {
  const watching = async (url: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const response = await fetch(url, init);
    if (response.headers.get('content-type')?.includes('json')) {
      seen((await response.clone().json()) as Record<string, unknown>);
    }
    return response;
  };
  return new MedplumClient({ baseUrl: serverBaseUrl(), fetch: watching as typeof fetch });
}

describe('identity examples on the server', { skip: !onServer }, () => {
  test('ensureTokenOutlives refreshes only when the token would expire within the period', async () => {
    const admin = new MockClient();
    const user = await inviteUser(admin, { name: 'grace' });
    const app = await newClientApplication(admin, { name: 'Long-running app' });
    const medplum = createClientWithGracePeriod(serverBaseUrl(), app.id);
    const login = await medplum.startLogin({
      email: user.email,
      password: user.password,
      projectId: user.projectId,
      clientId: app.id,
      scope: 'openid offline_access',
    });
    await medplum.processCode(login.code as string, { clientId: app.id });
    const first = medplum.getAccessToken() as string;
    assert.ok(medplum.getActiveLogin()?.refreshToken);
    // How long the access token still lives by this client's clock (the server issues it for an hour).
    const remaining = (parseJWTPayload(first).exp as number) * 1000 - Date.now();
    await ensureTokenOutlives(medplum, remaining - 10 * 60 * 1000);
    assert.equal(medplum.getAccessToken(), first);
    // A period past its expiry: the client trades its refresh token for a new access token first.
    await ensureTokenOutlives(medplum, remaining + 10 * 60 * 1000);
    const second = medplum.getAccessToken();
    assert.ok(second && second !== first);
    const me = (await medplum.get('auth/me', { cache: 'no-cache' })) as { profile: { id: string } };
    assert.equal(`Practitioner/${me.profile.id}`, user.membership.profile?.reference);
  });

  test('inviteWithMfa makes a user who must enrol at the first sign-in', async () => {
    const admin = new MockClient();
    const projectId = await projectIdOf(admin);
    const result = (await inviteWithMfa(admin, projectId, {
      firstName: 'Ada',
      lastName: 'Osei',
      email: `ada-${projectId}@example.com`,
    })) as ProjectMembership;
    assert.equal(result.resourceType, 'ProjectMembership');
    assert.match(result.profile?.reference ?? '', /^Practitioner\//);
    const superAdmin = await superAdminClient();
    const user = await superAdmin.readReference(result.user as { reference: string });
    assert.equal((user as { mfaRequired?: boolean }).mfaRequired, true);
    assert.equal((user as { mfaEnrolled?: boolean }).mfaEnrolled, undefined);
  });

  test('self-enrolment, then sign-in with the code, and enrolment at sign-in', async () => {
    const admin = new MockClient();
    const user = await inviteUser(admin, { name: 'mfa' });
    const session = await signInAs(user);
    const status = await getMfaStatus(session);
    assert.equal(status.enrolled, false);
    const secret = secretOf(status.enrollUri);
    assert.match(status.enrollQrCode ?? '', /^data:image\/png;base64,/);
    const wrong = totp(secret) === '000000' ? '111111' : '000000';
    await assert.rejects(confirmMfa(session, wrong), /Invalid/);
    await confirmMfa(session, totp(secret));
    assert.equal((await getMfaStatus(session)).enrolled, true);

    // Enrolled: the password alone stops at auth/mfa/verify.
    let asked = 0;
    const profile = await signInWithMfa(
      new MedplumClient({ baseUrl: serverBaseUrl(), fetch }),
      user.email,
      user.password,
      async (qr) => {
        asked++;
        assert.equal(qr, undefined);
        return totp(secret);
      },
    );
    assert.equal(asked, 1);
    assert.equal(`Practitioner/${profile.id}`, user.membership.profile?.reference);

    // A user invited with mfaRequired enrols during the sign-in (auth/mfa/login-enroll).
    const required = await inviteUser(admin, { name: 'mfa-required', mfaRequired: true });
    let enrollUri: string | undefined;
    const medplum = watchingClient((body) => {
      if (typeof body.enrollUri === 'string') enrollUri = body.enrollUri;
    });
    let shown: string | undefined;
    const enrolled = await signInWithMfa(medplum, required.email, required.password, async (qr) => {
      shown = qr;
      return totp(secretOf(enrollUri));
    });
    assert.match(shown ?? '', /^data:image\/png;base64,/);
    assert.equal(`Practitioner/${enrolled.id}`, required.membership.profile?.reference);

    // Two memberships: no code until a profile is chosen.
    const otherAdmin = new MockClient();
    const otherProjectId = await projectIdOf(otherAdmin);
    await otherAdmin.post(`admin/projects/${otherProjectId}/invite`, {
      resourceType: 'Practitioner',
      firstName: 'Test',
      lastName: 'mfa',
      email: user.email,
      sendEmail: false,
    });
    await assert.rejects(
      signInWithMfa(new MedplumClient({ baseUrl: serverBaseUrl(), fetch }), user.email, user.password, async () =>
        totp(secret),
      ),
      /Profile selection required/,
    );
  });

  test('setProjectEmailSecrets replaces the two email secrets and keeps the others', async () => {
    const admin = new MockClient();
    const projectId = await projectIdOf(admin);
    await admin.post(`admin/projects/${projectId}/secrets`, [{ name: 'OTHER', valueString: 'kept' }]);
    const updated = await setProjectEmailSecrets(admin, projectId, 'https://mail.example.net/send', 'k-1');
    assert.deepEqual(
      updated.secret?.map((s) => s.name),
      ['OTHER', 'EMAIL_API_URL', 'EMAIL_API_KEY'],
    );
    const again = await setProjectEmailSecrets(admin, projectId, 'https://mail.example.net/send', 'k-2');
    assert.equal(again.secret?.length, 3);
    assert.equal(again.secret?.find((s) => s.name === 'EMAIL_API_KEY')?.valueString, 'k-2');
    const stored = await admin.readResource('Project', projectId, { cache: 'no-cache' });
    assert.equal(stored.secret?.find((s) => s.name === 'EMAIL_API_URL')?.valueString, 'https://mail.example.net/send');
  });
});
