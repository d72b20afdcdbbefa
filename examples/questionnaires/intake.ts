/**
 * A small intake form: the Questionnaire, the QuestionnaireResponse a patient's answers become,
 * and two ways of turning answers into clinical resources (in the client, or with the server's
 * QuestionnaireResponse/$extract operation).
 */
import type { MedplumClient } from '@medplum/core';
import { createReference, getQuestionnaireAnswers } from '@medplum/core';
import type {
  Bundle,
  Observation,
  Patient,
  Questionnaire,
  QuestionnaireResponse,
  QuestionnaireResponseItem,
} from '@medplum/fhirtypes';

export const INTAKE_URL = 'https://example.org/fhir/Questionnaire/adult-intake';

const LOINC = 'http://loinc.org';
const SDC = 'http://hl7.org/fhir/uv/sdc/StructureDefinition';

// #region questionnaire
/**
 * An intake Questionnaire. `url` is what responses point at; `linkId` is how answers are found.
 * The weight question carries SDC template-extraction extensions so that the server's $extract
 * can build an Observation from it; the template is a contained resource.
 */
export function buildIntakeQuestionnaire(): Questionnaire {
  return {
    resourceType: 'Questionnaire',
    url: INTAKE_URL,
    name: 'AdultIntake',
    title: 'Adult intake',
    status: 'active',
    subjectType: ['Patient'],
    contained: [
      {
        resourceType: 'Observation',
        id: 'weight-template',
        status: 'final',
        category: [
          {
            coding: [{ system: 'http://terminology.hl7.org/CodeSystem/observation-category', code: 'vital-signs' }],
          },
        ],
        code: { coding: [{ system: LOINC, code: '29463-7', display: 'Body weight' }] },
        // FHIRPath evaluated against the response item whose linkId is "weight".
        subject: {
          extension: [{ url: `${SDC}/sdc-questionnaire-templateExtractValue`, valueString: '%resource.subject' }],
        },
        valueQuantity: {
          _value: {
            extension: [{ url: `${SDC}/sdc-questionnaire-templateExtractValue`, valueString: 'answer.value' }],
          },
          unit: 'kg',
          system: 'http://unitsofmeasure.org',
          code: 'kg',
        },
      } as Observation,
    ],
    item: [
      { linkId: 'smoker', text: 'Do you currently smoke?', type: 'boolean', required: true },
      {
        linkId: 'weight',
        text: 'Body weight (kg)',
        type: 'decimal',
        code: [{ system: LOINC, code: '29463-7', display: 'Body weight' }],
        extension: [
          {
            url: `${SDC}/sdc-questionnaire-templateExtract`,
            extension: [{ url: 'template', valueReference: { reference: '#weight-template' } }],
          },
        ],
      },
      {
        linkId: 'concerns',
        text: 'What would you like to discuss today?',
        type: 'text',
      },
    ],
  };
}
// #endregion questionnaire

// #region save-response
/**
 * Stores what the form produced. `QuestionnaireForm`'s onSubmit hands over a response like this
 * one; saving it is the app's job. `questionnaire` holds the canonical URL, not a reference.
 */
export async function saveIntakeResponse(
  medplum: MedplumClient,
  patient: Patient & { id: string },
  answers: { smoker: boolean; weightKg?: number; concerns?: string },
): Promise<QuestionnaireResponse> {
  const item: QuestionnaireResponseItem[] = [{ linkId: 'smoker', answer: [{ valueBoolean: answers.smoker }] }];
  if (answers.weightKg !== undefined) {
    item.push({ linkId: 'weight', answer: [{ valueDecimal: answers.weightKg }] });
  }
  if (answers.concerns) {
    item.push({ linkId: 'concerns', answer: [{ valueString: answers.concerns }] });
  }
  return medplum.createResource<QuestionnaireResponse>({
    resourceType: 'QuestionnaireResponse',
    questionnaire: INTAKE_URL,
    status: 'completed',
    subject: createReference(patient),
    authored: new Date().toISOString(),
    item,
  });
}
// #endregion save-response

// #region extract-client
/**
 * Client-side extraction: read answers by linkId and write the Observation yourself. Use this
 * when the mapping needs logic FHIRPath cannot express, for example in a Bot triggered by a
 * Subscription on QuestionnaireResponse.
 */
export async function extractWeightInClient(
  medplum: MedplumClient,
  response: QuestionnaireResponse,
): Promise<Observation | undefined> {
  const answers = getQuestionnaireAnswers(response);
  const weight = answers['weight']?.valueDecimal;
  if (weight === undefined || !response.subject) {
    return undefined;
  }
  return medplum.createResource<Observation>({
    resourceType: 'Observation',
    status: 'final',
    category: [
      { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/observation-category', code: 'vital-signs' }] },
    ],
    code: { coding: [{ system: LOINC, code: '29463-7', display: 'Body weight' }] },
    subject: response.subject as Observation['subject'],
    effectiveDateTime: response.authored,
    valueQuantity: { value: weight, unit: 'kg', system: 'http://unitsofmeasure.org', code: 'kg' },
    // Keeps the link back to the form the value came from.
    derivedFrom: [createReference(response as QuestionnaireResponse & { id: string })],
  });
}
// #endregion extract-client

// #region extract-server
/**
 * Server-side extraction: `POST QuestionnaireResponse/{id}/$extract` returns a transaction
 * Bundle built from the Questionnaire's templates. The server does not store it; executing the
 * Bundle is a second, deliberate step.
 */
export async function extractOnServer(medplum: MedplumClient, responseId: string): Promise<Bundle> {
  const url = medplum.fhirUrl('QuestionnaireResponse', responseId, '$extract');
  const transaction = (await medplum.post(url, { resourceType: 'Parameters' })) as Bundle;
  return medplum.executeBatch(transaction);
}
// #endregion extract-server
