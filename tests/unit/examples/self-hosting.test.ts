/**
 * The super admin endpoints exist only on a real server (MockClient does not route /admin/super/),
 * so these tests give a real MedplumClient a recording fetch and check the exact requests the
 * examples send: path, method, Prefer header and body, as packages/server/src/admin/super.ts
 * expects them.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { MedplumClient } from '@medplum/core';
import type { AsyncJob, OperationOutcome } from '@medplum/fhirtypes';
import { MockClient } from '@medplum/mock';
import { onServer } from '../../server/on-server';
import { superAdminClient } from './support/server-setup';
import {
  isHealthy,
  purgeAuditEventsBefore,
  reindex,
  reindexGently,
  runPendingDataMigrations,
  vacuumAnalyze,
} from '../../../examples/self-hosting/super-admin';

/** Tests that answer the requests themselves; in server mode the real requests come from the server half. */
const scriptedOnly = { skip: onServer && 'scripted answers; the server half is in "on the server" below' };

interface Recorded {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

function recordingClient(status = 200, payload: unknown = { resourceType: 'OperationOutcome', issue: [] }) {
  const calls: Recorded[] = [];
  const fetchStub = async (url: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const headers = Object.fromEntries(Object.entries((init?.headers ?? {}) as Record<string, string>));
    calls.push({
      url: String(url),
      method: init?.method ?? 'GET',
      headers,
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
    });
    return new Response(JSON.stringify(payload), { status, headers: { 'content-type': 'application/fhir+json' } });
  };
  const medplum = new MedplumClient({ baseUrl: 'https://api.example.org/', fetch: fetchStub as typeof fetch });
  return { medplum, calls };
}

describe('self-hosting/super-admin', () => {
  test('reindex posts the comma-joined types and filter with Prefer: respond-async', scriptedOnly, async () => {
    const { medplum, calls } = recordingClient();
    await reindex(medplum, ['Patient', 'Observation'], 'all', '_lastUpdated=gt2025-01-01');
    assert.equal(calls.length, 1);
    assert.equal(calls[0].url, 'https://api.example.org/admin/super/reindex');
    assert.equal(calls[0].method, 'POST');
    assert.equal(calls[0].headers.Prefer, 'respond-async');
    assert.deepEqual(calls[0].body, {
      resourceType: 'Patient,Observation',
      reindexType: 'all',
      filter: '_lastUpdated=gt2025-01-01',
    });
  });

  test('reindex defaults to the outdated resources only', scriptedOnly, async () => {
    const { medplum, calls } = recordingClient();
    await reindex(medplum, ['Patient']);
    assert.deepEqual(calls[0].body, { resourceType: 'Patient', reindexType: 'outdated' });
  });

  test('reindexGently sends the tuning fields next to the outdated reindex, asynchronously', scriptedOnly, async () => {
    const { medplum, calls } = recordingClient();
    await reindexGently(medplum, 'Observation');
    assert.equal(calls.length, 1);
    assert.equal(calls[0].url, 'https://api.example.org/admin/super/reindex');
    assert.equal(calls[0].method, 'POST');
    assert.equal(calls[0].headers.Prefer, 'respond-async');
    assert.deepEqual(calls[0].body, {
      resourceType: 'Observation',
      reindexType: 'outdated',
      batchSize: 200,
      delayBetweenBatches: 250,
      maxIterationAttempts: 5,
    });
  });

  test('reindexGently passes caller tuning as numbers', scriptedOnly, async () => {
    const { medplum, calls } = recordingClient();
    await reindexGently(medplum, 'Patient', { batchSize: 1000, searchStatementTimeout: 600000 });
    assert.deepEqual(calls[0].body, {
      resourceType: 'Patient',
      reindexType: 'outdated',
      batchSize: 1000,
      searchStatementTimeout: 600000,
    });
  });

  test('vacuumAnalyze names the tables and asks for both steps, asynchronously', scriptedOnly, async () => {
    const { medplum, calls } = recordingClient();
    await vacuumAnalyze(medplum, ['Observation', 'Observation_History']);
    assert.equal(calls[0].url, 'https://api.example.org/admin/super/vacuum');
    assert.equal(calls[0].headers.Prefer, 'respond-async');
    assert.deepEqual(calls[0].body, {
      tableNames: ['Observation', 'Observation_History'],
      vacuum: true,
      analyze: true,
    });
  });

  test('purge sends AuditEvent and an ISO date, without the async header', scriptedOnly, async () => {
    const { medplum, calls } = recordingClient();
    await purgeAuditEventsBefore(medplum, new Date('2024-01-01T00:00:00Z'));
    assert.equal(calls[0].url, 'https://api.example.org/admin/super/purge');
    assert.deepEqual(calls[0].body, { resourceType: 'AuditEvent', before: '2024-01-01T00:00:00.000Z' });
    assert.equal(calls[0].headers.Prefer, undefined);
  });

  test('migrate asks for an async job', async () => {
    const { medplum, calls } = recordingClient();
    await runPendingDataMigrations(medplum);
    assert.equal(calls[0].url, 'https://api.example.org/admin/super/migrate');
    assert.equal(calls[0].headers.Prefer, 'respond-async');
  });

  test('isHealthy needs postgres and every Redis instance, not just ok', async () => {
    const answer = (body: unknown) => async () => new Response(JSON.stringify(body), { status: 200 });
    const base = { ok: true, version: '5.2.13', postgres: true, redis: true };
    assert.equal(await isHealthy('https://api.example.org/', answer(base) as typeof fetch), true);
    assert.equal(
      await isHealthy('https://api.example.org/', answer({ ...base, postgres: false }) as typeof fetch),
      false,
    );
    // A 5.0.10 server has no redisInstances field: its single `redis` flag decides.
    assert.equal(await isHealthy('https://api.example.org/', answer({ ...base, redis: false }) as typeof fetch), false);
    const split = { ...base, redisInstances: { default: true, cache: false } };
    assert.equal(await isHealthy('https://api.example.org/', answer(split) as typeof fetch), false);
    const down = async () => new Response('', { status: 503 });
    assert.equal(await isHealthy('https://api.example.org/', down as typeof fetch), false);
  });
});

/**
 * The same calls as the server's super admin (server mode only). The admin/super routes answer
 * 202 with an `accepted` OperationOutcome whose diagnostics hold the AsyncJob's URL; medplum.post
 * does not poll it, so the test reads the job itself until it completes.
 */
describe('self-hosting/super-admin on the server', { skip: !onServer }, () => {
  async function finishedJob(medplum: MedplumClient, outcome: OperationOutcome): Promise<AsyncJob> {
    assert.equal(outcome.resourceType, 'OperationOutcome');
    assert.equal(outcome.id, 'accepted');
    const url = outcome.issue?.[0]?.diagnostics as string;
    assert.match(url, /\/fhir\/R4\/job\/[0-9a-f-]{36}\/status$/);
    const id = url.split('/').at(-2) as string;
    for (let i = 0; i < 120; i++) {
      const job = await medplum.readResource('AsyncJob', id, { cache: 'no-cache' });
      if (job.status !== 'accepted') return job;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    throw new Error(`AsyncJob/${id} did not finish`);
  }

  test('reindex of recently written resources runs as a completed AsyncJob', async () => {
    const medplum = await superAdminClient();
    const outcome = (await reindex(medplum, ['Patient'], 'all', '_lastUpdated=gt2100-01-01')) as OperationOutcome;
    const job = await finishedJob(medplum, outcome);
    assert.equal(job.status, 'completed');
    const request = new URL(job.request);
    assert.equal(request.pathname, '/admin/super/reindex');
    assert.equal(request.searchParams.get('resourceType'), 'Patient');
    assert.equal(request.searchParams.get('reindexType'), 'all');
    assert.equal(request.searchParams.get('filter'), '_lastUpdated=gt2100-01-01');
  });

  test('reindexGently is accepted with its tuning fields and completes', async () => {
    const medplum = await superAdminClient();
    const outcome = (await reindexGently(medplum, 'DomainConfiguration')) as OperationOutcome;
    const job = await finishedJob(medplum, outcome);
    assert.equal(job.status, 'completed');
  });

  test('vacuumAnalyze runs as a completed AsyncJob', async () => {
    const medplum = await superAdminClient();
    const outcome = (await vacuumAnalyze(medplum, [
      'DomainConfiguration',
      'DomainConfiguration_History',
    ])) as OperationOutcome;
    const job = await finishedJob(medplum, outcome);
    assert.equal(job.status, 'completed');
  });

  test('purge answers all OK at once', async () => {
    const medplum = await superAdminClient();
    const outcome = await purgeAuditEventsBefore(medplum, new Date('2000-01-01T00:00:00Z'));
    assert.equal(outcome.resourceType, 'OperationOutcome');
    assert.equal(outcome.id, 'ok');
    assert.equal(outcome.issue?.[0]?.code, 'informational');
  });

  test('a project admin who is not super admin is refused', async () => {
    // In server mode a MockClient is a project admin of a project of its own.
    const projectAdmin = new MockClient();
    await assert.rejects(purgeAuditEventsBefore(projectAdmin, new Date('2000-01-01T00:00:00Z')), /Forbidden/);
  });
});
