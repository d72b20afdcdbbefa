import { createReference, getReferenceString, type MedplumClient } from '@medplum/core';
import type { Observation, Patient } from '@medplum/fhirtypes';
import { newPatient } from './resources';

// #region reference
export async function recordHeartRate(medplum: MedplumClient): Promise<{ observation: Observation; subject: Patient }> {
  const patient = await medplum.createResource(newPatient);

  const observation = await medplum.createResource<Observation>({
    resourceType: 'Observation',
    status: 'final',
    code: { coding: [{ system: 'http://loinc.org', code: '8867-4', display: 'Heart rate' }] },
    // createReference builds the reference (type, slash, id) and its display name from the resource.
    subject: createReference(patient),
    valueQuantity: { value: 72, unit: 'beats/minute', system: 'http://unitsofmeasure.org', code: '/min' },
  });

  // Following a reference is a read of the resource it names.
  const subject = await medplum.readReference(observation.subject as NonNullable<Observation['subject']>);
  console.log(`${getReferenceString(observation)} is about ${getReferenceString(subject)}`);
  return { observation, subject: subject as Patient };
}
// #endregion reference
