/**
 * Family relationships: RelatedPerson for people connected to a patient, and Patient.link when
 * the relative is also a patient.
 */
import type { MedplumClient, WithId } from '@medplum/core';
import { createReference } from '@medplum/core';
import type {
  AccessPolicy,
  Group,
  Patient,
  ProjectMembershipAccess,
  Reference,
  RelatedPerson,
} from '@medplum/fhirtypes';

/** HL7 v3 RoleCode system, which holds the family relationship codes (such as MTH, FTH, SPS). */
export const ROLE_CODE_SYSTEM = 'http://terminology.hl7.org/CodeSystem/v3-RoleCode';

// #region related-person
/**
 * Records a relative of a patient, such as a mother (`MTH`) or spouse (`SPS`). A RelatedPerson
 * always belongs to exactly one patient: the same real person related to two patients is two
 * RelatedPerson resources.
 */
export async function addRelative(
  medplum: MedplumClient,
  patient: WithId<Patient>,
  relative: { given: string; family: string; code: string; display: string; phone?: string },
): Promise<WithId<RelatedPerson>> {
  return medplum.createResource<RelatedPerson>({
    resourceType: 'RelatedPerson',
    active: true,
    patient: createReference(patient),
    relationship: [{ coding: [{ system: ROLE_CODE_SYSTEM, code: relative.code, display: relative.display }] }],
    name: [{ given: [relative.given], family: relative.family }],
    telecom: relative.phone ? [{ system: 'phone', value: relative.phone }] : undefined,
  });
}
// #endregion related-person

// #region list
/** Lists a patient's relatives with the relationship in words, e.g. "Ana Diaz (mother)". */
export async function listRelatives(medplum: MedplumClient, patientId: string): Promise<string[]> {
  const relatives = await medplum.searchResources('RelatedPerson', { patient: `Patient/${patientId}` });
  return relatives.map((r) => {
    const name = [r.name?.[0]?.given?.[0], r.name?.[0]?.family].filter(Boolean).join(' ');
    const relation = r.relationship?.[0]?.coding?.[0]?.display ?? 'relative';
    return `${name} (${relation})`;
  });
}
// #endregion list

// #region link-patients
/**
 * When the relative is also a patient, link their Patient record to the RelatedPerson
 * (`Patient.link` with type `seealso`), so an app can go between the relative's chart and the
 * record of who they are to the patient.
 */
export async function linkRelativeToTheirChart(
  medplum: MedplumClient,
  relatedPerson: WithId<RelatedPerson>,
  relativeAsPatient: WithId<Patient>,
): Promise<WithId<Patient>> {
  return medplum.patchResource('Patient', relativeAsPatient.id, [
    {
      op: 'add',
      path: relativeAsPatient.link ? '/link/-' : '/link',
      value: relativeAsPatient.link
        ? { other: createReference(relatedPerson), type: 'seealso' }
        : [{ other: createReference(relatedPerson), type: 'seealso' }],
    },
  ]);
}
// #endregion link-patients

// #region family-group
/**
 * A household as a Group of Patients: `type: person`, `actual: true` (real members, not a
 * definition), one member entry per Patient. Group members must be Patients (or Practitioners,
 * Devices and the other listed types), never RelatedPersons.
 */
export async function createFamilyGroup(
  medplum: MedplumClient,
  name: string,
  members: WithId<Patient>[],
): Promise<WithId<Group>> {
  return medplum.createResource<Group>({
    resourceType: 'Group',
    type: 'person',
    actual: true,
    name,
    quantity: members.length,
    member: members.map((p) => ({ entity: createReference(p) })),
  });
}

/** The households a patient belongs to, with the other members' references. */
export async function familiesOf(
  medplum: MedplumClient,
  patient: WithId<Patient>,
): Promise<{ name: string; others: string[] }[]> {
  const groups = await medplum.searchResources('Group', { member: `Patient/${patient.id}` }, { cache: 'no-cache' });
  return groups.map((g) => ({
    name: g.name ?? '',
    others: (g.member ?? []).map((m) => m.entity.reference as string).filter((r) => r !== `Patient/${patient.id}`),
  }));
}
// #endregion family-group

// #region caregiver-access
/**
 * The `access` entries for a caregiver's membership (profile: a RelatedPerson): one entry per
 * child, each passing the child as the `patient` parameter. Without it, `%patient` in the policy
 * would be the caregiver's own RelatedPerson, and a compartment rule would match nothing.
 */
export function caregiverAccess(
  policy: Reference<AccessPolicy>,
  children: WithId<Patient>[],
): ProjectMembershipAccess[] {
  return children.map((child) => ({
    policy,
    parameter: [{ name: 'patient', valueReference: createReference(child) }],
  }));
}
// #endregion caregiver-access
