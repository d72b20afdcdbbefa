/**
 * Project administration: what the current session may administer, inviting a second admin,
 * and promoting a bot or client application membership.
 */
import type { MedplumClient } from '@medplum/core';
import type { OperationOutcome, ProjectMembership } from '@medplum/fhirtypes';

// #region role
export type AdminLevel = 'super-admin' | 'project-admin' | 'member' | 'signed-out';

/** Describes the signed-in session, using the flags the client reads from `/auth/me`. */
export function adminLevel(medplum: MedplumClient): AdminLevel {
  if (!medplum.getProfile()) {
    return 'signed-out';
  }
  if (medplum.isSuperAdmin()) {
    return 'super-admin';
  }
  return medplum.isProjectAdmin() ? 'project-admin' : 'member';
}
// #endregion role

// #region invite-admin
/** Invites a practitioner as an administrator of one project (and nowhere else). */
export function inviteAdmin(
  medplum: MedplumClient,
  projectId: string,
  firstName: string,
  lastName: string,
  email: string,
): Promise<ProjectMembership | OperationOutcome> {
  return medplum.invite(projectId, {
    resourceType: 'Practitioner',
    firstName,
    lastName,
    email,
    sendEmail: true,
    membership: { admin: true },
  });
}
// #endregion invite-admin

// #region set-admin
/**
 * Sets or clears the admin flag on any membership in the project: a user's, a bot's or a client
 * application's. Goes through the project admin endpoint, which only accepts memberships of the
 * caller's current project.
 */
export async function setAdmin(
  medplum: MedplumClient,
  projectId: string,
  membershipId: string,
  admin: boolean,
): Promise<ProjectMembership> {
  const path = `admin/projects/${projectId}/members/${membershipId}`;
  const membership = (await medplum.get(path)) as ProjectMembership;
  return medplum.post(path, { ...membership, admin });
}
// #endregion set-admin
