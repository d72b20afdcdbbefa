/**
 * The upload helper asks $presigned-url for an upload URL and PUTs the content to it with the
 * Binary's content type. Against the mock the $presigned-url answer is scripted and the storage
 * answers come from a stubbed fetch; against a server (verify:server) a real Binary is uploaded
 * through the server's own storage and read back.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { MockClient } from '@medplum/mock';
import { onServer } from '../../server/on-server';
import { scriptedClient } from './support/scripted-fetch';
import { presignedUrl, uploadThroughPresignedUrl } from '../../../examples/api/operations-binary';

const UPLOAD_URL =
  'https://api.example.org/storage/b1/2?Expires=1796119200&Project=0d4f7c1e-4b2a-4c55-9b0e-7e2f3a1d9c10&Signature=abc';

describe('api/binary upload through a presigned URL', () => {
  test('asks for an upload URL, then PUTs with the Binary content type', async () => {
    const pdf = new Blob([new Uint8Array([0x25, 0x50, 0x44, 0x46])], { type: 'application/pdf' }); // "%PDF"
    if (onServer) {
      const medplum = new MockClient();
      const binary = await medplum.createBinary({ data: 'old', contentType: 'application/pdf' });
      await uploadThroughPresignedUrl(medplum, { id: binary.id, contentType: 'application/pdf' }, pdf);
      // The stored bytes are the uploaded ones.
      assert.equal(await (await fetch(await presignedUrl(medplum, binary.id))).text(), '%PDF');
      return;
    }
    const { medplum, requests } = scriptedClient([
      { status: 200, body: { resourceType: 'Parameters', parameter: [{ name: 'url', valueUri: UPLOAD_URL }] } },
    ]);
    const puts: { url: string; init?: RequestInit }[] = [];
    const storage = (async (url: string | URL | Request, init?: RequestInit) => {
      puts.push({ url: url.toString(), init });
      return new Response(null, { status: 200 });
    }) as typeof fetch;
    await uploadThroughPresignedUrl(medplum, { id: 'b1', contentType: 'application/pdf' }, pdf, storage);
    assert.equal(requests[0].url.pathname, '/fhir/R4/Binary/b1/$presigned-url');
    assert.equal(requests[0].url.searchParams.get('upload'), 'true');
    assert.equal(puts[0].url, UPLOAD_URL);
    assert.equal(puts[0].init?.method, 'PUT');
    assert.deepEqual(puts[0].init?.headers, { 'Content-Type': 'application/pdf' });
    assert.equal(puts[0].init?.body, pdf);
  });

  test('reports the storage refusal', async () => {
    if (onServer) {
      // The server's storage refuses a Content-Type other than the Binary's.
      const medplum = new MockClient();
      const binary = await medplum.createBinary({ data: 'old', contentType: 'application/pdf' });
      await assert.rejects(
        uploadThroughPresignedUrl(medplum, { id: binary.id, contentType: 'image/png' }, new Blob(['x'])),
        /Upload failed with 400: Content-Type mismatch/,
      );
      return;
    }
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
