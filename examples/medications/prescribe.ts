/**
 * Prescribing in FHIR: a MedicationRequest per prescription, coded with RxNorm, with a structured
 * dose and a dispense request; stopping and renewing change status instead of deleting.
 */
import type { MedplumClient } from '@medplum/core';
import { createReference, getReferenceString } from '@medplum/core';
import type { CodeableConcept, Coding, Medication, MedicationRequest, Patient, Practitioner } from '@medplum/fhirtypes';

// #region codes
export const RXNORM = 'http://www.nlm.nih.gov/research/umls/rxnorm';

/** Clinical drugs (RxNorm SCD concepts): ingredient, strength and dose form in one code. */
export const DRUGS = {
  amlodipine2_5: { system: RXNORM, code: '308136', display: 'amLODIPine 2.5 MG Oral Tablet' },
  metformin500: { system: RXNORM, code: '861007', display: 'metFORMIN hydrochloride 500 MG Oral Tablet' },
  tetracycline250: { system: RXNORM, code: '313252', display: 'tetracycline hydrochloride 250 MG Oral Tablet' },
} satisfies Record<string, Coding>;

/** SNOMED CT route of administration. */
const ORAL_ROUTE: CodeableConcept = {
  coding: [{ system: 'http://snomed.info/sct', code: '26643006', display: 'Oral route' }],
};
// #endregion codes

// #region formulary
/**
 * Adds a drug to the practice's formulary as a Medication resource, once. The conditional create
 * (`If-None-Exist`) returns the existing resource when one already has this RxNorm code.
 */
export async function ensureFormularyMedication(medplum: MedplumClient, drug: Coding): Promise<Medication> {
  return medplum.createResourceIfNoneExist<Medication>(
    { resourceType: 'Medication', status: 'active', code: { coding: [drug], text: drug.display } },
    `code=${drug.system}|${drug.code}`,
  );
}
// #endregion formulary

// #region prescribe
export interface Sig {
  /** Tablets per dose. */
  tablets: number;
  /** Doses per day. */
  timesPerDay: number;
  /** Patient-facing directions, exactly as they should print on the label. */
  text: string;
  /** Tablets to dispense per fill, and refills after the first fill. */
  dispense: number;
  refills: number;
}

/** Writes a prescription: an active order for one drug, for one patient, by one prescriber. */
export async function prescribe(
  medplum: MedplumClient,
  patient: Patient,
  prescriber: Practitioner,
  drug: Coding,
  sig: Sig,
): Promise<MedicationRequest> {
  return medplum.createResource<MedicationRequest>({
    resourceType: 'MedicationRequest',
    status: 'active',
    intent: 'order',
    medicationCodeableConcept: { coding: [drug], text: drug.display },
    subject: createReference(patient),
    requester: createReference(prescriber),
    authoredOn: new Date().toISOString(),
    dosageInstruction: [
      {
        text: sig.text,
        route: ORAL_ROUTE,
        timing: { repeat: { frequency: sig.timesPerDay, period: 1, periodUnit: 'd' } },
        doseAndRate: [{ doseQuantity: { value: sig.tablets, unit: 'tablet' } }],
      },
    ],
    dispenseRequest: {
      quantity: { value: sig.dispense, unit: 'tablet' },
      numberOfRepeatsAllowed: sig.refills,
      expectedSupplyDuration: {
        value: sig.dispense / (sig.tablets * sig.timesPerDay),
        unit: 'days',
        system: 'http://unitsofmeasure.org',
        code: 'd',
      },
    },
  });
}
// #endregion prescribe

// #region medication-list
/** The patient's current medication list: active orders, newest first. */
export async function activeMedications(medplum: MedplumClient, patient: Patient): Promise<MedicationRequest[]> {
  return medplum.searchResources(
    'MedicationRequest',
    { subject: getReferenceString(patient), status: 'active', _sort: '-authoredon' },
    { cache: 'no-cache' },
  );
}
// #endregion medication-list

// #region stop-renew
/** Stops a medication. The order stays in the chart with the reason, which the history needs. */
export async function stopMedication(
  medplum: MedplumClient,
  request: MedicationRequest,
  reason: string,
): Promise<MedicationRequest> {
  return medplum.updateResource({ ...request, status: 'stopped', statusReason: { text: reason } });
}

/**
 * Renews or changes a prescription: a new order that points at the old one (`priorPrescription`),
 * after which the old order is completed so only one stays active.
 */
export async function renew(
  medplum: MedplumClient,
  previous: MedicationRequest,
  changes: Partial<MedicationRequest> = {},
): Promise<MedicationRequest> {
  const { id: _id, meta: _meta, ...rest } = previous;
  const next = await medplum.createResource<MedicationRequest>({
    ...rest,
    ...changes,
    status: 'active',
    authoredOn: new Date().toISOString(),
    priorPrescription: createReference(previous),
  });
  await medplum.updateResource({ ...previous, status: 'completed' });
  return next;
}
// #endregion stop-renew
