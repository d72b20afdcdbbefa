/**
 * A MedplumClient whose fetch answers from a queue of scripted replies and records every request,
 * for examples that call routes only the real server implements (agent operations, the FHIRcast
 * hub, $ccda-export). Tests check the requests against what the server source expects.
 */
import { MedplumClient } from '@medplum/core';

export const SCRIPTED_BASE = 'https://medplum.example.org/';

export interface RecordedRequest {
  method: string;
  url: URL;
  headers: Record<string, string>;
  body: string | undefined;
}

export interface ScriptedReply {
  status: number;
  /** Serialized as JSON unless it is a string, which is sent as is. */
  body?: unknown;
  headers?: Record<string, string>;
  /** The status line's text, which the client's request log prints (`< 200 OK`); empty unless given. */
  statusText?: string;
}

/** A fetch that answers from a queue of scripted replies, each used once in order, and records every request. */
export function scriptedFetch(replies: ScriptedReply[]): { fetch: typeof fetch; requests: RecordedRequest[] } {
  const requests: RecordedRequest[] = [];
  const queue = [...replies];
  const fetchImpl = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries((init?.headers ?? {}) as Record<string, string>)) {
      headers[k.toLowerCase()] = v;
    }
    requests.push({
      method: init?.method ?? 'GET',
      url: new URL(input.toString()),
      headers,
      body: typeof init?.body === 'string' ? init.body : undefined,
    });
    const reply = queue.shift();
    if (!reply) {
      throw new Error(`Unexpected request ${init?.method ?? 'GET'} ${input.toString()}`);
    }
    let body: string | null = null;
    const baseHeaders: Record<string, string> = {};
    if (typeof reply.body === 'string') {
      body = reply.body;
    } else if (reply.body !== undefined) {
      body = JSON.stringify(reply.body);
      baseHeaders['content-type'] = 'application/fhir+json';
    }
    return new Response(body, {
      status: reply.status,
      statusText: reply.statusText,
      headers: { ...baseHeaders, ...reply.headers },
    });
  };
  return { fetch: fetchImpl as typeof fetch, requests };
}

/** A MedplumClient signed in with a test token whose requests go to `scriptedFetch`. */
export function scriptedClient(replies: ScriptedReply[]): { medplum: MedplumClient; requests: RecordedRequest[] } {
  const { fetch: fetchImpl, requests } = scriptedFetch(replies);
  const medplum = new MedplumClient({ baseUrl: SCRIPTED_BASE, fetch: fetchImpl });
  medplum.setAccessToken('test-access-token');
  return { medplum, requests };
}
