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
