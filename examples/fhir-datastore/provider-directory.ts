/**
 * A provider directory: Practitioners, the Organizations and Locations they work at, and the
 * PractitionerRoles that join them.
 */
import type { MedplumClient, WithId } from '@medplum/core';
import { createReference } from '@medplum/core';
import type { Location, Organization, Practitioner, PractitionerRole, Resource } from '@medplum/fhirtypes';

/** The US National Provider Identifier system. */
export const NPI_SYSTEM = 'http://hl7.org/fhir/sid/us-npi';

// #region directory
/**
 * Records that a clinician works at a clinic site in a specialty. Each resource is a conditional
 * create keyed on a stable identifier (NPI for people and organizations), so loading the same
 * directory file twice does not create duplicates.
 */
export async function addListing(
  medplum: MedplumClient,
  input: {
    practitionerNpi: string;
    given: string;
    family: string;
    organizationNpi: string;
    organizationName: string;
    siteName: string;
    specialty: { system: string; code: string; display: string };
    phone: string;
  },
): Promise<WithId<PractitionerRole>> {
  const practitioner = await medplum.createResourceIfNoneExist<Practitioner>(
    {
      resourceType: 'Practitioner',
      identifier: [{ system: NPI_SYSTEM, value: input.practitionerNpi }],
      name: [{ given: [input.given], family: input.family, prefix: ['Dr.'] }],
    },
    `identifier=${NPI_SYSTEM}|${input.practitionerNpi}`,
  );
  const organization = await medplum.createResourceIfNoneExist<Organization>(
    {
      resourceType: 'Organization',
      identifier: [{ system: NPI_SYSTEM, value: input.organizationNpi }],
      name: input.organizationName,
      active: true,
    },
    `identifier=${NPI_SYSTEM}|${input.organizationNpi}`,
  );
  const location = await medplum.createResourceIfNoneExist<Location>(
    {
      resourceType: 'Location',
      name: input.siteName,
      status: 'active',
      managingOrganization: createReference(organization),
    },
    // Encode free text so a name containing '&' or '#' cannot break the query.
    `name:exact=${encodeURIComponent(input.siteName)}&organization=Organization/${organization.id}`,
  );
  return medplum.createResource<PractitionerRole>({
    resourceType: 'PractitionerRole',
    active: true,
    practitioner: createReference(practitioner),
    organization: createReference(organization),
    location: [createReference(location)],
    specialty: [{ coding: [input.specialty], text: input.specialty.display }],
    telecom: [{ system: 'phone', value: input.phone, use: 'work' }],
  });
}
// #endregion directory

// #region find
/**
 * Answers "who practices this specialty, and where?" with one search: the roles with the
 * specialty code, plus the Practitioners and Locations they point at (`_include`).
 */
export async function findBySpecialty(
  medplum: MedplumClient,
  specialtyCode: string,
): Promise<{ name: string; site: string; phone?: string }[]> {
  // A repeated parameter (two _include) needs URLSearchParams; a plain object cannot repeat keys.
  const query = new URLSearchParams([
    ['specialty', specialtyCode],
    ['active', 'true'],
    ['_include', 'PractitionerRole:practitioner'],
    ['_include', 'PractitionerRole:location'],
  ]);
  const bundle = await medplum.search('PractitionerRole', query);
  const included = new Map<string, Practitioner | Location>();
  for (const entry of bundle.entry ?? []) {
    // Included resources share the bundle with the matches, so widen the entry type to read them.
    const r = entry.resource as Resource | undefined;
    if (r && (r.resourceType === 'Practitioner' || r.resourceType === 'Location')) {
      included.set(`${r.resourceType}/${r.id}`, r);
    }
  }
  return (bundle.entry ?? [])
    .filter((entry) => entry.search?.mode === 'match')
    .map((entry) => {
      const role = entry.resource as PractitionerRole;
      const practitioner = included.get(role.practitioner?.reference ?? '') as Practitioner | undefined;
      const site = included.get(role.location?.[0]?.reference ?? '') as Location | undefined;
      const name = practitioner?.name?.[0];
      return {
        name: [name?.prefix?.[0], name?.given?.[0], name?.family].filter(Boolean).join(' '),
        site: site?.name ?? '',
        phone: role.telecom?.find((t) => t.system === 'phone')?.value,
      };
    });
}
// #endregion find
