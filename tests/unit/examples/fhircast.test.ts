/**
 * Runs the FHIRcast examples. MockClient has no FHIRcast hub, so the hub requests go to a scripted
 * fetch and are checked against packages/server/src/fhircast/routes.ts (form-encoded subscribe,
 * JSON context changes posted to the hub URL, GET {hub}/{topic} for the current context). The
 * WebSocket is replaced through FhircastConnectionOptions.ReconnectingWebSocket.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { FhircastEventName, IReconnectingWebSocket, SubscriptionRequest, WebSocketEventMap } from '@medplum/core';
import { FHIRCAST_EVENT_NAMES, TypedEventTarget } from '@medplum/core';
import type { DiagnosticReport, ImagingStudy, Observation, Patient } from '@medplum/fhirtypes';
import { scriptedClient, SCRIPTED_BASE, type ScriptedReply } from './support/scripted-fetch';
import {
  announcePatientClose,
  announcePatientOpen,
  announceStudyOpen,
  currentPatientId,
  followPatient,
  subscribeViewer,
  VIEWER_EVENTS,
} from '../../../examples/fhircast/context-sync';
import { shareMeasurement } from '../../../examples/fhircast/report-update';

const HUB = `${SCRIPTED_BASE}fhircast/STU3`;
const PATIENT: Patient = {
  resourceType: 'Patient',
  id: '4b190e51-c1ea-49f6-a803-91e40a40748f',
  name: [{ family: 'Rivera', given: ['Ana'] }],
};
/** The hub's answer to a context read while only PATIENT is open (version v1). */
const PATIENT_OPEN: ScriptedReply = {
  status: 200,
  body: {
    'context.type': 'Patient',
    'context.versionId': 'v1',
    context: [{ key: 'patient', resource: PATIENT }],
  },
};
const STUDY: ImagingStudy = {
  resourceType: 'ImagingStudy',
  id: '81d87a36-0559-47c2-89da-68837fc87289',
  status: 'available',
  subject: { reference: 'Patient/4b190e51-c1ea-49f6-a803-91e40a40748f' },
};

/** A stand-in socket: tests push hub messages into it and read what the client sent back. */
class FakeSocket extends TypedEventTarget<WebSocketEventMap> implements IReconnectingWebSocket {
  static last: FakeSocket | undefined;
  readyState = 1;
  sent: string[] = [];
  constructor(readonly url: string) {
    super();
    FakeSocket.last = this;
  }
  send(message: string): void {
    this.sent.push(message);
  }
  close(): void {
    this.readyState = 3;
  }
  reconnect(): void {
    // Nothing to reconnect in a test.
  }
  receive(payload: unknown): void {
    this.dispatchEvent({ type: 'message', data: JSON.stringify(payload) } as MessageEvent);
  }
}

describe('fhircast/context-sync', () => {
  test('the viewer events are real FHIRcast event names known to the SDK', () => {
    for (const name of VIEWER_EVENTS) {
      assert.equal(FHIRCAST_EVENT_NAMES[name as FhircastEventName], name);
    }
  });

  test('subscribeViewer posts a form-encoded websocket subscription and keeps the endpoint', async () => {
    const endpoint = 'wss://medplum.example.org/ws/fhircast/9f1c';
    const { medplum, requests } = scriptedClient([{ status: 202, body: { 'hub.channel.endpoint': endpoint } }]);
    const sub = await subscribeViewer(medplum, 'Hq4Tz8mK2wVr6YcP9sLx1e');
    assert.equal(sub.endpoint, endpoint);
    assert.equal(requests[0].method, 'POST');
    assert.equal(requests[0].url.toString(), HUB);
    assert.equal(requests[0].headers['content-type'], 'application/x-www-form-urlencoded');
    const form = new URLSearchParams(requests[0].body);
    assert.equal(form.get('hub.channel.type'), 'websocket');
    assert.equal(form.get('hub.mode'), 'subscribe');
    assert.equal(form.get('hub.topic'), 'Hq4Tz8mK2wVr6YcP9sLx1e');
    assert.equal(form.get('hub.events'), 'Patient-open,Patient-close,ImagingStudy-open,ImagingStudy-close');
  });

  test('followPatient reports opened and closed patients and acknowledges each event', () => {
    const { medplum } = scriptedClient([]);
    const sub: SubscriptionRequest = {
      channelType: 'websocket',
      mode: 'subscribe',
      topic: 'Hq4Tz8mK2wVr6YcP9sLx1e',
      events: VIEWER_EVENTS,
      endpoint: 'wss://medplum.example.org/ws/fhircast/9f1c',
    };
    const seen: (string | undefined)[] = [];
    const connection = followPatient(medplum, sub, (p) => seen.push(p?.id), { ReconnectingWebSocket: FakeSocket });
    const socket = FakeSocket.last!;
    assert.equal(socket.url, sub.endpoint);

    socket.receive({ 'hub.mode': 'subscribe', 'hub.topic': 'Hq4Tz8mK2wVr6YcP9sLx1e' }); // hub's confirmation: no event
    socket.receive({
      id: 'e1',
      timestamp: '2026-01-05T09:00:00Z',
      event: { 'hub.topic': 'Hq4Tz8mK2wVr6YcP9sLx1e', 'hub.event': 'heartbeat', context: [] },
    });
    socket.receive({
      id: 'e2',
      timestamp: '2026-01-05T09:00:01Z',
      event: {
        'hub.topic': 'Hq4Tz8mK2wVr6YcP9sLx1e',
        'hub.event': 'Patient-open',
        context: [{ key: 'patient', resource: PATIENT }],
      },
    });
    socket.receive({
      id: 'e3',
      timestamp: '2026-01-05T09:05:00Z',
      event: {
        'hub.topic': 'Hq4Tz8mK2wVr6YcP9sLx1e',
        'hub.event': 'Patient-close',
        context: [{ key: 'patient', resource: PATIENT }],
      },
    });

    assert.deepEqual(seen, ['4b190e51-c1ea-49f6-a803-91e40a40748f', undefined]);
    // Only real events are acknowledged: not the confirmation, not heartbeats.
    assert.deepEqual(
      socket.sent.map((s) => JSON.parse(s).id),
      ['e2', 'e3'],
    );
    connection.disconnect();
  });

  test('announcePatientOpen and announceStudyOpen post JSON context changes to the hub', async () => {
    const { medplum, requests } = scriptedClient([
      { status: 202, body: { success: true } },
      { status: 202, body: { success: true } },
      { status: 202, body: { success: true } },
    ]);
    await announcePatientOpen(medplum, 'Hq4Tz8mK2wVr6YcP9sLx1e', PATIENT);
    await announceStudyOpen(medplum, 'Hq4Tz8mK2wVr6YcP9sLx1e', PATIENT, STUDY);
    await announcePatientClose(medplum, 'Hq4Tz8mK2wVr6YcP9sLx1e', PATIENT);

    const [open, study, close] = requests.map((r) => ({ r, body: JSON.parse(r.body ?? '') }));
    assert.equal(open.r.url.toString(), HUB);
    assert.equal(open.r.headers['content-type'], 'application/json');
    assert.ok(open.body.id && open.body.timestamp);
    assert.equal(open.body.event['hub.topic'], 'Hq4Tz8mK2wVr6YcP9sLx1e');
    assert.equal(open.body.event['hub.event'], 'Patient-open');
    assert.deepEqual(open.body.event.context, [{ key: 'patient', resource: PATIENT }]);

    assert.equal(study.body.event['hub.event'], 'ImagingStudy-open');
    assert.deepEqual(
      study.body.event.context.map((c: { key: string }) => c.key),
      ['study', 'patient'],
    );
    assert.equal(close.body.event['hub.event'], 'Patient-close');
  });

  test('fhircastPublish rejects a context that does not fit the event', async () => {
    const { medplum, requests } = scriptedClient([]);
    await assert.rejects(
      // A study alone is not a valid Patient-open context; the SDK checks before sending.
      medplum.fhircastPublish('Hq4Tz8mK2wVr6YcP9sLx1e', 'Patient-open', { key: 'study', resource: STUDY } as never),
    );
    assert.equal(requests.length, 0);
  });

  test('currentPatientId reads {hub}/{topic} and handles an empty context', async () => {
    const { medplum, requests } = scriptedClient([
      PATIENT_OPEN,
      { status: 200, body: { 'context.type': '', context: [] } },
    ]);
    assert.equal(await currentPatientId(medplum, 'Hq4Tz8mK2wVr6YcP9sLx1e'), '4b190e51-c1ea-49f6-a803-91e40a40748f');
    assert.equal(await currentPatientId(medplum, 'Hq4Tz8mK2wVr6YcP9sLx1e'), undefined);
    assert.equal(requests[0].method, 'GET');
    assert.equal(requests[0].url.toString(), `${HUB}/Hq4Tz8mK2wVr6YcP9sLx1e`);
  });
});

describe('fhircast/context-sync: DiagnosticReport-update', () => {
  const REPORT: DiagnosticReport = {
    resourceType: 'DiagnosticReport',
    id: '90a767ad-5d05-4233-9fdc-b62606ee93d0',
    status: 'preliminary',
    code: { text: 'CT chest' },
    subject: { reference: 'Patient/4b190e51-c1ea-49f6-a803-91e40a40748f' },
  };
  const MEASUREMENT: Observation = {
    resourceType: 'Observation',
    id: '947c0402-db30-419f-ab9f-2401752b6238',
    status: 'preliminary',
    code: { text: 'Nodule diameter' },
    valueQuantity: { value: 7, unit: 'mm' },
  };

  test('shareMeasurement quotes the current versionId, sends the measurement as a transaction Bundle and returns the new version', async () => {
    const { medplum, requests } = scriptedClient([
      {
        status: 200,
        body: {
          'context.type': 'DiagnosticReport',
          'context.versionId': 'v1',
          context: [
            { key: 'report', resource: REPORT },
            { key: 'patient', resource: PATIENT },
          ],
        },
      },
      {
        status: 202,
        body: {
          success: true,
          event: {
            id: 'e1',
            timestamp: '2026-11-25T09:30:00.000Z',
            event: {
              'hub.topic': 'Hq4Tz8mK2wVr6YcP9sLx1e',
              'hub.event': 'DiagnosticReport-update',
              'context.versionId': 'v2',
              'context.priorVersionId': 'v1',
              context: [],
            },
          },
        },
      },
    ]);
    assert.equal(await shareMeasurement(medplum, 'Hq4Tz8mK2wVr6YcP9sLx1e', REPORT, MEASUREMENT), 'v2');

    assert.equal(requests.length, 2);
    assert.equal(requests[0].method, 'GET');
    assert.equal(requests[0].url.toString(), `${HUB}/Hq4Tz8mK2wVr6YcP9sLx1e`);
    assert.equal(requests[1].method, 'POST');
    assert.equal(requests[1].url.toString(), HUB);
    const { event } = JSON.parse(requests[1].body ?? '');
    assert.equal(event['hub.topic'], 'Hq4Tz8mK2wVr6YcP9sLx1e');
    assert.equal(event['hub.event'], 'DiagnosticReport-update');
    assert.equal(event['context.versionId'], 'v1');
    assert.deepEqual(event.context[0], {
      key: 'report',
      reference: { reference: 'DiagnosticReport/90a767ad-5d05-4233-9fdc-b62606ee93d0' },
    });
    assert.equal(event.context[1].key, 'updates');
    const updates = event.context[1].resource;
    assert.equal(updates.resourceType, 'Bundle');
    assert.equal(updates.type, 'transaction');
    assert.ok(updates.id);
    assert.deepEqual(updates.entry, [
      { request: { method: 'PUT', url: 'Observation/947c0402-db30-419f-ab9f-2401752b6238' }, resource: MEASUREMENT },
    ]);
  });

  test('shareMeasurement refuses when no report is open on the topic, and publishes nothing', async () => {
    const { medplum, requests } = scriptedClient([PATIENT_OPEN]);
    await assert.rejects(
      shareMeasurement(medplum, 'Hq4Tz8mK2wVr6YcP9sLx1e', REPORT, MEASUREMENT),
      /No report is open on this topic/,
    );
    assert.equal(requests.length, 1);
  });
});
