/**
 * Tests for examples/bots/advanced.ts: multipart bodies, PDF filing, a unit-tested subscription
 * handler, run-as rules and AuditEvent reports. Each test asserts what the code did.
 */
import assert from 'node:assert/strict';
import { afterEach, describe, test } from 'node:test';
import { createReference, MedplumClient, validateResource } from '@medplum/core';
import type { AuditEvent, Bot, DocumentReference, Observation, Patient, Task } from '@medplum/fhirtypes';
import { mockWithSearch } from './mock-with-search';
import {
  botRunsSince,
  buildMultipart,
  fileResultSummary,
  handler,
  resultSummaryDefinition,
  runAsMembership,
  setAuditPolicy,
  setRunAsUser,
  summarizeRuns,
  uploadToPartner,
} from '../../../examples/bots/advanced';
import { makeBotEvent, secretsFrom } from '../../../examples/bots/local-runner';

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

// #region stub-fetch
/** Replaces global fetch with a recorder that answers every call with the given status. */
function stubFetch(status = 200, body = 'ok'): { url: string; init: RequestInit }[] {
  const calls: { url: string; init: RequestInit }[] = [];
  globalThis.fetch = (async (url: string | URL | Request, init?: RequestInit) => {
    calls.push({ url: String(url), init: init ?? {} });
    return new Response(body, { status });
  }) as typeof fetch;
  return calls;
}
// #endregion stub-fetch

describe('bots/advanced multipart', () => {
  test('builds a body that a standard multipart parser reads back', async () => {
    const data = new TextEncoder().encode('MRN,CODE,VALUE\n1001,2339-0,95\n');
    const { contentType, body } = buildMultipart(
      { batch: '2026-11-25' },
      { field: 'file', filename: 'results.csv', contentType: 'text/csv', data },
      'test-boundary',
    );
    assert.equal(contentType, 'multipart/form-data; boundary=test-boundary');
    // Parse with the platform's own multipart parser to prove the format is right.
    const form = await new Response(body, { headers: { 'Content-Type': contentType } }).formData();
    assert.equal(form.get('batch'), '2026-11-25');
    const file = form.get('file') as File;
    assert.equal(file.name, 'results.csv');
    assert.equal(file.type, 'text/csv');
    assert.equal(await file.text(), 'MRN,CODE,VALUE\n1001,2339-0,95\n');
  });

  test('uploadToPartner sends the token and fails the run on an error status', async () => {
    const calls = stubFetch(201, '{"id":"up-1"}');
    const file = { field: 'file', filename: 'a.txt', contentType: 'text/plain', data: new TextEncoder().encode('hi') };
    assert.equal(await uploadToPartner('https://partner.example.com/upload', 'k-1', file), '{"id":"up-1"}');
    const headers = calls[0].init.headers as Record<string, string>;
    assert.equal(headers.Authorization, 'Bearer k-1');
    assert.match(headers['Content-Type'], /^multipart\/form-data; boundary=/);

    stubFetch(413, 'too large');
    await assert.rejects(uploadToPartner('https://partner.example.com/upload', 'k-1', file), /HTTP 413 too large/);
  });
});

describe('bots/advanced pdf', () => {
  test('fileResultSummary stores a PDF Binary and a valid DocumentReference', async () => {
    const medplum = mockWithSearch();
    const patient = await medplum.createResource<Patient>({
      resourceType: 'Patient',
      name: [{ given: ['Lena'], family: 'Park' }],
    });
    await medplum.createResource<Observation>({
      resourceType: 'Observation',
      status: 'final',
      code: { coding: [{ system: 'http://loinc.org', code: '2339-0', display: 'Glucose [Mass/volume] in Blood' }] },
      subject: createReference(patient),
      effectiveDateTime: '2026-11-20T08:00:00Z',
      valueQuantity: { value: 104, unit: 'mg/dL', system: 'http://unitsofmeasure.org', code: 'mg/dL' },
    });

    const docRef = await fileResultSummary(medplum, patient);
    assert.equal(docRef.subject?.reference, `Patient/${patient.id}`);
    const url = docRef.content[0].attachment.url as string;
    assert.match(url, /^Binary\//);
    const binary = await medplum.readReference({ reference: url });
    assert.equal((binary as { contentType?: string }).contentType, 'application/pdf');
    validateResource((await medplum.readResource('DocumentReference', docRef.id as string)) as DocumentReference);

    const def = resultSummaryDefinition(patient, []) as { defaultStyle: { font: string } };
    assert.equal(def.defaultStyle.font, 'Helvetica');
  });

  test('a client built without a createPdf implementation refuses, as in vmcontext', async () => {
    const client = new MedplumClient({ baseUrl: 'https://fhir.example.org/', fetch: realFetch });
    await assert.rejects(client.createPdf({ docDefinition: { content: ['x'] } }), /PDF creation not enabled/);
  });
});

describe('bots/advanced testable handler', () => {
  async function glucose(medplum: MedplumClient, value: number): Promise<Observation> {
    const patient = await medplum.createResource<Patient>({ resourceType: 'Patient', name: [{ family: 'Diaz' }] });
    return medplum.createResource<Observation>({
      resourceType: 'Observation',
      status: 'final',
      code: { coding: [{ system: 'http://loinc.org', code: '2339-0', display: 'Glucose [Mass/volume] in Blood' }] },
      subject: createReference(patient),
      valueQuantity: { value, unit: 'mg/dL', system: 'http://unitsofmeasure.org', code: 'mg/dL' },
    });
  }

  // #region test-effects
  test('a high value creates an urgent Task and notifies the configured URL', async () => {
    const medplum = mockWithSearch();
    const calls = stubFetch(202, 'accepted');
    const obs = await glucose(medplum, 250);

    const event = makeBotEvent(obs, { secrets: secretsFrom({ NOTIFY_URL: 'https://hooks.example.com/glucose' }) });
    const task = (await handler(medplum, event)) as Task;

    const tasks = await medplum.searchResources('Task', { focus: `Observation/${obs.id}` });
    assert.equal(tasks.length, 1);
    assert.equal(tasks[0].priority, 'urgent');
    assert.equal(tasks[0].for?.reference, obs.subject?.reference);
    validateResource(tasks[0]);
    assert.equal(calls.length, 1);
    assert.equal(calls[0].url, 'https://hooks.example.com/glucose');
    assert.deepEqual(JSON.parse(calls[0].init.body as string), { task: `Task/${task.id}` });
  });

  test('a value under the secret threshold writes nothing and calls nobody', async () => {
    const medplum = mockWithSearch();
    const calls = stubFetch();
    const obs = await glucose(medplum, 250);
    const event = makeBotEvent(obs, { secrets: secretsFrom({ GLUCOSE_THRESHOLD: '300' }) });
    assert.equal(await handler(medplum, event), undefined);
    assert.equal((await medplum.searchResources('Task', { focus: `Observation/${obs.id}` })).length, 0);
    assert.equal(calls.length, 0);
  });

  test('a failing notification fails the run after the Task exists', async () => {
    const medplum = mockWithSearch();
    stubFetch(500, 'down');
    const obs = await glucose(medplum, 400);
    const event = makeBotEvent(obs, { secrets: secretsFrom({ NOTIFY_URL: 'https://hooks.example.com/glucose' }) });
    await assert.rejects(handler(medplum, event), /Notification failed: HTTP 500/);
    assert.equal((await medplum.searchResources('Task', { focus: `Observation/${obs.id}` })).length, 1);
  });

  test('an unsaved input is rejected', async () => {
    const medplum = mockWithSearch();
    const unsaved = { resourceType: 'Observation', status: 'final', code: { text: 'x' } } as Observation;
    await assert.rejects(handler(medplum, makeBotEvent(unsaved)), /saved Observation/);
  });
  // #endregion test-effects
});

describe('bots/advanced run-as', () => {
  test('runAsMembership follows the server rules per trigger', () => {
    assert.equal(runAsMembership({ runAsUser: true }, '$execute'), 'caller');
    assert.equal(runAsMembership({}, '$execute'), 'bot');
    assert.equal(runAsMembership({ runAsUser: true }, 'subscription'), 'author of the change (meta.author)');
    assert.equal(runAsMembership({ runAsUser: true }, 'cron'), 'bot');
    assert.equal(runAsMembership({ runAsUser: true }, 'webhook'), 'bot');
    assert.equal(runAsMembership({}, 'agent'), 'agent connection');
    assert.equal(runAsMembership({}, 'cds-hooks'), 'caller');
  });

  test('setRunAsUser patches the Bot', async () => {
    const medplum = mockWithSearch();
    const bot = await medplum.createResource<Bot>({
      resourceType: 'Bot',
      name: 'Chart note helper',
      runtimeVersion: 'vmcontext',
    });
    const updated = await setRunAsUser(medplum, bot.id as string, true);
    assert.equal(updated.runAsUser, true);
    validateResource(updated);
  });
});

describe('bots/advanced monitoring', () => {
  function run(botId: string, start: string, ms: number, outcome: '0' | '4', log = ''): AuditEvent {
    const end = new Date(Date.parse(start) + ms).toISOString();
    return {
      resourceType: 'AuditEvent',
      type: { system: 'https://medplum.com/CodeSystem/audit-event', code: 'execute' },
      recorded: end,
      period: { start, end },
      agent: [{ who: { reference: 'Practitioner/9dcb9b26-a72d-4c88-bf67-47008b4a2461' }, requestor: true }],
      source: { observer: { reference: `Bot/${botId}` } },
      entity: [{ what: { reference: `Bot/${botId}` }, role: { code: '4', display: 'Domain' } }],
      outcome,
      outcomeDesc: log,
    };
  }

  test('finds failed runs and summarizes them', async () => {
    const medplum = mockWithSearch();
    const bot = await medplum.createResource<Bot>({ resourceType: 'Bot', name: 'Glucose alerts' });
    const other = await medplum.createResource<Bot>({ resourceType: 'Bot', name: 'Other' });
    const id = bot.id as string;
    const events = [
      run(id, '2026-11-25T08:00:00.000Z', 120, '0', 'Observation/1: 95 is within range'),
      run(id, '2026-11-25T09:00:00.000Z', 900, '4', 'Unhandled error: Notification failed: HTTP 500\nError: ...'),
      run(id, '2026-11-25T10:00:00.000Z', 300, '4', 'Unhandled error: Expected a saved Observation as input\n'),
      run(other.id as string, '2026-11-25T10:30:00.000Z', 50, '4', 'Unhandled error: other'),
      run(id, '2026-11-20T10:00:00.000Z', 50, '4', 'Unhandled error: too old'),
    ];
    for (const e of events) {
      validateResource(e);
      await medplum.createResource(e);
    }

    const failures = await botRunsSince(medplum, id, '2026-11-25T00:00:00Z', true);
    assert.equal(failures.length, 2);
    const all = await botRunsSince(medplum, id, '2026-11-25T00:00:00Z');
    assert.equal(all.length, 3);

    const report = summarizeRuns(all);
    assert.equal(report.runs, 3);
    assert.equal(report.failures, 2);
    assert.equal(report.slowestMs, 900);
    assert.equal(report.lastError?.line, 'Unhandled error: Expected a saved Observation as input');
  });

  test('setAuditPolicy writes valid Bot fields', async () => {
    const medplum = mockWithSearch();
    const bot = await medplum.createResource<Bot>({ resourceType: 'Bot', name: 'Busy bot' });
    const updated = await setAuditPolicy(medplum, bot.id as string, 'on-error', ['log']);
    assert.equal(updated.auditEventTrigger, 'on-error');
    assert.deepEqual(updated.auditEventDestination, ['log']);
    validateResource(updated);
  });
});
