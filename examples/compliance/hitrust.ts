/**
 * Evidence for a periodic user access review: every member of a project with its role and access
 * policies, flagging the memberships that are unrestricted. Used by docs/compliance/hitrust.mdx.
 */
import type { MedplumClient } from '@medplum/core';
import type { AccessPolicy, Reference } from '@medplum/fhirtypes';

// #region access-review
export interface AccessReviewRow {
  membership: string;
  /** The Practitioner, Patient, ClientApplication or Bot that signs in with this membership. */
  profile: string;
  name?: string;
  admin: boolean;
  active: boolean;
  policies: string[];
  /** Not an admin and no access policy: every resource type except the admin-only ones. */
  unrestricted: boolean;
  lastChanged?: string;
}

/**
 * Lists every membership of the project the client signs in to (project admins only). A
 * membership may carry one policy in `accessPolicy` and more in `access[].policy`; a membership
 * with neither may read and write every resource type except the project-administration ones.
 */
export async function accessReview(medplum: MedplumClient): Promise<AccessReviewRow[]> {
  const rows: AccessReviewRow[] = [];
  const policyNames = new Map<string, string>();
  for await (const page of medplum.searchResourcePages('ProjectMembership', { _count: '100' })) {
    for (const m of page) {
      const refs: Reference<AccessPolicy>[] = [
        ...(m.accessPolicy ? [m.accessPolicy] : []),
        ...(m.access ?? []).map((a) => a.policy),
      ];
      const policies: string[] = [];
      for (const ref of refs) {
        const key = ref.reference as string;
        if (!policyNames.has(key)) {
          const policy = await medplum.readReference(ref);
          policyNames.set(key, policy.name ?? key);
        }
        policies.push(policyNames.get(key) as string);
      }
      rows.push({
        membership: `ProjectMembership/${m.id}`,
        profile: m.profile.reference as string,
        name: m.profile.display,
        admin: m.admin === true,
        active: m.active !== false,
        policies,
        unrestricted: m.admin !== true && policies.length === 0,
        lastChanged: m.meta?.lastUpdated,
      });
    }
  }
  return rows.sort((a, b) => Number(b.unrestricted) - Number(a.unrestricted) || a.profile.localeCompare(b.profile));
}
// #endregion access-review
