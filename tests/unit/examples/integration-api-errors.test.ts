/**
 * The scripted fetch answers with OperationOutcomes shaped like the server's (its tracing extension,
 * the contentTooLarge outcome for an oversized body) and records the requests.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { badRequest, conflict, contentTooLarge, OperationOutcomeError, tooManyRequests } from '@medplum/core';
import type { OperationOutcome } from '@medplum/fhirtypes';
import { MockClient } from '@medplum/mock';
import { onServer } from '../../server/on-server';
import { scriptedClient } from './support/scripted-fetch';
import {
  classifyError,
  readPatientTraced,
  TRACING_EXTENSION_URL,
  tracingIds,
} from '../../../examples/integration/api-errors';

/** Tests that answer the requests themselves; in server mode the real requests come from the server half. */
const scriptedOnly = { skip: onServer && 'scripted answers; the server half is in "on the server" below' };

const TRACE_ID = '3f0b1c52-6a7e-4d0f-9a55-2f1c8e4b7d21';
const REQUEST_ID = '9de3adbe-04cf-47a3-84d7-59948d51757c';

function withTracing(outcome: OperationOutcome): OperationOutcome {
  return {
    ...outcome,
    extension: [
      {
        url: TRACING_EXTENSION_URL,
        extension: [
          { url: 'requestId', valueId: REQUEST_ID },
          { url: 'traceId', valueId: TRACE_ID },
        ],
      },
    ],
  };
}

describe('integration/api-errors', () => {
  test('sends X-Trace-Id and reads the ids back from the error outcome', scriptedOnly, async () => {
    const notFoundOutcome = withTracing({
      resourceType: 'OperationOutcome',
      id: 'not-found',
      issue: [{ severity: 'error', code: 'not-found', details: { text: 'Not found' } }],
    });
    const { medplum, requests } = scriptedClient([{ status: 404, body: notFoundOutcome }]);
    await assert.rejects(readPatientTraced(medplum, 'p-missing', TRACE_ID), (err: unknown) => {
      assert.ok(err instanceof OperationOutcomeError);
      assert.deepEqual(tracingIds(err.outcome), { requestId: REQUEST_ID, traceId: TRACE_ID });
      const verdict = classifyError(err);
      assert.equal(verdict.status, 404);
      assert.equal(verdict.action, 'fix-input');
      return true;
    });
    assert.equal(requests[0].headers['x-trace-id'], TRACE_ID);
    assert.equal(requests[0].url.pathname, '/fhir/R4/Patient/p-missing');
  });

  test('classifies 413, 429, 400, 409 and network failures', () => {
    const tooLarge = new OperationOutcomeError(withTracing(contentTooLarge('Request body too large')));
    assert.equal(classifyError(tooLarge).status, 413);
    assert.equal(classifyError(tooLarge).action, 'split-request');
    assert.equal(classifyError(tooLarge).ids.requestId, REQUEST_ID);
    assert.equal(classifyError(new OperationOutcomeError(tooManyRequests)).action, 'wait-and-retry');
    const dateOverflow = withTracing(badRequest('date/time field value out of range: "2026-02-29"'));
    assert.equal(classifyError(new OperationOutcomeError(dateOverflow)).status, 400);
    assert.equal(classifyError(new OperationOutcomeError(dateOverflow)).action, 'fix-input');
    assert.equal(classifyError(new TypeError('Failed to fetch')).action, 'retry');
    const raced = conflict('could not serialize access due to concurrent update', '40001');
    assert.equal(classifyError(new OperationOutcomeError(raced)).status, 409);
    assert.equal(classifyError(new OperationOutcomeError(raced)).action, 'retry');
    assert.equal(
      classifyError(new OperationOutcomeError(conflict('User is already a member of this project'))).action,
      'fix-input',
    );
  });

  test('an unexpected 500 with a plain JSON body is retried, not taken for a 400', async () => {
    const { medplum } = scriptedClient([
      { status: 500, body: { msg: 'Internal Server Error' }, headers: { 'content-type': 'application/json' } },
    ]);
    await assert.rejects(medplum.readResource('Patient', 'p1', { maxRetries: 0 }), (err: unknown) => {
      assert.ok(err instanceof OperationOutcomeError);
      assert.equal(err.outcome.id, undefined);
      const verdict = classifyError(err);
      assert.equal(verdict.action, 'retry');
      return true;
    });
  });
});

describe('integration/api-errors on the server', { skip: !onServer }, () => {
  test('the server keeps our X-Trace-Id and puts it, with its request id, on the error outcome', async () => {
    // In server mode a MockClient is the admin client of a project of its own.
    const medplum = new MockClient();
    const patient = await medplum.createResource({ resourceType: 'Patient', name: [{ family: 'Traced' }] });
    const read = await readPatientTraced(medplum, patient.id, TRACE_ID);
    assert.equal(read.id, patient.id);
    await assert.rejects(
      readPatientTraced(medplum, '00000000-0000-4000-8000-000000000000', TRACE_ID),
      (err: unknown) => {
        assert.ok(err instanceof OperationOutcomeError);
        const ids = tracingIds(err.outcome);
        assert.equal(ids.traceId, TRACE_ID);
        assert.match(ids.requestId ?? '', /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
        assert.notEqual(ids.requestId, TRACE_ID);
        const verdict = classifyError(err);
        assert.equal(verdict.status, 404);
        assert.equal(verdict.action, 'fix-input');
        assert.deepEqual(verdict.ids, ids);
        return true;
      },
    );
  });
});
