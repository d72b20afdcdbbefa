/**
 * The FHIRcast hub protocol without the SDK's fhircast* helpers: the form post that subscribes,
 * the WebSocket messages (confirmation, events, heartbeats, acknowledgements), the JSON post that
 * publishes a context change and the GET that reads the current context. A client written in
 * another language (C# with HttpClient and ClientWebSocket, for instance) sends exactly these.
 */
import { ContentType, type MedplumClient } from '@medplum/core';
import type { Patient } from '@medplum/fhirtypes';

/** The hub's address: `fhircast/STU3` under the server's base URL. */
export function hubUrl(medplum: MedplumClient): string {
  return new URL('fhircast/STU3', medplum.getBaseUrl()).toString();
}

// #region subscribe
/**
 * Subscribes to a topic with a form-encoded POST and returns the WebSocket URL the hub hands out.
 * The same four fields work for any client: channel type, mode, topic and a comma-separated list.
 */
export async function subscribe(medplum: MedplumClient, topic: string, events: string[]): Promise<string> {
  const form = new URLSearchParams({
    'hub.channel.type': 'websocket',
    'hub.mode': 'subscribe',
    'hub.topic': topic,
    'hub.events': events.join(','),
  });
  const answer = await medplum.post(hubUrl(medplum), form.toString(), ContentType.FORM_URL_ENCODED);
  return answer['hub.channel.endpoint'] as string;
}
// #endregion subscribe

/** An event as the hub forwards it over the WebSocket. */
export interface HubEvent {
  id: string;
  timestamp: string;
  event: {
    'hub.topic': string;
    'hub.event': string;
    'context.versionId'?: string;
    context: { key: string; resource?: { resourceType: string; id?: string } }[];
  };
}

/** The parts of a WebSocket this code uses (the browser's and Node's global WebSocket have them). */
export interface SocketLike {
  send(data: string): void;
  close(): void;
  addEventListener(type: 'message', listener: (message: { data: unknown }) => void): void;
  addEventListener(type: 'error', listener: (error: unknown) => void): void;
}

// #region listen
/**
 * Opens the WebSocket and resolves once the hub has confirmed the subscription. Every later event
 * is acknowledged in the form the FHIRcast specification gives (the event's id and a status code)
 * and passed to `onEvent`; heartbeats are dropped.
 */
export function listen(
  endpoint: string,
  onEvent: (message: HubEvent) => void,
  openSocket: (url: string) => SocketLike = (url) => new WebSocket(url),
): Promise<SocketLike> {
  const socket = openSocket(endpoint);
  return new Promise((resolve, reject) => {
    socket.addEventListener('error', reject);
    socket.addEventListener('message', ({ data }) => {
      const message = JSON.parse(String(data));
      if (!message.event) {
        // A control message: the confirmation after connecting, or a denial.
        if (message['hub.mode'] === 'subscribe') {
          resolve(socket);
        } else if (message['hub.mode'] === 'denied') {
          socket.close();
          reject(new Error(`Subscription denied: ${message['hub.reason']}`));
        }
        return;
      }
      if (message.event['hub.event'] === 'heartbeat') {
        return;
      }
      socket.send(JSON.stringify({ id: message.id, status: 200 }));
      onEvent(message as HubEvent);
    });
  });
}
// #endregion listen

// #region publish
/** Publishes Patient-open: a JSON body with a new event id, a timestamp, the topic and the context. */
export async function publishPatientOpen(
  medplum: MedplumClient,
  topic: string,
  patient: Patient,
): Promise<{ success: boolean; event: HubEvent }> {
  const body = {
    timestamp: new Date().toISOString(),
    id: crypto.randomUUID(),
    event: {
      'hub.topic': topic,
      'hub.event': 'Patient-open',
      context: [{ key: 'patient', resource: { resourceType: 'Patient', id: patient.id } }],
    },
  };
  return medplum.post(hubUrl(medplum), body, ContentType.JSON);
}
// #endregion publish

// #region context
/** Reads the topic's current context: `context.type` is '' when nothing is open. */
export async function currentContext(
  medplum: MedplumClient,
  topic: string,
): Promise<{ 'context.type': string; 'context.versionId'?: string; context: HubEvent['event']['context'] }> {
  return medplum.get(`${hubUrl(medplum)}/${encodeURIComponent(topic)}`, { cache: 'no-cache' });
}
// #endregion context
