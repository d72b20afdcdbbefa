/**
 * Files: Binary resources, Attachments that point at them, and presigned download URLs.
 */
import type { MedplumClient, WithId } from '@medplum/core';
import { createReference } from '@medplum/core';
import type { Attachment, Binary, DocumentReference, Parameters, Patient } from '@medplum/fhirtypes';

// #region create-binary
/** Stores raw bytes (here, text) as a Binary and returns it; `binary.url` is where to fetch it. */
export async function storeText(medplum: MedplumClient, text: string, filename: string): Promise<WithId<Binary>> {
  return medplum.createBinary({ data: text, contentType: 'text/plain', filename });
}
// #endregion create-binary

// #region attach
/**
 * Uploads a file and files it in the patient's chart as a DocumentReference. `createAttachment`
 * stores the bytes as a Binary and hands back an Attachment (url, contentType, title) to embed.
 * The Binary's security context is the Patient: when the server signs the attachment URLs in a
 * resource it returns, it signs this one only for a user who may read that Patient. A direct read
 * of the Binary is decided by the user's access to Binary alone.
 */
export async function attachNote(
  medplum: MedplumClient,
  patient: WithId<Patient>,
  data: string | Uint8Array,
  filename: string,
  contentType: string,
): Promise<WithId<DocumentReference>> {
  const attachment: Attachment = await medplum.createAttachment({
    data,
    filename,
    contentType,
    securityContext: createReference(patient),
  });
  return medplum.createResource<DocumentReference>({
    resourceType: 'DocumentReference',
    status: 'current',
    subject: createReference(patient),
    description: filename,
    content: [{ attachment }],
  });
}
// #endregion attach

// #region presigned
/**
 * Asks the server for a short-lived download URL for a Binary
 * (a GET of the Binary's `$presigned-url`). Use it to hand a file to something that cannot
 * send your access token, such as an `<img>` tag or another service.
 */
export async function presignedUrl(medplum: MedplumClient, binaryId: string): Promise<string> {
  const result = (await medplum.get(medplum.fhirUrl('Binary', binaryId, '$presigned-url'))) as Parameters;
  const url = result.parameter?.find((p) => p.name === 'url')?.valueUri;
  if (!url) {
    throw new Error('The server did not return a url parameter');
  }
  return url;
}
// #endregion presigned

// #region download
/**
 * Reads a file's bytes in code. The Binary's reference goes to the FHIR API (a GET of the Binary
 * with a non-FHIR Accept header and the access token), which streams the raw file from the API's own origin,
 * so no cross-origin request to the storage host is made.
 */
export async function downloadBinary(medplum: MedplumClient, binaryId: string): Promise<Blob> {
  return medplum.download(`Binary/${binaryId}`);
}
// #endregion download
