/**
 * Cancelling an upload: the AbortController's signal goes in the request options, the second
 * argument of createAttachment.
 */
// #region cancel-upload
import type { MedplumClient } from '@medplum/core';
import type { Attachment } from '@medplum/fhirtypes';

export async function uploadWithCancel(
  medplum: MedplumClient,
  file: File,
  cancelButton: HTMLButtonElement,
  onProgress: (e: ProgressEvent) => void,
): Promise<Attachment> {
  const controller = new AbortController();
  cancelButton.onclick = () => controller.abort();
  return medplum.createAttachment(
    { data: file, contentType: file.type, filename: file.name, onProgress },
    { signal: controller.signal },
  );
}
// #endregion cancel-upload
