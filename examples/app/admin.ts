/**
 * Project administration from code: the requests behind the admin app's Rate Limits tab, its
 * Rescope User widget and the Patient Accounts tab.
 */
import type { MedplumClient } from '@medplum/core';
import type { Parameters, ParametersParameter, Patient, Reference, User } from '@medplum/fhirtypes';

// #region rate-limits
/** One row of the Rate Limits tab: a quota and how much of it is used. */
export interface QuotaUse {
  membershipId?: string;
  profile?: Reference;
  limit?: number;
  consumedPoints?: number;
  remainingPoints?: number;
  msBeforeReset?: number;
  /** consumedPoints / limit as a percentage, undefined when the quota has no data yet */
  utilization?: number;
}

function readQuota(parts: ParametersParameter[] | undefined): QuotaUse {
  const int = (name: string): number | undefined => parts?.find((p) => p.name === name)?.valueInteger;
  const quota: QuotaUse = {
    membershipId: parts?.find((p) => p.name === 'membershipId')?.valueString,
    profile: parts?.find((p) => p.name === 'profile')?.valueReference,
    limit: int('limit'),
    consumedPoints: int('consumedPoints'),
    remainingPoints: int('remainingPoints'),
    msBeforeReset: int('msBeforeReset'),
  };
  if (quota.limit !== undefined && quota.consumedPoints !== undefined) {
    quota.utilization = quota.limit === 0 ? 0 : (quota.consumedPoints / quota.limit) * 100;
  }
  return quota;
}

/**
 * Reads the FHIR quota use of the caller's project and of its busiest memberships (a `GET` of
 * the project's `$rate-limits` operation). Pass membership ids to ask about those members only.
 * Only project admins (and super admins) may call it.
 */
export async function getRateLimits(
  medplum: MedplumClient,
  projectId: string,
  membershipIds: string[] = [],
): Promise<{ project: QuotaUse; memberships: QuotaUse[] }> {
  const url = medplum.fhirUrl('Project', projectId, '$rate-limits');
  for (const id of membershipIds) {
    url.searchParams.append('membershipId', id);
  }
  const result = (await medplum.get(url, { cache: 'no-cache' })) as Parameters;
  const project = readQuota(result.parameter?.find((p) => p.name === 'project')?.part);
  const memberships = (result.parameter ?? [])
    .filter((p) => p.name === 'membership')
    .map((p) => readQuota(p.part))
    .sort((a, b) => (b.utilization ?? -1) - (a.utilization ?? -1));
  return { project, memberships };
}
// #endregion rate-limits

// #region rescope
/**
 * Moves a User between server scope and project scope (a `POST` of the user's `$rescope`
 * operation).
 * - `{ scope: 'server' }` releases a project-scoped User; a project admin may do this for Users
 *   of their own project.
 * - `{ scope: 'project', project }` assigns a User to a project; only a super admin may do this,
 *   and the User must have no ProjectMembership in any other project.
 * The server answers with the updated User.
 */
export async function rescopeUser(
  medplum: MedplumClient,
  userId: string,
  target: { scope: 'server' } | { scope: 'project'; project: string },
): Promise<User> {
  const parameters: Parameters = {
    resourceType: 'Parameters',
    parameter: [{ name: 'scope', valueCode: target.scope }],
  };
  if (target.scope === 'project') {
    parameters.parameter?.push({ name: 'project', valueReference: { reference: `Project/${target.project}` } });
  }
  return medplum.post(medplum.fhirUrl('User', userId, '$rescope'), parameters);
}
// #endregion rescope

// #region set-accounts
/**
 * Replaces the accounts (`meta.accounts`) of a Patient, as the admin app's Accounts tab does when
 * you confirm. With `propagate` the server also applies the change (the accounts added to and
 * removed from the Patient's previous list) to every resource in the patient's compartment; the
 * app then asks for an asynchronous job (`Prefer: respond-async`).
 */
export async function setPatientAccounts(
  medplum: MedplumClient,
  patient: Patient & { id: string },
  accounts: Reference[],
  propagate: boolean,
): Promise<unknown> {
  const parameters: Parameters = {
    resourceType: 'Parameters',
    parameter: [
      ...accounts.map((account) => ({ name: 'accounts', valueReference: { reference: account.reference } })),
      { name: 'propagate', valueBoolean: propagate },
    ],
  };
  const headers: Record<string, string> = propagate ? { Prefer: 'respond-async' } : {};
  return medplum.post(medplum.fhirUrl('Patient', patient.id, '$set-accounts'), parameters, undefined, { headers });
}
// #endregion set-accounts
