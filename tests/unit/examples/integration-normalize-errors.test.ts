/**
 * Runs the normalizeOperationOutcome example: against MockClient (full search parameters, to find it again) the patient is created and nothing
 * is logged; against a scripted 400 answer and a failed fetch, the one-line message is returned and
 * logged.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { onServer } from '../../server/on-server';
import { newSearchClient } from './support/search-mock';
import { scriptedClient } from './support/scripted-fetch';
import { createPatientLoggingErrors } from '../../../examples/integration/normalize-errors';

const scriptedOnly = { skip: onServer && 'scripted answers' };

async function capturingErrors<T>(fn: () => Promise<T>): Promise<{ result: T; logged: unknown[][] }> {
  const logged: unknown[][] = [];
  const original = console.error;
  console.error = (...args: unknown[]) => {
    logged.push(args);
  };
  try {
    return { result: await fn(), logged };
  } finally {
    console.error = original;
  }
}

test('createPatientLoggingErrors creates the patient and logs nothing when the call succeeds', async () => {
  const medplum = newSearchClient();
  const { result, logged } = await capturingErrors(() => createPatientLoggingErrors(medplum));
  assert.equal(result, undefined);
  assert.deepEqual(logged, []);
  const found = await medplum.searchResources('Patient', { family: 'Silva' });
  assert.ok(found.some((p) => p.name?.[0]?.given?.[0] === 'Ana'));
});

test('createPatientLoggingErrors turns a 400 OperationOutcome into one logged line', scriptedOnly, async () => {
  const { medplum, requests } = scriptedClient([
    {
      status: 400,
      body: {
        resourceType: 'OperationOutcome',
        issue: [
          {
            severity: 'error',
            code: 'structure',
            details: { text: 'Invalid additional property "nmae"' },
            expression: ['Patient.nmae'],
          },
        ],
      },
    },
  ]);
  const { result, logged } = await capturingErrors(() => createPatientLoggingErrors(medplum));
  assert.equal(result, 'Invalid additional property "nmae" (Patient.nmae)');
  assert.deepEqual(logged, [[result]]);
  assert.equal(requests[0].method, 'POST');
  assert.equal(requests[0].url.pathname, '/fhir/R4/Patient');
});

test('createPatientLoggingErrors reports a failure that is not an OperationOutcome', scriptedOnly, async () => {
  const { medplum } = scriptedClient([]); // no answer: the fetch itself throws
  const { result } = await capturingErrors(() => createPatientLoggingErrors(medplum));
  assert.match(result ?? '', /Unexpected request POST https:\/\/medplum\.example\.org\/fhir\/R4\/Patient/);
});
