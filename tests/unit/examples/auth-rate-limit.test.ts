/**
 * Runs the sign-in rate limit helper of examples/auth/password-login.ts. MockClient does not
 * rate limit, so a scripted fetch answers auth/login the way the server's limiter does: HTTP 429,
 * an OperationOutcome with code "throttled" and a RateLimit header.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { secondsUntilSignInAllowed } from '../../../examples/auth/password-login';
import { scriptedClient } from './support/scripted-fetch';

const throttled = {
  resourceType: 'OperationOutcome',
  id: 'too-many-requests',
  issue: [{ severity: 'error', code: 'throttled', details: { text: 'Too Many Requests' } }],
};

describe('sign-in rate limit', () => {
  test('a 429 from auth/login reports the seconds left in the window', async () => {
    const { medplum, requests } = scriptedClient([
      { status: 429, body: throttled, headers: { RateLimit: '"requests";r=0;t=42' } },
    ]);
    let error: unknown;
    try {
      await medplum.startLogin({ email: 'ada@example.org', password: 'wrong-password' });
    } catch (err) {
      error = err;
    }
    // The client does not retry: waiting 42 seconds is longer than its retry budget.
    assert.equal(requests.length, 1);
    assert.equal(requests[0].url.pathname, '/auth/login');
    assert.equal(secondsUntilSignInAllowed(medplum, error), 42);
  });

  test('other failures are not reported as rate limiting', async () => {
    const { medplum } = scriptedClient([
      {
        status: 400,
        body: {
          resourceType: 'OperationOutcome',
          issue: [{ severity: 'error', code: 'invalid', details: { text: 'Email or password is invalid' } }],
        },
      },
    ]);
    let error: unknown;
    try {
      await medplum.startLogin({ email: 'ada@example.org', password: 'wrong-password' });
    } catch (err) {
      error = err;
    }
    assert.ok(error);
    assert.equal(secondsUntilSignInAllowed(medplum, error), undefined);
    assert.equal(secondsUntilSignInAllowed(medplum, new Error('network down')), undefined);
  });
});
