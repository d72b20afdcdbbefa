/**
 * Turns a completed prescription-request QuestionnaireResponse into one draft MedicationRequest.
 * Trigger it with a Subscription on
 * "QuestionnaireResponse?questionnaire=https://example.com/Questionnaire/prescription-request".
 */
import type { BotEvent, MedplumClient } from '@medplum/core';
import { createReference, getQuestionnaireAnswers, isReference } from '@medplum/core';
import type { MedicationRequest, Patient, Questionnaire, QuestionnaireResponse } from '@medplum/fhirtypes';

// #region questionnaire
export const prescriptionRequest: Questionnaire = {
  resourceType: 'Questionnaire',
  url: 'https://example.com/Questionnaire/prescription-request',
  status: 'active',
  title: 'Prescription request',
  item: [
    {
      linkId: 'medication',
      text: 'Medication',
      type: 'choice',
      required: true,
      answerOption: [
        {
          valueCoding: {
            system: 'http://www.nlm.nih.gov/research/umls/rxnorm',
            code: '308136',
            display: 'amLODIPine 2.5 MG Oral Tablet',
          },
        },
        {
          valueCoding: {
            system: 'http://www.nlm.nih.gov/research/umls/rxnorm',
            code: '861007',
            display: 'metFORMIN hydrochloride 500 MG Oral Tablet',
          },
        },
      ],
    },
    { linkId: 'directions', text: 'Directions', type: 'string', required: true },
    { linkId: 'quantity', text: 'Tablets to dispense', type: 'integer' },
    { linkId: 'refills', text: 'Refills', type: 'integer' },
  ],
};
// #endregion questionnaire

// #region handler
/** Marks the order made from a response, so a second run for the same response finds it. */
export const RESPONSE_ID_SYSTEM = 'https://example.com/prescription-request-response';

export async function handler(
  medplum: MedplumClient,
  event: BotEvent<QuestionnaireResponse>,
): Promise<MedicationRequest | undefined> {
  const response = event.input;
  // Drafts are saved often; act only on a saved, completed response about a patient.
  if (response.status !== 'completed' || !response.id || !isReference<Patient>(response.subject, 'Patient')) {
    return undefined;
  }
  const answers = getQuestionnaireAnswers(response);
  const medication = answers['medication']?.valueCoding;
  if (!medication) {
    return undefined;
  }
  const directions = answers['directions']?.valueString;
  const quantity = answers['quantity']?.valueInteger;
  const refills = answers['refills']?.valueInteger;
  // FHIR elements are never empty, so leave out what the form left unanswered
  // (a server rejects an empty entry such as dosageInstruction: [{}])
  const dosageInstruction = directions ? [{ text: directions }] : undefined;
  const dispenseRequest =
    quantity === undefined && refills === undefined
      ? undefined
      : {
          quantity: quantity === undefined ? undefined : { value: quantity, unit: 'tablet' },
          numberOfRepeatsAllowed: refills,
        };
  // One order per response, even when the subscription fires again on an update
  const identifier = { system: RESPONSE_ID_SYSTEM, value: response.id };
  return medplum.createResourceIfNoneExist<MedicationRequest>(
    {
      resourceType: 'MedicationRequest',
      identifier: [identifier],
      status: 'draft',
      intent: 'order',
      subject: response.subject,
      encounter: response.encounter,
      authoredOn: response.authored,
      medicationCodeableConcept: { coding: [medication], text: medication.display },
      dosageInstruction,
      dispenseRequest,
      supportingInformation: [createReference(response)],
    },
    `identifier=${identifier.system}|${identifier.value}`,
  );
}
// #endregion handler
