/**
 * Chained (`param:Type.param`) and reverse-chained (`_has:Type:param:param`) searches.
 */
import type { MedplumClient, WithId } from '@medplum/core';
import type { Observation, Patient } from '@medplum/fhirtypes';

// #region forward-chain
/**
 * Observations whose subject is a Patient with a matching name.
 * `subject` can point at several resource types, so the `:Patient` type modifier is required.
 * Request: GET /fhir/R4/Observation?subject:Patient.name=<name>
 */
export async function observationsForPatientsNamed(
  medplum: MedplumClient,
  name: string
): Promise<WithId<Observation>[]> {
  return medplum.searchResources('Observation', { 'subject:Patient.name': name });
}
// #endregion forward-chain

// #region forward-chain-two-links
/**
 * Two links: Observation.subject -> Patient.organization -> Organization.name.
 * Request: GET /fhir/R4/Observation?subject:Patient.organization.name=<orgName>
 */
export async function observationsAtOrganization(
  medplum: MedplumClient,
  orgName: string
): Promise<WithId<Observation>[]> {
  return medplum.searchResources('Observation', { 'subject:Patient.organization.name': orgName });
}
// #endregion forward-chain-two-links

// #region reverse-chain
/**
 * Patients that at least one Observation with the given LOINC code points at through `subject`.
 * Request: GET /fhir/R4/Patient?_has:Observation:subject:code=http://loinc.org|<code>
 */
export async function patientsWithObservationCode(medplum: MedplumClient, loincCode: string): Promise<WithId<Patient>[]> {
  return medplum.searchResources('Patient', { '_has:Observation:subject:code': `http://loinc.org|${loincCode}` });
}
// #endregion reverse-chain
