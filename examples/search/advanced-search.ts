/**
 * Modifiers, prefixes, sorting, result shaping and counting.
 */
import type { MedplumClient, WithId } from '@medplum/core';
import type { Bundle, Observation, Patient } from '@medplum/fhirtypes';

// #region date-prefix
/** Patients born on or after `from` and strictly before `to`: one parameter, two prefixed values. */
export async function bornBetween(medplum: MedplumClient, from: string, to: string): Promise<WithId<Patient>[]> {
  // Repeating a parameter ANDs the conditions, so the query needs the array (or URLSearchParams) form.
  return medplum.searchResources('Patient', [
    ['birthdate', `ge${from}`],
    ['birthdate', `lt${to}`],
    ['_sort', '-birthdate'],
  ]);
}
// #endregion date-prefix

// #region token-modifiers
/** Observations for one patient whose status is anything except `final` (`:not` modifier). */
export async function unfinishedResults(medplum: MedplumClient, patientId: string): Promise<WithId<Observation>[]> {
  return medplum.searchResources('Observation', {
    subject: `Patient/${patientId}`,
    'status:not': 'final',
  });
}

/** A comma inside one value means OR: status is `preliminary` OR `amended`. */
export async function preliminaryOrAmended(medplum: MedplumClient, patientId: string): Promise<WithId<Observation>[]> {
  return medplum.searchResources('Observation', {
    subject: `Patient/${patientId}`,
    status: 'preliminary,amended',
  });
}
// #endregion token-modifiers

// #region missing
/** Patients that have no birth date recorded (`:missing=true`). */
export async function withoutBirthDate(medplum: MedplumClient, family: string): Promise<WithId<Patient>[]> {
  return medplum.searchResources('Patient', { family, 'birthdate:missing': 'true' });
}
// #endregion missing

// #region count-only
/**
 * How many patients share a family name, without downloading any of them:
 * `_summary=count` asks for `total` and zero entries.
 */
export async function countByFamily(medplum: MedplumClient, family: string): Promise<number> {
  const bundle = await medplum.search('Patient', { family, _summary: 'count' });
  return bundle.total ?? 0;
}
// #endregion count-only

/**
 * One Patient trimmed to its name and birth date: a read by id ignores `_elements`, so the
 * trimmed copy comes from a search on `_id`.
 */
export async function slimPatient(medplum: MedplumClient, patientId: string): Promise<WithId<Patient> | undefined> {
  // #region elements-by-id
  const patient = await medplum.searchOne('Patient', { _id: patientId, _elements: 'name,birthDate' });
  // #endregion elements-by-id
  return patient;
}

// #region total-and-elements
/**
 * One page of a search plus the total number of matches (`_total=accurate`), with each resource
 * trimmed to the listed elements (`_elements`) to keep the response small.
 */
export async function slimPageWithTotal(medplum: MedplumClient, family: string): Promise<Bundle<WithId<Patient>>> {
  return medplum.search('Patient', {
    family,
    _total: 'accurate',
    _elements: 'name,birthDate',
    _count: 10,
  });
}
// #endregion total-and-elements
