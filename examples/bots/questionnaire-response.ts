/**
 * Turns answers in a vitals intake QuestionnaireResponse into Observations. Trigger it with a
 * Subscription on "QuestionnaireResponse?questionnaire=..." so only this form's answers arrive.
 */
import type { BotEvent, MedplumClient } from '@medplum/core';
import { createReference } from '@medplum/core';
import type { Observation, QuestionnaireResponse, QuestionnaireResponseItem } from '@medplum/fhirtypes';

// #region mapping
/** Which answer becomes which LOINC observation, and the UCUM unit expected. */
export const VITALS_BY_LINK_ID: Record<string, { code: string; display: string; unit: string }> = {
  'body-weight': { code: '29463-7', display: 'Body weight', unit: 'kg' },
  'body-height': { code: '8302-2', display: 'Body height', unit: 'cm' },
  'heart-rate': { code: '8867-4', display: 'Heart rate', unit: '/min' },
};
// #endregion mapping

// #region handler
export async function handler(medplum: MedplumClient, event: BotEvent<QuestionnaireResponse>): Promise<string[]> {
  const response = event.input;
  if (response.status !== 'completed') {
    return []; // Drafts are saved often; only act on the final answers.
  }
  const created: string[] = [];
  for (const item of flatten(response.item)) {
    const vital = VITALS_BY_LINK_ID[item.linkId];
    const answer = item.answer?.[0];
    const value = answer?.valueDecimal ?? answer?.valueInteger ?? answer?.valueQuantity?.value;
    if (!vital || value === undefined) {
      continue;
    }
    const obs = await medplum.createResource<Observation>({
      resourceType: 'Observation',
      status: 'final',
      category: [
        { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/observation-category', code: 'vital-signs' }] },
      ],
      code: { coding: [{ system: 'http://loinc.org', code: vital.code, display: vital.display }] },
      subject: response.subject as Observation['subject'],
      encounter: response.encounter,
      effectiveDateTime: response.authored,
      valueQuantity: { value, unit: vital.unit, system: 'http://unitsofmeasure.org', code: vital.unit },
      derivedFrom: [createReference(response)],
    });
    created.push(`Observation/${obs.id}`);
  }
  return created;
}

/** Questions can sit inside groups; walk the whole tree. */
function flatten(items: QuestionnaireResponseItem[] | undefined): QuestionnaireResponseItem[] {
  return (items ?? []).flatMap((item) => [item, ...flatten(item.item)]);
}
// #endregion handler
