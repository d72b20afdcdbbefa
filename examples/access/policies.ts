/**
 * Access policy examples: policy documents, assigning them to a membership, and checking what a
 * policy allows with the helpers that @medplum/core exports.
 */
import type { MedplumClient, WithId } from '@medplum/core';
import {
  AccessPolicyInteraction,
  accessPolicySupportsInteraction,
  evalFhirPathTyped,
  satisfiedAccessPolicy,
} from '@medplum/core';
import type {
  AccessPolicy,
  AccessPolicyResource,
  ProjectMembership,
  ProjectMembershipAccessParameter,
  Reference,
  Resource,
  ResourceType,
} from '@medplum/fhirtypes';

// #region front-desk-policy
/**
 * Front desk staff: full access to scheduling, read-only demographics with the SSN-style
 * identifiers hidden, and no access to anything else.
 */
export const frontDeskPolicy: AccessPolicy = {
  resourceType: 'AccessPolicy',
  name: 'Front desk',
  resource: [
    { resourceType: 'Appointment' },
    { resourceType: 'Schedule', interaction: ['read', 'search'] },
    { resourceType: 'Slot', interaction: ['read', 'search', 'update'] },
    {
      resourceType: 'Patient',
      interaction: ['read', 'search', 'update'],
      readonlyFields: ['name', 'birthDate'],
      hiddenFields: ['identifier'],
    },
  ],
};
// #endregion front-desk-policy

// #region criteria-policy
/**
 * Lab technicians see laboratory observations only, and may only write observations that stay
 * in the laboratory category and are not yet final.
 */
export const labTechPolicy: AccessPolicy = {
  resourceType: 'AccessPolicy',
  name: 'Lab technician',
  resource: [
    {
      resourceType: 'Observation',
      criteria: 'Observation?category=http://terminology.hl7.org/CodeSystem/observation-category|laboratory',
      interaction: ['read', 'search', 'create', 'update'],
      writeConstraint: [
        {
          language: 'text/fhirpath',
          expression: "%before.exists().not() or %before.status != 'final'",
        },
      ],
    },
    { resourceType: 'Patient', interaction: ['read', 'search'] },
  ],
};
// #endregion criteria-policy

// #region patient-policy
/**
 * A template for patient-facing apps. `%patient` is replaced when the policy is applied to a
 * membership: by the membership's profile unless a `patient` parameter is given.
 */
export const ownRecordsPolicy: AccessPolicy = {
  resourceType: 'AccessPolicy',
  name: 'Patient: own records',
  resource: [
    { resourceType: 'Patient', criteria: 'Patient?_id=%patient.id', interaction: ['read', 'update'] },
    { resourceType: 'Observation', criteria: 'Observation?subject=%patient', interaction: ['read', 'search'] },
    {
      resourceType: 'Communication',
      criteria: 'Communication?subject=%patient',
      interaction: ['read', 'search', 'create'],
    },
  ],
};
// #endregion patient-policy

// #region care-team-policy
/**
 * A template with a parameter of our own. Each membership supplies `%organization`, so one policy
 * serves every clinic.
 */
export const clinicPolicy: AccessPolicy = {
  resourceType: 'AccessPolicy',
  name: 'Clinic staff',
  resource: [
    { resourceType: 'Patient', criteria: 'Patient?organization=%organization' },
    { resourceType: 'Encounter', criteria: 'Encounter?service-provider=%organization' },
  ],
};
// #endregion care-team-policy

// #region tenant-policy
/**
 * Multi-tenant variant: everything a member creates is tagged with their organisation's
 * compartment, and they only see resources carrying that tag.
 */
export const tenantPolicy: AccessPolicy = {
  resourceType: 'AccessPolicy',
  name: 'Tenant staff',
  compartment: { reference: '%organization' },
  resource: [
    { resourceType: 'Patient', criteria: 'Patient?_compartment=%organization' },
    { resourceType: 'Observation', criteria: 'Observation?_compartment=%organization' },
  ],
};
// #endregion tenant-policy

// #region assign-policy
/**
 * Saves a policy and gives it to an existing membership as a parameterised `access` entry.
 * Parameters in `access[].parameter` fill the `%name` placeholders in the policy.
 */
export async function grantClinicAccess(
  medplum: MedplumClient,
  membershipId: string,
  organization: Reference,
): Promise<ProjectMembership> {
  const policy = await medplum.createResource(clinicPolicy);
  const membership = await medplum.readResource('ProjectMembership', membershipId);
  return medplum.updateResource<ProjectMembership>({
    ...membership,
    access: [
      ...(membership.access ?? []),
      {
        policy: { reference: `AccessPolicy/${policy.id}` },
        parameter: [{ name: 'organization', valueReference: organization }],
      },
    ],
  });
}
// #endregion assign-policy

// #region preview-parameters
/**
 * Shows what a parameterised policy turns into for one membership, so a template can be reviewed
 * or tested before anyone logs in with it. This is a local re-implementation of the server's
 * substitution rules: `%name` for a string value; `%name.id` and `%name` for a reference value;
 * `%profile` is always the membership profile, and `%patient` defaults to it.
 */
export function previewPolicy(
  policy: AccessPolicy,
  profile: Reference,
  parameters: ProjectMembershipAccessParameter[] = [],
): AccessPolicy {
  const all = [...parameters, { name: 'profile', valueReference: profile }];
  if (!all.some((p) => p.name === 'patient')) {
    all.push({ name: 'patient', valueReference: profile });
  }
  let json = JSON.stringify(policy);
  for (const p of all) {
    if (p.valueString) {
      json = json.replaceAll(`%${p.name}`, p.valueString);
    } else if (p.valueReference?.reference) {
      const id = p.valueReference.reference.split('/')[1] ?? '';
      json = json.replaceAll(`%${p.name}.id`, id).replaceAll(`%${p.name}`, p.valueReference.reference);
    }
  }
  return JSON.parse(json) as AccessPolicy;
}
// #endregion preview-parameters

// #region check-access
/**
 * Answers "may this policy do X to this resource?" and, when it may, says which entry allowed it.
 * `satisfiedAccessPolicy` returns the first matching `resource` entry; that entry's hidden and
 * read-only fields are the ones the server applies.
 */
export function explainAccess(
  policy: AccessPolicy,
  resource: Resource,
  interaction: AccessPolicyInteraction,
): { allowed: boolean; entry?: AccessPolicyResource } {
  const entry = satisfiedAccessPolicy(resource, interaction, policy);
  return { allowed: entry !== undefined, entry };
}

/** Resource types for which the policy permits an interaction on at least some resources. */
export function typesAllowing(
  policy: AccessPolicy,
  interaction: AccessPolicyInteraction,
  candidates: ResourceType[],
): ResourceType[] {
  return candidates.filter((type) => accessPolicySupportsInteraction(policy, interaction, type));
}
// #endregion check-access

// #region write-constraints
/**
 * Evaluates an entry's `writeConstraint` expressions the way the server does before a create or
 * update: each FHIRPath expression runs against the new version, with `%before` (the stored
 * version, absent on create) and `%after` (the new version). Every one must return exactly `true`.
 */
export function passesWriteConstraints(
  entry: AccessPolicyResource,
  before: Resource | undefined,
  after: Resource,
): boolean {
  return (entry.writeConstraint ?? []).every((constraint) => {
    const result = evalFhirPathTyped(constraint.expression ?? '', [{ type: after.resourceType, value: after }], {
      '%before': { type: before?.resourceType ?? 'undefined', value: before },
      '%after': { type: after.resourceType, value: after },
    });
    return result.length === 1 && result[0].value === true;
  });
}
// #endregion write-constraints

// #region ui-hint
/**
 * Decides whether to show an "Edit" button for a resource, using the access policy the server
 * computed for the signed-in user (returned by `/auth/me` and cached by the client).
 * The server still enforces the policy; this only avoids offering actions that will fail.
 */
export function canEdit(medplum: MedplumClient, resource: WithId<Resource>): boolean {
  return satisfiedAccessPolicy(resource, AccessPolicyInteraction.UPDATE, medplum.getAccessPolicy()) !== undefined;
}
// #endregion ui-hint
