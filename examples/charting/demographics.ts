/**
 * Patient demographics the US Core way: race, ethnicity, birth sex and gender identity as the
 * US Core extensions, next to the base Patient fields USCDI asks for.
 */
import type { MedplumClient } from '@medplum/core';
import { getExtension } from '@medplum/core';
import type { Coding, Extension, Patient } from '@medplum/fhirtypes';

export const US_CORE = 'http://hl7.org/fhir/us/core/StructureDefinition';
const OMB = 'urn:oid:2.16.840.1.113883.6.238';

// #region race-ethnicity
/**
 * Race: one or more OMB categories (at most five), optional detailed codes, and a required
 * `text` sub-extension. Each part is a sub-extension identified by a short `url`.
 */
export function raceExtension(categories: Coding[], text: string): Extension {
  return {
    url: `${US_CORE}/us-core-race`,
    extension: [
      ...categories.map((valueCoding) => ({ url: 'ombCategory', valueCoding })),
      { url: 'text', valueString: text },
    ],
  };
}

/** Ethnicity: at most one OMB category, plus the required `text`. */
export function ethnicityExtension(category: Coding, text: string): Extension {
  return {
    url: `${US_CORE}/us-core-ethnicity`,
    extension: [
      { url: 'ombCategory', valueCoding: category },
      { url: 'text', valueString: text },
    ],
  };
}

export const WHITE: Coding = { system: OMB, code: '2106-3', display: 'White' };
export const ASIAN: Coding = { system: OMB, code: '2028-9', display: 'Asian' };
export const NOT_HISPANIC: Coding = { system: OMB, code: '2186-5', display: 'Not Hispanic or Latino' };
// #endregion race-ethnicity

// #region patient
/** A patient with the demographics USCDI lists, shaped to pass the US Core Patient profile. */
export function buildPatient(): Patient {
  return {
    resourceType: 'Patient',
    meta: { profile: [`${US_CORE}/us-core-patient`] },
    identifier: [{ system: 'http://example.org/fhir/mrn', value: 'MRN-004512' }],
    name: [{ use: 'official', family: 'Okafor', given: ['Amara', 'Jane'] }],
    gender: 'female',
    birthDate: '1984-07-09',
    telecom: [
      { system: 'phone', value: '+1-555-0142', use: 'mobile' },
      { system: 'email', value: 'amara.okafor@example.org' },
    ],
    address: [{ line: ['12 Elm Street'], city: 'Springfield', state: 'IL', postalCode: '62704' }],
    communication: [
      {
        language: { coding: [{ system: 'urn:ietf:bcp:47', code: 'en', display: 'English' }] },
        preferred: true,
      },
    ],
    extension: [
      raceExtension([WHITE, ASIAN], 'White and Asian'),
      ethnicityExtension(NOT_HISPANIC, 'Not Hispanic or Latino'),
      { url: `${US_CORE}/us-core-birthsex`, valueCode: 'F' },
      {
        url: `${US_CORE}/us-core-genderIdentity`,
        valueCodeableConcept: {
          coding: [
            {
              system: 'http://snomed.info/sct',
              code: '446141000124107',
              display: 'Identifies as female gender (finding)',
            },
          ],
        },
      },
    ],
  };
}
// #endregion patient

// #region read-search
/** Reads the race categories back out of a Patient (display strings, in order). */
export function raceCategories(patient: Patient): string[] {
  const race = getExtension(patient, `${US_CORE}/us-core-race`);
  return (race?.extension ?? [])
    .filter((e) => e.url === 'ombCategory')
    .map((e) => e.valueCoding?.display ?? e.valueCoding?.code ?? '');
}

/**
 * Finds patients by OMB race code with the US Core `race` search parameter, which the Medplum
 * server indexes (Patient.extension('us-core-race').extension.value.code).
 */
export async function patientsByRace(medplum: MedplumClient, code: string): Promise<Patient[]> {
  return medplum.searchResources('Patient', { race: code });
}
// #endregion read-search
