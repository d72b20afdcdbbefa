/**
 * Profiles: upload a StructureDefinition, tag resources with meta.profile, and validate.
 */
import type { MedplumClient, WithId } from '@medplum/core';
import { normalizeOperationOutcome, validateResource } from '@medplum/core';
import type { OperationOutcomeIssue, Patient, StructureDefinition } from '@medplum/fhirtypes';

// #region upload
/**
 * Stores a profile in the project once. The canonical `url` identifies a profile, so the upload
 * is a conditional create on `url`: running it again returns the stored copy.
 */
export async function uploadProfile(
  medplum: MedplumClient,
  profile: StructureDefinition,
): Promise<WithId<StructureDefinition>> {
  if (!profile.url || !profile.snapshot?.element?.length) {
    throw new Error('Upload the published form of the profile: it needs a url and a snapshot');
  }
  return medplum.createResourceIfNoneExist(profile, `url=${profile.url}`);
}
// #endregion upload

// #region claim
/** Creates a Patient that claims to conform to the profile. */
export async function createProfiledPatient(
  medplum: MedplumClient,
  profileUrl: string,
  patient: Omit<Patient, 'resourceType'>,
): Promise<WithId<Patient>> {
  return medplum.createResource<Patient>({
    ...patient,
    resourceType: 'Patient',
    meta: { ...patient.meta, profile: [profileUrl] },
  });
}
// #endregion claim

// #region validate-locally
/**
 * Checks a resource against a profile in the browser or in a bot, before sending it.
 * Returns the error issues (an empty list means the resource conforms). The base type definitions
 * must be loaded first; in an app, `await medplum.requestSchema('Patient')` loads them.
 */
export function profileErrors(resource: Patient, profile: StructureDefinition): OperationOutcomeIssue[] {
  try {
    validateResource(resource, { profile });
    return [];
  } catch (err) {
    return (normalizeOperationOutcome(err).issue ?? []).filter((issue) => issue.severity === 'error');
  }
}
// #endregion validate-locally
