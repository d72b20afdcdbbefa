/**
 * Runs examples/auth/session-details.ts against MockClient, which answers auth/me with a profile
 * and a security section and lets a test choose the project (and so its features).
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { MockClient } from '@medplum/mock';
import { getSecuritySummary, shouldShowScheduling } from '../../../examples/auth/session-details';
import { onServer } from '../../server/on-server';
import { inviteUser, signInAs } from './support/server-setup';

describe('auth/me session details', () => {
  test('shouldShowScheduling follows the project features', async () => {
    const withScheduling = new MockClient({
      project: { resourceType: 'Project', id: 'p1', name: 'Clinic', features: ['bots', 'scheduling'] },
    });
    assert.equal(await shouldShowScheduling(withScheduling), true);

    const without = new MockClient({ project: { resourceType: 'Project', id: 'p2', name: 'Lab', features: ['bots'] } });
    assert.equal(await shouldShowScheduling(without), false);

    const noProject = new MockClient({ project: null });
    assert.equal(await shouldShowScheduling(noProject), false);
  });

  test(
    'getSecuritySummary reads the security part of auth/me',
    { skip: onServer && 'MockClient sample sessions; the server half is below' },
    async () => {
      const medplum = new MockClient();
      const summary = await getSecuritySummary(medplum);
      assert.ok(summary);
      assert.equal(summary.mfaEnrolled, false);
      assert.equal(summary.recentSessions.length, 2);
      assert.equal(summary.recentSessions[0].authMethod, 'password');
    },
  );

  test('getSecuritySummary gives undefined when auth/me has no security part', async () => {
    const medplum = new MockClient();
    const original = medplum.get.bind(medplum);
    const paths: string[] = [];
    medplum.get = ((url: string | URL, options?: any) => {
      paths.push(url.toString());
      if (url.toString().startsWith('auth/me')) {
        return Promise.resolve({ profile: { resourceType: 'ClientApplication', id: 'c1' } }) as any;
      }
      return original(url, options);
    }) as typeof medplum.get;
    assert.equal(await getSecuritySummary(medplum), undefined);
    assert.deepEqual(paths, ['auth/me']);
  });
});

describe('auth/me session details on the server', { skip: !onServer }, () => {
  test("getSecuritySummary lists a user's recent sign-ins, and nothing for a client application", async () => {
    // In server mode a MockClient is the admin client (a ClientApplication) of a project of its own.
    const admin = new MockClient();
    const user = await inviteUser(admin, { name: 'summary' });
    await signInAs(user);
    const medplum = await signInAs(user);
    const summary = await getSecuritySummary(medplum);
    assert.ok(summary);
    assert.equal(summary.mfaEnrolled, false);
    assert.equal(summary.recentSessions.length, 2);
    for (const session of summary.recentSessions) {
      assert.equal(session.authMethod, 'password');
      assert.ok(session.id);
      assert.ok(session.remoteAddress);
    }
    assert.equal(await getSecuritySummary(admin), undefined);
  });
});
