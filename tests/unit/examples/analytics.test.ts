/**
 * Runs the analytics examples: NDJSON parsing, downloading an export manifest's files with a
 * stand-in fetch, flattening Observations with a SQL-on-FHIR view (evalSqlOnFhir from
 * @medplum/core), and dashboard counts and a GraphQL tile against MockClient.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { validateResource } from '@medplum/core';
import type { Observation, Patient, Resource, Task } from '@medplum/fhirtypes';
import { mockWithSearch } from './mock-with-search';
import { downloadExport, parseNdjson, toRows } from '../../../examples/analytics/ndjson';
import { countMatching, recentGlucose, taskCountsByStatus } from '../../../examples/analytics/dashboards';

const PATIENT: Patient = { resourceType: 'Patient', id: 'p1', name: [{ family: 'Rivera' }] };
const GLUCOSE: Observation = {
  resourceType: 'Observation',
  id: 'o1',
  status: 'final',
  code: { coding: [{ system: 'http://loinc.org', code: '2339-0', display: 'Glucose [Mass/volume] in Blood' }] },
  subject: { reference: 'Patient/p1' },
  effectiveDateTime: '2026-01-05T09:15:00Z',
  valueQuantity: { value: 98, unit: 'mg/dL', system: 'http://unitsofmeasure.org', code: 'mg/dL' },
};
const NOTE: Observation = {
  resourceType: 'Observation',
  id: 'o2',
  status: 'final',
  code: { text: 'Smoking status' },
  subject: { reference: 'Patient/p1' },
  valueString: 'Never smoker',
};

describe('analytics/ndjson', () => {
  test('parseNdjson reads one resource per line and skips blank and CRLF line ends', () => {
    mockWithSearch(); // loads the full definitions that validateResource checks against
    const text = `${JSON.stringify(PATIENT)}\r\n\r\n${JSON.stringify(GLUCOSE)}\n`;
    const resources = parseNdjson(text);
    assert.deepEqual(
      resources.map((r) => `${r.resourceType}/${r.id}`),
      ['Patient/p1', 'Observation/o1'],
    );
    for (const r of resources) {
      assert.doesNotThrow(() => validateResource(r));
    }
  });

  test('parseNdjson names the line that is not JSON', () => {
    assert.throws(
      () => parseNdjson(`${JSON.stringify(PATIENT)}\n{"resourceType":`),
      /^Error: Line 2 is not valid JSON/,
    );
  });

  test('downloadExport fetches each manifest file without the Medplum token and groups by type', async () => {
    const files: Record<string, string> = {
      'https://storage.example.org/patient.ndjson': `${JSON.stringify(PATIENT)}\n`,
      'https://storage.example.org/obs.ndjson': `${JSON.stringify(GLUCOSE)}\n${JSON.stringify(NOTE)}\n`,
    };
    const calls: { url: string; init?: RequestInit }[] = [];
    const fakeFetch = (async (url: string | URL | Request, init?: RequestInit) => {
      calls.push({ url: url.toString(), init });
      const body = files[url.toString()];
      return body === undefined ? new Response('gone', { status: 403 }) : new Response(body, { status: 200 });
    }) as typeof fetch;

    const byType = await downloadExport(
      {
        transactionTime: '2026-01-05T10:00:00Z',
        output: [
          { type: 'Patient', url: 'https://storage.example.org/patient.ndjson' },
          { type: 'Observation', url: 'https://storage.example.org/obs.ndjson' },
        ],
      },
      fakeFetch,
    );
    assert.equal(byType.get('Patient')?.length, 1);
    assert.equal(byType.get('Observation')?.length, 2);
    assert.equal(calls.length, 2);
    assert.ok(
      calls.every((c) => c.init === undefined),
      'no Authorization header is added to pre-signed URLs',
    );

    await assert.rejects(
      downloadExport({ output: [{ type: 'Patient', url: 'https://storage.example.org/expired.ndjson' }] }, fakeFetch),
      /Download of Patient failed with HTTP 403/,
    );
  });

  test('toRows flattens numeric Observations into warehouse rows and drops the rest', () => {
    const rows = toRows([PATIENT, GLUCOSE, NOTE] as Resource[]);
    assert.deepEqual(rows, [
      { id: 'o1', patient: 'p1', loinc: '2339-0', value: 98, unit: 'mg/dL', effective: '2026-01-05T09:15:00Z' },
    ]);
  });
});

describe('analytics/dashboards', () => {
  test('countMatching and taskCountsByStatus read totals with _summary=count', async () => {
    const medplum = mockWithSearch();
    // MockClient seeds a few Tasks of its own, so compare against the counts before ours.
    const statuses = ['requested', 'in-progress', 'cancelled'];
    const before = await taskCountsByStatus(medplum, statuses);
    const task = (status: Task['status']): Task => ({ resourceType: 'Task', status, intent: 'order' });
    for (const t of [task('requested'), task('requested'), task('in-progress'), task('completed')]) {
      await medplum.createResource(t);
    }
    assert.equal(await countMatching(medplum, 'Task', { status: 'requested' }), before.requested + 2);
    assert.deepEqual(await taskCountsByStatus(medplum, statuses), {
      requested: before.requested + 2,
      'in-progress': before['in-progress'] + 1,
      cancelled: before.cancelled,
    });
  });

  test('recentGlucose returns the newest glucose results first through GraphQL', async () => {
    const medplum = mockWithSearch();
    const patient = await medplum.createResource<Patient>({ resourceType: 'Patient', name: [{ family: 'Rivera' }] });
    for (const [day, value] of [
      ['03', 101],
      ['05', 98],
      ['04', 110],
    ] as const) {
      await medplum.createResource<Observation>({
        ...GLUCOSE,
        id: undefined,
        subject: { reference: `Patient/${patient.id}` },
        effectiveDateTime: `2026-01-${day}T09:15:00Z`,
        valueQuantity: { value, unit: 'mg/dL' },
      });
    }
    const rows = await recentGlucose(medplum, patient.id, 2);
    assert.deepEqual(rows, [
      { value: 98, unit: 'mg/dL', effective: '2026-01-05T09:15:00Z' },
      { value: 110, unit: 'mg/dL', effective: '2026-01-04T09:15:00Z' },
    ]);
  });
});
