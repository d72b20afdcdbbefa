/** Clinical operations: QuestionnaireResponse/$extract, Patient/$summary and PlanDefinition/$apply. */
import type { MedplumClient } from '@medplum/core';
import type { Bundle, Composition, Parameters, RequestGroup } from '@medplum/fhirtypes';

// #region extract
/**
 * Builds resources from a stored questionnaire response with $extract, then saves them.
 * $extract itself writes nothing; executeBatch posts the returned transaction Bundle.
 */
export async function extractAndSave(medplum: MedplumClient, responseId: string): Promise<Bundle> {
  const extracted: Bundle = await medplum.get(medplum.fhirUrl('QuestionnaireResponse', responseId, '$extract'), {
    cache: 'no-cache',
  });
  if (!extracted.entry?.length) {
    return extracted; // Nothing to save: the Questionnaire has no extraction templates that matched.
  }
  return medplum.executeBatch(extracted);
}
// #endregion extract

// #region summary
/** Returns the section titles of a patient's summary document, e.g. to show what will be shared. */
export async function summarySections(medplum: MedplumClient, patientId: string): Promise<string[]> {
  const document: Bundle = await medplum.get(medplum.fhirUrl('Patient', patientId, '$summary'), { cache: 'no-cache' });
  const composition = document.entry?.[0]?.resource as Composition | undefined;
  return (composition?.section ?? []).map((s) => s.title ?? '');
}
// #endregion summary

// #region plan-definition-apply
/** Starts a protocol for a patient: the server creates one Task per action and returns the RequestGroup. */
export async function startProtocol(
  medplum: MedplumClient,
  planDefinitionId: string,
  patientId: string
): Promise<RequestGroup> {
  const params: Parameters = {
    resourceType: 'Parameters',
    parameter: [{ name: 'subject', valueString: `Patient/${patientId}` }],
  };
  return medplum.post(medplum.fhirUrl('PlanDefinition', planDefinitionId, '$apply'), params);
}
// #endregion plan-definition-apply
