/**
 * The rollback checks call the health check, admin/super/migrations and $db-schema-diff, which only
 * a real server answers (MockClient routes none of them). The scripted tests check the requests
 * and the parsing against the answers packages/server/src/admin/super.ts and
 * fhir/operations/dbschemadiff.ts give; the server tests run the same calls as the super admin.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { MedplumClient } from '@medplum/core';
import type { AsyncJob } from '@medplum/fhirtypes';
import { MockClient } from '@medplum/mock';
import { onServer } from '../../server/on-server';
import { scriptedClient, SCRIPTED_BASE } from './support/scripted-fetch';
import { superAdminClient } from './support/server-setup';
import {
  newDrops,
  readMigrationState,
  readSchemaDrift,
  rollbackNotes,
  type MigrationState,
} from '../../../examples/self-hosting/rollbacks';

const scriptedOnly = { skip: onServer && 'scripted answers; the server half is in "on the server" below' };

const migrationJob = {
  resourceType: 'AsyncJob',
  id: '7dd4a90b-f7a9-4ee3-882a-10d74874e24d',
  type: 'data-migration',
  status: 'accepted',
  request: 'data-migration-v36',
  dataVersion: 36,
  requestTime: '2026-11-25T09:00:00.000Z',
  minServerVersion: '5.1.12',
};

describe('self-hosting/rollbacks', () => {
  test(
    'readMigrationState reads the health check, the migration list and the unfinished jobs',
    scriptedOnly,
    async () => {
      const { medplum, requests } = scriptedClient([
        { status: 200, body: { ok: true, version: '5.1.12-53eba89', postgres: true, redis: true } },
        { status: 200, body: { postDeployMigrations: [1, 2, 35, 36, 37], pendingPostDeployMigration: 36 } },
        { status: 200, body: { resourceType: 'Bundle', type: 'searchset', entry: [{ resource: migrationJob }] } },
      ]);
      const state = await readMigrationState(medplum);
      assert.deepEqual(
        requests.map((r) => `${r.method} ${r.url.pathname}`),
        ['GET /healthcheck', 'GET /admin/super/migrations', 'GET /fhir/R4/AsyncJob'],
      );
      assert.equal(requests[2].url.searchParams.get('type'), 'data-migration');
      assert.equal(requests[2].url.searchParams.get('status'), 'accepted,active');
      assert.equal(state.release, '5.1.12');
      assert.equal(state.latestKnownDataVersion, 37);
      assert.equal(state.pendingDataVersion, 36);
      assert.deepEqual(state.running, [
        { id: migrationJob.id, status: 'accepted', dataVersion: 36, minServerVersion: '5.1.12' },
      ]);
    },
  );

  test('rollbackNotes names a running job and migrations the old release does not know', () => {
    const before: MigrationState = {
      release: '5.1.11',
      latestKnownDataVersion: 34,
      pendingDataVersion: 0,
      running: [],
    };
    const now: MigrationState = {
      release: '5.1.12',
      latestKnownDataVersion: 37,
      pendingDataVersion: 36,
      running: [{ id: 'j1', status: 'accepted', dataVersion: 36, minServerVersion: '5.1.12' }],
    };
    const notes = rollbackNotes(before, now);
    assert.equal(notes.length, 2);
    assert.match(notes[0], /v36 is accepted; .* 5\.1\.12 or later/);
    assert.equal(
      notes[1],
      'Post-deploy migration v35 has run; 5.1.11 does not know it. Check it for DROP statements before rolling back.',
    );
  });

  test('rollbackNotes: with nothing pending every migration of the new release has run', () => {
    const before: MigrationState = {
      release: '5.1.11',
      latestKnownDataVersion: 34,
      pendingDataVersion: 0,
      running: [],
    };
    const done: MigrationState = { release: '5.1.12', latestKnownDataVersion: 37, pendingDataVersion: 0, running: [] };
    assert.deepEqual(rollbackNotes(before, done), [
      'Post-deploy migrations v35 to v37 have run; 5.1.11 does not know them. Check them for DROP statements before rolling back.',
    ]);
    const waiting: MigrationState = { ...done, pendingDataVersion: 35 };
    assert.deepEqual(rollbackNotes(before, waiting), ['No post-deploy migration newer than 5.1.11 has run yet.']);
  });

  test('readSchemaDrift posts $db-schema-diff and sorts additions from drops', scriptedOnly, async () => {
    const migrationString = [
      '// The schema migration needed to match the expected schema',
      '',
      'export async function run(client: PoolClient): Promise<void> {',
      '  const results: { name: string; durationMs: number }[] = []',
      '  await fns.query(client, results, `ALTER TABLE IF EXISTS "Project" DROP COLUMN IF EXISTS "features"`);',
      '  await fns.query(client, results, `DROP INDEX CONCURRENTLY IF EXISTS "Project_features_idx"`);',
      '  await fns.query(client, results, `ALTER TABLE IF EXISTS "Login" ADD COLUMN IF NOT EXISTS "preAuthorizedCodeHash" TEXT`);',
      '  await fns.query(client, results, `DROP TABLE IF EXISTS "Package"`);',
      '}',
    ].join('\n');
    const { medplum, requests } = scriptedClient([
      {
        status: 200,
        body: { resourceType: 'Parameters', parameter: [{ name: 'migrationString', valueString: migrationString }] },
      },
    ]);
    const drift = await readSchemaDrift(medplum);
    assert.equal(requests[0].method, 'POST');
    assert.equal(requests[0].url.toString(), `${SCRIPTED_BASE}fhir/R4/$db-schema-diff`);
    assert.deepEqual(drift.toAdd, [
      'ALTER TABLE IF EXISTS "Login" ADD COLUMN IF NOT EXISTS "preAuthorizedCodeHash" TEXT',
    ]);
    assert.deepEqual(drift.toDrop, [
      'ALTER TABLE IF EXISTS "Project" DROP COLUMN IF EXISTS "features"',
      'DROP INDEX CONCURRENTLY IF EXISTS "Project_features_idx"',
      'DROP TABLE IF EXISTS "Package"',
    ]);
    // Against a baseline read before the upgrade, only what the newer release added is left.
    const baseline = { toAdd: [], toDrop: ['DROP INDEX CONCURRENTLY IF EXISTS "Project_features_idx"'] };
    assert.deepEqual(newDrops(baseline, drift), [
      'ALTER TABLE IF EXISTS "Project" DROP COLUMN IF EXISTS "features"',
      'DROP TABLE IF EXISTS "Package"',
    ]);
  });
});

/**
 * The same calls against the verify server, as its super admin. Its database may still be running
 * post-deploy migrations when the tests start (they run in the background after start-up), so the
 * schema diff waits until none is pending: while a migration drops or creates tables the diff can
 * fail with 'relation … does not exist'.
 */
describe('self-hosting/rollbacks on the server', { skip: !onServer }, () => {
  async function waitForMigrations(medplum: MedplumClient): Promise<MigrationState> {
    for (let i = 0; i < 240; i++) {
      const state = await readMigrationState(medplum);
      // Only the pending number: a data-migration AsyncJob can still be listed as accepted once
      // the server reports no pending post-deploy migration; rollbackNotes names such jobs.
      if (state.pendingDataVersion === 0) return state;
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    throw new Error('post-deploy migrations did not finish within 4 minutes');
  }

  test('readMigrationState reports the release and its 37 post-deploy migrations', async () => {
    // A migrated verify server has no unfinished data-migration job of its own, and the jobs other
    // test projects leave behind are all alike. Two distinct unfinished jobs, written in this test's
    // project through the FHIR API (so the server's own migration check does not count them), give
    // the list something to show; they are deleted afterwards.
    const project = new MockClient();
    const jobs = [
      { status: 'active', request: 'data-migration-v36', dataVersion: 36, requestTime: '2026-11-25T08:40:00Z' },
      { status: 'accepted', request: 'data-migration-v37', dataVersion: 37, requestTime: '2026-11-25T09:05:00Z' },
    ] as const;
    const created: AsyncJob[] = [];
    for (const job of jobs) {
      created.push(
        await project.createResource<AsyncJob>({
          resourceType: 'AsyncJob',
          type: 'data-migration',
          minServerVersion: '5.1.12',
          ...job,
        }),
      );
    }
    try {
      const medplum = await superAdminClient();
      const state = await readMigrationState(medplum);
      assert.equal(state.release, '5.1.12');
      assert.equal(state.latestKnownDataVersion, 37);
      assert.ok(state.pendingDataVersion >= 0 && state.pendingDataVersion <= 37, String(state.pendingDataVersion));
      for (const job of state.running) {
        assert.equal(typeof job.dataVersion, 'number');
        assert.ok(job.status === 'accepted' || job.status === 'active');
      }
      for (const job of created) {
        assert.deepEqual(
          state.running.find((r) => r.id === job.id),
          { id: job.id, status: job.status, dataVersion: job.dataVersion, minServerVersion: '5.1.12' },
        );
      }
    } finally {
      for (const job of created) {
        await project.deleteResource('AsyncJob', job.id as string);
      }
    }
  });

  test('readSchemaDrift: two reads of an unchanged database show no new drops', async () => {
    const medplum = await superAdminClient();
    const state = await waitForMigrations(medplum);
    // One note per unfinished data-migration job, then the one about migrations 5.1.11 does not know.
    assert.deepEqual(rollbackNotes({ ...state, release: '5.1.11', latestKnownDataVersion: 34 }, state), [
      ...state.running.map(
        (job) =>
          `Post-deploy migration v${job.dataVersion} is ${job.status}; older servers leave it waiting ` +
          `until a server at ${job.minServerVersion} or later runs again.`,
      ),
      'Post-deploy migrations v35 to v37 have run; 5.1.11 does not know them. Check them for DROP statements before rolling back.',
    ]);
    const baseline = await readSchemaDrift(medplum);
    // A 5.1.12 database is not free of drift in 5.1.12's own eyes: the diff lists indexes of date
    // and number search parameters (among them GiST indexes 5.1.12 created) to drop and recreate.
    assert.ok(baseline.toDrop.length > 0);
    assert.ok(
      baseline.toDrop.every((sql) => sql.startsWith('DROP INDEX CONCURRENTLY IF EXISTS ')),
      baseline.toDrop.find((sql) => !sql.startsWith('DROP INDEX')),
    );
    const again = await readSchemaDrift(medplum);
    assert.deepEqual(newDrops(baseline, again), []);
  });
});
