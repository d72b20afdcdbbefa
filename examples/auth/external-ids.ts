/**
 * Users who are known by an id from another system (an IdP subject, an HR number) rather than
 * by email address. The id lives on ProjectMembership.externalId.
 */
import type { InviteRequest, MedplumClient } from '@medplum/core';
import { isOperationOutcome, normalizeErrorString } from '@medplum/core';
import type { ProjectMembership } from '@medplum/fhirtypes';

// #region invite-external-id
/**
 * Invites a patient keyed by an external subject. No email is needed; the server scopes the
 * new User to this project.
 */
export async function invitePatientByExternalId(
  medplum: MedplumClient,
  projectId: string,
  externalId: string,
  name: { firstName: string; lastName: string },
): Promise<ProjectMembership> {
  const request: InviteRequest = {
    resourceType: 'Patient',
    firstName: name.firstName,
    lastName: name.lastName,
    externalId,
    sendEmail: false,
  };
  const result = await medplum.invite(projectId, request);
  if (isOperationOutcome(result)) {
    throw new Error(`Invite failed: ${normalizeErrorString(result)}`);
  }
  return result;
}
// #endregion invite-external-id

// #region subject-idp
/** The identity-provider setting that makes sign-in match on `sub` instead of `email`. */
export const matchBySubject = {
  useSubject: true,
} as const;
// #endregion subject-idp
