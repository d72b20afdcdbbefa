/**
 * Runs the advanced datastore examples (custom operations, async and conditional bundles, special
 * and missing search parameters) against MockClient and checks what was stored or found.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { loadFullDefinitions, mockWithSearch } from './mock-with-search';
import {
  connectToEhr,
  createAndRead,
  jobClient,
  readAsMember,
  readWithoutRetry,
  uploadStream,
} from '../../../examples/fhir-datastore/client-options';
import { createReference, MedplumClient, validateResource } from '@medplum/core';
import { onServer } from '../../server/on-server';
import { bundleBot } from './support/bundle-bot';
import { serverRecordingClient } from './support/server-client';
import type { RecordedRequest, ScriptedReply } from './support/scripted-fetch';
import { SCRIPTED_BASE, scriptedClient, scriptedFetch } from './support/scripted-fetch';
import { MockClient } from '@medplum/mock';
import { gatewayClient } from '../../../examples/fhir-datastore/default-headers';
import { searchWithLogging } from '../../../examples/fhir-datastore/log-level';
import type { BotEvent } from '@medplum/core';
import type {
  Bot,
  BundleEntry,
  Condition,
  Encounter,
  Observation,
  Parameters,
  Patient,
  Practitioner,
} from '@medplum/fhirtypes';
import {
  autoBatchingClient,
  callFallRisk,
  loadChartHeader,
  COHORT_TAG,
  deletedSince,
  fallRiskOperation,
  findByStudyId,
  handler,
  IMPLEMENTATION_EXTENSION_URL,
  isConditionalEntry,
  patchEntry,
  PHARMACY_EXT,
  patientCompartmentUrl,
  patientsWithPharmacy,
  profileAndSourceSearches,
  registerFallRiskOperation,
  retractObservations,
  runBatchInBackground,
  tagAndSecuritySearches,
  transactionChunks,
  withStudyIdentifier,
} from '../../../examples/fhir-datastore/advanced';

async function newBot(medplum: MedplumClient): Promise<Bot & { id: string }> {
  return medplum.createResource<Bot>({ resourceType: 'Bot', name: 'fall-risk', runtimeVersion: 'vmcontext' });
}

describe('fhir-datastore/advanced: custom operations', () => {
  test('the OperationDefinition is valid, bound to the Bot, and registered only once', async () => {
    loadFullDefinitions();
    const medplum = mockWithSearch();
    const bot = await newBot(medplum);
    const op = fallRiskOperation(createReference(bot));
    validateResource(op);
    assert.equal(op.extension?.[0]?.url, IMPLEMENTATION_EXTENSION_URL);
    assert.equal(op.extension?.[0]?.valueReference?.reference, `Bot/${bot.id}`);
    assert.deepEqual(
      op.parameter?.filter((p) => p.use === 'out').map((p) => p.name),
      ['score', 'level'],
    );

    const first = await registerFallRiskOperation(medplum, createReference(bot));
    const second = await registerFallRiskOperation(medplum, createReference(bot));
    assert.equal(second.id, first.id);
    const all = await medplum.searchResources('OperationDefinition', { code: 'fall-risk' });
    assert.equal(all.length, 1);
  });

  test('the bot handler scores active conditions and returns values keyed by out parameter', async () => {
    const medplum = mockWithSearch();
    const patient = await medplum.createResource<Patient>({ resourceType: 'Patient', name: [{ family: 'Risk' }] });
    for (const status of ['active', 'active', 'active', 'resolved']) {
      const condition: Condition = {
        resourceType: 'Condition',
        subject: createReference(patient),
        clinicalStatus: {
          coding: [{ system: 'http://terminology.hl7.org/CodeSystem/condition-clinical', code: status }],
        },
      };
      validateResource(condition);
      await medplum.createResource(condition);
    }
    const input: Parameters = {
      resourceType: 'Parameters',
      parameter: [{ name: 'patient', valueReference: createReference(patient) }],
    };
    validateResource(input);
    const event = {
      bot: { reference: 'Bot/1' },
      contentType: 'application/fhir+json',
      input,
      secrets: {},
    } as BotEvent<Parameters>;
    const out = await handler(medplum, event);
    assert.deepEqual(out, { score: 3, level: 'high' });

    await assert.rejects(
      handler(medplum, { ...event, input: { resourceType: 'Parameters' } } as BotEvent<Parameters>),
      /Missing input parameter: patient/,
    );
  });

  test('the server runs the bot behind a custom operation and answers Parameters (MockClient does not route it)', async () => {
    if (!onServer) {
      const medplum = mockWithSearch();
      const patient = await medplum.createResource<Patient>({ resourceType: 'Patient' });
      await assert.rejects(callFallRisk(medplum, patient));
      return;
    }
    // The example file's handler, bundled as a vmcontext bot (CommonJS, @medplum/core left to the
    // server), behind the example's OperationDefinition; the patient has three active conditions.
    const { medplum, backend } = serverRecordingClient();
    const bot = await backend.createResource<Bot>({
      resourceType: 'Bot',
      name: 'fall-risk',
      runtimeVersion: 'vmcontext',
    });
    await backend.post(backend.fhirUrl('Bot', bot.id, '$deploy'), {
      code: bundleBot('examples/fhir-datastore/advanced.ts'),
    });
    await backend.createResource(fallRiskOperation(createReference(bot)));
    const patient = await backend.createResource<Patient>({ resourceType: 'Patient', name: [{ family: 'Risk' }] });
    for (let i = 0; i < 3; i++) {
      await backend.createResource<Condition>({
        resourceType: 'Condition',
        subject: createReference(patient),
        clinicalStatus: {
          coding: [{ system: 'http://terminology.hl7.org/CodeSystem/condition-clinical', code: 'active' }],
        },
      });
    }
    const out = await callFallRisk(medplum, patient);
    assert.equal(out.resourceType, 'Parameters');
    assert.deepEqual(
      out.parameter?.map((p) => [p.name, p.valueInteger ?? p.valueCode]),
      [
        ['score', 3],
        ['level', 'high'],
      ],
    );
  });
});

describe('fhir-datastore/advanced: bundles', () => {
  test('runBatchInBackground returns the response bundle (MockClient answers synchronously)', async () => {
    const medplum = mockWithSearch();
    const patient: Patient = { resourceType: 'Patient', name: [{ family: 'Async' }] };
    validateResource(patient);
    const response = await runBatchInBackground(medplum, {
      resourceType: 'Bundle',
      type: 'batch',
      entry: [{ resource: patient, request: { method: 'POST', url: 'Patient' } }],
    });
    assert.equal(response.type, 'batch-response');
    assert.equal(response.entry?.[0]?.response?.status, '201');
    const found = await medplum.searchResources('Patient', { name: 'Async' });
    assert.equal(found.length, 1);
  });

  test('an auto-batching client sends parallel reads as one batch request', async () => {
    const mock = mockWithSearch();
    const patient = await mock.createResource<Patient>({ resourceType: 'Patient', name: [{ family: 'Batch' }] });
    const encounter = await mock.createResource<Encounter>({
      resourceType: 'Encounter',
      status: 'finished',
      class: { system: 'http://terminology.hl7.org/CodeSystem/v3-ActCode', code: 'AMB' },
    });
    const practitioner = await mock.createResource<Practitioner>({ resourceType: 'Practitioner' });
    const calls: string[] = [];
    const fetchImpl = (async (url: string, options: any) => {
      calls.push(`${options.method} ${url}`);
      return mock.client.mockFetch(url, options);
    }) as unknown as typeof fetch;
    // On a server the client talks to it with the project's token.
    const base = onServer ? mock.getBaseUrl() : 'https://example.com/';
    const client = autoBatchingClient(base, fetchImpl);
    if (onServer) {
      client.setAccessToken(
        (await (mock as unknown as { ready(): Promise<{ accessToken: string }> }).ready()).accessToken,
      );
    }
    const [p, e, pr] = await loadChartHeader(client, patient.id, encounter.id, practitioner.id);
    assert.equal(p.id, patient.id);
    assert.equal(e.id, encounter.id);
    assert.equal(pr.id, practitioner.id);
    assert.deepEqual(calls, [`POST ${base}fhir/R4`]);
  });

  test('PATCH entries apply when the version matches and fail with 412 when it does not', async () => {
    const medplum = mockWithSearch();
    const make = (value: number): Observation => ({
      resourceType: 'Observation',
      status: 'final',
      code: { text: 'Pain score' },
      valueInteger: value,
    });
    validateResource(make(1));
    const a = await medplum.createResource(make(3));
    const b = await medplum.createResource(make(4));
    // Someone else edits b after we read it.
    await medplum.updateResource({ ...b, valueInteger: 5 });

    const entry = patchEntry(a, a.meta?.versionId as string, [{ op: 'replace', path: '/status', value: 'amended' }]);
    assert.equal(entry.request?.ifMatch, undefined);
    assert.equal(entry.resource?.resourceType, 'Binary');
    const ops = JSON.parse(Buffer.from((entry.resource as { data: string }).data, 'base64').toString('utf8'));
    assert.deepEqual(ops[0], { op: 'test', path: '/meta/versionId', value: a.meta?.versionId });

    const response = await retractObservations(medplum, [a, b]);
    assert.equal(response.entry?.[0]?.response?.status, '200');
    assert.equal(response.entry?.[1]?.response?.status, '400');
    assert.equal((await medplum.readResource('Observation', a.id)).status, 'entered-in-error');
    assert.equal((await medplum.readResource('Observation', b.id)).status, 'final');
  });

  test('transactionChunks keeps conditional bundles at 8 entries and PUTs at 50', () => {
    const conditionalCreate = (mrn: string): BundleEntry => ({
      fullUrl: `urn:uuid:${mrn}`,
      resource: { resourceType: 'Patient', identifier: [{ system: 'https://example.org/mrn', value: mrn }] },
      request: { method: 'POST', url: 'Patient', ifNoneExist: `identifier=https://example.org/mrn|${mrn}` },
    });
    const plainCreate = (i: number): BundleEntry => ({
      resource: { resourceType: 'Observation', status: 'final', code: { text: `obs ${i}` } },
      request: { method: 'POST', url: 'Observation' },
    });
    const put = (i: number): BundleEntry => ({
      resource: { resourceType: 'Patient', id: `p${i}` },
      request: { method: 'PUT', url: `Patient/p${i}` },
    });
    assert.equal(isConditionalEntry(conditionalCreate('1')), true);
    assert.equal(isConditionalEntry({ request: { method: 'PUT', url: 'Patient?identifier=x|1' } }), true);
    assert.equal(isConditionalEntry({ request: { method: 'DELETE', url: 'Patient?identifier=x|1' } }), true);
    assert.equal(isConditionalEntry(plainCreate(1)), false);
    assert.equal(isConditionalEntry(put(1)), false);

    // Ten patients, each with three entries (a conditional create plus two observations).
    const groups = Array.from({ length: 10 }, (_, i) => [
      conditionalCreate(String(i)),
      plainCreate(i),
      plainCreate(i + 100),
    ]);
    const chunks = transactionChunks(groups);
    assert.equal(chunks.length, 5);
    for (const chunk of chunks) {
      assert.ok((chunk.entry?.length ?? 0) <= 8);
      validateResource(chunk);
    }
    // 120 plain PUTs: 50 + 50 + 20.
    const putChunks = transactionChunks(Array.from({ length: 120 }, (_, i) => [put(i)]));
    assert.deepEqual(
      putChunks.map((c) => c.entry?.length),
      [50, 50, 20],
    );
    assert.throws(() => transactionChunks([groups.flat()]), /exceeds the transaction limits/);
  });
});

describe('fhir-datastore/advanced: special search parameters', () => {
  test('_tag, _security:missing, _profile and _source match on meta', async () => {
    const medplum = mockWithSearch();
    const profileUrl = 'http://hl7.org/fhir/us/core/StructureDefinition/us-core-patient';
    const tagged: Patient = {
      resourceType: 'Patient',
      meta: { tag: [COHORT_TAG], profile: [profileUrl], source: 'https://lab.example.org/feed' },
      name: [{ family: 'Tagged' }],
    };
    const labeled: Patient = {
      resourceType: 'Patient',
      meta: { security: [{ system: 'http://terminology.hl7.org/CodeSystem/v3-Confidentiality', code: 'R' }] },
      name: [{ family: 'Labeled' }],
    };
    validateResource(tagged);
    validateResource(labeled);
    const t = await medplum.createResource(tagged);
    const l = await medplum.createResource(labeled);

    const { tagged: byTag, unlabeled } = await tagAndSecuritySearches(medplum);
    assert.deepEqual(
      byTag.map((p) => p.id),
      [t.id],
    );
    assert.ok(unlabeled.some((p) => p.id === t.id));
    assert.ok(!unlabeled.some((p) => p.id === l.id));

    const { profiled, fromSource } = await profileAndSourceSearches(
      medplum,
      profileUrl,
      'https://lab.example.org/feed',
    );
    assert.deepEqual(
      profiled.map((p) => p.id),
      [t.id],
    );
    assert.deepEqual(
      fromSource.map((p) => p.id),
      [t.id],
    );
  });

  test('the compartment URL is a system-level search with _type and _compartment', () => {
    const medplum = mockWithSearch();
    const url = patientCompartmentUrl(medplum, '123');
    assert.equal(url.pathname, '/fhir/R4/');
    assert.equal(url.searchParams.get('_type'), 'Observation,Condition');
    assert.equal(url.searchParams.get('_compartment'), 'Patient/123');
  });

  test('deletedSince sends _deleted=true with a _lastUpdated lower bound', async () => {
    const medplum = mockWithSearch();
    const seen: string[] = [];
    const original = medplum.search.bind(medplum);
    medplum.search = ((type: any, query: any, options: any) => {
      seen.push(`${type}?${new URLSearchParams(query).toString()}`);
      return original(type, { _count: '1' }, options);
    }) as typeof medplum.search;
    const ids = await deletedSince(medplum, '2026-11-01T00:00:00Z');
    assert.ok(Array.isArray(ids));
    assert.equal(seen[0], 'Patient?_deleted=true&_lastUpdated=ge2026-11-01T00%3A00%3A00Z&_count=100');
  });
});

describe('fhir-datastore/advanced: instead of custom search parameters', () => {
  test('an indexed identifier replaces a custom SearchParameter', async () => {
    const medplum = mockWithSearch();
    const patient = withStudyIdentifier({ resourceType: 'Patient', name: [{ family: 'Lindqvist' }] }, '0217-0314');
    validateResource(patient);
    const again = withStudyIdentifier(patient, '0217-0322');
    assert.equal(again.identifier?.length, 1);
    const created = await medplum.createResource(patient);
    const found = await findByStudyId(medplum, '0217-0314');
    assert.equal(found?.id, created.id);
    assert.equal(await findByStudyId(medplum, '0217-0481'), undefined);
  });

  test('narrow on the server, then filter by extension with FHIRPath', async () => {
    const medplum = mockWithSearch();
    const org = await medplum.createResource({ resourceType: 'Organization', name: 'Clinic' });
    const pharmacy = await medplum.createResource({ resourceType: 'Organization', name: 'Pharmacy' });
    const withExt: Patient = {
      resourceType: 'Patient',
      managingOrganization: createReference(org),
      extension: [{ url: PHARMACY_EXT, valueReference: createReference(pharmacy) }],
    };
    const without: Patient = { resourceType: 'Patient', managingOrganization: createReference(org) };
    validateResource(withExt);
    validateResource(without);
    const a = await medplum.createResource(withExt);
    await medplum.createResource(without);
    const result = await patientsWithPharmacy(medplum, org.id, pharmacy.id);
    assert.deepEqual(
      result.map((p) => p.id),
      [a.id],
    );
  });
});

describe('fhir-datastore/client-options', () => {
  const BASE = 'https://medplum.example.org/';
  type Call = { url: string; init: RequestInit & { duplex?: string } };
  /** A fetch that answers each call with the next status (the last one repeats) and records it. */
  function scripted(
    statuses: number[],
    body: unknown,
  ): { calls: Call[]; fetch: (url: string, init: RequestInit) => Promise<Response> } {
    const calls: Call[] = [];
    return {
      calls,
      fetch: async (url: string, init: RequestInit) => {
        calls.push({ url, init });
        const status = statuses[Math.min(calls.length - 1, statuses.length - 1)];
        const text =
          status >= 400
            ? JSON.stringify({ resourceType: 'OperationOutcome', issue: [{ severity: 'error', code: 'exception' }] })
            : JSON.stringify(body);
        return new Response(text, { status, headers: { 'content-type': 'application/fhir+json' } });
      },
    };
  }
  const patient = { resourceType: 'Patient', id: 'b2977ddd-9f71-438e-96d0-6ad35f81397c', meta: { versionId: '1' } };

  test('jobClient retries a 503 up to its maxRetries; a per-request maxRetries of 0 sends once', async () => {
    const ok = scripted([503, 503, 200], patient);
    const medplum = jobClient(BASE, ok.fetch);
    const read = await medplum.readResource('Patient', 'b2977ddd-9f71-438e-96d0-6ad35f81397c');
    assert.equal(read.id, 'b2977ddd-9f71-438e-96d0-6ad35f81397c');
    assert.equal(ok.calls.length, 3);

    const failing = scripted([503], patient);
    await assert.rejects(readWithoutRetry(jobClient(BASE, failing.fetch), 'b2977ddd-9f71-438e-96d0-6ad35f81397c'));
    assert.equal(failing.calls.length, 1);
  });

  test('maxRetryTime 0 turns retries off for the whole client', async () => {
    const failing = scripted([429], patient);
    const medplum = new MedplumClient({ baseUrl: BASE, fetch: failing.fetch, maxRetryTime: 0 });
    await assert.rejects(medplum.readResource('Patient', 'b2977ddd-9f71-438e-96d0-6ad35f81397c'));
    assert.equal(failing.calls.length, 1);
  });

  test('uploadStream sends the ReadableStream itself with duplex half', async () => {
    if (onServer) {
      // The streamed bytes become the Binary's content on the server.
      const { medplum, requests, backend } = serverRecordingClient();
      const stream = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode('hello'));
          controller.close();
        },
      });
      const binary = await uploadStream(medplum, stream, 'text/plain');
      assert.equal(binary.contentType, 'text/plain');
      assert.equal(await (await backend.download(`Binary/${binary.id}`)).text(), 'hello');
      assert.equal(requests[0].method, 'POST');
      assert.equal(requests[0].url.pathname, '/fhir/R4/Binary');
      assert.equal(requests[0].headers['content-type'], 'text/plain');
      return;
    }
    const created = scripted([201], { resourceType: 'Binary', id: 'b1', contentType: 'text/plain' });
    const medplum = new MedplumClient({ baseUrl: BASE, fetch: created.fetch });
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('hello'));
        controller.close();
      },
    });
    const binary = await uploadStream(medplum, stream, 'text/plain');
    assert.equal(binary.id, 'b1');
    assert.equal(created.calls[0].url, `${BASE}fhir/R4/Binary`);
    assert.equal(created.calls[0].init.method, 'POST');
    assert.equal(created.calls[0].init.body, stream);
    assert.equal(created.calls[0].init.duplex, 'half');
    assert.equal((created.calls[0].init.headers as Record<string, string>)['Content-Type'], 'text/plain');
  });

  test('reads with X-Medplum-On-Behalf-Of bypass the read cache', async () => {
    const reads = scripted([200], patient);
    const medplum = new MedplumClient({ baseUrl: BASE, fetch: reads.fetch, cacheTime: 60_000 });
    await medplum.readResource('Patient', 'b2977ddd-9f71-438e-96d0-6ad35f81397c');
    await medplum.readResource('Patient', 'b2977ddd-9f71-438e-96d0-6ad35f81397c');
    assert.equal(reads.calls.length, 1, 'second plain read comes from the cache');
    await readAsMember(medplum, '38da79a0-d41e-44bc-89fe-b4221281622c', 'b2977ddd-9f71-438e-96d0-6ad35f81397c');
    await readAsMember(medplum, '38da79a0-d41e-44bc-89fe-b4221281622c', 'b2977ddd-9f71-438e-96d0-6ad35f81397c');
    assert.equal(reads.calls.length, 3);
    assert.equal(
      (reads.calls[1].init.headers as Record<string, string>)['x-medplum-on-behalf-of'],
      'ProjectMembership/38da79a0-d41e-44bc-89fe-b4221281622c',
    );
  });

  test('a mixed-case header name in a plain object is not recognised: the cached answer is reused', async () => {
    const reads = scripted([200], patient);
    const medplum = new MedplumClient({ baseUrl: BASE, fetch: reads.fetch, cacheTime: 60_000 });
    await medplum.readResource('Patient', 'b2977ddd-9f71-438e-96d0-6ad35f81397c');
    await medplum.readResource('Patient', 'b2977ddd-9f71-438e-96d0-6ad35f81397c', {
      headers: { 'X-Medplum-On-Behalf-Of': 'ProjectMembership/38da79a0-d41e-44bc-89fe-b4221281622c' },
    });
    assert.equal(reads.calls.length, 1);
  });
});

describe('fhir-datastore/client-options: other servers, logging and default headers', () => {
  /**
   * Puts `scriptedFetch` (answers from `replies` in order, every request recorded) in place of the
   * global fetch while `construct` runs, then restores it: the examples build their own
   * MedplumClient without a fetch option, and a client keeps the global fetch it was built with.
   */
  function withGlobalFetch<T>(replies: ScriptedReply[], construct: () => T): { result: T; sent: RecordedRequest[] } {
    const { fetch: fetchImpl, requests: sent } = scriptedFetch(replies);
    const realFetch = globalThis.fetch;
    globalThis.fetch = fetchImpl;
    try {
      return { result: construct(), sent };
    } finally {
      globalThis.fetch = realFetch;
    }
  }
  const emptyBundle: ScriptedReply = {
    status: 200,
    statusText: 'OK',
    body: { resourceType: 'Bundle', type: 'searchset', entry: [] },
    headers: { 'content-type': 'application/json' },
  };
  const opaqueToken: ScriptedReply = {
    status: 200,
    body: { access_token: 'opaque-token', token_type: 'Bearer', expires_in: 3600 },
  };
  /** A JWT-shaped token (unsigned: the client reads its claims, it does not check a signature). */
  const jwt = (claims: Record<string, unknown>): string =>
    [{ alg: 'none', typ: 'JWT' }, claims, 'sig']
      .map((part) => (typeof part === 'string' ? part : Buffer.from(JSON.stringify(part)).toString('base64url')))
      .join('.');

  test('connectToEhr posts client_credentials to the EHR token URL with Basic auth, then sends FHIR calls under api/fhir with the token', async () => {
    const { result, sent } = withGlobalFetch(
      [opaqueToken, { status: 200, body: { resourceType: 'Patient', id: 'b2977ddd-9f71-438e-96d0-6ad35f81397c' } }],
      () => connectToEhr('ehr-client', 's3cret'),
    );
    const ehr = await result;
    assert.equal(sent.length, 1, 'an opaque token is accepted without asking for a profile');
    assert.equal(sent[0].url.toString(), 'https://ehr.example.org/oauth/token');
    assert.equal(sent[0].method, 'POST');
    assert.equal(sent[0].headers.authorization, `Basic ${Buffer.from('ehr-client:s3cret').toString('base64')}`);
    assert.equal(sent[0].headers['content-type'], 'application/x-www-form-urlencoded');
    const form = new URLSearchParams(sent[0].body);
    assert.equal(form.get('grant_type'), 'client_credentials');
    assert.equal(form.get('client_secret'), null, 'the secret travels in the header, not the form');
    assert.equal(ehr.getProfile(), undefined);

    const patient = await ehr.readResource('Patient', 'b2977ddd-9f71-438e-96d0-6ad35f81397c');
    assert.equal(patient.id, 'b2977ddd-9f71-438e-96d0-6ad35f81397c');
    assert.equal(
      sent[1].url.toString(),
      'https://ehr.example.org/api/fhir/Patient/b2977ddd-9f71-438e-96d0-6ad35f81397c',
    );
    assert.equal(sent[1].headers.authorization, 'Bearer opaque-token');
  });

  test('connectToEhr refuses a JWT issued for another client', async () => {
    const { result } = withGlobalFetch(
      [
        {
          status: 200,
          body: { access_token: jwt({ cid: 'someone-else', exp: 4102444800 }), token_type: 'Bearer' },
        },
      ],
      () => connectToEhr('ehr-client', 's3cret'),
    );
    await assert.rejects(result, /Token not issued for this audience/);
  });

  // First in this block so that the recording of the region (the first test that runs it) shows
  // the Location-only answer and the GET it leads to; a Medplum server answers 201 with a Location
  // header too, so it gets the same GET.
  test(
    'createAndRead reads the Location of a 201 that has no body',
    { skip: onServer && 'scripted: a server that answers a create with only a Location header' },
    async () => {
      const { medplum, requests } = scriptedClient([
        {
          status: 201,
          headers: { location: `${SCRIPTED_BASE}fhir/R4/Patient/new-1`, 'content-length': '0' },
        },
        { status: 200, body: { resourceType: 'Patient', id: 'new-1', name: [{ family: 'Hopper' }] } },
      ]);
      const created = await createAndRead<Patient>(medplum, { resourceType: 'Patient', name: [{ family: 'Hopper' }] });
      assert.deepEqual(
        requests.map((r) => [r.method, r.url.toString()]),
        [
          ['POST', `${SCRIPTED_BASE}fhir/R4/Patient`],
          ['GET', `${SCRIPTED_BASE}fhir/R4/Patient/new-1`],
        ],
      );
      assert.equal(created.id, 'new-1');
      assert.equal(created.name?.[0]?.family, 'Hopper');
    },
  );

  test('createAndRead returns the stored resource from MockClient, which answers the create with a body', async () => {
    const medplum = new MockClient();
    const created = await createAndRead<Patient>(medplum, { resourceType: 'Patient', name: [{ family: 'Hopper' }] });
    assert.ok(created.id);
    assert.equal(created.name?.[0]?.family, 'Hopper');
    assert.equal((await medplum.readResource('Patient', created.id)).name?.[0]?.family, 'Hopper');
  });

  test('searchWithLogging prints the request and response lines with headers, then stops logging', async () => {
    const lines: string[] = [];
    const realLog = console.log;
    console.log = (...args: unknown[]) => {
      lines.push(args.map(String).join(' '));
    };
    try {
      const { result, sent } = withGlobalFetch([emptyBundle], () => searchWithLogging());
      const medplum = await result;
      assert.equal(sent.length, 1);
      assert.equal(medplum.getLogLevel(), 'none');
      assert.equal(lines[0], '> GET https://api.medplum.com/fhir/R4/Patient?name=Smith');
      assert.ok(lines.includes('< 200 OK'), lines.join('\n'));
      // verbose adds the request headers and the response headers
      assert.ok(lines.includes('> X-Medplum: extended'), lines.join('\n'));
      assert.ok(lines.includes('< content-type: application/json'), lines.join('\n'));
    } finally {
      console.log = realLog;
    }
  });

  test('gatewayClient adds X-Api-Gateway-Key from GATEWAY_KEY to every request, token requests included', async () => {
    const saved = process.env.GATEWAY_KEY;
    try {
      process.env.GATEWAY_KEY = 'gw-key-1';
      const { result: medplum, sent } = withGlobalFetch([emptyBundle, opaqueToken], () => gatewayClient());
      assert.deepEqual(medplum.getDefaultHeaders(), { 'X-Api-Gateway-Key': 'gw-key-1' });
      await medplum.searchResources('Patient', { name: 'Smith' });
      await medplum.startClientLogin('client-1', 'secret-1');
      assert.deepEqual(
        sent.map((r) => r.url.toString()),
        ['https://api.example.com/fhir/R4/Patient?name=Smith', 'https://api.example.com/oauth2/token'],
      );
      for (const request of sent) {
        assert.equal(request.headers['x-api-gateway-key'], 'gw-key-1');
      }

      delete process.env.GATEWAY_KEY;
      assert.deepEqual(gatewayClient().getDefaultHeaders(), { 'X-Api-Gateway-Key': '' });
    } finally {
      if (saved === undefined) {
        delete process.env.GATEWAY_KEY;
      } else {
        process.env.GATEWAY_KEY = saved;
      }
    }
  });
});
