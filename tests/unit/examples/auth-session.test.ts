/**
 * Runs examples/auth/session-details.ts against MockClient, which answers auth/me with a profile
 * and a security section and lets a test choose the project (and so its features).
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { MockClient } from '@medplum/mock';
import { getSecuritySummary, shouldShowScheduling } from '../../../examples/auth/session-details';

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

  test('getSecuritySummary reads the security part of auth/me', async () => {
    const medplum = new MockClient();
    const summary = await getSecuritySummary(medplum);
    assert.ok(summary);
    assert.equal(summary.mfaEnrolled, false);
    assert.equal(summary.recentSessions.length, 2);
    assert.equal(summary.recentSessions[0].authMethod, 'password');
  });

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
