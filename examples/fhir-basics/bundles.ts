import type { MedplumClient } from '@medplum/core';
import type { Bundle } from '@medplum/fhirtypes';

// #region transaction
// Two entries saved together: the Observation points at the new Patient through a temporary
// urn:uuid id, which the server swaps for the Patient's real id when it commits the transaction.
const patientUrn = 'urn:uuid:0b7e6f2a-5c1d-4e8a-9f3b-2d4c6a8e1f00';

export const intakeTransaction: Bundle = {
  resourceType: 'Bundle',
  type: 'transaction',
  entry: [
    {
      fullUrl: patientUrn,
      request: { method: 'POST', url: 'Patient' },
      resource: { resourceType: 'Patient', name: [{ given: ['Kofi'], family: 'Mensah' }] },
    },
    {
      request: { method: 'POST', url: 'Observation' },
      resource: {
        resourceType: 'Observation',
        status: 'final',
        code: { text: 'Body weight' },
        subject: { reference: patientUrn },
        valueQuantity: { value: 71.5, unit: 'kg', system: 'http://unitsofmeasure.org', code: 'kg' },
      },
    },
  ],
};

export async function saveIntake(medplum: MedplumClient): Promise<Bundle> {
  // The response is a transaction-response Bundle: one entry per request, in the same order.
  return medplum.executeBatch(intakeTransaction);
}
// #endregion transaction
