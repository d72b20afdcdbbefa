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

  test('grace period client and refreshIfExpired', async () => {
    const client = createClientWithGracePeriod(BASE, 'my-client');
    assert.equal(client.getBaseUrl(), BASE);
    // Without a stored access token there is nothing to refresh, so no token request is made.
    const { medplum, calls } = recordingClient({});
    await ensureTokenOutlives(medplum, 30 * 60 * 1000);
    assert.equal(calls.filter((c) => c.path === 'oauth2/token').length, 0);
  });

  test('refreshIfExpired uses the refresh grant only when the token would not outlive the period', async () => {
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
  });
});

describe('mfa', () => {
  test('invite sends mfaRequired', async () => {
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

  test('sign-in with an enrolled user posts the code to auth/mfa/verify', async () => {
    const { medplum, calls } = recordingClient({
      'auth/login': () => ({ login: 'L1', mfaRequired: true }),
      'auth/mfa/verify': () => ({ login: 'L1', code: 'C1' }),
    });
    const profile = await signInWithMfa(medplum, 'ada@example.com', 'pw', async () => '123456');
    assert.ok(profile);
    const verify = calls.find((c) => c.path === 'auth/mfa/verify');
    assert.deepEqual(verify?.body, { login: 'L1', token: '123456' });
    assert.ok(calls.some((c) => c.path === 'oauth2/token'));
  });

  test('sign-in with enrolment required shows the QR code and posts to login-enroll', async () => {
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

  test('several memberships stop before a code exists', async () => {
    const { medplum } = recordingClient({
      'auth/login': () => ({ login: 'L3', memberships: [{ id: 'a' }, { id: 'b' }] }),
    });
    await assert.rejects(() => signInWithMfa(medplum, 'x@example.com', 'pw', async () => '1'), /Profile selection/);
  });

  test('self-enrolment reads status then confirms', async () => {
    const { medplum, calls } = recordingClient({});
    const status = await getMfaStatus(medplum);
    assert.equal(status.enrolled, false);
    assert.ok(status.enrollUri?.startsWith('otpauth://'));
    await confirmMfa(medplum, '111111');
    assert.deepEqual(calls.find((c) => c.path === 'auth/mfa/enroll')?.body, { token: '111111' });
  });
});

describe('project email', () => {
  test('stores provider credentials as project secrets', async () => {
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
