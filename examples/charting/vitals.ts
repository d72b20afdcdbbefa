/**
 * Charting an encounter: vital signs as Observations with their LOINC codes, a problem-list
 * Condition, and the clinician's assessment as a ClinicalImpression.
 */
import type { MedplumClient } from '@medplum/core';
import { createReference } from '@medplum/core';
import type { ClinicalImpression, Condition, Encounter, Observation, Patient, Reference } from '@medplum/fhirtypes';

const LOINC = 'http://loinc.org';
const UCUM = 'http://unitsofmeasure.org';
const VITAL_SIGNS = {
  coding: [
    {
      system: 'http://terminology.hl7.org/CodeSystem/observation-category',
      code: 'vital-signs',
      display: 'Vital Signs',
    },
  ],
};

export interface Vitals {
  systolic: number;
  diastolic: number;
  heartRate: number;
  weightKg: number;
}

// #region vitals
/**
 * Builds the vital-sign Observations for one visit. Blood pressure is one panel (85354-9) whose two
 * numbers are components, not two separate Observations; that is the shape the FHIR vital signs
 * profile expects and what charts and PatientSummary look for.
 */
export function buildVitals(
  patient: Reference<Patient>,
  encounter: Reference<Encounter>,
  v: Vitals,
  when: string,
): Observation[] {
  const base = {
    resourceType: 'Observation' as const,
    status: 'final' as const,
    category: [VITAL_SIGNS],
    subject: patient,
    encounter,
    effectiveDateTime: when,
  };
  return [
    {
      ...base,
      code: {
        coding: [{ system: LOINC, code: '85354-9', display: 'Blood pressure panel with all children optional' }],
      },
      component: [
        {
          code: { coding: [{ system: LOINC, code: '8480-6', display: 'Systolic blood pressure' }] },
          valueQuantity: { value: v.systolic, unit: 'mmHg', system: UCUM, code: 'mm[Hg]' },
        },
        {
          code: { coding: [{ system: LOINC, code: '8462-4', display: 'Diastolic blood pressure' }] },
          valueQuantity: { value: v.diastolic, unit: 'mmHg', system: UCUM, code: 'mm[Hg]' },
        },
      ],
    },
    {
      ...base,
      code: { coding: [{ system: LOINC, code: '8867-4', display: 'Heart rate' }] },
      valueQuantity: { value: v.heartRate, unit: 'beats/minute', system: UCUM, code: '/min' },
    },
    {
      ...base,
      code: { coding: [{ system: LOINC, code: '29463-7', display: 'Body weight' }] },
      valueQuantity: { value: v.weightKg, unit: 'kg', system: UCUM, code: 'kg' },
    },
  ];
}

/** Saves the vitals in one transaction, so a visit never ends up with half of its readings. */
export async function recordVitals(
  medplum: MedplumClient,
  patient: Patient & { id: string },
  encounter: Encounter & { id: string },
  v: Vitals,
): Promise<Observation[]> {
  const observations = buildVitals(createReference(patient), createReference(encounter), v, new Date().toISOString());
  const result = await medplum.executeBatch({
    resourceType: 'Bundle',
    type: 'transaction',
    entry: observations.map((resource) => ({ resource, request: { method: 'POST', url: 'Observation' } })),
  });
  return (result.entry ?? []).map((e) => e.resource as Observation);
}
// #endregion vitals

// #region problem-list
/**
 * Adds a problem to the patient's problem list. The `problem-list-item` category is what separates
 * a long-lived problem from a diagnosis recorded for one encounter (`encounter-diagnosis`).
 */
export async function addProblem(medplum: MedplumClient, patient: Patient & { id: string }): Promise<Condition> {
  return medplum.createResource<Condition>({
    resourceType: 'Condition',
    subject: createReference(patient),
    category: [
      {
        coding: [
          {
            system: 'http://terminology.hl7.org/CodeSystem/condition-category',
            code: 'problem-list-item',
            display: 'Problem List Item',
          },
        ],
      },
    ],
    clinicalStatus: {
      coding: [{ system: 'http://terminology.hl7.org/CodeSystem/condition-clinical', code: 'active' }],
    },
    verificationStatus: {
      coding: [{ system: 'http://terminology.hl7.org/CodeSystem/condition-ver-status', code: 'confirmed' }],
    },
    code: { coding: [{ system: 'http://snomed.info/sct', code: '44054006', display: 'Diabetes mellitus type 2' }] },
    recordedDate: new Date().toISOString(),
  });
}

/** The active problem list, as a chart sidebar would load it. */
export async function activeProblems(medplum: MedplumClient, patientId: string): Promise<Condition[]> {
  return medplum.searchResources('Condition', {
    patient: `Patient/${patientId}`,
    category: 'problem-list-item',
    'clinical-status': 'active',
  });
}
// #endregion problem-list

// #region assessment
/**
 * The clinician's assessment for the visit. `investigation` points at the readings that informed
 * it and `problem` at the conditions it addresses, so the note stays linked to the data.
 */
export async function writeAssessment(
  medplum: MedplumClient,
  encounter: Encounter & { id: string },
  problem: Condition & { id: string },
  vitals: Observation[],
  summary: string,
): Promise<ClinicalImpression> {
  return medplum.createResource<ClinicalImpression>({
    resourceType: 'ClinicalImpression',
    status: 'completed',
    subject: encounter.subject as Reference<Patient>,
    encounter: createReference(encounter),
    date: new Date().toISOString(),
    summary,
    problem: [createReference(problem)],
    investigation: [
      { code: { text: 'Vital signs' }, item: vitals.map((o) => createReference(o as Observation & { id: string })) },
    ],
  });
}
// #endregion assessment
