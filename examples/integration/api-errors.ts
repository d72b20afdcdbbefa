/**
 * Handling Medplum API errors in an integration: read the request and trace ids the server puts on
 * every OperationOutcome, send your own trace id so both sides' logs line up, and decide per status
 * whether to fix the input, split the request, wait or retry.
 */
import type { MedplumClient } from '@medplum/core';
import { getStatus, OperationOutcomeError } from '@medplum/core';
import type { OperationOutcome, Patient } from '@medplum/fhirtypes';

// #region trace-ids
export const TRACING_EXTENSION_URL = 'https://medplum.com/fhir/StructureDefinition/tracing';

export interface TracingIds {
  /** Unique to this one HTTP request. */
  requestId?: string;
  /** The caller's trace id when it sent one, otherwise one the server made up. */
  traceId?: string;
}

/** Reads the tracing extension of an OperationOutcome returned by a Medplum server. */
export function tracingIds(outcome: OperationOutcome): TracingIds {
  const tracing = outcome.extension?.find((e) => e.url === TRACING_EXTENSION_URL);
  return {
    requestId: tracing?.extension?.find((e) => e.url === 'requestId')?.valueId,
    traceId: tracing?.extension?.find((e) => e.url === 'traceId')?.valueId,
  };
}
// #endregion trace-ids

// #region send-trace-id
/**
 * Reads a patient with our own trace id (a UUID) in X-Trace-Id. The server uses it as the trace id
 * of the request: it appears in the server's log lines, the AuditEvents the request writes and the
 * OperationOutcome of an error.
 */
export async function readPatientTraced(medplum: MedplumClient, id: string, traceId: string): Promise<Patient> {
  return medplum.readResource('Patient', id, { headers: { 'X-Trace-Id': traceId } });
}
// #endregion send-trace-id

// #region classify
export type ErrorAction = 'fix-input' | 'split-request' | 'wait-and-retry' | 'retry' | 'give-up';

/** What an integration should do with a failed call, by the status the outcome maps to. */
export function classifyError(err: unknown): { action: ErrorAction; status: number; ids: TracingIds } {
  if (!(err instanceof OperationOutcomeError)) {
    return { action: 'retry', status: 0, ids: {} }; // network failure: no answer at all
  }
  const ids = tracingIds(err.outcome);
  if (!err.outcome.id && !ids.requestId) {
    // The body was not a Medplum OperationOutcome (an unexpected 500, or a proxy's error page):
    // the client turned it into an outcome that getStatus would call 400. Treat it as server-side.
    return { action: 'retry', status: 0, ids };
  }
  const status = getStatus(err.outcome);
  if (status === 413) {
    return { action: 'split-request', status, ids }; // body above the server's size limit
  }
  if (status === 429) {
    return { action: 'wait-and-retry', status, ids }; // rate limit or quota: back off
  }
  if (status >= 500) {
    return { action: 'retry', status, ids }; // server-side problem: retry later, report the ids if it persists
  }
  if (status === 401 || status === 403) {
    return { action: 'give-up', status, ids }; // credentials or access policy: a person must act
  }
  if (status === 409 && err.outcome.issue?.[0]?.details?.coding?.[0]?.code === '40001') {
    return { action: 'retry', status, ids }; // lost a write race (serialization failure): send it again
  }
  return { action: 'fix-input', status, ids }; // 400, 404, other 409s, 412, 422: retrying the same request will not help
}
// #endregion classify
