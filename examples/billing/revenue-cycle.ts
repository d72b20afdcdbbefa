/**
 * The billing chain in FHIR: insurance on file (Coverage), an eligibility check, a charge for the
 * visit (ChargeItem), the claim to the payer (Claim) and the bill to the patient (Invoice).
 */
import type { MedplumClient } from '@medplum/core';
import { createReference } from '@medplum/core';
import type {
  ChargeItem,
  Claim,
  Coding,
  Coverage,
  CoverageEligibilityRequest,
  Encounter,
  Invoice,
  Money,
  Organization,
  Patient,
  Practitioner,
} from '@medplum/fhirtypes';

// #region codes
export const CPT = 'http://www.ama-assn.org/go/cpt';
export const ICD10CM = 'http://hl7.org/fhir/sid/icd-10-cm';

/** CPT 99213: office or other outpatient visit, established patient, low level of medical decision making. */
export const OFFICE_VISIT: Coding = {
  system: CPT,
  code: '99213',
  display:
    'Office or other outpatient visit for the evaluation and management of an established patient, low level of medical decision making',
};

export const HYPERTENSION: Coding = { system: ICD10CM, code: 'I10', display: 'Essential (primary) hypertension' };

const usd = (value: number): Money => ({ value, currency: 'USD' });
// #endregion codes

// #region coverage
/** Records the patient's insurance card: who is covered, by which payer, under which member id. */
export async function addCoverage(
  medplum: MedplumClient,
  patient: Patient,
  payer: Organization,
  memberId: string,
  groupNumber: string,
): Promise<Coverage> {
  return medplum.createResource<Coverage>({
    resourceType: 'Coverage',
    status: 'active',
    beneficiary: createReference(patient),
    subscriber: createReference(patient),
    subscriberId: memberId,
    relationship: {
      coding: [
        { system: 'http://terminology.hl7.org/CodeSystem/subscriber-relationship', code: 'self', display: 'Self' },
      ],
    },
    payor: [createReference(payer)],
    class: [
      {
        type: {
          coding: [{ system: 'http://terminology.hl7.org/CodeSystem/coverage-class', code: 'group', display: 'Group' }],
        },
        value: groupNumber,
      },
    ],
  });
}
// #endregion coverage

// #region eligibility
/** Asks whether the coverage is in force and what it pays for. */
export async function requestEligibility(
  medplum: MedplumClient,
  coverage: Coverage,
  provider: Practitioner,
): Promise<CoverageEligibilityRequest> {
  return medplum.createResource<CoverageEligibilityRequest>({
    resourceType: 'CoverageEligibilityRequest',
    status: 'active',
    purpose: ['validation', 'benefits'],
    patient: coverage.beneficiary,
    created: new Date().toISOString(),
    provider: createReference(provider),
    insurer: coverage.payor[0] as CoverageEligibilityRequest['insurer'],
    insurance: [{ focal: true, coverage: createReference(coverage) }],
  });
}

/** Is the patient covered? Reads the newest answer recorded for a request. */
export async function isCovered(medplum: MedplumClient, request: CoverageEligibilityRequest): Promise<boolean> {
  const response = await medplum.searchOne(
    'CoverageEligibilityResponse',
    { request: `CoverageEligibilityRequest/${request.id}`, _sort: '-created' },
    { cache: 'no-cache' },
  );
  return response?.outcome === 'complete' && Boolean(response.insurance?.some((i) => i.inforce));
}
// #endregion eligibility

// #region charge
/** Records what was done at the visit as a billable charge. */
export async function chargeForVisit(
  medplum: MedplumClient,
  encounter: Encounter,
  service: Coding,
  price: number,
): Promise<ChargeItem> {
  return medplum.createResource<ChargeItem>({
    resourceType: 'ChargeItem',
    status: 'billable',
    code: { coding: [service] },
    subject: encounter.subject as ChargeItem['subject'],
    context: createReference(encounter),
    occurrenceDateTime: new Date().toISOString(),
    quantity: { value: 1 },
    priceOverride: usd(price),
  });
}
// #endregion charge

// #region claim
/** Builds a professional claim from the visit's charges, with the diagnosis that justifies them. */
export async function createClaim(
  medplum: MedplumClient,
  coverage: Coverage,
  provider: Practitioner,
  encounter: Encounter,
  charges: ChargeItem[],
  diagnosis: Coding,
): Promise<Claim> {
  const items = charges.map((charge, i) => ({
    sequence: i + 1,
    diagnosisSequence: [1],
    productOrService: charge.code,
    servicedDate: charge.occurrenceDateTime?.slice(0, 10),
    encounter: [createReference(encounter)],
    quantity: { value: charge.quantity?.value ?? 1 },
    net: charge.priceOverride,
  }));
  const total = items.reduce((sum, item) => sum + (item.net?.value ?? 0), 0);
  return medplum.createResource<Claim>({
    resourceType: 'Claim',
    status: 'active',
    use: 'claim',
    type: {
      coding: [
        { system: 'http://terminology.hl7.org/CodeSystem/claim-type', code: 'professional', display: 'Professional' },
      ],
    },
    patient: coverage.beneficiary,
    created: new Date().toISOString(),
    provider: createReference(provider),
    insurer: coverage.payor[0] as Claim['insurer'],
    priority: {
      coding: [{ system: 'http://terminology.hl7.org/CodeSystem/processpriority', code: 'normal', display: 'Normal' }],
    },
    insurance: [{ sequence: 1, focal: true, coverage: createReference(coverage) }],
    diagnosis: [{ sequence: 1, diagnosisCodeableConcept: { coding: [diagnosis] } }],
    item: items,
    total: usd(total),
  });
}
// #endregion claim

// #region invoice
/**
 * Bills the patient for what insurance did not pay. Each charge is a line at its full price; the
 * insurer's payment is a deduction, so the net total is the patient's share. The charges are then
 * marked as billed so they are not billed twice.
 */
export async function invoicePatient(
  medplum: MedplumClient,
  patient: Patient,
  charges: ChargeItem[],
  paidByInsurance: number,
): Promise<Invoice> {
  const gross = charges.reduce((sum, c) => sum + (c.priceOverride?.value ?? 0), 0);
  const invoice = await medplum.createResource<Invoice>({
    resourceType: 'Invoice',
    status: 'issued',
    subject: createReference(patient),
    date: new Date().toISOString(),
    lineItem: charges.map((charge, i) => ({
      sequence: i + 1,
      chargeItemReference: createReference(charge),
      priceComponent: [{ type: 'base', amount: charge.priceOverride }],
    })),
    totalPriceComponent: [
      { type: 'base', amount: usd(gross) },
      { type: 'deduction', code: { text: 'Paid by insurance' }, amount: usd(paidByInsurance) },
    ],
    totalGross: usd(gross),
    totalNet: usd(gross - paidByInsurance),
  });
  for (const charge of charges) {
    await medplum.updateResource({ ...charge, status: 'billed' });
  }
  return invoice;
}
// #endregion invoice
