/**
 * What each tool holds when a page opens without state in its link. plugins/generate/fhir-tools answers
 * these at build time (first-frames.ts), so the built page shows the sample's real result
 * before any script has run; the tools compare against them to reuse that answer.
 */

/** The FHIRPath playground's sample resource: a Patient with two names and a phone number. */
export const FHIRPATH_RESOURCE = JSON.stringify(
  {
    resourceType: 'Patient',
    id: 'example',
    active: true,
    name: [
      { use: 'official', family: 'Chalmers', given: ['Peter', 'James'] },
      { use: 'nickname', given: ['Jim'] },
    ],
    gender: 'male',
    birthDate: '1974-12-25',
    telecom: [{ system: 'phone', value: '(03) 5555 6473', use: 'work' }],
  },
  null,
  2,
);

export const FHIRPATH_EXPRESSION = "name.where(use = 'official').given";

/** The validator's sample: a Patient with three mistakes (a number as a name, a bad date, an unknown element). */
export const VALIDATOR_RESOURCE = JSON.stringify(
  {
    resourceType: 'Patient',
    name: [{ family: 'Chalmers', given: ['Peter', 42] }],
    gender: 'male',
    birthDate: '1974-25-12',
    nickname: 'Jim',
  },
  null,
  2,
);

/** The search builder starts on Patient with no parameters. */
export const SEARCH_TYPE = 'Patient';
export const SEARCH_QUERY = '';
