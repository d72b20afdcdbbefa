/**
 * `_include`, `_revinclude` and `:iterate`: fetch related resources in the same round trip.
 */
import type { MedplumClient } from '@medplum/core';
import type { Bundle, Observation, Patient, Practitioner, Resource } from '@medplum/fhirtypes';

// #region split-bundle
/** Separates the resources that matched the search from the ones pulled in by an include. */
export function splitEntries(bundle: Bundle): { matches: Resource[]; included: Resource[] } {
  const matches: Resource[] = [];
  const included: Resource[] = [];
  for (const entry of bundle.entry ?? []) {
    if (!entry.resource) continue;
    if (entry.search?.mode === 'include') {
      included.push(entry.resource);
    } else {
      matches.push(entry.resource);
    }
  }
  return { matches, included };
}
// #endregion split-bundle

// #region include
/**
 * Final observations with a given code, plus the Patient each one is about.
 * Request: an Observation search by `code` (a system and code) with `status=final` and
 * `_include=Observation:subject`.
 */
export async function observationsWithPatients(
  medplum: MedplumClient,
  code: string,
): Promise<{ observations: Observation[]; patients: Patient[] }> {
  const bundle = await medplum.search('Observation', {
    code,
    status: 'final',
    _include: 'Observation:subject',
  });
  const { matches, included } = splitEntries(bundle);
  return {
    observations: matches as Observation[],
    patients: included.filter((r): r is Patient => r.resourceType === 'Patient'),
  };
}
// #endregion include

// #region revinclude
/**
 * One patient plus every Observation whose `subject` points back at it.
 * Request: a Patient search by `_id` with `_revinclude=Observation:subject`.
 */
export async function patientWithObservations(
  medplum: MedplumClient,
  patientId: string,
): Promise<{ patient: Patient | undefined; observations: Observation[] }> {
  const bundle = await medplum.search('Patient', { _id: patientId, _revinclude: 'Observation:subject' });
  const { matches, included } = splitEntries(bundle);
  return {
    patient: matches[0] as Patient | undefined,
    observations: included.filter((r): r is Observation => r.resourceType === 'Observation'),
  };
}
// #endregion revinclude

// #region iterate
/**
 * Observations, their patients, and (one hop further) each patient's general practitioner.
 * The first include runs on the matches; the `:iterate` include runs again on what was included.
 * Request: GET /fhir/R4/Observation?code=...&_include=Observation:subject
 *            &_include:iterate=Patient:general-practitioner
 */
export async function observationsWithCareTeam(medplum: MedplumClient, code: string): Promise<Practitioner[]> {
  const query = new URLSearchParams();
  query.append('code', code);
  query.append('_include', 'Observation:subject');
  query.append('_include:iterate', 'Patient:general-practitioner');
  const bundle = await medplum.search('Observation', query);
  return splitEntries(bundle).included.filter((r): r is Practitioner => r.resourceType === 'Practitioner');
}
// #endregion iterate
