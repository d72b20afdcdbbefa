/**
 * Runs the warehouse-loading examples: against scripted answers (MockClient has no $export), and
 * against a real server two runs, a full one and an incremental one from the first run's kick-off
 * time, checking which resources each run carries and that the manifest lists no deletions.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Patient } from '@medplum/fhirtypes';
import type { ExportManifest, StagedFile } from '../../../examples/analytics/warehouse-loading';
import {
  runIncrement,
  stageFiles,
  startIncrementalExport,
  waitForManifest,
} from '../../../examples/analytics/warehouse-loading';
import { onServer } from '../../server/on-server';
import { SCRIPTED_BASE, scriptedClient } from './support/scripted-fetch';
import { serverRecordingClient } from './support/server-client';

const scriptedOnly = { skip: onServer && 'scripted answers; the server half is in "on the server" below' };

const STATUS_URL = `${SCRIPTED_BASE}fhir/R4/bulkdata/export/job1`;
const KICKED_OFF = '2026-11-25T09:00:00.000Z';
const MANIFEST: ExportManifest = {
  transactionTime: '2026-11-25T09:04:10.000Z',
  request: `${SCRIPTED_BASE}fhir/R4/$export?_type=Patient,Observation`,
  requiresAccessToken: false,
  output: [
    { type: 'Patient', url: 'https://storage.example.org/p.ndjson' },
    { type: 'Observation', url: 'https://storage.example.org/o.ndjson' },
  ],
  error: [],
  deleted: [],
};

function memoryStorage(): { put: (key: string, body: string) => Promise<void>; files: Map<string, string> } {
  const files = new Map<string, string>();
  return { files, put: async (key, body) => void files.set(key, body) };
}

const fileFetch = (async (url: string | URL | Request) => {
  const body = String(url).endsWith('p.ndjson')
    ? '{"resourceType":"Patient","id":"p1"}\n{"resourceType":"Patient","id":"p2"}\n'
    : '{"resourceType":"Observation","id":"o1"}\n';
  return new Response(body, { status: 200, headers: { 'content-type': 'application/fhir+ndjson' } });
}) as typeof fetch;

describe('analytics/warehouse-loading', () => {
  test(
    'startIncrementalExport sends _type and _since and takes the next _since from the AsyncJob',
    scriptedOnly,
    async () => {
      const { medplum, requests } = scriptedClient([
        {
          status: 202,
          body: {
            resourceType: 'OperationOutcome',
            id: 'accepted',
            issue: [{ severity: 'information', code: 'informational', diagnostics: STATUS_URL }],
          },
          headers: { 'content-location': STATUS_URL },
        },
        {
          status: 200,
          body: { resourceType: 'AsyncJob', id: 'job1', status: 'active', request: 'x', requestTime: KICKED_OFF },
        },
      ]);
      const run = await startIncrementalExport(medplum, ['Patient', 'Observation'], '2026-11-24T09:00:00.000Z');
      assert.deepEqual(run, { statusUrl: STATUS_URL, nextSince: KICKED_OFF });
      assert.equal(requests[0].method, 'POST');
      assert.equal(requests[0].url.pathname, '/fhir/R4/$export');
      assert.equal(requests[0].url.searchParams.get('_type'), 'Patient,Observation');
      assert.equal(requests[0].url.searchParams.get('_since'), '2026-11-24T09:00:00.000Z');
      assert.equal(requests[0].headers['prefer'], 'respond-async');
      assert.equal(requests[1].url.pathname, '/fhir/R4/AsyncJob/job1');
    },
  );

  test('waitForManifest polls through 202 answers until the manifest arrives', scriptedOnly, async () => {
    const { medplum, requests } = scriptedClient([
      { status: 202, headers: { 'content-length': '0' } },
      { status: 202, headers: { 'content-length': '0' } },
      { status: 200, body: MANIFEST, headers: { 'content-type': 'application/json' } },
    ]);
    const manifest = await waitForManifest(medplum, STATUS_URL, 1);
    assert.deepEqual(manifest, MANIFEST);
    assert.deepEqual(
      requests.map((r) => `${r.method} ${r.url.pathname}`),
      Array(3).fill('GET /fhir/R4/bulkdata/export/job1'),
    );
  });

  test('stageFiles copies each file under its type and counts the resources', async () => {
    const { files, put } = memoryStorage();
    const staged = await stageFiles(MANIFEST, 'run-42', put, fileFetch);
    assert.deepEqual(staged, [
      { type: 'Patient', key: 'run-42/Patient/part-0.ndjson', resources: 2 },
      { type: 'Observation', key: 'run-42/Observation/part-1.ndjson', resources: 1 },
    ]);
    assert.match(files.get('run-42/Patient/part-0.ndjson') as string, /"id":"p2"/);
    await assert.rejects(
      stageFiles({ ...MANIFEST, error: [{ type: 'OperationOutcome', url: 'x' }] }, 'run-43', put, fileFetch),
      /1 error file/,
    );
  });

  test('runIncrement moves since forward only after the load succeeded', scriptedOnly, async () => {
    const replies = () => [
      {
        status: 202,
        body: {
          resourceType: 'OperationOutcome',
          issue: [{ severity: 'information' as const, code: 'informational' as const, diagnostics: STATUS_URL }],
        },
      },
      {
        status: 200,
        body: { resourceType: 'AsyncJob', id: 'job1', status: 'active', request: 'x', requestTime: KICKED_OFF },
      },
      { status: 200, body: MANIFEST, headers: { 'content-type': 'application/json' } },
    ];
    const { put } = memoryStorage();
    const ok = scriptedClient(replies());
    let loaded: StagedFile[] = [];
    const next = await runIncrement(ok.medplum, {}, ['Patient'], 'r1', put, async (f) => void (loaded = f), {
      fetchFile: fileFetch,
    });
    assert.deepEqual(next, { since: KICKED_OFF });
    assert.equal(loaded.length, 2);
    assert.equal(ok.requests[0].url.searchParams.get('_since'), null);

    const failing = scriptedClient(replies());
    const state = { since: '2026-11-24T09:00:00.000Z' };
    await assert.rejects(
      runIncrement(
        failing.medplum,
        state,
        ['Patient'],
        'r2',
        put,
        async () => {
          throw new Error('COPY failed');
        },
        { fetchFile: fileFetch },
      ),
      /COPY failed/,
    );
    assert.deepEqual(state, { since: '2026-11-24T09:00:00.000Z' });
  });
});

describe('analytics/warehouse-loading on the server', { skip: !onServer }, () => {
  test('a full run, then an incremental run from its kick-off time: changes only, and no deletions listed', async () => {
    const { medplum, backend, requests } = serverRecordingClient();
    const kept = await backend.createResource<Patient>({ resourceType: 'Patient', name: [{ family: 'Kept' }] });
    const changed = await backend.createResource<Patient>({ resourceType: 'Patient', name: [{ family: 'Changed' }] });
    const removed = await backend.createResource<Patient>({ resourceType: 'Patient', name: [{ family: 'Removed' }] });
    const storage = memoryStorage();
    const idsIn = async (files: StagedFile[]): Promise<string[]> =>
      files
        .flatMap((f) => (storage.files.get(f.key) as string).split('\n').filter(Boolean))
        .map((line) => JSON.parse(line).id as string)
        .sort();

    // Run 1: everything.
    const first = await startIncrementalExport(medplum, ['Patient']);
    assert.equal(requests[0].url.searchParams.get('_since'), null);
    const manifest1 = await waitForManifest(medplum, first.statusUrl, 200);
    const files1 = await stageFiles(manifest1, 'run-1', storage.put);
    assert.deepEqual(await idsIn(files1), [kept.id, changed.id, removed.id].sort());
    // The manifest's transactionTime is when the export finished, after the kick-off.
    assert.ok(manifest1.transactionTime > first.nextSince, `${manifest1.transactionTime} > ${first.nextSince}`);

    // Between runs: one update, one delete, one new patient.
    await backend.updateResource<Patient>({ ...changed, gender: 'female' });
    await backend.deleteResource('Patient', removed.id as string);
    const added = await backend.createResource<Patient>({ resourceType: 'Patient', name: [{ family: 'Added' }] });

    // Run 2: from run 1's kick-off.
    const second = await startIncrementalExport(medplum, ['Patient'], first.nextSince);
    assert.ok(second.nextSince > first.nextSince);
    const manifest2 = await waitForManifest(medplum, second.statusUrl, 200);
    const files2 = await stageFiles(manifest2, 'run-2', storage.put);
    assert.deepEqual(await idsIn(files2), [changed.id, added.id].sort());
    // The deleted patient is simply absent: the manifest lists no deletions.
    assert.deepEqual(manifest2.deleted, []);
    assert.deepEqual(manifest2.error, []);
    assert.equal(manifest2.requiresAccessToken, false);

    // Run 3 through runIncrement: nothing changed since run 2's kick-off, so no files, and since moves on.
    const loaded: StagedFile[][] = [];
    const next = await runIncrement(
      medplum,
      { since: second.nextSince },
      ['Patient'],
      'run-3',
      storage.put,
      async (f) => {
        loaded.push(f);
      },
      { pollEveryMs: 200 },
    );
    assert.deepEqual(loaded, [[]]);
    assert.ok((next.since as string) > second.nextSince);
  });
});
