/**
 * The upload helper asks $presigned-url for an upload URL (scripted answer) and PUTs the content to
 * it with the Binary's content type; the storage answers come from a stubbed fetch.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { scriptedClient } from './support/scripted-fetch';
import { uploadThroughPresignedUrl } from '../../../examples/api/operations-binary';

const UPLOAD_URL =
  'https://api.example.org/storage/b1/2?Expires=1796119200&Project=0d4f7c1e-4b2a-4c55-9b0e-7e2f3a1d9c10&Signature=abc';

describe('api/binary upload through a presigned URL', () => {
  test('asks for an upload URL, then PUTs with the Binary content type', async () => {
    const { medplum, requests } = scriptedClient([
      { status: 200, body: { resourceType: 'Parameters', parameter: [{ name: 'url', valueUri: UPLOAD_URL }] } },
    ]);
    const puts: { url: string; init?: RequestInit }[] = [];
    const storage = (async (url: string | URL | Request, init?: RequestInit) => {
      puts.push({ url: url.toString(), init });
      return new Response(null, { status: 200 });
    }) as typeof fetch;
    const pdf = new Blob([new Uint8Array([0x25, 0x50, 0x44, 0x46])], { type: 'application/pdf' }); // "%PDF"
    await uploadThroughPresignedUrl(medplum, { id: 'b1', contentType: 'application/pdf' }, pdf, storage);
    assert.equal(requests[0].url.pathname, '/fhir/R4/Binary/b1/$presigned-url');
    assert.equal(requests[0].url.searchParams.get('upload'), 'true');
    assert.equal(puts[0].url, UPLOAD_URL);
    assert.equal(puts[0].init?.method, 'PUT');
    assert.deepEqual(puts[0].init?.headers, { 'Content-Type': 'application/pdf' });
    assert.equal(puts[0].init?.body, pdf);
  });

  test('reports the storage refusal', async () => {
    const { medplum } = scriptedClient([
      { status: 200, body: { resourceType: 'Parameters', parameter: [{ name: 'url', valueUri: UPLOAD_URL }] } },
    ]);
    const storage = (async () => new Response('Content-Type mismatch', { status: 400 })) as typeof fetch;
    await assert.rejects(
      uploadThroughPresignedUrl(medplum, { id: 'b1', contentType: 'application/pdf' }, new Blob(['x']), storage),
      /Upload failed with 400: Content-Type mismatch/,
    );
  });
});
