/**
 * Runs createDocumentReference against MockClient with a small PDF written to a temporary folder:
 * the DocumentReference is current, keeps the additional fields, and its attachment points at a
 * Binary holding the file's bytes.
 */
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { MockClient } from '@medplum/mock';
import { fileReferralLetter } from '../../../examples/fhir-datastore/document-reference-upload';
import { binaryIdFromUrl } from '../../../examples/fhir-datastore/files';

const PDF = '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n';

test('fileReferralLetter creates the DocumentReference and its Binary', async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'referral-'));
  try {
    const file = path.join(dir, 'referral-letter-2026-03-02.pdf');
    await writeFile(file, PDF);
    const medplum = new MockClient();
    const doc = await fileReferralLetter(medplum, file);
    assert.equal(doc.status, 'current');
    assert.equal(doc.subject?.reference, 'Patient/6f1c0c3e-6d64-4a2c-9c1e-2b0c1f1a0a01');
    assert.equal(doc.type?.coding?.[0]?.code, '57133-1');
    assert.equal(doc.description, 'Referral letter from Riverside Cardiology');
    const attachment = doc.content?.[0]?.attachment;
    assert.equal(attachment?.contentType, 'application/pdf');
    assert.equal(attachment?.title, 'referral-letter-2026-03-02.pdf');
    const stored = await medplum.readResource('DocumentReference', doc.id as string);
    assert.equal(stored.content?.[0]?.attachment?.url, attachment?.url);
    // A server hands the attachment out as a signed storage link (storage/<binary id>/<version id>?…);
    // the mock keeps the Binary reference.
    const binaryId = binaryIdFromUrl(attachment?.url);
    assert.ok(binaryId, `attachment url ${attachment?.url} names a Binary`);
    const binary = await medplum.readResource('Binary', binaryId);
    assert.equal(binary.contentType, 'application/pdf');
    assert.equal(binary.securityContext?.reference, `DocumentReference/${doc.id}`);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
