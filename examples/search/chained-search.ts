/**
 * Chained (`param:Type.param`) and reverse-chained (`_has:Type:param:param`) searches.
 */
import type { MedplumClient, WithId } from '@medplum/core';
import type { Observation, Patient } from '@medplum/fhirtypes';

// #region forward-chain
/**
 * Observations whose subject is a Patient with a matching name.
 * `subject` can point at several resource types, so the `:Patient` type modifier is required.
 * Request for the name simpson: GET /fhir/R4/Observation?subject:Patient.name=simpson
 */
export async function observationsForPatientsNamed(
  medplum: MedplumClient,
  name: string,
): Promise<WithId<Observation>[]> {
  return medplum.searchResources('Observation', { 'subject:Patient.name': name });
}
// #endregion forward-chain

// #region forward-chain-two-links
/**
 * Two links: Observation.subject -> Patient.organization -> Organization.name.
 * Request for the organization name Northside: GET /fhir/R4/Observation?subject:Patient.organization.name=Northside
 */
export async function observationsAtOrganization(
  medplum: MedplumClient,
  orgName: string,
): Promise<WithId<Observation>[]> {
  return medplum.searchResources('Observation', { 'subject:Patient.organization.name': orgName });
}
// #endregion forward-chain-two-links

// #region reverse-chain
/**
 * Patients that at least one Observation with the given LOINC code points at through `subject`.
 * Request for 8867-4 (Heart rate): GET /fhir/R4/Patient?_has:Observation:subject:code=http://loinc.org|8867-4
 */
export async function patientsWithObservationCode(
  medplum: MedplumClient,
  loincCode: string,
): Promise<WithId<Patient>[]> {
  return medplum.searchResources('Patient', { '_has:Observation:subject:code': `http://loinc.org|${loincCode}` });
}
// #endregion reverse-chain

// #region reverse-chain-prefix
/**
 * Patients with at least one Observation above a threshold in degrees Fahrenheit (in practice, a
 * body temperature): the prefix on the last parameter of a `_has` chain applies to the value.
 * Request with the default threshold:
 * GET /fhir/R4/Patient?_has:Observation:subject:value-quantity=gt100.4|http://unitsofmeasure.org|[degF]
 */
export async function patientsWithFever(medplum: MedplumClient, aboveDegF = 100.4): Promise<WithId<Patient>[]> {
  return medplum.searchResources('Patient', {
    '_has:Observation:subject:value-quantity': `gt${aboveDegF}|http://unitsofmeasure.org|[degF]`,
  });
}

/**
 * Patients with a recorded fever either way: a body-temperature Observation, or a Condition coded
 * as fever. `_filter` can OR two `_has` chains, which plain query parameters cannot.
 * Request: GET /fhir/R4/Patient?_filter=_has:Observation:subject:code eq 'http://loinc.org|8310-5' or
 * _has:Condition:subject:code eq 'http://snomed.info/sct|386661006' (the parameter value URL-encoded)
 */
export async function patientsWithFeverRecord(medplum: MedplumClient): Promise<WithId<Patient>[]> {
  return medplum.searchResources('Patient', {
    _filter:
      "_has:Observation:subject:code eq 'http://loinc.org|8310-5' or " +
      "_has:Condition:subject:code eq 'http://snomed.info/sct|386661006'",
  });
}
// #endregion reverse-chain-prefix
