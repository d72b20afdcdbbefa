/**
 * Request correlation across a client and the Medplum server's logs: a job whose every request
 * carries one trace id (X-Trace-Id, or a W3C traceparent), and the log-side half, which picks that
 * job's lines out of the server's JSON log stream and groups them by request.
 */
import type { MedplumClient, MedplumClientOptions } from '@medplum/core';
import { MedplumClient as Client, OperationOutcomeError } from '@medplum/core';
import type { Patient } from '@medplum/fhirtypes';
import { tracingIds } from '../integration/api-errors';

// #region traced-job
/** A new W3C traceparent: version 00, a random 16-byte trace id, a random 8-byte parent id, sampled. */
export function newTraceparent(): string {
  const hex = (bytes: number) =>
    Array.from(crypto.getRandomValues(new Uint8Array(bytes)), (b) => b.toString(16).padStart(2, '0')).join('');
  return `00-${hex(16)}-${hex(8)}-01`;
}

/**
 * Runs a job with a client of its own whose default headers carry the job's trace id, so every
 * request the job sends (the sign-in included) shows up under that id in the server's logs.
 * `X-Trace-Id` must be a UUID; with `traceparent` the server keeps the whole header as the trace id.
 */
export async function runTracedJob<T>(
  options: MedplumClientOptions,
  job: (medplum: MedplumClient) => Promise<T>,
  { w3c = false, log = console.log } = {},
): Promise<{ traceId: string; result: T }> {
  const traceId = w3c ? newTraceparent() : crypto.randomUUID();
  const header = w3c ? 'traceparent' : 'X-Trace-Id';
  const medplum = new Client({ ...options, defaultHeaders: { ...options.defaultHeaders, [header]: traceId } });
  log(JSON.stringify({ msg: 'job started', traceId }));
  try {
    const result = await job(medplum);
    log(JSON.stringify({ msg: 'job finished', traceId }));
    return { traceId, result };
  } catch (err) {
    // The server's answer names the request that failed; search the logs for its requestId.
    const ids = err instanceof OperationOutcomeError ? tracingIds(err.outcome) : {};
    log(JSON.stringify({ msg: 'job failed', traceId, requestId: ids.requestId, error: String(err) }));
    throw err;
  }
}

/** An example job: upsert patients from another system by their identifier. */
export async function importPatients(medplum: MedplumClient, patients: Patient[]): Promise<Patient[]> {
  const saved: Patient[] = [];
  for (const patient of patients) {
    const id = patient.identifier?.[0];
    saved.push(await medplum.upsertResource(patient, { identifier: `${id?.system}|${id?.value}` }));
  }
  return saved;
}
// #endregion traced-job

// #region find-trace
/** One line of the server's log: the logger's own fields plus whatever the message carried. */
export interface ServerLogLine {
  level: 'ERROR' | 'WARN' | 'INFO' | 'DEBUG';
  timestamp: string;
  msg: string;
  requestId?: string;
  traceId?: string;
  projectId?: string;
  profile?: string;
  [key: string]: unknown;
}

/**
 * Reads a stretch of the server's output. Logger lines are JSON objects with `level` and `msg`;
 * anything else (an audit event written with logAuditEvents, a stray non-JSON line) is skipped.
 */
export function parseServerLog(text: string): ServerLogLine[] {
  const lines: ServerLogLine[] = [];
  for (const raw of text.split('\n')) {
    if (!raw.startsWith('{')) {
      continue;
    }
    try {
      const line = JSON.parse(raw);
      if (typeof line.level === 'string' && typeof line.msg === 'string') {
        lines.push(line);
      }
    } catch {
      // not JSON after all
    }
  }
  return lines;
}

/**
 * The lines of one trace, grouped by request in time order. A 32-hex W3C trace id also matches
 * the traceparent it came in, which is what the server logs as `traceId`.
 */
export function linesOfTrace(lines: ServerLogLine[], traceId: string): Map<string, ServerLogLine[]> {
  const byRequest = new Map<string, ServerLogLine[]>();
  const matches = (value: string | undefined) =>
    !!value && (value === traceId || (/^[0-9a-f]{32}$/i.test(traceId) && value.split('-')[1] === traceId));
  for (const line of [...lines].sort((a, b) => a.timestamp.localeCompare(b.timestamp))) {
    if (matches(line.traceId)) {
      const key = line.requestId ?? '(no request)';
      byRequest.set(key, [...(byRequest.get(key) ?? []), line]);
    }
  }
  return byRequest;
}
// #endregion find-trace
