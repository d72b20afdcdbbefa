/**
 * Reading and changing resources: read, full update, JSON Patch and optimistic locking.
 */
import type { MedplumClient, PatchOperation, WithId } from '@medplum/core';
import type { Observation, Patient, Questionnaire, Reference } from '@medplum/fhirtypes';

// #region read
/** Reads a Patient by id, and the Patient an Observation points at through its `subject`. */
export async function readExamples(
  medplum: MedplumClient,
  patientId: string,
  observation: Observation,
): Promise<{ byId: WithId<Patient>; bySubject: WithId<Patient> }> {
  const byId = await medplum.readResource('Patient', patientId);
  const bySubject = await medplum.readReference(observation.subject as Reference<Patient>);
  return { byId, bySubject };
}
// #endregion read

/**
 * The Questionnaire a response answers, found by the canonical URL in the response's
 * `questionnaire` (a search on `url`, not a read by id); undefined when none is stored.
 */
export async function questionnaireOf(
  medplum: MedplumClient,
  responseId: string,
): Promise<WithId<Questionnaire> | undefined> {
  // #region read-canonical
  const response = await medplum.readResource('QuestionnaireResponse', responseId);
  const questionnaire = response.questionnaire
    ? await medplum.readCanonical('Questionnaire', response.questionnaire)
    : undefined;
  // #endregion read-canonical
  return questionnaire;
}

// #region update
/**
 * Changes a Patient's birth date with a full update (PUT). Read first, change the copy, send the
 * whole resource back: fields you leave out of the body are removed on the server.
 */
export async function setBirthDate(medplum: MedplumClient, id: string, birthDate: string): Promise<WithId<Patient>> {
  const current = await medplum.readResource('Patient', id);
  return medplum.updateResource<Patient>({ ...current, birthDate });
}
// #endregion update

// #region patch
/**
 * Adds a mobile phone number with JSON Patch. Only the operations travel over the wire, so
 * fields that someone else changed meanwhile are left alone.
 */
export async function addMobilePhone(medplum: MedplumClient, id: string, phone: string): Promise<WithId<Patient>> {
  const current = await medplum.readResource('Patient', id);
  const ops: PatchOperation[] = current.telecom
    ? [{ op: 'add', path: '/telecom/-', value: { system: 'phone', use: 'mobile', value: phone } }]
    : [{ op: 'add', path: '/telecom', value: [{ system: 'phone', use: 'mobile', value: phone }] }];
  return medplum.patchResource('Patient', id, ops);
}
// #endregion patch

// #region conditional-patch
/**
 * Marks inactive the one Patient whose MRN is 83150427, without knowing its Medplum id: a conditional
 * patch (PATCH /fhir/R4/Patient?identifier=...).
 */
export async function deactivateByMrn(medplum: MedplumClient): Promise<WithId<Patient>> {
  const url = medplum.fhirSearchUrl('Patient', { identifier: 'http://example.org/mrn|83150427' });
  const patient = await medplum.patch(url, [{ op: 'replace', path: '/active', value: false }]);
  return patient;
}
// #endregion conditional-patch

// #region patch-test
/**
 * Marks a Patient inactive, but only if it is still the version we read: the `test` operation
 * makes the whole patch fail when `meta.versionId` no longer matches.
 */
export async function deactivateIfUnchanged(
  medplum: MedplumClient,
  id: string,
  expectedVersionId: string,
): Promise<WithId<Patient>> {
  return medplum.patchResource('Patient', id, [
    { op: 'test', path: '/meta/versionId', value: expectedVersionId },
    { op: 'add', path: '/active', value: false },
  ]);
}
// #endregion patch-test

// #region if-match
/**
 * Sends a full update that the server applies only if the stored version is still the one in
 * `resource.meta.versionId`. If another writer got there first, the request fails with HTTP 412
 * (Precondition Failed) and nothing is overwritten.
 */
export async function updateIfMatch(medplum: MedplumClient, resource: WithId<Patient>): Promise<WithId<Patient>> {
  const versionId = resource.meta?.versionId;
  if (!versionId) {
    throw new Error('Read the resource first: its meta.versionId is the version you expect to replace');
  }
  return medplum.updateResource(resource, { headers: { 'If-Match': `W/"${versionId}"` } });
}
// #endregion if-match

// #region refresh-displays
/**
 * After a Practitioner is renamed, asks the server to rewrite the stale `display` texts in every
 * Observation that names them as performer. Returns how many Observations got a new version.
 */
export async function refreshPerformerDisplays(medplum: MedplumClient, practitionerId: string): Promise<number> {
  let changed = 0;
  for await (const page of medplum.searchResourcePages('Observation', {
    performer: `Practitioner/${practitionerId}`,
    _count: '100',
  })) {
    for (const obs of page) {
      const refreshed: Observation = await medplum.post(
        medplum.fhirUrl('Observation', obs.id, '$refresh-reference-display'),
        {},
      );
      if (refreshed.meta?.versionId !== obs.meta?.versionId) {
        changed++;
      }
    }
  }
  return changed;
}
// #endregion refresh-displays
