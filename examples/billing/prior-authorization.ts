/**
 * Electronic prior authorization from the provider's side, with Medplum as the clinical record:
 * ask the payer's Da Vinci CRD service (a CDS Hooks `order-sign` service found by discovery,
 * called with a signed JWT and the patient's Coverage in the prefetch) whether an order needs
 * authorization, keep its answer on the order, send a PAS request (a Claim with
 * `use: preauthorization`) and store the ClaimResponse, and track the step as a Task in a referral.
 * Everything on the payer's side (CRD, DTR, PAS endpoints) is the payer's; these functions are
 * the client.
 */
import { createPrivateKey, randomUUID, sign } from 'node:crypto';
import type { CdsResponse, CdsService, MedplumClient } from '@medplum/core';
import { buildCdsRequest, createReference, getReferenceString } from '@medplum/core';
import type {
  Bundle,
  Claim,
  ClaimResponse,
  Coverage,
  Extension,
  Organization,
  Patient,
  Practitioner,
  QuestionnaireResponse,
  Reference,
  Resource,
  ServiceRequest,
  Task,
} from '@medplum/fhirtypes';

// #region crd-jwt
/** The key your organisation registered with the payer: a P-384 private key and its key id. */
export interface CdsClientKey {
  /** PKCS #8 PEM of an EC P-384 private key; keep it in a bot secret or your secret store. */
  privateKeyPem: string;
  /** The `kid` of the matching public key in the JWK Set you gave the payer. */
  kid: string;
  /** Where the payer can fetch that JWK Set, if you publish it (optional `jku` header). */
  jku?: string;
  /** Your `iss`: a URI that names your organisation as a CDS client. */
  issuer: string;
  /** Optional `tenant` claim: which of your organisations is calling. */
  tenant?: string;
}

const base64url = (data: string | Buffer) => Buffer.from(data).toString('base64url');

/**
 * Signs the JWT a CDS Hooks client sends as a Bearer token in the `Authorization` header on every
 * call, discovery included. `aud` is the exact URL being called; ES384 produces the raw r||s
 * signature JWS expects.
 */
export function signCdsClientJwt(key: CdsClientKey, audience: string, lifetimeSeconds = 300): string {
  const now = Math.floor(Date.now() / 1000);
  const header = { alg: 'ES384', typ: 'JWT', kid: key.kid, ...(key.jku ? { jku: key.jku } : {}) };
  const payload = {
    iss: key.issuer,
    aud: audience,
    iat: now,
    exp: now + lifetimeSeconds,
    jti: randomUUID(),
    ...(key.tenant ? { tenant: key.tenant } : {}),
  };
  const signingInput = `${base64url(JSON.stringify(header))}.${base64url(JSON.stringify(payload))}`;
  const signature = sign('sha384', Buffer.from(signingInput), {
    key: createPrivateKey(key.privateKeyPem),
    dsaEncoding: 'ieee-p1363',
  });
  return `${signingInput}.${base64url(signature)}`;
}
// #endregion crd-jwt

// #region crd-discover
/** Finds the payer's CRD service for the `order-sign` hook in its CDS Hooks discovery document. */
export async function findOrderSignService(
  cdsServicesUrl: string,
  key: CdsClientKey,
  fetchFn: typeof fetch = fetch,
): Promise<CdsService> {
  const response = await fetchFn(cdsServicesUrl, {
    headers: { Accept: 'application/json', Authorization: `Bearer ${signCdsClientJwt(key, cdsServicesUrl)}` },
  });
  if (!response.ok) {
    throw new Error(`CDS discovery at ${cdsServicesUrl} answered ${response.status}`);
  }
  const { services } = (await response.json()) as { services: CdsService[] };
  const service = services.find((s) => s.hook === 'order-sign');
  if (!service) {
    throw new Error(`No order-sign service at ${cdsServicesUrl}`);
  }
  return service;
}
// #endregion crd-discover

// #region crd-call
/**
 * Calls the payer's order-sign service for a draft order. The context carries the user, the patient
 * and the draft order as a Bundle; `buildCdsRequest` fills the prefetch the service asked for at
 * discovery (typically the Patient and a Coverage search) by reading and searching Medplum as the
 * signed-in user.
 */
export async function checkOrderWithPayer(
  medplum: MedplumClient,
  cdsServicesUrl: string,
  service: CdsService,
  key: CdsClientKey,
  user: Practitioner & { id: string },
  order: ServiceRequest,
  fetchFn: typeof fetch = fetch,
): Promise<CdsResponse> {
  const request = await buildCdsRequest(medplum, user, service, {
    userId: `Practitioner/${user.id}`,
    patientId: (order.subject?.reference as string).replace('Patient/', ''),
    ...(order.encounter?.reference ? { encounterId: order.encounter.reference.replace('Encounter/', '') } : {}),
    draftOrders: { resourceType: 'Bundle', type: 'collection', entry: [{ resource: order }] },
  });
  const url = `${cdsServicesUrl}/${encodeURIComponent(service.id)}`;
  const response = await fetchFn(url, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Accept: 'application/json',
      Authorization: `Bearer ${signCdsClientJwt(key, url)}`,
    },
    body: JSON.stringify(request),
  });
  if (!response.ok) {
    throw new Error(`CRD service ${service.id} answered ${response.status}`);
  }
  return (await response.json()) as CdsResponse;
}
// #endregion crd-call

// #region coverage-info
export const CRD_COVERAGE_INFO = 'http://hl7.org/fhir/us/davinci-crd/StructureDefinition/ext-coverage-information';

/** The parts of a CRD coverage-information extension a workflow acts on. */
export interface CoverageAssertion {
  coverage?: string;
  /** covered | not-covered | conditional */
  covered?: string;
  /** no-auth | auth-needed | satisfied | performpa | conditional */
  paNeeded?: string;
  /** clinical | admin | both | conditional, when documentation is needed */
  docNeeded?: string;
  /** DTR questionnaires to fill in, as canonical URLs */
  questionnaires: string[];
  /** The payer's id for this answer; quote it in the PAS request. */
  assertionId?: string;
}

/** Reads every coverage-information extension from the orders a CRD response proposes to update. */
export function readCoverageInformation(
  response: CdsResponse,
): { order: ServiceRequest; assertion: CoverageAssertion }[] {
  const actions = [
    ...(response.systemActions ?? []),
    ...response.cards.flatMap((c) => c.suggestions ?? []).flatMap((s) => s.actions),
  ];
  const result: { order: ServiceRequest; assertion: CoverageAssertion }[] = [];
  for (const action of actions) {
    if (action.type !== 'update' || action.resource.resourceType !== 'ServiceRequest') {
      continue;
    }
    const order = action.resource as ServiceRequest;
    for (const ext of order.extension?.filter((e) => e.url === CRD_COVERAGE_INFO) ?? []) {
      const part = (name: string) => ext.extension?.filter((e) => e.url === name) ?? [];
      result.push({
        order,
        assertion: {
          coverage: part('coverage')[0]?.valueReference?.reference,
          covered: part('covered')[0]?.valueCode,
          paNeeded: part('pa-needed')[0]?.valueCode,
          docNeeded: part('doc-needed')[0]?.valueCode,
          questionnaires: part('questionnaire').map((e) => e.valueCanonical as string),
          assertionId: part('coverage-assertion-id')[0]?.valueString,
        },
      });
    }
  }
  return result;
}

/**
 * Copies the payer's coverage-information extensions onto the stored order, replacing earlier
 * ones, so the chart, later checks and the PAS request read the payer's answer from the order.
 */
export async function recordCoverageInformation(
  medplum: MedplumClient,
  order: ServiceRequest & { id: string },
  response: CdsResponse,
): Promise<ServiceRequest> {
  const fromPayer: Extension[] = readCoverageInformation(response)
    .filter((r) => r.order.id === order.id)
    .flatMap((r) => r.order.extension?.filter((e) => e.url === CRD_COVERAGE_INFO) ?? []);
  if (fromPayer.length === 0) {
    return order;
  }
  const kept = order.extension?.filter((e) => e.url !== CRD_COVERAGE_INFO) ?? [];
  return medplum.updateResource<ServiceRequest>({ ...order, extension: [...kept, ...fromPayer] });
}
// #endregion coverage-info

// #region pas
export const CPT = 'http://www.ama-assn.org/go/cpt';

/**
 * The prior authorization request as a FHIR Claim with `use: preauthorization`: the service from
 * the order, its diagnoses, the coverage to bill, and the DTR answers as supporting information.
 * Stored in Medplum first, so the request exists in the chart whatever the payer answers.
 */
export async function createPriorAuthRequest(
  medplum: MedplumClient,
  input: {
    order: ServiceRequest;
    coverage: Coverage & { id: string };
    provider: Reference<Organization | Practitioner>;
    documentation?: QuestionnaireResponse & { id: string };
  },
): Promise<Claim & { id: string }> {
  const { order, coverage, provider, documentation } = input;
  const cpt = order.code?.coding?.find((c) => c.system === CPT);
  if (!cpt) {
    throw new Error(`${getReferenceString(order)} has no CPT code to authorize`);
  }
  const diagnoses = order.reasonCode ?? [];
  return medplum.createResource<Claim>({
    resourceType: 'Claim',
    status: 'active',
    use: 'preauthorization',
    type: { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/claim-type', code: 'professional' }] },
    patient: order.subject as Reference<Patient>,
    created: new Date().toISOString(),
    insurer: coverage.payor[0] as Reference<Organization>,
    provider,
    priority: { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/processpriority', code: 'normal' }] },
    referral: createReference(order),
    insurance: [{ sequence: 1, focal: true, coverage: createReference(coverage) }],
    diagnosis: diagnoses.map((d, i) => ({ sequence: i + 1, diagnosisCodeableConcept: d })),
    supportingInfo: documentation
      ? [
          {
            sequence: 1,
            category: {
              coding: [{ system: 'http://terminology.hl7.org/CodeSystem/claiminformationcategory', code: 'info' }],
            },
            valueReference: createReference(documentation),
          },
        ]
      : undefined,
    item: [
      {
        sequence: 1,
        productOrService: { coding: [cpt] },
        diagnosisSequence: diagnoses.map((_d, i) => i + 1),
        quantity: { value: 1 },
      },
    ],
  }) as Promise<Claim & { id: string }>;
}

/**
 * Sends the request to the payer's PAS endpoint (`Claim/$submit` with a Bundle that starts with
 * the Claim and holds every resource it references) and stores the payer's ClaimResponse against
 * the Claim. `accessToken` comes from the payer's own OAuth set-up.
 */
export async function submitPriorAuth(
  medplum: MedplumClient,
  pasBaseUrl: string,
  accessToken: string,
  claim: Claim & { id: string },
  referenced: Resource[],
  fetchFn: typeof fetch = fetch,
): Promise<ClaimResponse> {
  const bundle: Bundle = {
    resourceType: 'Bundle',
    type: 'collection',
    identifier: { system: 'https://clinic.example.org/pas-request', value: claim.id },
    timestamp: new Date().toISOString(),
    // Full URLs on this server, so the Claim's relative references resolve to the entries.
    entry: [claim, ...referenced].map((resource) => ({
      fullUrl: medplum.fhirUrl(resource.resourceType, resource.id as string).toString(),
      resource,
    })),
  };
  const response = await fetchFn(`${pasBaseUrl}/Claim/$submit`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/fhir+json',
      Accept: 'application/fhir+json',
      Authorization: `Bearer ${accessToken}`,
    },
    body: JSON.stringify(bundle),
  });
  const answer = (await response.json()) as Bundle;
  const fromPayer = answer.entry?.map((e) => e.resource).find((r) => r?.resourceType === 'ClaimResponse') as
    | ClaimResponse
    | undefined;
  if (!response.ok || !fromPayer) {
    throw new Error(`PAS $submit answered ${response.status} without a ClaimResponse`);
  }
  // Keep the payer's decision; point the references at our own records.
  return medplum.createResource<ClaimResponse>({
    resourceType: 'ClaimResponse',
    identifier: fromPayer.identifier,
    status: fromPayer.status,
    type: fromPayer.type,
    use: 'preauthorization',
    patient: claim.patient,
    created: fromPayer.created,
    insurer: claim.insurer as Reference<Organization>,
    requestor: claim.provider,
    request: createReference(claim),
    outcome: fromPayer.outcome,
    disposition: fromPayer.disposition,
    preAuthRef: fromPayer.preAuthRef,
    preAuthPeriod: fromPayer.preAuthPeriod,
    item: fromPayer.item,
    processNote: fromPayer.processNote,
  });
}
// #endregion pas

// #region referral-step
/** The authorization step of a referral, as a Task under the referral's own Task. */
export async function openAuthorizationTask(
  medplum: MedplumClient,
  referral: ServiceRequest & { id: string },
  referralTask: Task & { id: string },
  owner: Reference<Practitioner | Organization>,
): Promise<Task> {
  return medplum.createResource<Task>({
    resourceType: 'Task',
    status: 'requested',
    intent: 'order',
    code: { text: 'Obtain prior authorization' },
    focus: createReference(referral),
    basedOn: [createReference(referral)],
    partOf: [createReference(referralTask)],
    for: referral.subject,
    owner,
    authoredOn: new Date().toISOString(),
  });
}

export type AuthorizationDecision = 'approved' | 'pended' | 'denied';

/**
 * Approved when the payer issued an authorization number; pended while the request is queued or
 * only partly decided (`partial`); denied otherwise (an `error`, or a complete answer without one).
 */
export function decisionOf(response: ClaimResponse): AuthorizationDecision {
  if (response.outcome === 'queued' || response.outcome === 'partial') {
    return 'pended';
  }
  return response.outcome === 'complete' && response.preAuthRef ? 'approved' : 'denied';
}

/**
 * Records the payer's answer in the referral: the ClaimResponse joins the order's `insurance`
 * (which takes a Coverage or a ClaimResponse), and the Task completes with it as output, waits
 * on hold while the payer reviews, or fails when the request is denied.
 */
export async function recordAuthorization(
  medplum: MedplumClient,
  task: Task & { id: string },
  referral: ServiceRequest & { id: string },
  response: ClaimResponse & { id: string },
): Promise<{ task: Task; referral: ServiceRequest; decision: AuthorizationDecision }> {
  const decision = decisionOf(response);
  let order: ServiceRequest = referral;
  if (decision === 'approved' && !referral.insurance?.some((i) => i.reference === getReferenceString(response))) {
    order = await medplum.updateResource<ServiceRequest>({
      ...referral,
      insurance: [...(referral.insurance ?? []), createReference(response)],
    });
  }
  const status: Task['status'] = { approved: 'completed', pended: 'on-hold', denied: 'failed' }[
    decision
  ] as Task['status'];
  const updated = await medplum.updateResource<Task>({
    ...task,
    status,
    statusReason: decision === 'denied' ? { text: response.disposition ?? 'Denied by the payer' } : undefined,
    output: [{ type: { text: 'Prior authorization response' }, valueReference: createReference(response) }],
    lastModified: new Date().toISOString(),
  });
  return { task: updated, referral: order, decision };
}
// #endregion referral-step
