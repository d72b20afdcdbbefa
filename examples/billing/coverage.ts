/**
 * Billing examples beyond the basic chain: Coverage in depth (group, plan, copays, dependents, which
 * coverage is primary), eligibility requests and how to read the answer, and the superbill for a visit.
 */
import type { BotEvent, MedplumClient } from '@medplum/core';
import { createReference, getReferenceString } from '@medplum/core';
import type {
  Binary,
  ChargeItem,
  Claim,
  CodeableConcept,
  Coding,
  Condition,
  Coverage,
  CoverageClass,
  CoverageEligibilityRequest,
  CoverageEligibilityResponse,
  CoverageEligibilityResponseInsuranceItemBenefit,
  DocumentReference,
  Encounter,
  Money,
  Organization,
  Patient,
  Practitioner,
  Reference,
  RelatedPerson,
} from '@medplum/fhirtypes';

// #region codes
export const COVERAGE_CLASS = 'http://terminology.hl7.org/CodeSystem/coverage-class';
export const COPAY_TYPE = 'http://terminology.hl7.org/CodeSystem/coverage-copay-type';
export const SUBSCRIBER_RELATIONSHIP = 'http://terminology.hl7.org/CodeSystem/subscriber-relationship';
export const ACT_CODE = 'http://terminology.hl7.org/CodeSystem/v3-ActCode';

/** Coverage.type: a preferred provider organization policy (v3 ActCode PPO). */
export const PPO: CodeableConcept = {
  coding: [{ system: ACT_CODE, code: 'PPO', display: 'preferred provider organization policy' }],
};

export function relationship(
  code: 'self' | 'spouse' | 'child' | 'parent' | 'common' | 'other' | 'injured',
): CodeableConcept {
  const display: Record<string, string> = {
    self: 'Self',
    spouse: 'Spouse',
    child: 'Child',
    parent: 'Parent',
    common: 'Common Law Spouse',
    other: 'Other',
    injured: 'Injured Party',
  };
  return { coding: [{ system: SUBSCRIBER_RELATIONSHIP, code, display: display[code] }] };
}

function coverageClass(
  code: 'group' | 'plan' | 'rxbin' | 'rxpcn',
  display: string,
  value: string,
  name?: string,
): CoverageClass {
  return { type: { coding: [{ system: COVERAGE_CLASS, code, display }] }, value, name };
}
// #endregion codes

// #region card
/** What the front desk copies from the insurance card. */
export interface CardDetails {
  memberId: string;
  groupNumber: string;
  groupName?: string;
  planId: string;
  planName?: string;
  /** Office visit copays in US dollars. */
  primaryCareCopay: number;
  specialistCopay: number;
  /** 1 for primary, 2 for secondary. */
  order: number;
  start: string;
  end?: string;
}

/** Builds a Coverage for a patient who holds the policy themself. */
export function buildCoverage(patient: Patient, payer: Organization, card: CardDetails): Coverage {
  return {
    resourceType: 'Coverage',
    status: 'active',
    type: PPO,
    subscriber: createReference(patient),
    subscriberId: card.memberId,
    beneficiary: createReference(patient),
    relationship: relationship('self'),
    period: { start: card.start, end: card.end },
    payor: [createReference(payer)],
    class: [
      coverageClass('group', 'Group', card.groupNumber, card.groupName),
      coverageClass('plan', 'Plan', card.planId, card.planName),
    ],
    order: card.order,
    costToBeneficiary: [
      {
        type: { coding: [{ system: COPAY_TYPE, code: 'gpvisit', display: 'GP Office Visit' }] },
        valueMoney: { value: card.primaryCareCopay, currency: 'USD' },
      },
      {
        type: { coding: [{ system: COPAY_TYPE, code: 'spvisit', display: 'Specialist Office Visit' }] },
        valueMoney: { value: card.specialistCopay, currency: 'USD' },
      },
    ],
  };
}
// #endregion card

// #region dependent
/**
 * A child covered under a parent's employer plan: the parent is a RelatedPerson of the child and
 * is the subscriber; the child is the beneficiary and `relationship` is the child's relationship
 * to the subscriber.
 */
export async function addDependentCoverage(
  medplum: MedplumClient,
  child: Patient,
  payer: Organization,
  parentName: { given: string; family: string },
  card: CardDetails,
): Promise<{ parent: RelatedPerson; coverage: Coverage }> {
  const parent = await medplum.createResource<RelatedPerson>({
    resourceType: 'RelatedPerson',
    patient: createReference(child),
    relationship: [
      { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/v3-RoleCode', code: 'PRN', display: 'parent' }] },
    ],
    name: [{ given: [parentName.given], family: parentName.family }],
  });
  const coverage = await medplum.createResource<Coverage>({
    ...buildCoverage(child, payer, card),
    subscriber: createReference(parent),
    // The policy holder's member id; many plans print a dependent suffix as `dependent`.
    subscriberId: card.memberId,
    dependent: '02',
    relationship: relationship('child'),
  });
  return { parent, coverage };
}
// #endregion dependent

// #region primary
/** Is the coverage in force on the given day (status and period)? */
export function inForceOn(coverage: Coverage, day: string): boolean {
  if (coverage.status !== 'active') {
    return false;
  }
  const start = coverage.period?.start?.slice(0, 10);
  const end = coverage.period?.end?.slice(0, 10);
  return (!start || start <= day) && (!end || day <= end);
}

/**
 * Loads the patient's coverages and sorts those in force on `day` by `order` (1 first). Coverages
 * without an order go last, so a missing value never outranks an explicit primary.
 */
export async function coveragesInOrder(medplum: MedplumClient, patient: Patient, day: string): Promise<Coverage[]> {
  const all = await medplum.searchResources(
    'Coverage',
    { beneficiary: `Patient/${patient.id}`, status: 'active' },
    { cache: 'no-cache' },
  );
  return all
    .filter((c) => inForceOn(c, day))
    .sort((a, b) => (a.order ?? Number.MAX_SAFE_INTEGER) - (b.order ?? Number.MAX_SAFE_INTEGER));
}

/** The coverage to bill first on that day, or undefined when the patient is self-pay. */
export async function primaryCoverage(
  medplum: MedplumClient,
  patient: Patient,
  day: string,
): Promise<Coverage | undefined> {
  return (await coveragesInOrder(medplum, patient, day))[0];
}

/** The copay printed on the card for a kind of visit, if the card lists one. */
export function copayFor(
  coverage: Coverage,
  kind: 'gpvisit' | 'spvisit' | 'emergency' | 'urgentcare',
): number | undefined {
  const entry = coverage.costToBeneficiary?.find((c) =>
    c.type?.coding?.some((t) => t.system === COPAY_TYPE && t.code === kind),
  );
  return entry?.valueMoney?.value;
}
// #endregion primary

// #region eligibility-request
export const BENEFIT_CATEGORY = 'http://terminology.hl7.org/CodeSystem/ex-benefitcategory';
export const HEALTH_PLAN_COVERAGE: Coding = {
  system: BENEFIT_CATEGORY,
  code: '30',
  display: 'Health Benefit Plan Coverage',
};
export const MEDICAL_CARE: Coding = { system: BENEFIT_CATEGORY, code: '1', display: 'Medical Care' };

/** Asks the payer whether the coverage is in force on `day` and what it pays for the given categories. */
export async function requestBenefits(
  medplum: MedplumClient,
  coverage: Coverage,
  provider: Practitioner,
  day: string,
  categories: Coding[] = [HEALTH_PLAN_COVERAGE],
): Promise<CoverageEligibilityRequest> {
  return medplum.createResource<CoverageEligibilityRequest>({
    resourceType: 'CoverageEligibilityRequest',
    status: 'active',
    purpose: ['validation', 'benefits'],
    patient: coverage.beneficiary,
    servicedDate: day,
    created: new Date().toISOString(),
    provider: createReference(provider),
    insurer: coverage.payor[0] as CoverageEligibilityRequest['insurer'],
    insurance: [{ focal: true, coverage: createReference(coverage) }],
    item: categories.map((category) => ({ category: { coding: [category] } })),
  });
}
// #endregion eligibility-request

// #region eligibility-bot
/** The few facts a clearinghouse's eligibility reply (an X12 271, usually) gives back, already parsed. */
export interface ClearinghouseAnswer {
  active: boolean;
  planStart?: string;
  planEnd?: string;
  officeCopay?: number;
  deductible?: number;
  deductibleMet?: number;
  /** Categories (ex-benefitcategory codes) the plan does not cover. */
  excluded?: string[];
  error?: string;
}

const BENEFIT_TYPE = 'http://terminology.hl7.org/CodeSystem/benefit-type';
const usd = (value: number): Money => ({ value, currency: 'USD' });

/** Turns the parsed answer into a CoverageEligibilityResponse that points at the request. */
export function toEligibilityResponse(
  request: CoverageEligibilityRequest,
  answer: ClearinghouseAnswer,
): CoverageEligibilityResponse {
  const base: CoverageEligibilityResponse = {
    resourceType: 'CoverageEligibilityResponse',
    status: 'active',
    purpose: request.purpose,
    patient: request.patient,
    created: new Date().toISOString(),
    request: { reference: getReferenceString(request) },
    insurer: request.insurer as CoverageEligibilityResponse['insurer'],
    outcome: answer.error ? 'error' : 'complete',
  };
  if (answer.error) {
    return { ...base, disposition: answer.error, error: [{ code: { text: answer.error } }] };
  }
  const benefits: CoverageEligibilityResponseInsuranceItemBenefit[] = [];
  if (answer.officeCopay !== undefined) {
    benefits.push({
      type: { coding: [{ system: BENEFIT_TYPE, code: 'copay', display: 'Copayment per service' }] },
      allowedMoney: usd(answer.officeCopay),
    });
  }
  if (answer.deductible !== undefined) {
    benefits.push({
      type: { coding: [{ system: BENEFIT_TYPE, code: 'deductible', display: 'Deductible' }] },
      allowedMoney: usd(answer.deductible),
      usedMoney: usd(answer.deductibleMet ?? 0),
    });
  }
  const inNetwork = {
    coding: [{ system: 'http://terminology.hl7.org/CodeSystem/benefit-network', code: 'in', display: 'In Network' }],
  };
  const individual = {
    coding: [
      { system: 'http://terminology.hl7.org/CodeSystem/benefit-unit', code: 'individual', display: 'Individual' },
    ],
  };
  const annual = {
    coding: [{ system: 'http://terminology.hl7.org/CodeSystem/benefit-term', code: 'annual', display: 'Annual' }],
  };
  return {
    ...base,
    insurance: [
      {
        coverage: request.insurance?.[0]?.coverage as Reference<Coverage>,
        inforce: answer.active,
        benefitPeriod: answer.planStart ? { start: answer.planStart, end: answer.planEnd } : undefined,
        item: (request.item ?? []).map((requested) => {
          const code = requested.category?.coding?.[0]?.code ?? '';
          const excluded = answer.excluded?.includes(code) ?? false;
          return {
            category: requested.category,
            excluded,
            network: inNetwork,
            unit: individual,
            term: annual,
            benefit: excluded ? undefined : benefits,
          };
        }),
      },
    ],
  };
}

/**
 * Bot body, run by a Subscription on `CoverageEligibilityRequest` (create). `askClearinghouse`
 * stands for the vendor call; the bot stores the answer so the app can read it later.
 */
export async function answerEligibility(
  medplum: MedplumClient,
  event: BotEvent<CoverageEligibilityRequest>,
  askClearinghouse: (request: CoverageEligibilityRequest) => Promise<ClearinghouseAnswer>,
): Promise<CoverageEligibilityResponse> {
  const request = event.input;
  let answer: ClearinghouseAnswer;
  try {
    answer = await askClearinghouse(request);
  } catch (err) {
    answer = { active: false, error: `Clearinghouse unavailable: ${(err as Error).message}` };
  }
  return medplum.createResource(toEligibilityResponse(request, answer));
}
// #endregion eligibility-bot

// #region eligibility-read
export interface BenefitSummary {
  answered: boolean;
  inForce: boolean;
  copay?: number;
  deductibleRemaining?: number;
  notCovered: string[];
  error?: string;
}

/** Reads the newest answer to a request into what the front desk needs to know. */
export async function benefitSummary(
  medplum: MedplumClient,
  request: CoverageEligibilityRequest,
): Promise<BenefitSummary> {
  const response = await medplum.searchOne(
    'CoverageEligibilityResponse',
    { request: getReferenceString(request), _sort: '-created' },
    { cache: 'no-cache' },
  );
  if (!response) {
    return { answered: false, inForce: false, notCovered: [] };
  }
  if (response.outcome === 'error') {
    return { answered: true, inForce: false, notCovered: [], error: response.disposition };
  }
  const insurance = response.insurance?.find((i) => i.inforce !== undefined);
  const items = insurance?.item ?? [];
  const benefits = items
    .filter((i) => !i.excluded && i.network?.coding?.[0]?.code !== 'out')
    .flatMap((i) => i.benefit ?? []);
  const find = (code: string): CoverageEligibilityResponseInsuranceItemBenefit | undefined =>
    benefits.find((b) => b.type.coding?.some((c) => c.code === code));
  const deductible = find('deductible');
  return {
    answered: true,
    inForce: insurance?.inforce === true,
    copay: find('copay')?.allowedMoney?.value,
    deductibleRemaining:
      deductible?.allowedMoney?.value !== undefined
        ? deductible.allowedMoney.value - (deductible.usedMoney?.value ?? 0)
        : undefined,
    notCovered: items.filter((i) => i.excluded).map((i) => i.category?.coding?.[0]?.display ?? 'unknown'),
  };
}
// #endregion eligibility-read

// #region superbill-codes
export const CPT = 'http://www.ama-assn.org/go/cpt';
export const ICD10CM = 'http://hl7.org/fhir/sid/icd-10-cm';

export const EM_99213: Coding = { system: CPT, code: '99213', display: 'Office/outpatient visit est' };
export const VENIPUNCTURE_36415: Coding = {
  system: CPT,
  code: '36415',
  display: 'Collection of venous blood by venipuncture',
};

export const HYPERTENSION_I10: Coding = { system: ICD10CM, code: 'I10', display: 'Essential (primary) hypertension' };
export const DIABETES_E11_9: Coding = {
  system: ICD10CM,
  code: 'E11.9',
  display: 'Type 2 diabetes mellitus without complications',
};
// #endregion superbill-codes

// #region superbill-charges
/** One line of the visit's fee ticket. */
export interface ServiceLine {
  service: Coding;
  /** The ICD-10-CM code of the diagnosis this service treats (the line's diagnosis pointer). */
  treats: Coding;
  price: number;
  units?: number;
}

/** Records each billable service of the encounter as a ChargeItem linked to it, with the diagnosis it treats as `reason`. */
export async function recordCharges(
  medplum: MedplumClient,
  encounter: Encounter,
  lines: ServiceLine[],
): Promise<ChargeItem[]> {
  const charges: ChargeItem[] = [];
  for (const line of lines) {
    charges.push(
      await medplum.createResource<ChargeItem>({
        resourceType: 'ChargeItem',
        status: 'billable',
        code: { coding: [line.service] },
        reason: [{ coding: [line.treats] }],
        subject: encounter.subject as ChargeItem['subject'],
        context: createReference(encounter),
        occurrenceDateTime: encounter.period?.start ?? new Date().toISOString(),
        quantity: { value: line.units ?? 1 },
        priceOverride: usd(line.price * (line.units ?? 1)),
      }),
    );
  }
  return charges;
}

/** Ranks the visit's diagnoses on the encounter: the first is the principal one for billing. */
export async function setBillingDiagnoses(
  medplum: MedplumClient,
  encounter: Encounter,
  conditions: Condition[],
): Promise<Encounter> {
  return medplum.updateResource<Encounter>({
    ...encounter,
    diagnosis: conditions.map((condition, i) => ({
      condition: createReference(condition),
      use: {
        coding: [
          { system: 'http://terminology.hl7.org/CodeSystem/diagnosis-role', code: 'billing', display: 'Billing' },
        ],
      },
      rank: i + 1,
    })),
  });
}
// #endregion superbill-charges

// #region superbill-claim
/**
 * Builds the superbill's content as a Claim: the ranked diagnoses (ICD-10-CM) and one item per
 * charge (CPT), each item pointing only at the diagnosis its charge gives as `reason`. Saved as a
 * draft because the patient, not the practice, sends it to the insurer.
 */
export async function buildSuperbillClaim(
  medplum: MedplumClient,
  encounter: Encounter,
  conditions: Condition[],
  charges: ChargeItem[],
  provider: Practitioner,
  coverage: Coverage,
): Promise<Claim> {
  const diagnosis = conditions.map((condition, i) => {
    const icd = condition.code?.coding?.find((c) => c.system === ICD10CM);
    if (!icd) {
      throw new Error(`Condition/${condition.id} has no ICD-10-CM code`);
    }
    return {
      sequence: i + 1,
      diagnosisCodeableConcept: { coding: [icd] },
      type: [
        {
          coding: [
            i === 0
              ? {
                  system: 'http://terminology.hl7.org/CodeSystem/ex-diagnosistype',
                  code: 'principal',
                  display: 'Principal Diagnosis',
                }
              : {
                  system: 'http://terminology.hl7.org/CodeSystem/ex-diagnosistype',
                  code: 'clinical',
                  display: 'Clinical Diagnosis',
                },
          ],
        },
      ],
    };
  });
  const item = charges.map((charge, i) => {
    const treats = charge.reason?.flatMap((r) => r.coding ?? []).filter((c) => c.system === ICD10CM) ?? [];
    const pointers = diagnosis
      .filter((d) => treats.some((c) => c.code === d.diagnosisCodeableConcept.coding[0].code))
      .map((d) => d.sequence);
    if (pointers.length === 0) {
      throw new Error(`ChargeItem/${charge.id} treats none of the claim's diagnoses`);
    }
    return {
      sequence: i + 1,
      diagnosisSequence: pointers,
      productOrService: { coding: charge.code.coding?.filter((c) => c.system === CPT) },
      servicedDate: charge.occurrenceDateTime?.slice(0, 10),
      locationCodeableConcept: {
        coding: [{ system: 'http://terminology.hl7.org/CodeSystem/ex-serviceplace', code: '11', display: 'Office' }],
      },
      encounter: [createReference(encounter)],
      quantity: charge.quantity,
      net: charge.priceOverride,
    };
  });
  return medplum.createResource<Claim>({
    resourceType: 'Claim',
    status: 'draft',
    use: 'claim',
    type: {
      coding: [
        { system: 'http://terminology.hl7.org/CodeSystem/claim-type', code: 'professional', display: 'Professional' },
      ],
    },
    patient: encounter.subject as Claim['patient'],
    created: new Date().toISOString(),
    provider: createReference(provider),
    priority: {
      coding: [{ system: 'http://terminology.hl7.org/CodeSystem/processpriority', code: 'normal', display: 'Normal' }],
    },
    insurance: [{ sequence: 1, focal: true, coverage: createReference(coverage) }],
    diagnosis,
    item,
    total: usd(item.reduce((sum, line) => sum + (line.net?.value ?? 0), 0)),
  });
}
// #endregion superbill-claim

// #region superbill-print
const escape = (text: string | undefined): string =>
  (text ?? '').replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] as string);

/** Renders the superbill as a self-contained HTML page the patient can print. */
export function renderSuperbill(claim: Claim, patient: Patient, provider: Practitioner, amountPaid: number): string {
  const name = (p: Patient | Practitioner): string =>
    [p.name?.[0]?.given?.join(' '), p.name?.[0]?.family].filter(Boolean).join(' ');
  const npi = provider.identifier?.find((i) => i.system === 'http://hl7.org/fhir/sid/us-npi')?.value;
  const dx = (claim.diagnosis ?? [])
    .map(
      (d) =>
        `<tr><td>${d.sequence}</td><td>${escape(d.diagnosisCodeableConcept?.coding?.[0]?.code)}</td><td>${escape(d.diagnosisCodeableConcept?.coding?.[0]?.display)}</td></tr>`,
    )
    .join('');
  const lines = (claim.item ?? [])
    .map((i) => {
      const code = i.productOrService.coding?.[0];
      return `<tr><td>${escape(i.servicedDate)}</td><td>${escape(code?.code)}</td><td>${escape(code?.display)}</td><td>${i.diagnosisSequence?.join(',') ?? ''}</td><td>${i.quantity?.value ?? 1}</td><td>${(i.net?.value ?? 0).toFixed(2)}</td></tr>`;
    })
    .join('');
  const total = claim.total?.value ?? 0;
  return `<!doctype html><html><head><meta charset="utf-8"><title>Superbill</title></head><body>
<h1>Superbill</h1>
<p>Patient: ${escape(name(patient))}, born ${escape(patient.birthDate)}</p>
<p>Provider: ${escape(name(provider))}${npi ? `, NPI ${escape(npi)}` : ''}</p>
<h2>Diagnoses (ICD-10-CM)</h2><table><tr><th>#</th><th>Code</th><th>Description</th></tr>${dx}</table>
<h2>Services (CPT)</h2><table><tr><th>Date</th><th>Code</th><th>Description</th><th>Dx</th><th>Units</th><th>Fee</th></tr>${lines}</table>
<p>Total charges: ${total.toFixed(2)} USD. Paid at visit: ${amountPaid.toFixed(2)} USD. Balance: ${(total - amountPaid).toFixed(2)} USD.</p>
</body></html>`;
}

/** Stores the printable superbill as a Binary, indexed by a DocumentReference on the encounter. */
export async function saveSuperbill(
  medplum: MedplumClient,
  html: string,
  claim: Claim,
  encounter: Encounter,
): Promise<{ binary: Binary; document: DocumentReference }> {
  const binary = await medplum.createBinary({
    data: html,
    contentType: 'text/html',
    filename: `superbill-${encounter.id}.html`,
    securityContext: claim.patient,
  });
  const document = await medplum.createResource<DocumentReference>({
    resourceType: 'DocumentReference',
    status: 'current',
    type: { text: 'Superbill' },
    subject: claim.patient,
    date: new Date().toISOString(),
    context: { encounter: [createReference(encounter)], related: [createReference(claim)] },
    content: [{ attachment: { contentType: 'text/html', url: getReferenceString(binary), title: 'Superbill' } }],
  });
  return { binary, document };
}
// #endregion superbill-print
