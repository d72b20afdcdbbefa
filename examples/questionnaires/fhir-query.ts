/**
 * Template extraction that looks something up on the server while it runs: a referral form asks
 * for the specialist's NPI, and the extracted ServiceRequest points at the Practitioner found by
 * an `application/x-fhir-query` search.
 */
import type { Questionnaire, ServiceRequest } from '@medplum/fhirtypes';

const SDC = 'http://hl7.org/fhir/uv/sdc/StructureDefinition';

// #region fhir-query
/** The search run during extraction; `{{ }}` holds a FHIRPath expression over the response. */
export const SPECIALIST_BY_NPI =
  "Practitioner?identifier=http://hl7.org/fhir/sid/us-npi|{{%resource.item.where(linkId = 'npi').answer.value}}";

export function referralForm(): Questionnaire {
  const referralTemplate: ServiceRequest = {
    resourceType: 'ServiceRequest',
    id: 'referral-template',
    status: 'active',
    intent: 'order',
    subject: {
      extension: [{ url: `${SDC}/sdc-questionnaire-templateExtractValue`, valueString: '%resource.subject' }],
    },
    code: {
      _text: {
        extension: [
          {
            url: `${SDC}/sdc-questionnaire-templateExtractValue`,
            valueString: "%resource.item.where(linkId = 'reason').answer.value",
          },
        ],
      },
    } as ServiceRequest['code'],
    performer: [
      {
        extension: [
          {
            // The search result (a searchset Bundle) becomes the context of this element.
            url: `${SDC}/sdc-questionnaire-templateExtractContext`,
            valueExpression: {
              language: 'application/x-fhir-query',
              expression: SPECIALIST_BY_NPI,
              name: 'specialists',
            },
          },
        ],
        _reference: {
          extension: [
            {
              url: `${SDC}/sdc-questionnaire-templateExtractValue`,
              valueString: "'Practitioner/' + entry.resource.first().id",
            },
          ],
        },
      } as NonNullable<ServiceRequest['performer']>[number],
    ],
  };
  return {
    resourceType: 'Questionnaire',
    status: 'active',
    url: 'https://example.org/Questionnaire/specialist-referral',
    title: 'Specialist referral',
    contained: [referralTemplate],
    extension: [
      {
        url: `${SDC}/sdc-questionnaire-templateExtract`,
        extension: [{ url: 'template', valueReference: { reference: '#referral-template' } }],
      },
    ],
    item: [
      { linkId: 'npi', text: 'Specialist NPI', type: 'string', required: true },
      { linkId: 'reason', text: 'Reason for referral', type: 'text', required: true },
    ],
  };
}
// #endregion fhir-query
