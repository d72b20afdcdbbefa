/**
 * Runs the cancel-upload example with a MedplumClient: MockClient's createBinary answers at once
 * and ignores the signal, so it cannot show a cancel. With onProgress, the client uploads through XMLHttpRequest
 * (MedplumClient.uploadwithProgress in @medplum/core), which Node does not have, so the test puts
 * a stand-in XMLHttpRequest on globalThis for each test, records what the client does with it and
 * answers it, and puts back what was there. The request never reaches fetch, so the region has no
 * HTTP recording.
 */
import assert from 'node:assert/strict';
import { afterEach, beforeEach, test } from 'node:test';
import { MedplumClient } from '@medplum/core';
import { uploadWithCancel } from '../../../examples/fhir-datastore/cancel-upload';

interface ProgressLike {
  loaded: number;
  total: number;
}

/** The parts of XMLHttpRequest that MedplumClient.uploadwithProgress uses. */
class StandInXhr {
  static sent: StandInXhr[] = [];
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown;
  aborted = false;
  status = 0;
  response: unknown;
  responseType = '';
  withCredentials = false;
  readonly upload: { onprogress?: (e: ProgressLike) => void; onload?: (e: ProgressLike) => void } = {};
  onload?: () => void;
  onabort?: () => void;
  onerror?: () => void;

  open(method: string, url: URL | string): void {
    this.method = method;
    this.url = String(url);
  }

  setRequestHeader(name: string, value: string): void {
    this.headers[name] = value;
  }

  send(body: unknown): void {
    this.body = body;
    StandInXhr.sent.push(this);
  }

  abort(): void {
    this.aborted = true;
    this.onabort?.();
  }

  /** The upload finishes and the server answers with the stored Binary. */
  finish(status: number, response: unknown): void {
    this.upload.onload?.({ loaded: 10, total: 10 });
    this.status = status;
    this.response = response;
    this.onload?.();
  }
}

let saved: unknown;
let hadXhr = false;
beforeEach(() => {
  hadXhr = 'XMLHttpRequest' in globalThis;
  saved = (globalThis as { XMLHttpRequest?: unknown }).XMLHttpRequest;
  StandInXhr.sent = [];
  (globalThis as { XMLHttpRequest?: unknown }).XMLHttpRequest = StandInXhr;
});
afterEach(() => {
  if (hadXhr) {
    (globalThis as { XMLHttpRequest?: unknown }).XMLHttpRequest = saved;
  } else {
    delete (globalThis as { XMLHttpRequest?: unknown }).XMLHttpRequest;
  }
});

/** A stand-in for the dialog's Cancel button: the example sets its onclick. */
function cancelButton(): { button: HTMLButtonElement; click: () => void } {
  const button = { onclick: null } as unknown as HTMLButtonElement;
  return {
    button,
    click: () => (button.onclick as unknown as () => void)(),
  };
}

/** No request goes through fetch: the upload takes the XMLHttpRequest path. */
function newClient(): MedplumClient {
  return new MedplumClient({
    baseUrl: 'https://fhir.example.org/',
    fetch: () => Promise.reject(new Error('the upload should not use fetch')),
  });
}

const file = new File(['%PDF-1.7 scan'], 'scan.pdf', { type: 'application/pdf' });

test('uploadWithCancel posts the file with its type and name, reports progress, and resolves to the Attachment', async () => {
  const medplum = newClient();
  const progress: ProgressLike[] = [];
  const { button } = cancelButton();
  const upload = uploadWithCancel(medplum, file, button, (e) => progress.push({ loaded: e.loaded, total: e.total }));
  assert.equal(typeof button.onclick, 'function');
  const [xhr] = StandInXhr.sent;
  assert.equal(xhr.method, 'POST');
  const url = new URL(xhr.url);
  assert.equal(url.origin + url.pathname, 'https://fhir.example.org/fhir/R4/Binary');
  assert.equal(url.searchParams.get('_filename'), 'scan.pdf');
  assert.equal(xhr.headers['Content-Type'], 'application/pdf');
  assert.equal(xhr.body, file);

  xhr.upload.onprogress?.({ loaded: 4, total: 10 });
  xhr.finish(201, { resourceType: 'Binary', id: 'b1', contentType: 'application/pdf', url: 'Binary/b1' });
  const attachment = await upload;
  assert.deepEqual(attachment, { contentType: 'application/pdf', url: 'Binary/b1', title: 'scan.pdf' });
  assert.deepEqual(progress, [
    { loaded: 4, total: 10 },
    { loaded: 10, total: 10 },
  ]);
  assert.equal(xhr.aborted, false);
});

test('uploadWithCancel stops the upload when Cancel is clicked, and rejects with an AbortError', async () => {
  const { button, click } = cancelButton();
  const upload = uploadWithCancel(newClient(), file, button, () => undefined);
  const [xhr] = StandInXhr.sent;
  click();
  assert.equal(xhr.aborted, true);
  await assert.rejects(upload, (err: Error) => {
    assert.equal(err.name, 'AbortError');
    assert.equal(err.message, 'Request aborted');
    return true;
  });
});
