/**
 * Writing an identifier into a resource with setIdentifier from @medplum/core: it changes the
 * object in place, replacing the value of the first identifier with that system or appending one.
 */
import type { MedplumClient } from '@medplum/core';
import { setIdentifier } from '@medplum/core';
import type { Patient } from '@medplum/fhirtypes';

// #region set-identifier
export async function addHospitalMrn(medplum: MedplumClient): Promise<Patient> {
  const patient = await medplum.createResource<Patient>({
    resourceType: 'Patient',
    identifier: [{ system: 'https://lab.example.org/patient-id', value: 'L-55821' }],
    name: [{ given: ['Maria'], family: 'Lopez' }],
  });
  setIdentifier(patient, 'https://hospital.example.org/mrn', 'MRN-004417', { use: 'official' });
  // patient.identifier now holds the lab identifier and the new MRN; save it to keep the change
  return medplum.updateResource(patient);
}
// #endregion set-identifier
