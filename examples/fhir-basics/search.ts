import type { MedplumClient } from '@medplum/core';
import type { Bundle, Patient } from '@medplum/fhirtypes';

// #region search
export async function findPatientsNamed(medplum: MedplumClient, name: string): Promise<Patient[]> {
  // Equivalent to GET /fhir/R4/Patient?name=<name>&_count=10
  // searchResources unwraps the Bundle into an array of resources.
  return medplum.searchResources('Patient', { name, _count: '10' });
}

export async function searchBundle(medplum: MedplumClient, name: string): Promise<Bundle<Patient>> {
  // search returns the Bundle itself, with `total` and paging links when the server sends them.
  return medplum.search('Patient', `name=${encodeURIComponent(name)}`);
}
// #endregion search
