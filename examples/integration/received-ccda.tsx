/** @jsxRuntime automatic @jsxImportSource react */
/**
 * Showing a received C-CDA: AttachmentDisplay opens application/cda+xml in Medplum's C-CDA viewer.
 */
// #region show-ccda
import { AttachmentDisplay } from '@medplum/react';
import type { DocumentReference } from '@medplum/fhirtypes';

export function ReceivedCcda({ doc }: { doc: DocumentReference }) {
  return <AttachmentDisplay value={doc.content[0]?.attachment} />;
}
// #endregion show-ccda
