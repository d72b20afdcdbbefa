/**
 * The deployed-version check reads GET /healthcheck (packages/server/src/healthcheck.ts: `version`
 * is MEDPLUM_VERSION, "<release>-<commit>"), which MockClient does not serve: the scripted tests
 * play a rolling deployment, the server test reads the verify server's own build.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { MockClient } from '@medplum/mock';
import { onServer } from '../../server/on-server';
import { scriptedClient } from './support/scripted-fetch';
import { parseServerVersion, rolloutComplete, sampleDeployedVersions } from '../../../examples/self-hosting/own-images';

const scriptedOnly = { skip: onServer && 'scripted answers; the server half is in "on the server" below' };

function health(version: string) {
  return { status: 200, body: { ok: true, version, postgres: true, redis: true } };
}

describe('self-hosting/own-images', () => {
  test('parseServerVersion splits release and commit, and drops "unknown"', () => {
    assert.deepEqual(parseServerVersion('5.1.12-53eba89'), { release: '5.1.12', commit: '53eba89' });
    assert.deepEqual(parseServerVersion('5.1.12-unknown'), { release: '5.1.12', commit: undefined });
    assert.deepEqual(parseServerVersion('5.1.12'), { release: '5.1.12', commit: undefined });
  });

  test('sampleDeployedVersions counts the builds that answer during a rolling deployment', scriptedOnly, async () => {
    const { medplum, requests } = scriptedClient([
      health('5.1.11-069d5d2'),
      health('5.1.12-53eba89'),
      health('5.1.12-53eba89'),
      health('5.1.11-069d5d2'),
      health('5.1.12-53eba89'),
    ]);
    const counts = await sampleDeployedVersions(medplum);
    assert.equal(requests.length, 5);
    assert.ok(requests.every((r) => r.method === 'GET' && r.url.pathname === '/healthcheck'));
    assert.deepEqual(counts, { '5.1.11-069d5d2': 2, '5.1.12-53eba89': 3 });
    assert.equal(rolloutComplete(counts, { release: '5.1.12' }), false);
    assert.equal(rolloutComplete({ '5.1.12-53eba89': 5 }, { release: '5.1.12' }), true);
    assert.equal(rolloutComplete({ '5.1.12-53eba89': 5 }, { release: '5.1.12', commit: '1a2b3c4' }), false);
  });
});

describe('self-hosting/own-images on the server', { skip: !onServer }, () => {
  test('the verify server reports release 5.1.12 and the commit it was built from', async () => {
    // In server mode a MockClient is a client of the server; the health check needs no sign-in.
    const medplum = new MockClient();
    const counts = await sampleDeployedVersions(medplum, 3);
    const versions = Object.keys(counts);
    assert.equal(versions.length, 1);
    assert.equal(counts[versions[0]], 3);
    const { release, commit } = parseServerVersion(versions[0]);
    assert.equal(release, '5.1.12');
    assert.equal(commit, '53eba89');
    assert.equal(rolloutComplete(counts, { release: '5.1.12', commit: '53eba89' }), true);
  });
});
