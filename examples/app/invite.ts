/**
 * Inviting people to a project from code, the same request the app's Invite page sends.
 */
import type { MedplumClient } from '@medplum/core';
import { isOperationOutcome } from '@medplum/core';
import type { AccessPolicy, ProjectMembership, Reference } from '@medplum/fhirtypes';

// #region invite
/**
 * Invites a clinician to the current project (a POST to the project's `invite` admin route).
 * The server creates the User if the email is new, a Practitioner profile, and the
 * ProjectMembership that connects them, and can email the person a link to set a password.
 * The caller must be an admin of the project.
 */
export async function inviteClinician(
  medplum: MedplumClient,
  person: { firstName: string; lastName: string; email: string },
  accessPolicy?: Reference<AccessPolicy>,
): Promise<ProjectMembership> {
  const projectId = medplum.getProject()?.id;
  if (!projectId) {
    throw new Error('Sign in to a project first');
  }
  const result = await medplum.invite(projectId, {
    resourceType: 'Practitioner',
    firstName: person.firstName,
    lastName: person.lastName,
    email: person.email,
    sendEmail: true,
    membership: accessPolicy ? { accessPolicy } : undefined,
  });
  if (isOperationOutcome(result)) {
    // The membership was created, but something (usually sending the email) failed.
    throw new Error(`Invite partly failed: ${result.issue?.[0]?.details?.text ?? 'see OperationOutcome'}`);
  }
  return result;
}
// #endregion invite
