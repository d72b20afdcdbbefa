/**
 * Batch and transaction bundles: many requests in one HTTP call.
 */
import type { MedplumClient } from '@medplum/core';
import type { Bundle, Encounter, Patient, Subscription } from '@medplum/fhirtypes';

// #region batch
/**
 * Reads several resources in one round trip. In a batch every entry is independent: one entry
 * failing (here, an id that does not exist) does not stop the others.
 */
export async function readMany(medplum: MedplumClient, patientIds: string[]): Promise<Bundle> {
  return medplum.executeBatch({
    resourceType: 'Bundle',
    type: 'batch',
    entry: patientIds.map((id) => ({ request: { method: 'GET', url: `Patient/${id}` } })),
  });
}

/** Pulls the HTTP status of each entry out of a batch-response bundle, in request order. */
export function statuses(response: Bundle): string[] {
  return (response.entry ?? []).map((entry) => entry.response?.status ?? '');
}
// #endregion batch

// #region transaction
/**
 * Creates a Patient and an Encounter for that Patient together. The Encounter cannot know the
 * Patient's id yet, so it points at the Patient's temporary `urn:uuid:` fullUrl; the server
 * replaces that with the real `Patient/{id}` reference when it stores the Encounter.
 * `ifNoneExist` makes the Patient entry a conditional create, so rerunning is safe.
 */
export async function admitPatient(medplum: MedplumClient, mrn: string, family: string): Promise<Bundle> {
  const patientUrn = 'urn:uuid:' + crypto.randomUUID();
  const patient: Patient = {
    resourceType: 'Patient',
    identifier: [{ system: 'https://example.org/fhir/mrn', value: mrn }],
    name: [{ family }],
  };
  const encounter: Encounter = {
    resourceType: 'Encounter',
    status: 'in-progress',
    class: { system: 'http://terminology.hl7.org/CodeSystem/v3-ActCode', code: 'IMP', display: 'inpatient encounter' },
    subject: { reference: patientUrn },
  };
  return medplum.executeBatch({
    resourceType: 'Bundle',
    type: 'transaction',
    entry: [
      {
        fullUrl: patientUrn,
        resource: patient,
        request: {
          method: 'POST',
          url: 'Patient',
          ifNoneExist: `identifier=https://example.org/fhir/mrn|${mrn}`,
        },
      },
      { resource: encounter, request: { method: 'POST', url: 'Encounter' } },
    ],
  });
}
// #endregion transaction

// #region rewrite-in-strings
/**
 * Creates a Patient and, in the same transaction, a Subscription that fires on that Patient's
 * Observations. The criteria is a search string, not a Reference, yet the server rewrites the
 * Patient's `urn:uuid:` inside it too, so the stored criteria names `Patient/{id}`.
 */
export async function watchNewPatient(medplum: MedplumClient, family: string, endpoint: string): Promise<Bundle> {
  const patientUrn = 'urn:uuid:' + crypto.randomUUID();
  const subscription: Subscription = {
    resourceType: 'Subscription',
    status: 'active',
    reason: `Observations for ${family}`,
    criteria: `Observation?subject=${patientUrn}`,
    channel: { type: 'rest-hook', endpoint, payload: 'application/fhir+json' },
  };
  return medplum.executeBatch({
    resourceType: 'Bundle',
    type: 'transaction',
    entry: [
      {
        fullUrl: patientUrn,
        resource: { resourceType: 'Patient', name: [{ family }] },
        request: { method: 'POST', url: 'Patient' },
      },
      { resource: subscription, request: { method: 'POST', url: 'Subscription' } },
    ],
  });
}
// #endregion rewrite-in-strings
