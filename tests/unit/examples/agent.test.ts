/**
 * Runs the agent examples. Creating Agent, Endpoint and Device resources runs against MockClient;
 * the agent operations ($push, $status, $reload-config) exist only on the real server, so those
 * tests check the request each example sends against packages/server/src/fhir/operations/agent*.ts
 * and parse a reply shaped like the server's. MockClient's own pushToAgent answers pings only.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { createReference, Hl7Message, validateResource } from '@medplum/core';
import type { Bot } from '@medplum/fhirtypes';
import { mockWithSearch } from './mock-with-search';
import { glucoseResult } from './support/lab-result';
import { scriptedClient } from './support/scripted-fetch';
import { createHl7Agent, registerDevice, setAgentStatus } from '../../../examples/agent/setup';
import { getAgentStatus, pingFromAgent, sendHl7ToDevice } from '../../../examples/agent/push';
import { acknowledge, buildLabResultMessage } from '../../../examples/integration/hl7-v2';
import { handler as dicomBot } from '../../../examples/agent/dicom-bot';
import { makeBotEvent } from '../../../examples/bots/local-runner';

describe('agent/setup', () => {
  test('createHl7Agent stores an Endpoint and an Agent whose channel routes to the bot', async () => {
    const medplum = mockWithSearch();
    const bot = await medplum.createResource<Bot>({ resourceType: 'Bot', name: 'ADT intake' });
    const agent = await createHl7Agent(medplum, 'Main street clinic', bot, 2575);
    assert.equal(agent.status, 'active');
    assert.deepEqual(agent.setting, [{ name: 'keepAlive', valueBoolean: true }]);
    const channel = agent.channel?.[0];
    assert.equal(channel?.name, 'adt-inbound');
    assert.equal(channel?.targetReference?.reference, `Bot/${bot.id}`);
    const endpoint = await medplum.readReference(channel!.endpoint);
    assert.equal(endpoint.address, 'mllp://0.0.0.0:2575');
    assert.equal(endpoint.connectionType.code, 'hl7v2-mllp');
    assert.doesNotThrow(() => validateResource(agent));
    assert.doesNotThrow(() => validateResource(endpoint));
  });

  test('registerDevice stores a Device with the url the agent will connect to', async () => {
    const medplum = mockWithSearch();
    const device = await registerDevice(medplum, 'Lab LIS', 'mllp://10.1.2.3:6661');
    assert.equal(device.url, 'mllp://10.1.2.3:6661');
    assert.equal(device.deviceName?.[0]?.name, 'Lab LIS');
    assert.doesNotThrow(() => validateResource(device));
  });

  test('setAgentStatus patches status and asks the agent to reload', async () => {
    const { medplum, requests } = scriptedClient([
      {
        status: 200,
        body: { resourceType: 'Agent', id: 'eb78b12b-cea8-4d44-991e-ed12cb5027e7', name: 'Clinic', status: 'off' },
      },
      {
        status: 200,
        body: { resourceType: 'OperationOutcome', issue: [{ severity: 'information', code: 'informational' }] },
      },
    ]);
    const agent = await setAgentStatus(medplum, 'eb78b12b-cea8-4d44-991e-ed12cb5027e7', 'off');
    assert.equal(agent.status, 'off');
    assert.equal(requests[0].method, 'PATCH');
    assert.equal(requests[0].url.pathname, '/fhir/R4/Agent/eb78b12b-cea8-4d44-991e-ed12cb5027e7');
    assert.deepEqual(JSON.parse(requests[0].body ?? ''), [{ op: 'replace', path: '/status', value: 'off' }]);
    assert.equal(requests[1].method, 'GET');
    assert.equal(requests[1].url.pathname, '/fhir/R4/Agent/eb78b12b-cea8-4d44-991e-ed12cb5027e7/$reload-config');
  });
});

describe('agent/push', () => {
  test('sendHl7ToDevice posts $push with the device, content type and wait options, and parses the ACK', async () => {
    const outgoing = buildLabResultMessage(glucoseResult({ mrn: 'MRN1', orderNumber: 'O1' }), 'RES0001');
    // The device answers with an application ACK; the server relays it as the response body.
    const deviceAck = acknowledge(outgoing).toString();
    const { medplum, requests } = scriptedClient([
      { status: 200, body: deviceAck, headers: { 'content-type': 'x-application/hl7-v2+er7' } },
    ]);
    const ack = await sendHl7ToDevice(
      medplum,
      { reference: 'Agent/eb78b12b-cea8-4d44-991e-ed12cb5027e7' },
      { reference: 'Device/1f7c3bc5-b3ad-4d6b-9881-8e957b0a85ed' },
      outgoing,
    );
    assert.equal(ack.getAckType(), 'AA');
    assert.equal(ack.getSegment('MSA')?.getField(2).toString(), 'RES0001');

    assert.equal(requests[0].method, 'POST');
    assert.equal(requests[0].url.pathname, '/fhir/R4/Agent/eb78b12b-cea8-4d44-991e-ed12cb5027e7/$push');
    const body = JSON.parse(requests[0].body ?? '');
    assert.equal(body.destination, 'Device/1f7c3bc5-b3ad-4d6b-9881-8e957b0a85ed');
    assert.equal(body.contentType, 'x-application/hl7-v2+er7');
    assert.equal(body.waitForResponse, true);
    assert.equal(body.waitTimeout, 20000);
    assert.equal(body.returnAck, 'application');
    assert.equal(Hl7Message.parse(body.body).getSegment('OBX')?.getField(5).toString(), '98');
  });

  test('pingFromAgent returns the ping output (MockClient answers pings for localhost)', async () => {
    const medplum = mockWithSearch();
    const output = await pingFromAgent(
      medplum,
      createReference({
        resourceType: 'Agent',
        id: 'eb78b12b-cea8-4d44-991e-ed12cb5027e7',
        name: 'x',
        status: 'active',
      }),
      'localhost',
    );
    assert.match(output, /^PING localhost \(127\.0\.0\.1\)/);
    assert.match(output, /0\.0% packet loss/);
  });

  test('getAgentStatus reads status, version and lastUpdated from the $status Parameters', async () => {
    const { medplum, requests } = scriptedClient([
      {
        status: 200,
        body: {
          resourceType: 'Parameters',
          parameter: [
            { name: 'status', valueCode: 'connected' },
            { name: 'version', valueString: '5.2.13' },
            { name: 'lastUpdated', valueInstant: '2026-01-05T09:00:00.000Z' },
          ],
        },
      },
    ]);
    const info = await getAgentStatus(medplum, 'eb78b12b-cea8-4d44-991e-ed12cb5027e7');
    assert.deepEqual(info, { status: 'connected', version: '5.2.13', lastUpdated: '2026-01-05T09:00:00.000Z' });
    assert.equal(requests[0].url.pathname, '/fhir/R4/Agent/eb78b12b-cea8-4d44-991e-ed12cb5027e7/$status');
  });
});

/** The lines `run` prints with console.log, which is put back afterwards. */
async function loggedLines(run: () => Promise<unknown>): Promise<string[]> {
  const lines: string[] = [];
  const realLog = console.log;
  console.log = (...args: unknown[]) => {
    lines.push(args.map(String).join(' '));
  };
  try {
    await run();
  } finally {
    console.log = realLog;
  }
  return lines;
}

describe('agent/dicom-bot', () => {
  test('the DICOM bot logs the calling AE title, the study instance UID and the uploaded file', async () => {
    const lines = await loggedLines(() =>
      dicomBot(
        mockWithSearch(),
        makeBotEvent({
          association: { callingAeTitle: 'CT_SCANNER_1', calledAeTitle: 'MEDPLUM' },
          dataset: { '0020000D': { vr: 'UI', Value: ['1.2.840.113619.2.55.3.604688119'] } },
          binary: { reference: 'Binary/6a1f0c2e' },
        }),
      ),
    );
    assert.deepEqual(lines, ['From CT_SCANNER_1: study 1.2.840.113619.2.55.3.604688119, file Binary/6a1f0c2e']);
  });

  test('the DICOM bot tolerates an association with no dataset or file', async () => {
    const lines = await loggedLines(() =>
      dicomBot(mockWithSearch(), makeBotEvent({ association: { callingAeTitle: 'US_ROOM_2' } })),
    );
    assert.deepEqual(lines, ['From US_ROOM_2: study undefined, file undefined']);
  });
});
