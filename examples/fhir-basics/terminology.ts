import { getCodeBySystem, LOINC, SNOMED } from '@medplum/core';
import type { CodeableConcept } from '@medplum/fhirtypes';

// #region codeable-concept
// One concept, coded in two systems. Readers that know either system understand it, and
// `text` is what a person reads when no code is recognised.
export const diabetes: CodeableConcept = {
  coding: [
    { system: SNOMED, code: '44054006', display: 'Diabetes mellitus type 2' },
    {
      system: 'http://hl7.org/fhir/sid/icd-10-cm',
      code: 'E11.9',
      display: 'Type 2 diabetes mellitus without complications',
    },
  ],
  text: 'Type 2 diabetes',
};

// Pick the code from the system your code understands; never compare display strings.
export const snomedCode = getCodeBySystem(diabetes, SNOMED); // '44054006'
export const loincCode = getCodeBySystem(diabetes, LOINC); // undefined: not coded in LOINC
// #endregion codeable-concept
