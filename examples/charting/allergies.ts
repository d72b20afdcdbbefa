/**
 * Allergies and intolerances: a drug allergy with a coded reaction, a "no known allergies"
 * statement, the active allergy list, and how to retract an entry recorded by mistake.
 */
import type { MedplumClient } from '@medplum/core';
import { createReference } from '@medplum/core';
import type { AllergyIntolerance, CodeableConcept, Patient, Practitioner, Reference } from '@medplum/fhirtypes';

const CLINICAL = 'http://terminology.hl7.org/CodeSystem/allergyintolerance-clinical';
const VERIFICATION = 'http://terminology.hl7.org/CodeSystem/allergyintolerance-verification';
const SNOMED = 'http://snomed.info/sct';
const RXNORM = 'http://www.nlm.nih.gov/research/umls/rxnorm';

/** A clinicalStatus or verificationStatus value; both are CodeableConcepts with one fixed system. */
function status(system: string, code: string, display: string): CodeableConcept {
  return { coding: [{ system, code, display }] };
}

// #region drug-allergy
/**
 * A confirmed, high-criticality allergy to penicillin G (RxNorm 7980) that caused hives.
 * `code` names the substance; `reaction.manifestation` names what happened to the patient.
 */
export function buildPenicillinAllergy(
  patient: Reference<Patient>,
  recorder: Reference<Practitioner>,
  recordedDate: string,
): AllergyIntolerance {
  return {
    resourceType: 'AllergyIntolerance',
    clinicalStatus: status(CLINICAL, 'active', 'Active'),
    verificationStatus: status(VERIFICATION, 'confirmed', 'Confirmed'),
    type: 'allergy',
    category: ['medication'],
    criticality: 'high',
    code: {
      coding: [{ system: RXNORM, code: '7980', display: 'Penicillin G' }],
      text: 'Penicillin G',
    },
    patient,
    recorder,
    recordedDate,
    reaction: [
      {
        manifestation: [{ coding: [{ system: SNOMED, code: '247472004', display: 'Wheal' }], text: 'Hives' }],
        severity: 'moderate',
      },
    ],
  };
}
// #endregion drug-allergy

// #region no-known-allergies
/**
 * "No known allergies" is itself an AllergyIntolerance: the code is SNOMED CT 716186003. It is
 * a positive statement that someone asked, which an empty list cannot express.
 */
export function buildNoKnownAllergies(patient: Reference<Patient>, recordedDate: string): AllergyIntolerance {
  return {
    resourceType: 'AllergyIntolerance',
    clinicalStatus: status(CLINICAL, 'active', 'Active'),
    verificationStatus: status(VERIFICATION, 'confirmed', 'Confirmed'),
    code: {
      coding: [{ system: SNOMED, code: '716186003', display: 'No known allergy (situation)' }],
      text: 'No known allergies',
    },
    patient,
    recordedDate,
  };
}
// #endregion no-known-allergies

// #region record
/**
 * Records a real allergy. If the patient has an active "no known allergies" entry, that entry is
 * no longer true, so it is set to inactive (kept, not deleted, for the history) before the new
 * allergy is created. These are separate requests, not one transaction.
 */
export async function recordAllergy(
  medplum: MedplumClient,
  patient: Patient & { id: string },
  allergy: AllergyIntolerance,
): Promise<AllergyIntolerance> {
  const nka = await medplum.searchResources('AllergyIntolerance', {
    patient: `Patient/${patient.id}`,
    code: `${SNOMED}|716186003`,
    'clinical-status': 'active',
  });
  for (const entry of nka) {
    await medplum.updateResource({ ...entry, clinicalStatus: status(CLINICAL, 'inactive', 'Inactive') });
  }
  return medplum.createResource({ ...allergy, patient: createReference(patient) });
}

/** The allergies a prescriber must see: active, whatever their verification status. */
export async function activeAllergies(medplum: MedplumClient, patientId: string): Promise<AllergyIntolerance[]> {
  return medplum.searchResources('AllergyIntolerance', {
    patient: `Patient/${patientId}`,
    'clinical-status': 'active',
  });
}
// #endregion record

// #region entered-in-error
/**
 * Retracts an allergy recorded for the wrong patient or by mistake. FHIR invariant ait-2 forbids a
 * clinicalStatus once verificationStatus is entered-in-error, so the status is removed.
 */
export async function markEnteredInError(
  medplum: MedplumClient,
  allergy: AllergyIntolerance & { id: string },
): Promise<AllergyIntolerance> {
  const { clinicalStatus: _removed, ...rest } = allergy;
  return medplum.updateResource({
    ...rest,
    verificationStatus: status(VERIFICATION, 'entered-in-error', 'Entered in Error'),
  });
}
// #endregion entered-in-error
