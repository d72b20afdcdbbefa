/**
 * Project administration of people: invite, inspect and deactivate memberships.
 * These calls need a project admin (or a ClientApplication whose membership has `admin: true`).
 */
import type { InviteRequest, MedplumClient } from '@medplum/core';
import { isOperationOutcome, normalizeErrorString } from '@medplum/core';
import type { AccessPolicy, ProjectMembership, Reference } from '@medplum/fhirtypes';

// #region invite-practitioner
/**
 * Invites a clinician. The server creates (or reuses) the User, creates a Practitioner profile in
 * the project, and links them with a ProjectMembership, which is what it returns.
 */
export async function invitePractitioner(
  medplum: MedplumClient,
  projectId: string,
  person: { firstName: string; lastName: string; email: string },
  accessPolicy?: Reference<AccessPolicy>,
): Promise<ProjectMembership> {
  const request: InviteRequest = {
    resourceType: 'Practitioner',
    firstName: person.firstName,
    lastName: person.lastName,
    email: person.email,
    // Leave this out (or true) to let the server send its own welcome email.
    sendEmail: false,
    membership: accessPolicy ? { accessPolicy } : undefined,
  };
  const result = await medplum.invite(projectId, request);
  if (isOperationOutcome(result)) {
    throw new Error(`Invite failed: ${normalizeErrorString(result)}`);
  }
  return result;
}
// #endregion invite-practitioner

// #region deactivate
/**
 * Turns a membership off without deleting it, so the audit trail and the profile stay intact.
 * Reads the current membership first because the admin endpoint replaces the whole resource.
 */
export async function deactivateMembership(
  medplum: MedplumClient,
  projectId: string,
  membershipId: string,
): Promise<ProjectMembership> {
  const path = `admin/projects/${projectId}/members/${membershipId}`;
  const current = (await medplum.get(path, { cache: 'no-cache' })) as ProjectMembership;
  return (await medplum.post(path, { ...current, active: false })) as ProjectMembership;
}
// #endregion deactivate

/**
 * Finds members with an ordinary FHIR search on ProjectMembership; the server returns only the
 * memberships of the caller's project.
 */
export async function findMembers(
  medplum: MedplumClient,
): Promise<{ patients: ProjectMembership[]; holders: ProjectMembership[] }> {
  // #region search-memberships
  // All patient members, 100 per page
  const patients = await medplum.searchResources('ProjectMembership', {
    'profile-type': 'Patient',
    _count: '100',
  });

  // Who is still using an access policy you plan to delete?
  const holders = await medplum.searchResources('ProjectMembership', {
    'access-policy': 'AccessPolicy/7c4e2a9b-1d3f-4b6a-8e5c-9f0a2d7b3c16',
  });
  // #endregion search-memberships
  return { patients, holders };
}
