/**
 * C-CDA documents: asking the server for a patient's C-CDA, and keeping a C-CDA received from
 * another organisation as a DocumentReference on the patient's chart.
 */
import type { MedplumClient, WithId } from '@medplum/core';
import { ContentType, createReference } from '@medplum/core';
import type { DocumentReference, Patient } from '@medplum/fhirtypes';

// #region export
/** The document templates the server's $ccda-export can produce. */
export type CcdaDocumentType = 'summary' | 'referral' | 'discharge';

/**
 * Builds a C-CDA XML document for one patient with the Patient's `$ccda-export`. The server
 * gathers the data the way `$summary` does, converts it, and answers with raw XML
 * (application/cda+xml), which MedplumClient returns as a string.
 */
export async function exportCcda(medplum: MedplumClient, patientId: string, type?: CcdaDocumentType): Promise<string> {
  const url = medplum.fhirUrl('Patient', patientId, '$ccda-export');
  if (type) {
    url.searchParams.set('type', type);
  }
  return medplum.get<string>(url, { headers: { Accept: ContentType.CDA_XML } });
}
// #endregion export

// #region store-inbound
/**
 * Files a C-CDA received from elsewhere (a referral, a discharge summary) on the patient's chart,
 * unchanged: the XML goes into a Binary and a DocumentReference points at it, so the original
 * can always be shown or forwarded exactly as it arrived.
 */
export async function fileReceivedCcda(
  medplum: MedplumClient,
  patient: WithId<Patient>,
  xml: string,
  sender: string,
): Promise<DocumentReference> {
  return medplum.createDocumentReference({
    data: xml,
    contentType: ContentType.CDA_XML,
    filename: 'received-ccda.xml',
    additionalFields: {
      status: 'current',
      subject: createReference(patient),
      description: `C-CDA received from ${sender}`,
      type: { text: 'C-CDA document' },
    },
  });
}
// #endregion store-inbound
