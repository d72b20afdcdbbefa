/**
 * For server mode (verify:server, tests/server/server-mode.ts): a client of the test's own project
 * on the real server whose requests are recorded in scriptedClient's shape, so a test that scripts
 * the server's answers against the mock can send the same example calls to the server and check
 * the same requests. `backend` is a second client of the same project for the test's own setup.
 */
import type { MedplumClient } from '@medplum/core';
import { MockClient } from '@medplum/mock';
import { onServer } from '../../../server/on-server';
import type { RecordedRequest } from './scripted-fetch';

export function serverRecordingClient(): {
  medplum: MedplumClient;
  requests: RecordedRequest[];
  backend: MedplumClient;
} {
  if (!onServer) {
    throw new Error('serverRecordingClient() is for server mode only (MEDPLUM_VERIFY_ENV unset)');
  }
  // In server mode `new MockClient()` is a client of a new project on the server.
  const backend = new MockClient();
  const requests: RecordedRequest[] = [];
  const fetchImpl = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const headers: Record<string, string> = {};
    new Headers(init?.headers).forEach((v, k) => {
      headers[k.toLowerCase()] = v;
    });
    requests.push({
      method: init?.method ?? 'GET',
      url: new URL(input.toString()),
      headers,
      body: typeof init?.body === 'string' ? init.body : undefined,
    });
    return backend.client.mockFetch(input.toString(), init ?? {}) as Promise<Response>;
  };
  const medplum = new MockClient({ fetch: fetchImpl } as ConstructorParameters<typeof MockClient>[0]);
  return { medplum, requests, backend };
}
