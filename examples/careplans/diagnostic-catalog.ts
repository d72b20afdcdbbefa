/**
 * A diagnostic catalog entry: what can be ordered (ActivityDefinition), what result it produces
 * (ObservationDefinition) and what sample it needs (SpecimenDefinition).
 */
import type { MedplumClient } from '@medplum/core';
import { createReference } from '@medplum/core';
import type { ActivityDefinition, ObservationDefinition, ServiceRequest, SpecimenDefinition } from '@medplum/fhirtypes';
import { BLOOD_SPECIMEN, codeToken, HBA1C, UCUM_SYSTEM } from './codes';

export interface CatalogEntry {
  activity: ActivityDefinition & { id: string };
  observation: ObservationDefinition & { id: string };
  specimen: SpecimenDefinition & { id: string };
}

// #region create-entry
/**
 * Creates the three definitions for an HbA1c test and links them: the ActivityDefinition points
 * at the result and specimen definitions, so one read tells an ordering screen everything.
 */
export async function createHba1cEntry(medplum: MedplumClient): Promise<CatalogEntry> {
  const specimen = await medplum.createResource<SpecimenDefinition>({
    resourceType: 'SpecimenDefinition',
    typeCollected: { coding: [BLOOD_SPECIMEN] },
    patientPreparation: [{ text: 'No fasting required.' }],
  });

  const observation = await medplum.createResource<ObservationDefinition>({
    resourceType: 'ObservationDefinition',
    code: { coding: [HBA1C] },
    permittedDataType: ['Quantity'],
    quantitativeDetails: {
      unit: { coding: [{ system: UCUM_SYSTEM, code: '%', display: '%' }] },
      decimalPrecision: 1,
    },
  });

  const activity = await medplum.createResource<ActivityDefinition>({
    resourceType: 'ActivityDefinition',
    // The canonical URL: what orders record, and what a PlanDefinition action names to use this entry.
    url: 'https://example.org/fhir/ActivityDefinition/hba1c-test',
    status: 'active',
    name: 'Hba1cTest',
    title: 'Hemoglobin A1c',
    kind: 'ServiceRequest',
    code: { coding: [HBA1C] },
    specimenRequirement: [createReference(specimen)],
    observationResultRequirement: [createReference(observation)],
  });

  return { activity, observation, specimen };
}
// #endregion create-entry

// #region find-and-order
/** Looks a test up in the catalog by its LOINC code and orders it for a patient. */
export async function orderFromCatalog(
  medplum: MedplumClient,
  patientId: string,
  loinc = HBA1C,
): Promise<ServiceRequest> {
  const activity = await medplum.searchOne('ActivityDefinition', { code: codeToken(loinc), status: 'active' });
  if (!activity?.code) {
    throw new Error(`No active catalog entry for ${codeToken(loinc)}`);
  }
  if (!activity.url) {
    // instantiatesCanonical takes a canonical URL; a relative reference does not belong there.
    throw new Error(`ActivityDefinition/${activity.id} has no canonical url`);
  }
  return medplum.createResource<ServiceRequest>({
    resourceType: 'ServiceRequest',
    status: 'active',
    intent: 'order',
    code: activity.code,
    subject: { reference: `Patient/${patientId}` },
    // Records which catalog entry the order came from, by its canonical URL.
    instantiatesCanonical: [activity.url],
  });
}
// #endregion find-and-order
