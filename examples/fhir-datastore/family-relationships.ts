/**
 * Family relationships: RelatedPerson for people connected to a patient, and Patient.link when
 * the relative is also a patient.
 */
import type { MedplumClient, WithId } from '@medplum/core';
import { createReference } from '@medplum/core';
import type { Patient, RelatedPerson } from '@medplum/fhirtypes';

/** HL7 v3 RoleCode system, which holds the family relationship codes (MTH, FTH, SPS, ...). */
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
 * When the relative is also a patient, point the RelatedPerson at their Patient record too
 * (`Patient.link` with type `seealso`), so an app can jump from the relative to their chart.
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
