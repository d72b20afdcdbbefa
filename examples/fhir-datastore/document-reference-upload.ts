/**
 * Filing a document with createDocumentReference: one call creates the DocumentReference, uploads
 * the file as a Binary with the DocumentReference as its securityContext, and points
 * `content[0].attachment` at that Binary.
 */
import type { MedplumClient } from '@medplum/core';
import type { DocumentReference } from '@medplum/fhirtypes';
import { readFile } from 'node:fs/promises';

// #region create-document-reference
export async function fileReferralLetter(medplum: MedplumClient, path: string): Promise<DocumentReference> {
  // path: for example 'referral-letter-2026-03-02.pdf'
  const letter = await readFile(path);
  return medplum.createDocumentReference({
    data: letter,
    contentType: 'application/pdf',
    filename: 'referral-letter-2026-03-02.pdf',
    additionalFields: {
      subject: { reference: 'Patient/6f1c0c3e-6d64-4a2c-9c1e-2b0c1f1a0a01' },
      type: { coding: [{ system: 'http://loinc.org', code: '57133-1', display: 'Referral note' }] },
      description: 'Referral letter from Riverside Cardiology',
    },
  });
}
// #endregion create-document-reference
