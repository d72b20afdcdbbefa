/**
 * Payer-side building blocks for the CMS interoperability rules on a Medplum project: what a
 * member's app reads through the Patient Access API, a read-only policy for the client behind a
 * public provider directory, and the attribution list a provider's bulk request is answered from.
 * Used by docs/compliance/cms-interoperability.mdx.
 */
import type { MedplumClient } from '@medplum/core';
import type {
  AccessPolicy,
  Coverage,
  ExplanationOfBenefit,
  Group,
  Organization,
  Patient,
  Reference,
} from '@medplum/fhirtypes';

// #region member-claims
/**
 * What a member's app reads through the Patient Access API: the member's active coverage and their
 * explanations of benefit, newest first. With `since`, only what changed after that instant, so an
 * app can keep its copy up to date. Signed in with a patient-scoped SMART token, the same searches
 * return only that member's data.
 */
export async function memberClaims(
  medplum: MedplumClient,
  member: Reference<Patient>,
  since?: string,
): Promise<{ coverage: Coverage[]; claims: ExplanationOfBenefit[] }> {
  const coverage = await medplum.searchResources('Coverage', {
    beneficiary: member.reference as string,
    status: 'active',
  });
  const claims: ExplanationOfBenefit[] = [];
  const query: Record<string, string> = { patient: member.reference as string, _sort: '-created', _count: '100' };
  if (since) {
    query._lastUpdated = `gt${since}`;
  }
  for await (const page of medplum.searchResourcePages('ExplanationOfBenefit', query)) {
    claims.push(...page);
  }
  return { coverage, claims };
}
// #endregion member-claims

// #region directory-policy
/** The resource types a provider directory publishes (the Da Vinci PDex Plan-Net profiles use these). */
export const DIRECTORY_TYPES = [
  'Practitioner',
  'PractitionerRole',
  'Organization',
  'OrganizationAffiliation',
  'Location',
  'HealthcareService',
  'Endpoint',
  'InsurancePlan',
] as const;

/**
 * A read-only policy for the client application behind a public directory front end. Medplum's FHIR
 * API has no anonymous access, so a public Provider Directory API is served by your own front end
 * that signs in with this client; the policy keeps that client away from member data and from
 * writing anything.
 */
export async function createDirectoryReaderPolicy(medplum: MedplumClient): Promise<AccessPolicy> {
  return medplum.createResource<AccessPolicy>({
    resourceType: 'AccessPolicy',
    name: 'Provider directory (read only)',
    resource: DIRECTORY_TYPES.map((resourceType) => ({ resourceType, readonly: true })),
  });
}
// #endregion directory-policy

// #region attribution
export const ATTRIBUTION_SYSTEM = 'https://payer.example.org/attribution-list';

/**
 * Keeps one Group per in-network provider with the members attributed to it, minus those who opted
 * out of Provider Access data sharing. Upserting on the provider's NPI replaces the whole member
 * list each time, so an opt-out takes effect at the next sync. The provider's bulk request is then
 * `Group/{id}/$export`, which exports every member listed.
 */
export async function syncAttributionList(
  medplum: MedplumClient,
  provider: Reference<Organization>,
  providerNpi: string,
  attributed: Reference<Patient>[],
  optedOut: Set<string>,
): Promise<Group> {
  const members = attributed.filter((p) => !optedOut.has(p.reference as string));
  return medplum.upsertResource<Group>(
    {
      resourceType: 'Group',
      identifier: [{ system: ATTRIBUTION_SYSTEM, value: providerNpi }],
      type: 'person',
      actual: true,
      name: `Members attributed to ${provider.display ?? providerNpi}`,
      managingEntity: provider,
      quantity: members.length,
      // An empty array is not valid FHIR: leave `member` out when nobody is attributed.
      member: members.length ? members.map((entity) => ({ entity })) : undefined,
    },
    { identifier: `${ATTRIBUTION_SYSTEM}|${providerNpi}` },
  );
}
// #endregion attribution
