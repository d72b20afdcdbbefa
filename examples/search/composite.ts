/**
 * Searching Observation components by code and value together. FHIR defines composite parameters
 * for this (`component-code-value-quantity`); a Medplum server does not index composite parameters,
 * so the example searches the two halves separately and pairs them in code.
 */
import type { MedplumClient } from '@medplum/core';
import type { Observation } from '@medplum/fhirtypes';

// #region component-pair
export const LOINC = 'http://loinc.org';
export const BP_PANEL = '85354-9'; // Blood pressure panel with all children optional
export const SYSTOLIC = '8480-6'; // Systolic blood pressure

/**
 * A patient's blood pressure readings whose systolic value is below `limit` mm[Hg]. The server
 * narrows the search to the patient's panels that have a systolic component; the filter then pairs
 * that component with its value, which is what a composite parameter would have done.
 */
export async function lowSystolicReadings(
  medplum: MedplumClient,
  patientRef: string,
  limit: number,
): Promise<Observation[]> {
  const candidates = await medplum.searchResources('Observation', {
    patient: patientRef,
    code: `${LOINC}|${BP_PANEL}`,
    'component-code': `${LOINC}|${SYSTOLIC}`,
    _count: '1000',
  });
  return candidates.filter((obs) =>
    obs.component?.some(
      (c) =>
        c.code.coding?.some((cd) => cd.system === LOINC && cd.code === SYSTOLIC) &&
        c.valueQuantity?.value !== undefined &&
        c.valueQuantity.value < limit,
    ),
  );
}
// #endregion component-pair
