/**
 * Runs examples/agent/operations.ts. Creating Agents, Endpoints and AccessPolicies runs against
 * MockClient; the agent operations ($bulk-status, $fetch-logs, $reload-config, $upgrade) and the
 * admin client endpoint exist only on the real server, so those tests check the request each
 * example sends (against packages/server/src/fhir/operations/agent*.ts) and parse replies shaped
 * like the server's. ASTM frame decoding and the address builders run locally.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { validateResource } from '@medplum/core';
import type { Agent, Bot, Endpoint, Observation } from '@medplum/fhirtypes';
import { loadFullDefinitions, mockWithSearch } from './mock-with-search';
import { scriptedClient } from './support/scripted-fetch';
import {
  AGENT_VERSION_PATTERN,
  agentAccessPolicy,
  astmRecords,
  channelAddress,
  createAgentClient,
  createAgentWithChannels,
  decodeAstmFrame,
  encodeAstmFrame,
  fetchAgentLogs,
  handleAstmFrame,
  getFleetStatus,
  mllpAddress,
  reloadFleet,
  staleAgents,
  throughputSettings,
  upgradeAgent,
  upsertAgentSetting,
} from '../../../examples/agent/operations';

loadFullDefinitions();

const ok = {
  resourceType: 'OperationOutcome',
  issue: [{ severity: 'information', code: 'informational', details: { text: 'All OK' } }],
};

describe('agent/operations: configuration', () => {
  test('createAgentWithChannels stores one Endpoint per channel and valid resources', async () => {
    const medplum = mockWithSearch();
    const bot = await medplum.createResource<Bot>({ resourceType: 'Bot', name: 'Intake' });
    const agent = await createAgentWithChannels(
      medplum,
      'North lab',
      [
        { name: 'adt', address: mllpAddress(2575, { enhanced: 'true', appLevelAck: 'ER' }), bot },
        { name: 'pacs', address: channelAddress('dicom', 11112), bot },
        { name: 'analyzer', address: channelAddress('tcp', 9100, { startChar: '\x02', endChar: '\n' }), bot },
      ],
      throughputSettings(2, 60),
    );
    assert.equal(agent.channel?.length, 3);
    assert.deepEqual(
      agent.setting?.map((s) => s.name),
      ['keepAlive', 'maxClientsPerRemote', 'logStatsFreqSecs'],
    );
    const endpoints: Endpoint[] = [];
    for (const channel of agent.channel ?? []) {
      endpoints.push(await medplum.readReference(channel.endpoint));
    }
    assert.equal(endpoints[0].address, 'mllp://0.0.0.0:2575?enhanced=true&appLevelAck=ER');
    assert.equal(endpoints[0].connectionType.code, 'hl7v2-mllp');
    assert.equal(endpoints[1].address, 'dicom://0.0.0.0:11112');
    // The agent reads startChar/endChar with URLSearchParams, which decodes the escapes back to STX and LF.
    const tcp = new URL(endpoints[2].address);
    assert.equal(tcp.searchParams.get('startChar')?.codePointAt(0), 0x02);
    assert.equal(tcp.searchParams.get('endChar')?.codePointAt(0), 0x0a);
    assert.doesNotThrow(() => validateResource(agent));
    for (const endpoint of endpoints) {
      assert.doesNotThrow(() => validateResource(endpoint));
    }
  });

  test('createAgentWithChannels refuses two channels on one port', async () => {
    const medplum = mockWithSearch();
    const bot = await medplum.createResource<Bot>({ resourceType: 'Bot', name: 'Intake' });
    await assert.rejects(
      createAgentWithChannels(medplum, 'Clash', [
        { name: 'a', address: mllpAddress(2575, {}), bot },
        { name: 'b', address: channelAddress('tcp', 2575, { startChar: 'x', endChar: 'y' }), bot },
      ]),
      /same port/,
    );
  });

  test('upsertAgentSetting replaces a setting by name and calls $reload-config', async () => {
    const agent = {
      resourceType: 'Agent',
      id: 'fd2a1bfc-9881-4f21-b602-01b9cbc530b7',
      name: 'Clinic',
      status: 'active',
      setting: [
        { name: 'keepAlive', valueBoolean: false },
        { name: 'logStatsFreqSecs', valueInteger: -1 },
      ],
    };
    const { medplum, requests } = scriptedClient([
      { status: 200, body: agent },
      {
        status: 200,
        body: {
          ...agent,
          setting: [
            { name: 'logStatsFreqSecs', valueInteger: -1 },
            { name: 'keepAlive', valueBoolean: true },
          ],
        },
      },
      { status: 200, body: ok },
    ]);
    const updated = await upsertAgentSetting(medplum, 'fd2a1bfc-9881-4f21-b602-01b9cbc530b7', {
      name: 'keepAlive',
      valueBoolean: true,
    });
    assert.equal(requests[1].method, 'PUT');
    const sent = JSON.parse(requests[1].body ?? '') as Agent;
    assert.deepEqual(sent.setting, [
      { name: 'logStatsFreqSecs', valueInteger: -1 },
      { name: 'keepAlive', valueBoolean: true },
    ]);
    assert.equal(requests[2].url.pathname, '/fhir/R4/Agent/fd2a1bfc-9881-4f21-b602-01b9cbc530b7/$reload-config');
    assert.doesNotThrow(() => validateResource(updated));
  });
});

/** The two agents a type-level operation's answers name, as the server includes them. */
const NORTH: Agent = {
  resourceType: 'Agent',
  id: 'fd2a1bfc-9881-4f21-b602-01b9cbc530b7',
  name: 'North',
  status: 'active',
};
const SOUTH: Agent = {
  resourceType: 'Agent',
  id: '3c0e8f52-6a1d-4b7e-9f24-d5a81c7b2e96',
  name: 'South',
  status: 'active',
};

describe('agent/operations: status and logs', () => {
  test('getFleetStatus flattens the $bulk-status Bundle and staleAgents picks the problems', async () => {
    const { medplum, requests } = scriptedClient([
      {
        status: 200,
        body: {
          resourceType: 'Bundle',
          type: 'collection',
          entry: [
            {
              resource: {
                resourceType: 'Parameters',
                parameter: [
                  { name: 'agent', resource: NORTH },
                  {
                    name: 'result',
                    resource: {
                      resourceType: 'Parameters',
                      parameter: [
                        { name: 'status', valueCode: 'connected' },
                        { name: 'version', valueString: '5.0.10-8a37915' },
                        { name: 'lastUpdated', valueInstant: '2026-11-25T10:00:00.000Z' },
                      ],
                    },
                  },
                ],
              },
            },
            {
              resource: {
                resourceType: 'Parameters',
                parameter: [
                  { name: 'agent', resource: SOUTH },
                  {
                    name: 'result',
                    resource: {
                      resourceType: 'Parameters',
                      parameter: [
                        { name: 'status', valueCode: 'unknown' },
                        { name: 'version', valueString: 'unknown' },
                      ],
                    },
                  },
                ],
              },
            },
          ],
        },
      },
    ]);
    const rows = await getFleetStatus(medplum, { _count: '100', status: 'active' });
    assert.equal(requests[0].url.pathname, '/fhir/R4/Agent/$bulk-status');
    assert.equal(requests[0].url.searchParams.get('_count'), '100');
    assert.deepEqual(rows[0], {
      agentId: 'fd2a1bfc-9881-4f21-b602-01b9cbc530b7',
      name: 'North',
      status: 'connected',
      version: '5.0.10-8a37915',
      lastUpdated: '2026-11-25T10:00:00.000Z',
    });
    assert.equal(rows[1].status, 'unknown');
    const stale = staleAgents(rows, new Date('2026-11-25T10:00:30.000Z'));
    assert.deepEqual(
      stale.map((r) => r.agentId),
      [SOUTH.id],
    );
  });

  test('fetchAgentLogs sends limit and parses one JSON object per line', async () => {
    const lines = [
      { level: 'INFO', msg: 'Successfully connected to Medplum server', timestamp: '2026-11-25T10:00:00.000Z' },
      { level: 'WARN', msg: "[HL7:adt] Channel currently has status of 'off'", timestamp: '2026-11-25T10:00:01.000Z' },
    ];
    const { medplum, requests } = scriptedClient([
      {
        status: 200,
        body: {
          resourceType: 'Parameters',
          parameter: [{ name: 'logs', valueString: lines.map((l) => JSON.stringify(l)).join('\n') }],
        },
      },
    ]);
    const logs = await fetchAgentLogs(medplum, 'fd2a1bfc-9881-4f21-b602-01b9cbc530b7', 50);
    assert.equal(requests[0].url.pathname, '/fhir/R4/Agent/fd2a1bfc-9881-4f21-b602-01b9cbc530b7/$fetch-logs');
    assert.equal(requests[0].url.searchParams.get('limit'), '50');
    assert.deepEqual(logs, lines);
  });
});

describe('agent/operations: reload and upgrade', () => {
  test('reloadFleet reads the per-agent outcomes of a type-level call', async () => {
    const { medplum, requests } = scriptedClient([
      {
        status: 200,
        body: {
          resourceType: 'Bundle',
          type: 'collection',
          entry: [
            {
              resource: {
                resourceType: 'Parameters',
                parameter: [
                  { name: 'agent', resource: NORTH },
                  { name: 'result', resource: ok },
                ],
              },
            },
            {
              resource: {
                resourceType: 'Parameters',
                parameter: [
                  { name: 'agent', resource: SOUTH },
                  {
                    name: 'result',
                    resource: {
                      resourceType: 'OperationOutcome',
                      issue: [{ severity: 'error', code: 'invalid', details: { text: 'Timeout' } }],
                    },
                  },
                ],
              },
            },
          ],
        },
      },
    ]);
    const results = await reloadFleet(medplum, { name: 'clinic' });
    assert.equal(requests[0].url.pathname, '/fhir/R4/Agent/$reload-config');
    assert.equal(requests[0].url.searchParams.get('name'), 'clinic');
    assert.deepEqual(results, [
      { agentId: 'fd2a1bfc-9881-4f21-b602-01b9cbc530b7', ok: true, message: 'All OK' },
      { agentId: SOUTH.id, ok: false, message: 'Timeout' },
    ]);
  });

  test('upgradeAgent sends version, force and timeout, and rejects malformed versions locally', async () => {
    const { medplum, requests } = scriptedClient([{ status: 200, body: ok }]);
    const outcome = await upgradeAgent(medplum, 'fd2a1bfc-9881-4f21-b602-01b9cbc530b7', {
      version: '5.0.11',
      force: true,
      timeoutMs: 50000,
    });
    assert.equal(outcome.issue?.[0]?.severity, 'information');
    assert.equal(requests[0].url.pathname, '/fhir/R4/Agent/fd2a1bfc-9881-4f21-b602-01b9cbc530b7/$upgrade');
    assert.equal(requests[0].url.searchParams.get('version'), '5.0.11');
    assert.equal(requests[0].url.searchParams.get('force'), 'true');
    assert.equal(requests[0].url.searchParams.get('timeout'), '50000');
    await assert.rejects(
      upgradeAgent(medplum, 'fd2a1bfc-9881-4f21-b602-01b9cbc530b7', { version: 'v5.0.11' }),
      /Not an agent version/,
    );
    assert.ok(AGENT_VERSION_PATTERN.test('5.0.10-8a37915'));
    assert.equal(requests.length, 1);
  });
});

describe('agent/operations: access policy', () => {
  test('agentAccessPolicy grants read of Agent, Endpoint and Bot plus what the bots write', () => {
    const policy = agentAccessPolicy('Lab agent', ['Patient', 'Observation', 'DiagnosticReport']);
    assert.deepEqual(
      policy.resource?.map((r) => [r.resourceType, r.readonly ?? false]),
      [
        ['Agent', true],
        ['Endpoint', true],
        ['Bot', true],
        ['Patient', false],
        ['Observation', false],
        ['DiagnosticReport', false],
      ],
    );
    assert.doesNotThrow(() => validateResource(policy));
    const narrow = agentAccessPolicy('Lab agent', ['Binary'], 'fd2a1bfc-9881-4f21-b602-01b9cbc530b7');
    assert.equal(narrow.resource?.[0].criteria, 'Agent?_id=fd2a1bfc-9881-4f21-b602-01b9cbc530b7');
    assert.doesNotThrow(() => validateResource(narrow));
  });

  test('createAgentClient creates the policy and posts to the admin client endpoint', async () => {
    const { medplum, requests } = scriptedClient([
      {
        status: 201,
        body: { ...agentAccessPolicy('Lab agent policy', ['Observation']), id: '7c8a631c-615c-4214-8448-1eeb46edc05a' },
      },
      { status: 201, body: { resourceType: 'ClientApplication', id: 'c1', secret: 's3cr3t' } },
    ]);
    const { policy, client } = await createAgentClient(medplum, '8cb18118-d75d-4fc9-a7d8-3a274d901665', 'Lab agent', [
      'Observation',
    ]);
    assert.equal(requests[0].url.pathname, '/fhir/R4/AccessPolicy');
    assert.equal(requests[1].method, 'POST');
    assert.equal(requests[1].url.pathname, '/admin/projects/8cb18118-d75d-4fc9-a7d8-3a274d901665/client');
    assert.equal(
      JSON.parse(requests[1].body ?? '').accessPolicy.reference,
      'AccessPolicy/7c8a631c-615c-4214-8448-1eeb46edc05a',
    );
    assert.equal(client.id, 'c1');
    assert.doesNotThrow(() => validateResource(policy));
  });
});

describe('agent/operations: ASTM over a byte-stream channel', () => {
  test('a frame encoded like an instrument decodes with a good checksum', () => {
    const hex = encodeAstmFrame(1, 'H|\\^&|||Analyzer^1|||||||P|1\r', true);
    assert.ok(hex.startsWith('0231'));
    assert.ok(hex.endsWith('0d0a'));
    const frame = decodeAstmFrame(hex);
    assert.equal(frame.frameNumber, 1);
    assert.equal(frame.final, true);
    assert.equal(frame.checksumOk, true);
    assert.deepEqual(
      astmRecords(frame.text).map((r) => r.type),
      ['H'],
    );
  });

  test('a corrupted byte fails the checksum and an ETB frame is not final', () => {
    const hex = encodeAstmFrame(2, 'R|1|^^^GLU|5.4|mmol/L||N||F\r', false);
    const frame = decodeAstmFrame(hex);
    assert.equal(frame.final, false);
    assert.equal(frame.checksumOk, true);
    assert.deepEqual(astmRecords(frame.text)[0].fields.slice(0, 5), ['R', '1', '^^^GLU', '5.4', 'mmol/L']);
    const corrupted = hex.replace('352e34', '352e35'); // "5.4" becomes "5.5"
    assert.equal(decodeAstmFrame(corrupted).checksumOk, false);
    assert.throws(() => decodeAstmFrame('0506'), /Not an ASTM frame/);
  });

  test('handleAstmFrame ACKs a good frame, stores its result, and NAKs a corrupted one', async () => {
    const medplum = mockWithSearch();
    const event = (input: string) => ({
      bot: { reference: 'Bot/astm' },
      contentType: 'application/octet-stream',
      input,
      secrets: {},
    });
    const hex = encodeAstmFrame(3, 'R|1|^^^GLU|5.4|mmol/L||N||F\r', true);
    assert.equal(await handleAstmFrame(medplum, event(hex)), '06');
    const stored = await medplum.searchResources('Observation', { code: 'GLU' });
    const obs = stored[0] as Observation;
    assert.equal(obs.status, 'final');
    assert.deepEqual(obs.valueQuantity, { value: 5.4, unit: 'mmol/L' });
    assert.doesNotThrow(() => validateResource(obs));
    assert.equal(await handleAstmFrame(medplum, event(hex.replace('352e34', '352e35'))), '15');
  });
});
