/**
 * Runs examples/self-hosting/log-streaming.ts: every request of a traced job carries the job's
 * trace id (X-Trace-Id or traceparent); against the server, a failing request's OperationOutcome
 * names that trace id, the whole traceparent in the W3C case. The log-side functions run on lines
 * in the server's format (logger JSON with requestId and traceId, plus lines they must skip).
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { MedplumClientOptions } from '@medplum/core';
import { OperationOutcomeError } from '@medplum/core';
import { onServer } from '../../server/on-server';
import { mockWithSearch } from './mock-with-search';
import { tracingIds } from '../../../examples/integration/api-errors';
import {
  importPatients,
  linesOfTrace,
  newTraceparent,
  parseServerLog,
  runTracedJob,
} from '../../../examples/self-hosting/log-streaming';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Client options for a job: requests go to the test's MockClient (or its project on the server), headers recorded. */
async function jobOptions(): Promise<{ options: MedplumClientOptions; headers: Headers[] }> {
  const mock = mockWithSearch();
  const headers: Headers[] = [];
  const fetchImpl = (async (url: string, init: RequestInit) => {
    headers.push(new Headers(init.headers));
    return mock.client.mockFetch(url, init);
  }) as unknown as typeof fetch;
  const accessToken = onServer
    ? (await (mock as unknown as { ready(): Promise<{ accessToken: string }> }).ready()).accessToken
    : undefined;
  return {
    options: { baseUrl: onServer ? mock.getBaseUrl() : 'https://example.com/', fetch: fetchImpl, accessToken },
    headers,
  };
}

describe('self-hosting/log-streaming', () => {
  test('every request of a job carries its X-Trace-Id', async () => {
    const { options, headers } = await jobOptions();
    const logged: string[] = [];
    const { traceId, result } = await runTracedJob(
      options,
      (medplum) =>
        importPatients(medplum, [
          { resourceType: 'Patient', identifier: [{ system: 'https://lis.example.org/mrn', value: 'MRN-74028315' }] },
          { resourceType: 'Patient', identifier: [{ system: 'https://lis.example.org/mrn', value: 'MRN-85190463' }] },
        ]),
      { log: (line: string) => logged.push(line) },
    );
    assert.match(traceId, UUID);
    assert.equal(result.length, 2);
    assert.ok(result.every((p) => p.id));
    assert.equal(headers.length, 2);
    assert.ok(headers.every((h) => h.get('x-trace-id') === traceId));
    assert.deepEqual(
      logged.map((l) => JSON.parse(l)),
      [
        { msg: 'job started', traceId },
        { msg: 'job finished', traceId },
      ],
    );
  });

  test('a failed request names the job: the server echoes the trace id, whole traceparent included', async () => {
    for (const w3c of [false, true]) {
      const { options, headers } = await jobOptions();
      const logged: Record<string, string>[] = [];
      const err = await runTracedJob(options, (medplum) => medplum.readResource('Patient', crypto.randomUUID()), {
        w3c,
        log: (line: string) => logged.push(JSON.parse(line)),
      }).then(
        () => assert.fail('the read of a missing Patient should fail'),
        (e: unknown) => e,
      );
      assert.ok(err instanceof OperationOutcomeError);
      const traceId = logged[0].traceId;
      assert.equal(headers[0].get(w3c ? 'traceparent' : 'x-trace-id'), traceId);
      if (w3c) {
        assert.match(traceId, /^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/);
      }
      assert.equal(logged[1].msg, 'job failed');
      assert.equal(logged[1].traceId, traceId);
      if (onServer) {
        // The server took the header as the request's trace id and reports it with the request id.
        const ids = tracingIds(err.outcome);
        assert.equal(ids.traceId, traceId);
        assert.match(ids.requestId ?? '', UUID);
        assert.equal(logged[1].requestId, ids.requestId);
      }
    }
  });

  test('newTraceparent makes a fresh W3C header each time', () => {
    const a = newTraceparent();
    assert.match(a, /^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/);
    assert.notEqual(a, newTraceparent());
  });

  test("parseServerLog keeps the logger's lines; linesOfTrace groups one trace by request", () => {
    const w3c = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';
    const text = [
      '{"level":"INFO","timestamp":"2026-12-02T13:03:03.406Z","msg":"Login success","email":"ana@example.com","requestId":"r-2","traceId":"job-1"}',
      'Failed to check for newer version: fetch failed',
      '{"level":"INFO","timestamp":"2026-12-02T13:03:03.001Z","msg":"Request served","durationMs":12,"method":"POST","path":"/auth/login","status":200,"requestId":"r-1","traceId":"job-1"}',
      '{"resourceType":"AuditEvent","recorded":"2026-12-02T13:03:03.500Z","extension":[]}',
      '{"level":"WARN","timestamp":"2026-12-02T13:03:04.000Z","msg":"Login failed","requestId":"r-3","traceId":"other"}',
      `{"level":"ERROR","timestamp":"2026-12-02T13:03:05.000Z","msg":"Unhandled error","requestId":"r-4","traceId":"${w3c}"}`,
      '{"level":"INFO","timestamp":"2026-12-02T13:03:03.410Z","msg":"Request served","status":200,"requestId":"r-2","traceId":"job-1"}',
      '{not json',
    ].join('\n');
    const lines = parseServerLog(text);
    assert.equal(lines.length, 5);
    const job = linesOfTrace(lines, 'job-1');
    assert.deepEqual([...job.keys()], ['r-1', 'r-2']);
    assert.deepEqual(
      job.get('r-2')?.map((l) => l.msg),
      ['Login success', 'Request served'],
    );
    assert.deepEqual([...linesOfTrace(lines, '4bf92f3577b34da6a3ce929d0e0e4736').keys()], ['r-4']);
    assert.deepEqual([...linesOfTrace(lines, w3c).keys()], ['r-4']);
    assert.equal(linesOfTrace(lines, 'nothing').size, 0);
  });
});
