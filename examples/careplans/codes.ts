/**
 * LOINC and SNOMED CT codings used by the care plan examples, written once so every resource
 * uses the same system URI and display text.
 */
import type { Coding } from '@medplum/fhirtypes';

// #region loinc-codings
export const LOINC_SYSTEM = 'http://loinc.org';
export const SNOMED_SYSTEM = 'http://snomed.info/sct';
export const UCUM_SYSTEM = 'http://unitsofmeasure.org';

/** LOINC 4548-4: the usual HbA1c result code. */
export const HBA1C: Coding = {
  system: LOINC_SYSTEM,
  code: '4548-4',
  display: 'Hemoglobin A1c/Hemoglobin.total in Blood',
};

/** LOINC 2339-0: glucose measured in a blood specimen, mass per volume. */
export const GLUCOSE_BLOOD: Coding = {
  system: LOINC_SYSTEM,
  code: '2339-0',
  display: 'Glucose [Mass/volume] in Blood',
};

/** SNOMED CT 119297000: the specimen type for a blood sample. */
export const BLOOD_SPECIMEN: Coding = { system: SNOMED_SYSTEM, code: '119297000', display: 'Blood specimen' };
// #endregion loinc-codings

// #region loinc-search
/** The token a FHIR search uses for one code: `system|code`. */
export function codeToken(coding: Coding): string {
  return `${coding.system}|${coding.code}`;
}
// #endregion loinc-search
