/**
 * Clinical operations: QuestionnaireResponse/$extract, Patient/$summary, PlanDefinition/$apply and
 * Patient/$match.
 */
import type { MedplumClient } from '@medplum/core';
import type { Bundle, CarePlan, Composition, Parameters, Patient, RequestGroup } from '@medplum/fhirtypes';

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
/** Optional context for $apply: each is a reference string such as `Practitioner/7f6ab891-7d89-474a-9399-194df5c7a93f`. */
export interface ApplyContext {
  encounter?: string;
  practitioner?: string;
  organization?: string;
}

/**
 * Starts a protocol for a patient. The server creates one Task per action, a RequestGroup listing
 * them and a CarePlan whose activity points at the RequestGroup; it answers with the CarePlan.
 */
export async function startProtocol(
  medplum: MedplumClient,
  planDefinitionId: string,
  patientId: string,
  context: ApplyContext = {},
): Promise<CarePlan> {
  const params: Parameters = {
    resourceType: 'Parameters',
    parameter: [{ name: 'subject', valueString: `Patient/${patientId}` }],
  };
  for (const name of ['encounter', 'practitioner', 'organization'] as const) {
    const value = context[name];
    if (value) {
      params.parameter?.push({ name, valueString: value });
    }
  }
  return medplum.post(medplum.fhirUrl('PlanDefinition', planDefinitionId, '$apply'), params);
}

/** The RequestGroup the CarePlan from $apply points at, read from the server. */
export async function requestGroupOf(medplum: MedplumClient, carePlan: CarePlan): Promise<RequestGroup | undefined> {
  const ref = carePlan.activity?.find((a) => a.reference?.reference?.startsWith('RequestGroup/'))?.reference;
  return ref ? ((await medplum.readReference(ref)) as RequestGroup) : undefined;
}
// #endregion plan-definition-apply

// #region patient-match
/** One candidate from Patient/$match: the stored Patient, its score (0 to 1) and its match grade. */
export interface MatchCandidate {
  patient: Patient;
  score: number;
  grade: string | undefined;
}

/**
 * Before registering a new patient, asks the server for existing records that look like the same
 * person. Returns the candidates best first; an empty list means nothing scored as a possible match.
 */
export async function findExistingPatients(
  medplum: MedplumClient,
  intake: Patient,
  onlyCertainMatches = false,
): Promise<MatchCandidate[]> {
  const params: Parameters = {
    resourceType: 'Parameters',
    parameter: [
      { name: 'resource', resource: intake },
      { name: 'onlyCertainMatches', valueBoolean: onlyCertainMatches },
      { name: 'count', valueInteger: 5 },
    ],
  };
  const bundle: Bundle<Patient> = await medplum.post(medplum.fhirUrl('Patient', '$match'), params);
  return (bundle.entry ?? []).map((entry) => ({
    patient: entry.resource as Patient,
    score: entry.search?.score ?? 0,
    grade: entry.search?.extension?.find((e) => e.url === 'http://hl7.org/fhir/StructureDefinition/match-grade')
      ?.valueCode,
  }));
}
// #endregion patient-match
