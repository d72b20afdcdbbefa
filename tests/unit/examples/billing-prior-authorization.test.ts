/**
 * Runs examples/billing/prior-authorization.ts. The Medplum side (prefetch reads and searches,
 * the order, Claim, ClaimResponse and Tasks) runs against MockClient or the server; the payer's
 * CRD and PAS endpoints are a fake payer in the test, which checks what it receives: the signed
 * JWT (verified with the public key), the hook context and prefetch, and the PAS Bundle.
 */
import assert from 'node:assert/strict';
import { generateKeyPairSync, verify } from 'node:crypto';
import { describe, test } from 'node:test';
import type { CdsResponse, MedplumClient } from '@medplum/core';
import { createReference, validateResource } from '@medplum/core';
import type {
  Bundle,
  ClaimResponse,
  Coverage,
  Organization,
  Patient,
  Practitioner,
  QuestionnaireResponse,
  ServiceRequest,
  Task,
} from '@medplum/fhirtypes';
import { mockWithSearch } from './mock-with-search';
import {
  checkOrderWithPayer,
  CPT,
  createPriorAuthRequest,
  CRD_COVERAGE_INFO,
  decisionOf,
  findOrderSignService,
  openAuthorizationTask,
  readCoverageInformation,
  recordAuthorization,
  recordCoverageInformation,
  signCdsClientJwt,
  submitPriorAuth,
} from '../../../examples/billing/prior-authorization';

const CDS_BASE = 'https://crd.payer.example.com/cds-services';
const PAS_BASE = 'https://pas.payer.example.com/fhir';

const keys = generateKeyPairSync('ec', { namedCurve: 'P-384' });
const KEY = {
  privateKeyPem: keys.privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(),
  kid: 'clinic-2026-11',
  jku: 'https://clinic.example.org/.well-known/cds-jwks.json',
  issuer: 'https://clinic.example.org',
  tenant: 'main-street',
};

/** Checks a CDS Hooks client JWT as the payer would: signature, algorithm, key id, audience, lifetime. */
function verifyJwt(authorization: string | null, audience: string): Record<string, unknown> {
  const token = (authorization ?? '').replace(/^Bearer /, '');
  const [h, p, s] = token.split('.');
  const header = JSON.parse(Buffer.from(h, 'base64url').toString());
  const payload = JSON.parse(Buffer.from(p, 'base64url').toString());
  assert.deepEqual(header, { alg: 'ES384', typ: 'JWT', kid: KEY.kid, jku: KEY.jku });
  assert.ok(
    verify(
      'sha384',
      Buffer.from(`${h}.${p}`),
      { key: keys.publicKey, dsaEncoding: 'ieee-p1363' },
      Buffer.from(s, 'base64url'),
    ),
    'signature verifies with the public key',
  );
  assert.equal(payload.iss, KEY.issuer);
  assert.equal(payload.aud, audience);
  assert.equal(payload.tenant, KEY.tenant);
  assert.equal(typeof payload.jti, 'string');
  assert.ok(
    (payload.exp as number) > (payload.iat as number) && (payload.exp as number) - (payload.iat as number) <= 300,
  );
  return payload;
}

interface Seen {
  url: string;
  method: string;
  headers: Headers;
  body?: any;
}

/** A fake payer: answers each request with the next handler and keeps what it received. */
function fakePayer(handlers: ((req: Seen) => unknown)[]): { fetch: typeof fetch; seen: Seen[] } {
  const seen: Seen[] = [];
  const fetchImpl = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const req: Seen = {
      url: input.toString(),
      method: init?.method ?? 'GET',
      headers: new Headers(init?.headers),
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    seen.push(req);
    const handler = handlers.shift();
    if (!handler) throw new Error(`Unexpected request ${req.method} ${req.url}`);
    return new Response(JSON.stringify(handler(req)), { status: 200, headers: { 'content-type': 'application/json' } });
  };
  return { fetch: fetchImpl as typeof fetch, seen };
}

async function setup(medplum: MedplumClient) {
  const payer = await medplum.createResource<Organization>({ resourceType: 'Organization', name: 'Acme Health Plan' });
  const clinic = await medplum.createResource<Organization>({
    resourceType: 'Organization',
    name: 'Main Street Clinic',
  });
  const imaging = await medplum.createResource<Organization>({
    resourceType: 'Organization',
    name: 'Riverside Imaging',
  });
  const patient = await medplum.createResource<Patient>({
    resourceType: 'Patient',
    name: [{ family: 'Nakamura', given: ['Kenji'] }],
    birthDate: '1971-05-02',
  });
  const doctor = await medplum.createResource<Practitioner>({
    resourceType: 'Practitioner',
    name: [{ family: 'Osei', given: ['Ama'] }],
  });
  const coverage = await medplum.createResource<Coverage>({
    resourceType: 'Coverage',
    status: 'active',
    beneficiary: createReference(patient),
    subscriberId: 'AHP-55120934',
    payor: [createReference(payer)],
  });
  const referral = await medplum.createResource<ServiceRequest>({
    resourceType: 'ServiceRequest',
    status: 'draft',
    intent: 'order',
    category: [{ coding: [{ system: 'http://snomed.info/sct', code: '3457005', display: 'Patient referral' }] }],
    code: {
      coding: [
        {
          system: CPT,
          code: '72148',
          display: 'MRI lumbar spine without contrast',
        },
      ],
    },
    reasonCode: [
      {
        coding: [
          { system: 'http://hl7.org/fhir/sid/icd-10-cm', code: 'M54.16', display: 'Radiculopathy, lumbar region' },
        ],
      },
    ],
    subject: createReference(patient),
    requester: createReference(doctor),
    performer: [createReference(imaging)],
    insurance: [createReference(coverage)],
  });
  const referralTask = await medplum.createResource<Task>({
    resourceType: 'Task',
    status: 'requested',
    intent: 'order',
    code: { coding: [{ system: 'http://hl7.org/fhir/CodeSystem/task-code', code: 'fulfill' }] },
    focus: createReference(referral),
    basedOn: [createReference(referral)],
    for: createReference(patient),
  });
  return { payer, clinic, patient, doctor, coverage, referral, referralTask } as const;
}

/** What the payer's order-sign service answers for the MRI: covered, authorization needed, DTR form. */
function crdAnswer(order: ServiceRequest, coverageRef: string): CdsResponse {
  return {
    cards: [
      {
        summary: 'Prior authorization required for lumbar spine MRI',
        indicator: 'info',
        source: { label: 'Acme Health Plan' },
      },
    ],
    systemActions: [
      {
        type: 'update',
        description: 'Coverage information for the MRI order',
        resource: {
          ...order,
          extension: [
            {
              url: CRD_COVERAGE_INFO,
              extension: [
                { url: 'coverage', valueReference: { reference: coverageRef } },
                { url: 'covered', valueCode: 'covered' },
                { url: 'pa-needed', valueCode: 'auth-needed' },
                { url: 'doc-needed', valueCode: 'clinical' },
                { url: 'questionnaire', valueCanonical: 'https://dtr.payer.example.com/fhir/Questionnaire/lumbar-mri' },
                { url: 'date', valueDate: '2026-11-25' },
                { url: 'coverage-assertion-id', valueString: 'CA-88123' },
              ],
            },
          ],
        } as ServiceRequest,
      },
    ],
  };
}

describe('billing/prior-authorization', () => {
  test('signCdsClientJwt signs ES384 with kid, jku, iss, aud, exp, iat, jti and tenant', () => {
    const jwt = signCdsClientJwt(KEY, `${CDS_BASE}/crd-order-sign`);
    const payload = verifyJwt(`Bearer ${jwt}`, `${CDS_BASE}/crd-order-sign`);
    assert.notEqual(payload.jti, verifyJwt(`Bearer ${signCdsClientJwt(KEY, CDS_BASE)}`, CDS_BASE).jti);
  });

  test('discovery finds the order-sign service; the call sends context, prefetch and a JWT per URL', async () => {
    const medplum = mockWithSearch();
    const { patient, doctor, coverage, referral } = await setup(medplum);
    const payer = fakePayer([
      () => ({
        services: [
          { id: 'crd-patient-view', hook: 'patient-view', title: 'Coverage summary' },
          {
            id: 'crd-order-sign',
            hook: 'order-sign',
            title: 'Coverage requirements',
            prefetch: {
              patient: 'Patient/{{context.patientId}}',
              coverage: 'Coverage?patient={{context.patientId}}&status=active',
            },
          },
        ],
      }),
      (req) => crdAnswer(req.body.context.draftOrders.entry[0].resource, `Coverage/${coverage.id}`),
    ]);
    const service = await findOrderSignService(CDS_BASE, KEY, payer.fetch);
    assert.equal(service.id, 'crd-order-sign');
    verifyJwt(payer.seen[0].headers.get('authorization'), CDS_BASE);

    const response = await checkOrderWithPayer(medplum, CDS_BASE, service, KEY, doctor, referral, payer.fetch);
    const call = payer.seen[1];
    assert.equal(call.method, 'POST');
    assert.equal(call.url, `${CDS_BASE}/crd-order-sign`);
    verifyJwt(call.headers.get('authorization'), `${CDS_BASE}/crd-order-sign`);
    assert.equal(call.body.hook, 'order-sign');
    assert.match(call.body.hookInstance, /^[0-9a-f-]{36}$/);
    assert.equal(call.body.context.userId, `Practitioner/${doctor.id}`);
    assert.equal(call.body.context.patientId, patient.id);
    assert.equal(call.body.context.draftOrders.entry[0].resource.id, referral.id);
    // The prefetch holds what Medplum returned for the service's templates.
    assert.equal(call.body.prefetch.patient.id, patient.id);
    assert.equal(call.body.prefetch.coverage.resourceType, 'Bundle');
    assert.deepEqual(
      call.body.prefetch.coverage.entry.map((e: any) => e.resource.id),
      [coverage.id],
    );

    const [info] = readCoverageInformation(response);
    assert.deepEqual(info.assertion, {
      coverage: `Coverage/${coverage.id}`,
      covered: 'covered',
      paNeeded: 'auth-needed',
      docNeeded: 'clinical',
      questionnaires: ['https://dtr.payer.example.com/fhir/Questionnaire/lumbar-mri'],
      assertionId: 'CA-88123',
    });
    const stored = await recordCoverageInformation(medplum, referral, response);
    assert.doesNotThrow(() => validateResource(stored));
    const again = await recordCoverageInformation(medplum, stored as typeof referral, response);
    assert.equal(again.extension?.filter((e) => e.url === CRD_COVERAGE_INFO).length, 1, 'replaced, not added');
    const read = await medplum.readResource('ServiceRequest', referral.id, { cache: 'no-cache' });
    assert.equal(
      readCoverageInformation({ cards: [], systemActions: [{ type: 'update', description: '', resource: read }] })[0]
        ?.assertion.paNeeded,
      'auth-needed',
    );
  });

  test('the PAS request is a preauthorization Claim; the stored ClaimResponse points at it', async () => {
    const medplum = mockWithSearch();
    const { patient, clinic, coverage, referral, payer: payerOrg } = await setup(medplum);
    const answers = await medplum.createResource<QuestionnaireResponse>({
      resourceType: 'QuestionnaireResponse',
      status: 'completed',
      questionnaire: 'https://dtr.payer.example.com/fhir/Questionnaire/lumbar-mri',
      subject: createReference(patient),
      item: [{ linkId: 'weeks-conservative-therapy', answer: [{ valueInteger: 8 }] }],
    });
    const claim = await createPriorAuthRequest(medplum, {
      order: referral,
      coverage,
      provider: createReference(clinic),
      documentation: answers,
    });
    assert.doesNotThrow(() => validateResource(claim));
    assert.equal(claim.use, 'preauthorization');
    assert.equal(claim.item?.[0]?.productOrService.coding?.[0]?.code, '72148');
    assert.deepEqual(claim.item?.[0]?.diagnosisSequence, [1]);
    assert.equal(claim.insurance[0].coverage.reference, `Coverage/${coverage.id}`);
    assert.equal(claim.supportingInfo?.[0]?.valueReference?.reference, `QuestionnaireResponse/${answers.id}`);

    const pas = fakePayer([
      () =>
        ({
          resourceType: 'Bundle',
          type: 'collection',
          entry: [
            {
              resource: {
                resourceType: 'ClaimResponse',
                identifier: [{ system: 'https://pas.payer.example.com/tracking', value: 'PA-2026-004417' }],
                status: 'active',
                type: claim.type,
                use: 'preauthorization',
                patient: { reference: 'Patient/payer-side-1' },
                created: '2026-11-25T09:31:00Z',
                insurer: { reference: 'Organization/payer-side-2' },
                outcome: 'complete',
                disposition: 'Certified in total',
                preAuthRef: 'AUTH-7731902',
                preAuthPeriod: { start: '2026-11-25', end: '2027-02-23' },
              },
            },
          ],
        }) satisfies Bundle,
    ]);
    const response = await submitPriorAuth(
      medplum,
      PAS_BASE,
      'payer-access-token',
      claim,
      [patient, coverage, clinic, payerOrg, referral, answers],
      pas.fetch,
    );
    const sent = pas.seen[0];
    assert.equal(sent.url, `${PAS_BASE}/Claim/$submit`);
    assert.equal(sent.headers.get('authorization'), 'Bearer payer-access-token');
    assert.equal(sent.body.type, 'collection');
    assert.equal(sent.body.entry[0].resource.resourceType, 'Claim');
    // Every reference in the Claim resolves to an entry of the Bundle.
    const fullUrls = new Set(sent.body.entry.map((e: any) => e.fullUrl));
    for (const ref of [claim.patient, claim.insurer, claim.provider, claim.insurance[0].coverage, claim.referral]) {
      assert.ok(
        fullUrls.has(medplum.fhirUrl(...(ref?.reference?.split('/') as [any, string])).toString()),
        ref?.reference,
      );
    }

    assert.doesNotThrow(() => validateResource(response));
    assert.equal(response.request?.reference, `Claim/${claim.id}`);
    assert.equal(response.patient.reference, `Patient/${patient.id}`);
    assert.equal(response.insurer.reference, `Organization/${payerOrg.id}`);
    assert.equal(response.preAuthRef, 'AUTH-7731902');
    const found = await medplum.searchResources(
      'ClaimResponse',
      { request: `Claim/${claim.id}` },
      { cache: 'no-cache' },
    );
    assert.deepEqual(
      found.map((r) => r.id),
      [response.id],
    );
  });

  test('the authorization step is a Task under the referral Task; approval lands on the order', async () => {
    const medplum = mockWithSearch();
    const { patient, clinic, coverage, referral, referralTask, doctor } = await setup(medplum);
    const task = (await openAuthorizationTask(medplum, referral, referralTask, createReference(doctor))) as Task & {
      id: string;
    };
    assert.doesNotThrow(() => validateResource(task));
    assert.equal(task.partOf?.[0]?.reference, `Task/${referralTask.id}`);
    const subtasks = await medplum.searchResources(
      'Task',
      { 'part-of': `Task/${referralTask.id}` },
      { cache: 'no-cache' },
    );
    assert.deepEqual(
      subtasks.map((t) => t.id),
      [task.id],
    );

    const base: Omit<ClaimResponse, 'outcome'> = {
      resourceType: 'ClaimResponse',
      status: 'active',
      type: { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/claim-type', code: 'professional' }] },
      use: 'preauthorization',
      patient: createReference(patient),
      created: '2026-11-25T09:31:00Z',
      insurer: coverage.payor[0] as ClaimResponse['insurer'],
      requestor: createReference(clinic),
    };
    const approved = (await medplum.createResource<ClaimResponse>({
      ...base,
      outcome: 'complete',
      preAuthRef: 'AUTH-7731902',
    })) as ClaimResponse & { id: string };
    const result = await recordAuthorization(medplum, task, referral, approved);
    assert.equal(result.decision, 'approved');
    assert.equal(result.task.status, 'completed');
    assert.equal(result.task.output?.[0]?.valueReference?.reference, `ClaimResponse/${approved.id}`);
    assert.deepEqual(
      result.referral.insurance?.map((i) => i.reference),
      [`Coverage/${coverage.id}`, `ClaimResponse/${approved.id}`],
    );

    assert.equal(decisionOf({ ...base, outcome: 'queued' }), 'pended');
    assert.equal(decisionOf({ ...base, outcome: 'partial' }), 'pended');
    assert.equal(decisionOf({ ...base, outcome: 'error' }), 'denied');
    assert.equal(decisionOf({ ...base, outcome: 'complete', disposition: 'Not certified' }), 'denied');
    const denied = (await medplum.createResource<ClaimResponse>({
      ...base,
      outcome: 'complete',
      disposition: 'Not certified: conservative therapy under 6 weeks',
    })) as ClaimResponse & { id: string };
    // A second request (another referral step, or a resubmission) that the payer denies.
    const retry = (await openAuthorizationTask(medplum, referral, referralTask, createReference(doctor))) as Task & {
      id: string;
    };
    const second = await recordAuthorization(medplum, retry, referral, denied);
    assert.equal(second.task.status, 'failed');
    assert.equal(second.task.statusReason?.text, 'Not certified: conservative therapy under 6 weeks');
    assert.equal(second.referral.insurance?.length, 1, 'a denial does not join the order');
  });
});
