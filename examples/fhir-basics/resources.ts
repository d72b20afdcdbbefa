import type { MedplumClient } from '@medplum/core';
import type { Patient } from '@medplum/fhirtypes';

// #region patient-resource
// A resource is a JSON object whose `resourceType` says which of FHIR's shapes it follows.
// The Patient type from @medplum/fhirtypes makes the compiler check every field name.
export const newPatient: Patient = {
  resourceType: 'Patient',
  name: [{ use: 'official', given: ['Ana'], family: 'Rivera' }],
  gender: 'female',
  birthDate: '1990-04-02',
  telecom: [{ system: 'email', value: 'ana.rivera@example.com' }],
};
// #endregion patient-resource

// #region create-read
export async function createAndReadPatient(medplum: MedplumClient): Promise<Patient> {
  // The server assigns `id` and `meta.versionId`; never invent them yourself.
  const created = await medplum.createResource(newPatient);
  // Reading by type and id returns the current version.
  return medplum.readResource('Patient', created.id);
}
// #endregion create-read
