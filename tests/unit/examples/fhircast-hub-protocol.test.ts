/**
 * Runs the hand-written FHIRcast flow (examples/fhircast/hub-protocol.ts). MockClient has no
 * FHIRcast hub, so against the mock the hub's HTTP answers are scripted (checked against
 * packages/server/src/fhircast/routes.ts) and the WebSocket is a stand-in; against a real server
 * (verify:server) the same calls go to the hub and a real WebSocket receives the event.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Patient } from '@medplum/fhirtypes';
import { onServer } from '../../server/on-server';
import { scriptedClient } from './support/scripted-fetch';
import { serverRecordingClient } from './support/server-client';
import {
  currentContext,
  hubUrl,
  listen,
  publishPatientOpen,
  subscribe,
  type HubEvent,
  type SocketLike,
} from '../../../examples/fhircast/hub-protocol';

const PATIENT: Patient = { resourceType: 'Patient', id: '62b9f44d-c2a3-4e69-900b-7da2747477b6' };

/** A stand-in socket: the test pushes hub messages into it and reads what the client sent. */
class FakeSocket implements SocketLike {
  sent: string[] = [];
  closed = false;
  private readonly listeners: Record<string, ((arg: never) => void)[]> = {};
  constructor(readonly url: string) {}
  send(data: string): void {
    this.sent.push(data);
  }
  close(): void {
    this.closed = true;
  }
  addEventListener(type: 'message' | 'error', listener: (arg: never) => void): void {
    (this.listeners[type] ??= []).push(listener);
  }
  receive(payload: unknown): void {
    for (const l of this.listeners.message ?? []) l({ data: JSON.stringify(payload) } as never);
  }
}

/** A real WebSocket that also records what the client sends. */
function recordingSocket(url: string, sent: string[]): SocketLike {
  const socket = new WebSocket(url);
  return {
    send: (data) => {
      sent.push(data);
      socket.send(data);
    },
    close: () => socket.close(),
    addEventListener: (type: 'message' | 'error', listener: (arg: never) => void) =>
      socket.addEventListener(type, listener as never),
  };
}

describe('fhircast/hub-protocol', () => {
  test('subscribe posts the four hub fields form-encoded and returns the endpoint', async () => {
    const { medplum, requests } = onServer
      ? serverRecordingClient()
      : scriptedClient([
          { status: 202, body: { 'hub.channel.endpoint': 'wss://medplum.example.org/ws/fhircast/3e5d' } },
        ]);
    const endpoint = await subscribe(medplum, '7Rk2pXq9LmZ4vT8cWn3bJd', ['Patient-open', 'Patient-close']);
    // The hub answers 202 with ws(s)://{server}/ws/fhircast/{secret id}, one per project and topic.
    assert.match(endpoint, /^wss?:\/\/[^/]+\/ws\/fhircast\/[0-9a-z-]+$/);
    assert.equal(requests[0].method, 'POST');
    assert.equal(requests[0].url.toString(), hubUrl(medplum));
    assert.equal(requests[0].headers['content-type'], 'application/x-www-form-urlencoded');
    assert.match(requests[0].headers.authorization, /^Bearer /);
    assert.deepEqual(Object.fromEntries(new URLSearchParams(requests[0].body)), {
      'hub.channel.type': 'websocket',
      'hub.mode': 'subscribe',
      'hub.topic': '7Rk2pXq9LmZ4vT8cWn3bJd',
      'hub.events': 'Patient-open,Patient-close',
    });
  });

  test('publishPatientOpen posts a JSON event and currentContext reads it back', async () => {
    const { medplum, requests } = onServer
      ? serverRecordingClient()
      : scriptedClient([
          { status: 202, body: { success: true, event: {} } },
          {
            status: 200,
            body: {
              'context.type': 'Patient',
              'context.versionId': 'v1',
              context: [{ key: 'patient', resource: { resourceType: 'Patient', id: PATIENT.id } }],
            },
          },
        ]);
    const answer = await publishPatientOpen(medplum, '7Rk2pXq9LmZ4vT8cWn3bJd', PATIENT);
    assert.equal(answer.success, true);
    const body = JSON.parse(requests[0].body as string);
    assert.equal(requests[0].url.toString(), hubUrl(medplum));
    assert.equal(requests[0].headers['content-type'], 'application/json');
    assert.ok(body.id && body.timestamp);
    assert.deepEqual(body.event, {
      'hub.topic': '7Rk2pXq9LmZ4vT8cWn3bJd',
      'hub.event': 'Patient-open',
      context: [{ key: 'patient', resource: { resourceType: 'Patient', id: PATIENT.id } }],
    });

    const current = await currentContext(medplum, '7Rk2pXq9LmZ4vT8cWn3bJd');
    assert.equal(current['context.type'], 'Patient');
    assert.ok(current['context.versionId']);
    assert.equal(current.context[0].resource?.id, PATIENT.id);
    assert.equal(requests[1].method, 'GET');
    assert.equal(requests[1].url.toString(), `${hubUrl(medplum)}/7Rk2pXq9LmZ4vT8cWn3bJd`);
  });

  test('listen waits for the confirmation, drops heartbeats and acknowledges each event', async () => {
    let socket: FakeSocket | undefined;
    const events: HubEvent[] = [];
    const ready = listen(
      'wss://medplum.example.org/ws/fhircast/3e5d',
      (e) => events.push(e),
      (url) => {
        socket = new FakeSocket(url);
        return socket;
      },
    );
    assert.ok(socket);
    assert.equal(socket.url, 'wss://medplum.example.org/ws/fhircast/3e5d');
    // The hub's first message on a new socket (packages/server/src/ws/fhircast.ts).
    socket.receive({ 'hub.mode': 'subscribe', 'hub.topic': '7Rk2pXq9LmZ4vT8cWn3bJd', 'hub.lease_seconds': 3600 });
    assert.equal(await ready, socket);

    socket.receive({
      id: 'h1',
      timestamp: '2026-01-05T09:00:00Z',
      event: {
        'hub.topic': '7Rk2pXq9LmZ4vT8cWn3bJd',
        'hub.event': 'heartbeat',
        context: [{ key: 'period', decimal: '10' }],
      },
    });
    socket.receive({
      id: 'e1',
      timestamp: '2026-01-05T09:00:01Z',
      event: {
        'hub.topic': '7Rk2pXq9LmZ4vT8cWn3bJd',
        'hub.event': 'Patient-open',
        'context.versionId': 'v1',
        context: [{ key: 'patient', resource: PATIENT }],
      },
    });
    assert.deepEqual(
      events.map((e) => e.event['hub.event']),
      ['Patient-open'],
    );
    // One acknowledgement, for the event only: its id and a success status.
    assert.equal(socket.sent.length, 1);
    assert.deepEqual(JSON.parse(socket.sent[0]), { id: 'e1', status: 200 });
  });

  test('listen rejects and closes when the hub denies the endpoint', async () => {
    let socket: FakeSocket | undefined;
    const ready = listen(
      'wss://medplum.example.org/ws/fhircast/unknown',
      () => undefined,
      (url) => {
        socket = new FakeSocket(url);
        return socket;
      },
    );
    socket?.receive({ 'hub.mode': 'denied', 'hub.topic': '', 'hub.events': '', 'hub.reason': 'invalid endpoint' });
    await assert.rejects(ready, /invalid endpoint/);
    assert.equal(socket?.closed, true);
  });

  // Last, so that each region above keeps the requests of its own test in both runs.
  test('the whole flow over a real WebSocket', { skip: !onServer && 'needs a real hub (verify:server)' }, async () => {
    const { medplum } = serverRecordingClient();
    const topic = 'c5NbW7yQ3kFm8RtZ2pVx6g';
    const sent: string[] = [];
    const received: HubEvent[] = [];
    let socket: SocketLike | undefined;
    try {
      const endpoint = await subscribe(medplum, topic, ['Patient-open', 'Patient-close']);
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no event within 10 s')), 10_000);
        listen(
          endpoint,
          (e) => {
            received.push(e);
            clearTimeout(timer);
            resolve();
          },
          (url) => recordingSocket(url, sent),
        )
          .then((s) => {
            socket = s;
            return publishPatientOpen(medplum, topic, PATIENT);
          })
          .catch(reject);
      });
      assert.equal(received[0].event['hub.event'], 'Patient-open');
      assert.equal(received[0].event['hub.topic'], topic);
      assert.equal(received[0].event.context[0].resource?.id, PATIENT.id);
      // The hub adds the context version to the *-open event it forwards, and stores the same one.
      assert.ok(received[0].event['context.versionId']);
      assert.deepEqual(JSON.parse(sent[0]), { id: received[0].id, status: 200 });
      const current = await currentContext(medplum, topic);
      assert.equal(current['context.versionId'], received[0].event['context.versionId']);
    } finally {
      socket?.close();
    }
  });
});
