/**
 * Tenants inside one project: each tenant is an Organization, and a member's allowed tenants are
 * access entries of one parameterised policy. The app keeps an active tenant in the member's
 * UserConfiguration and narrows searches to it with `_compartment`. Two membership shapes are
 * shown: one membership listing several tenants, and one membership per tenant for the same user.
 */
import type { LoginAuthenticationResponse, MedplumClient } from '@medplum/core';
import { createReference, getReferenceString } from '@medplum/core';
import type {
  AccessPolicy,
  Organization,
  Parameters,
  Patient,
  ProjectMembership,
  ProjectMembershipAccess,
  Reference,
  UserConfiguration,
} from '@medplum/fhirtypes';

// #region tenant-policies
/**
 * What a clinician may do inside one tenant. `%tenant` is filled from each access entry, so one
 * policy serves every tenant. There is no `compartment`: records written about a patient take the
 * patient's tenant, whoever writes them. Patients are put into a tenant by an admin step.
 */
export const tenantClinicianPolicy: AccessPolicy = {
  resourceType: 'AccessPolicy',
  name: 'Tenant clinician',
  resource: [
    { resourceType: 'Organization', criteria: 'Organization?_id=%tenant.id', interaction: ['read', 'search'] },
    {
      resourceType: 'Patient',
      criteria: 'Patient?_compartment=%tenant',
      interaction: ['read', 'vread', 'search', 'history', 'update'],
    },
    { resourceType: 'Observation', criteria: 'Observation?_compartment=%tenant' },
  ],
};

/**
 * Lets a member edit only their own UserConfiguration, and there only the options: menus and
 * saved searches are put back as stored on every update.
 */
export const ownSettingsPolicy: AccessPolicy = {
  resourceType: 'AccessPolicy',
  name: 'Own settings',
  resource: [
    {
      resourceType: 'UserConfiguration',
      criteria: 'UserConfiguration?_id=%settings.id',
      interaction: ['read', 'update'],
      readonlyFields: ['menu', 'search'],
    },
  ],
};

/**
 * For a membership that serves exactly one tenant: stamps everything the member creates with the
 * tenant, and lets them register patients there.
 */
export const tenantHomePolicy: AccessPolicy = {
  resourceType: 'AccessPolicy',
  name: 'Tenant home',
  compartment: { reference: '%tenant' },
  resource: [{ resourceType: 'Patient', criteria: 'Patient?_compartment=%tenant', interaction: ['create'] }],
};
// #endregion tenant-policies

export interface TenantPolicies {
  clinician: Reference<AccessPolicy>;
  settings: Reference<AccessPolicy>;
  home: Reference<AccessPolicy>;
}

/** Saves the three policies once per project (run by an admin). */
export async function saveTenantPolicies(medplum: MedplumClient): Promise<TenantPolicies> {
  const [clinician, settings, home] = await Promise.all(
    [tenantClinicianPolicy, ownSettingsPolicy, tenantHomePolicy].map((p) => medplum.createResource(p)),
  );
  return { clinician: createReference(clinician), settings: createReference(settings), home: createReference(home) };
}

// #region grant-tenants
/** The UserConfiguration option that holds the member's active tenant. */
export const ACTIVE_TENANT = 'activeTenant';

/**
 * Admin step: gives one membership its allowed tenants (one access entry per tenant) and a
 * UserConfiguration of its own, whose `activeTenant` option starts at the first tenant.
 */
export async function grantTenants(
  medplum: MedplumClient,
  membershipId: string,
  tenants: Reference<Organization>[],
  policies: TenantPolicies,
): Promise<ProjectMembership> {
  const membership = await medplum.readResource('ProjectMembership', membershipId);
  const settings = await medplum.createResource<UserConfiguration>({
    resourceType: 'UserConfiguration',
    name: 'Tenant settings',
    option: [{ id: ACTIVE_TENANT, valueString: tenants[0].reference }],
  });
  const access: ProjectMembershipAccess[] = tenants.map((tenant) => ({
    policy: policies.clinician,
    parameter: [{ name: 'tenant', valueReference: tenant }],
  }));
  access.push({
    policy: policies.settings,
    parameter: [{ name: 'settings', valueReference: createReference(settings) }],
  });
  return medplum.updateResource<ProjectMembership>({
    ...membership,
    userConfiguration: createReference(settings),
    access,
  });
}
// #endregion grant-tenants

// #region enrol-patient
/**
 * Admin step: puts a patient into a tenant, and with `propagate` every resource already in the
 * patient's compartment too. Records written about the patient later inherit the tenant.
 */
export async function enrolPatient(
  medplum: MedplumClient,
  patient: Reference<Patient>,
  tenants: Reference<Organization>[],
): Promise<number | undefined> {
  const [, id] = (patient.reference as string).split('/');
  const result = await medplum.post<Parameters>(medplum.fhirUrl('Patient', id, '$set-accounts'), {
    resourceType: 'Parameters',
    parameter: [
      ...tenants.map((tenant) => ({ name: 'accounts', valueReference: tenant })),
      { name: 'propagate', valueBoolean: true },
    ],
  });
  return result.parameter?.find((p) => p.name === 'resourcesUpdated')?.valueInteger;
}
// #endregion enrol-patient

// #region tenant-selector
/** The tenants the signed-in member may use: the policy lets them read only those Organizations. */
export async function allowedTenants(medplum: MedplumClient): Promise<Organization[]> {
  return medplum.searchResources('Organization', { _count: 100, _sort: 'name' }, { cache: 'no-cache' });
}

/** Reads the member's active tenant from their UserConfiguration. */
export async function getActiveTenant(medplum: MedplumClient, settingsId: string): Promise<string | undefined> {
  const settings = await medplum.readResource('UserConfiguration', settingsId, { cache: 'no-cache' });
  return settings.option?.find((o) => o.id === ACTIVE_TENANT)?.valueString;
}

/**
 * Switches the active tenant after checking that it is one of the allowed tenants, and saves it,
 * so it follows the member to other devices.
 */
export async function setActiveTenant(
  medplum: MedplumClient,
  settingsId: string,
  tenant: string,
): Promise<UserConfiguration> {
  const allowed = (await allowedTenants(medplum)).map(getReferenceString);
  if (!allowed.includes(tenant)) {
    throw new Error(`${tenant} is not one of this member's tenants`);
  }
  const settings = await medplum.readResource('UserConfiguration', settingsId, { cache: 'no-cache' });
  const option = (settings.option ?? []).filter((o) => o.id !== ACTIVE_TENANT);
  option.push({ id: ACTIVE_TENANT, valueString: tenant });
  return medplum.updateResource<UserConfiguration>({ ...settings, option });
}

/**
 * Patients on a tenant-scoped screen. Pass one tenant for the active tenant, several for a
 * combined view, none for everything the member is allowed to see.
 */
export async function tenantPatients(medplum: MedplumClient, tenants: string[] = []): Promise<Patient[]> {
  const query: Record<string, string> = { _count: '50', _sort: 'family' };
  if (tenants.length) {
    query._compartment = tenants.join(',');
  }
  return medplum.searchResources('Patient', query, { cache: 'no-cache' });
}
// #endregion tenant-selector

// #region membership-per-tenant
/**
 * Identifier system that labels which tenant a membership is for, read by chooseTenantMembership
 * below. It is the system Medplum's own sign-in chooser reads a membership's label from, so the
 * Medplum app and SignInForm show the same label ("Project name - north").
 */
export const TENANT_LABEL = 'https://medplum.com/identifier/label';

/**
 * Admin step for strict separation: one more membership for a person who may already have one in
 * this project, serving exactly one tenant. `forceNewMembership` skips the "already a member" check.
 */
export async function inviteToTenant(
  medplum: MedplumClient,
  projectId: string,
  person: { firstName: string; lastName: string; email: string },
  tenant: Reference<Organization>,
  tenantLabel: string,
  policies: TenantPolicies,
): Promise<ProjectMembership> {
  const parameter = [{ name: 'tenant', valueReference: tenant }];
  const result = await medplum.invite(projectId, {
    resourceType: 'Practitioner',
    ...person,
    sendEmail: false,
    forceNewMembership: true,
    membership: {
      identifier: [{ system: TENANT_LABEL, value: tenantLabel }],
      access: [
        { policy: policies.clinician, parameter },
        { policy: policies.home, parameter },
      ],
    },
  });
  if (result.resourceType !== 'ProjectMembership') {
    throw new Error(result.issue?.[0]?.details?.text ?? 'Invite failed');
  }
  return result;
}

/**
 * At sign-in, a user with several memberships in the project gets the list instead of a code;
 * picking the membership labelled with the tenant returns the code to finish the sign-in with.
 */
export async function chooseTenantMembership(
  medplum: MedplumClient,
  login: LoginAuthenticationResponse,
  tenantLabel: string,
): Promise<string> {
  if (login.code) {
    return login.code; // only one membership: nothing to choose
  }
  const membership = login.memberships?.find((m) =>
    m.identifier?.some((i) => i.system === TENANT_LABEL && i.value === tenantLabel),
  );
  if (!membership) {
    throw new Error(`No membership for tenant ${tenantLabel}`);
  }
  const chosen = await medplum.post<LoginAuthenticationResponse>('auth/profile', {
    login: login.login,
    profile: membership.id,
  });
  return chosen.code as string;
}
// #endregion membership-per-tenant
