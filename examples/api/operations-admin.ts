/**
 * Administrative operations: ClientApplication/$rotate-secret, $expunge, Project/$init,
 * User/$update-email, $set-accounts, User/$rescope, Project/$rate-limits,
 * $refresh-reference-display and PackageRelease/$install. Project/$init and
 * $refresh-reference-display work with any login; the others need a project admin (or super admin).
 */
import type { MedplumClient } from '@medplum/core';
import type {
  Bundle,
  ClientApplication,
  OperationOutcome,
  Parameters,
  ParametersParameter,
  Project,
  Reference,
  Resource,
  User,
} from '@medplum/fhirtypes';

// #region rotate-secret
/** Step 1: moves the current secret to retiringSecret and returns the client with a new secret. */
export async function startSecretRotation(
  medplum: MedplumClient,
  clientId: string,
  currentSecret: string,
): Promise<ClientApplication> {
  const params: Parameters = {
    resourceType: 'Parameters',
    parameter: [{ name: 'secret', valueString: currentSecret }],
  };
  return medplum.post(medplum.fhirUrl('ClientApplication', clientId, '$rotate-secret'), params);
}

/** Step 2, once every service uses the new secret: removes the old one for good. */
export async function retireOldSecret(
  medplum: MedplumClient,
  clientId: string,
  retiringSecret: string,
): Promise<ClientApplication> {
  const params: Parameters = {
    resourceType: 'Parameters',
    parameter: [{ name: 'retiringSecret', valueString: retiringSecret }],
  };
  return medplum.post(medplum.fhirUrl('ClientApplication', clientId, '$rotate-secret'), params);
}
// #endregion rotate-secret

// #region expunge
/**
 * Permanently deletes a patient and every resource in their compartment. Needs a super admin login
 * (project admins may only expunge their own Project this way). The server starts an AsyncJob and
 * answers 202; the returned URL is the job's status endpoint to poll.
 */
export async function expungePatientRecord(medplum: MedplumClient, patientId: string): Promise<string | undefined> {
  const url = medplum.fhirUrl('Patient', patientId, '$expunge');
  url.searchParams.set('everything', 'true');
  const outcome: OperationOutcome = await medplum.post(url, {});
  return outcome.issue?.[0]?.diagnostics;
}
// #endregion expunge

// #region project-init
/** Input for Project/$init: the owner is found, or created, by email. */
export function buildProjectInit(name: string, ownerEmail: string): Parameters {
  return {
    resourceType: 'Parameters',
    parameter: [
      { name: 'name', valueString: name },
      { name: 'ownerEmail', valueString: ownerEmail },
    ],
  };
}

/** Creates a new project (with its default client and the owner's admin membership). */
export async function createCustomerProject(
  medplum: MedplumClient,
  name: string,
  ownerEmail: string,
): Promise<Project> {
  return medplum.post(medplum.fhirUrl('Project', '$init'), buildProjectInit(name, ownerEmail));
}
// #endregion project-init

// #region update-email
/** Changes a user's sign-in email, emails a verification link, and records the address on their profile. */
export async function changeUserEmail(medplum: MedplumClient, userId: string, email: string): Promise<User> {
  const params: Parameters = {
    resourceType: 'Parameters',
    parameter: [
      { name: 'email', valueString: email },
      { name: 'updateProfileTelecom', valueBoolean: true },
    ],
  };
  return medplum.post(medplum.fhirUrl('User', userId, '$update-email'), params);
}
// #endregion update-email

// #region set-accounts
/** Puts a patient and their whole compartment under one account; returns how many resources changed. */
export async function moveToAccount(
  medplum: MedplumClient,
  patientId: string,
  account: Reference,
): Promise<number | undefined> {
  const params: Parameters = {
    resourceType: 'Parameters',
    parameter: [
      { name: 'accounts', valueReference: account },
      { name: 'propagate', valueBoolean: true },
    ],
  };
  const result: Parameters = await medplum.post(medplum.fhirUrl('Patient', patientId, '$set-accounts'), params);
  return result.parameter?.find((p) => p.name === 'resourcesUpdated')?.valueInteger;
}
// #endregion set-accounts

// #region user-rescope
/**
 * Moves a project-scoped user to server scope, so the same login can later join other projects.
 * A project admin may do this for users of their own project.
 */
export async function makeUserServerScoped(medplum: MedplumClient, userId: string): Promise<User> {
  const params: Parameters = { resourceType: 'Parameters', parameter: [{ name: 'scope', valueCode: 'server' }] };
  return medplum.post(medplum.fhirUrl('User', userId, '$rescope'), params);
}

/** Super admins only: makes a user belong to one project (it must have no memberships elsewhere). */
export async function scopeUserToProject(medplum: MedplumClient, userId: string, projectId: string): Promise<User> {
  const params: Parameters = {
    resourceType: 'Parameters',
    parameter: [
      { name: 'scope', valueCode: 'project' },
      { name: 'project', valueReference: { reference: `Project/${projectId}` } },
    ],
  };
  return medplum.post(medplum.fhirUrl('User', userId, '$rescope'), params);
}
// #endregion user-rescope

// #region rate-limits
/** Quota use of one consumer in the current one-minute window (absent parts mean no recent use). */
export interface QuotaStatus {
  id: string;
  limit?: number;
  consumedPoints?: number;
  remainingPoints?: number;
  msBeforeReset?: number;
}

function readQuota(id: string, parts: ParametersParameter[] | undefined): QuotaStatus {
  const num = (name: string): number | undefined => parts?.find((p) => p.name === name)?.valueInteger;
  return {
    id,
    limit: num('limit'),
    consumedPoints: num('consumedPoints'),
    remainingPoints: num('remainingPoints'),
    msBeforeReset: num('msBeforeReset'),
  };
}

/**
 * Reads how much of the FHIR interaction quota the project and its members have used. Without
 * membership ids the server reports the members that were active in the last minute or so.
 */
export async function getRateLimits(
  medplum: MedplumClient,
  projectId: string,
  membershipIds: string[] = [],
): Promise<{ project: QuotaStatus; memberships: QuotaStatus[] }> {
  const url = medplum.fhirUrl('Project', projectId, '$rate-limits');
  for (const id of membershipIds) {
    url.searchParams.append('membershipId', id);
  }
  const result: Parameters = await medplum.get(url, { cache: 'no-cache' });
  const projectParts = result.parameter?.find((p) => p.name === 'project')?.part;
  const project = readQuota(projectParts?.find((p) => p.name === 'id')?.valueString ?? projectId, projectParts);
  const memberships = (result.parameter ?? [])
    .filter((p) => p.name === 'membership')
    .map((p) => readQuota(p.part?.find((q) => q.name === 'membershipId')?.valueString ?? '', p.part));
  return { project, memberships };
}
// #endregion rate-limits

// #region refresh-reference-display
/**
 * Rewrites the display of every reference in one resource whose target the caller can read, from
 * the target's current display text (for example after a practitioner changed their name). Returns
 * the resource, in a new version only if some display changed.
 */
export async function refreshDisplays<T extends Resource>(
  medplum: MedplumClient,
  resourceType: T['resourceType'],
  id: string,
): Promise<T> {
  return medplum.post(medplum.fhirUrl(resourceType, id, '$refresh-reference-display'), {});
}
// #endregion refresh-reference-display

// #region package-install
/**
 * Installs a package release into the caller's project: the server runs the release's Bundle and
 * records a PackageInstallation. Returns the batch or transaction response Bundle.
 */
export async function installPackageRelease(medplum: MedplumClient, releaseId: string): Promise<Bundle> {
  return medplum.post(medplum.fhirUrl('PackageRelease', releaseId, '$install'), {});
}
// #endregion package-install
