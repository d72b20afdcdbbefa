/**
 * Binary/$presigned-url: a short-lived storage URL to read or write a Binary directly.
 */
import type { MedplumClient } from '@medplum/core';
import type { Parameters } from '@medplum/fhirtypes';

// #region presigned-url
/**
 * Returns a URL anyone can use until it expires, so treat it like a password. Pass
 * `upload: true` for a URL that writes new content (needs update access to the Binary).
 */
export async function presignedUrl(medplum: MedplumClient, binaryId: string, upload = false): Promise<string> {
  const url = medplum.fhirUrl('Binary', binaryId, '$presigned-url');
  if (upload) {
    url.searchParams.set('upload', 'true');
  }
  // Each call mints a new URL; a cached one may already have expired.
  const result: Parameters = await medplum.get(url, { cache: 'no-cache' });
  const value = result.parameter?.find((p) => p.name === 'url')?.valueUri;
  if (!value) {
    throw new Error('$presigned-url returned no url');
  }
  return value;
}
// #endregion presigned-url

// #region upload
/**
 * Writes new content to an existing Binary through an upload URL, without sending the bytes
 * through the FHIR API. The Content-Type must equal the Binary's contentType, and the URL only
 * works for PUT: a download URL is refused for uploads and the other way round.
 */
export async function uploadThroughPresignedUrl(
  medplum: MedplumClient,
  binary: { id: string; contentType: string },
  content: Blob,
  fetchImpl: typeof fetch = fetch,
): Promise<void> {
  const url = await presignedUrl(medplum, binary.id, true);
  const response = await fetchImpl(url, {
    method: 'PUT',
    headers: { 'Content-Type': binary.contentType },
    body: content,
  });
  if (!response.ok) {
    // 401 bad signature, 410 expired URL, 400 Content-Type mismatch (on the server's own storage)
    throw new Error(`Upload failed with ${response.status}: ${await response.text()}`);
  }
}
// #endregion upload
