/**
 * Problems and diagnoses: a long-lived problem-list Condition, a diagnosis made at one visit,
 * ranking both on the Encounter, and resolving a problem without deleting it.
 */
import type { MedplumClient } from '@medplum/core';
import { createReference } from '@medplum/core';
import type { CodeableConcept, Condition, Encounter, Patient, Reference } from '@medplum/fhirtypes';

const CATEGORY = 'http://terminology.hl7.org/CodeSystem/condition-category';
const CLINICAL = 'http://terminology.hl7.org/CodeSystem/condition-clinical';
const VERIFICATION = 'http://terminology.hl7.org/CodeSystem/condition-ver-status';
const DIAGNOSIS_ROLE = 'http://terminology.hl7.org/CodeSystem/diagnosis-role';
const SNOMED = 'http://snomed.info/sct';
const ICD10CM = 'http://hl7.org/fhir/sid/icd-10-cm';

function concept(system: string, code: string, display: string): CodeableConcept {
  return { coding: [{ system, code, display }] };
}

// #region problem
/**
 * Essential hypertension on the problem list. One `code` carries two codings for the same idea:
 * SNOMED CT for clinical use and decision support, ICD-10-CM for claims.
 */
export function buildHypertensionProblem(patient: Reference<Patient>, onset: string): Condition {
  return {
    resourceType: 'Condition',
    category: [concept(CATEGORY, 'problem-list-item', 'Problem List Item')],
    clinicalStatus: concept(CLINICAL, 'active', 'Active'),
    verificationStatus: concept(VERIFICATION, 'confirmed', 'Confirmed'),
    code: {
      coding: [
        { system: SNOMED, code: '59621000', display: 'Essential hypertension' },
        { system: ICD10CM, code: 'I10', display: 'Essential (primary) hypertension' },
      ],
      text: 'Essential hypertension',
    },
    subject: patient,
    onsetDateTime: onset,
    recordedDate: onset,
  };
}
// #endregion problem

// #region encounter-diagnosis
/** A diagnosis that belongs to one visit: category encounter-diagnosis, linked to that Encounter. */
export function buildVisitDiagnosis(patient: Reference<Patient>, encounter: Reference<Encounter>): Condition {
  return {
    resourceType: 'Condition',
    category: [concept(CATEGORY, 'encounter-diagnosis', 'Encounter Diagnosis')],
    clinicalStatus: concept(CLINICAL, 'active', 'Active'),
    verificationStatus: concept(VERIFICATION, 'confirmed', 'Confirmed'),
    code: {
      coding: [
        { system: SNOMED, code: '363746003', display: 'Acute pharyngitis' },
        { system: ICD10CM, code: 'J02.9', display: 'Acute pharyngitis, unspecified' },
      ],
      text: 'Acute pharyngitis',
    },
    subject: patient,
    encounter,
  };
}

/**
 * Lists the visit's diagnoses on the Encounter in claim order. `rank` 1 is the primary diagnosis;
 * `use` says what role each plays (billing, comorbidity or chief complaint, for example).
 */
export async function setEncounterDiagnoses(
  medplum: MedplumClient,
  encounter: Encounter & { id: string },
  primary: Condition & { id: string },
  comorbidities: (Condition & { id: string })[],
): Promise<Encounter> {
  return medplum.updateResource({
    ...encounter,
    diagnosis: [
      { condition: createReference(primary), use: concept(DIAGNOSIS_ROLE, 'billing', 'Billing'), rank: 1 },
      ...comorbidities.map((c, i) => ({
        condition: createReference(c),
        use: concept(DIAGNOSIS_ROLE, 'CM', 'Comorbidity diagnosis'),
        rank: i + 2,
      })),
    ],
  });
}
// #endregion encounter-diagnosis

// #region resolve
/**
 * Resolves a problem. Invariant con-4 requires an abated Condition to be inactive, resolved or in
 * remission, so the status and the abatement date change together.
 */
export async function resolveProblem(
  medplum: MedplumClient,
  condition: Condition & { id: string },
  resolvedOn: string,
): Promise<Condition> {
  return medplum.updateResource({
    ...condition,
    clinicalStatus: concept(CLINICAL, 'resolved', 'Resolved'),
    abatementDateTime: resolvedOn,
  });
}

/** The current problem list: problem-list-item Conditions that are still active. */
export async function activeProblemList(medplum: MedplumClient, patientId: string): Promise<Condition[]> {
  return medplum.searchResources('Condition', {
    patient: `Patient/${patientId}`,
    category: 'problem-list-item',
    'clinical-status': 'active',
  });
}
// #endregion resolve
