/**
 * Operating agents from code: channel Endpoints and settings, the status and log operations,
 * reloading configuration and remote upgrades, the access policy an agent's client needs,
 * ASTM frames arriving on a byte-stream channel, and the HL7 throughput options.
 *
 * The agent is alpha software; its installer (and remote upgrade) is Windows-only.
 */
import type { BotEvent, MedplumClient, WithId } from '@medplum/core';
import { createReference } from '@medplum/core';
import type {
  AccessPolicy,
  Agent,
  AgentSetting,
  Bot,
  Bundle,
  Endpoint,
  Observation,
  OperationOutcome,
  Parameters,
} from '@medplum/fhirtypes';

// #region channel-endpoints
/** The three listener kinds the agent can run, chosen by the scheme of `Endpoint.address`. */
export type ChannelKind = 'mllp' | 'dicom' | 'tcp';

/**
 * Builds the `Endpoint.address` for a channel. The host part is not used for binding (the
 * listener takes the port on every interface); query parameters carry per-channel options.
 */
export function channelAddress(kind: ChannelKind, port: number, options: Record<string, string> = {}): string {
  const url = new URL(`${kind}://0.0.0.0:${port}`);
  for (const [key, value] of Object.entries(options)) {
    url.searchParams.set(key, value);
  }
  return url.toString();
}

/**
 * `Endpoint.connectionType` is required. HL7's endpoint-connection-type code system has a code for
 * MLLP but none for DICOM DIMSE or raw TCP, so those use a local code system of your own.
 */
export function connectionTypeFor(address: string): { system: string; code: string; display?: string } {
  const scheme = address.split(':')[0];
  if (scheme === 'mllp') {
    return {
      system: 'http://terminology.hl7.org/CodeSystem/endpoint-connection-type',
      code: 'hl7v2-mllp',
      display: 'HL7 v2 MLLP',
    };
  }
  return { system: 'https://example.org/fhir/CodeSystem/agent-channel-kind', code: scheme };
}

/** One channel to create: a name (unique in the Agent), an address, and the bot that handles it. */
export interface ChannelSpec {
  name: string;
  address: string;
  bot: WithId<Bot>;
}

/**
 * Creates one Endpoint per channel and an Agent that lists them, with the settings given.
 * Ports must differ between channels: the agent rejects the whole configuration otherwise.
 */
export async function createAgentWithChannels(
  medplum: MedplumClient,
  name: string,
  channels: ChannelSpec[],
  setting: AgentSetting[] = [],
): Promise<WithId<Agent>> {
  const ports = channels.map((c) => new URL(c.address).port);
  if (new Set(ports).size !== ports.length) {
    throw new Error(`Two channels declare the same port: ${ports.join(', ')}`);
  }
  const agentChannels = [];
  for (const channel of channels) {
    const endpoint = await medplum.createResource<Endpoint>({
      resourceType: 'Endpoint',
      status: 'active',
      name: `${name} ${channel.name}`,
      address: channel.address,
      connectionType: connectionTypeFor(channel.address),
      payloadType: [{ text: channel.name }],
    });
    agentChannels.push({
      name: channel.name,
      endpoint: createReference(endpoint),
      targetReference: createReference(channel.bot),
    });
  }
  return medplum.createResource<Agent>({
    resourceType: 'Agent',
    name,
    status: 'active',
    setting,
    channel: agentChannels,
  });
}
// #endregion channel-endpoints

// #region upsert-setting
/**
 * Sets one `Agent.setting` entry (replacing any entry with the same name), saves the Agent, and
 * asks the running agent to read its configuration again.
 */
export async function upsertAgentSetting(
  medplum: MedplumClient,
  agentId: string,
  setting: AgentSetting,
): Promise<WithId<Agent>> {
  const agent = await medplum.readResource('Agent', agentId, { cache: 'no-cache' });
  const others = (agent.setting ?? []).filter((s) => s.name !== setting.name);
  const updated = await medplum.updateResource<Agent>({ ...agent, setting: [...others, setting] });
  await medplum.get(medplum.fhirUrl('Agent', agentId, '$reload-config'), { cache: 'no-cache' });
  return updated;
}
// #endregion upsert-setting

// #region bulk-status
/** One row of a fleet report built from `Agent/$bulk-status`. */
export interface AgentStatusRow {
  agentId?: string;
  name?: string;
  status: string;
  version?: string;
  lastUpdated?: string;
  error?: string;
}

/**
 * Calls `Agent/$bulk-status` with ordinary Agent search parameters and flattens the answer.
 * Each Bundle entry is a Parameters with an `agent` part (the Agent) and a `result` part (a
 * Parameters with status, version and lastUpdated, or an OperationOutcome).
 */
export async function getFleetStatus(
  medplum: MedplumClient,
  search: Record<string, string> = {},
): Promise<AgentStatusRow[]> {
  const url = medplum.fhirUrl('Agent', '$bulk-status');
  for (const [key, value] of Object.entries(search)) {
    url.searchParams.set(key, value);
  }
  const bundle = await medplum.get<Bundle<Parameters>>(url, { cache: 'no-cache' });
  return (bundle.entry ?? []).map((entry) => {
    const parts = entry.resource?.parameter ?? [];
    const agent = parts.find((p) => p.name === 'agent')?.resource as Agent | undefined;
    const result = parts.find((p) => p.name === 'result')?.resource as Parameters | OperationOutcome | undefined;
    if (result?.resourceType === 'OperationOutcome') {
      return { agentId: agent?.id, name: agent?.name, status: 'error', error: result.issue?.[0]?.details?.text };
    }
    const value = (name: string): string | undefined => {
      const p = result?.parameter?.find((x) => x.name === name);
      return p?.valueCode ?? p?.valueString ?? p?.valueInstant;
    };
    return {
      agentId: agent?.id,
      name: agent?.name,
      status: value('status') ?? 'unknown',
      version: value('version'),
      lastUpdated: value('lastUpdated'),
    };
  });
}

/** Agents that are not connected, or whose last report is older than `maxAgeMs`. */
export function staleAgents(rows: AgentStatusRow[], now: Date, maxAgeMs = 60_000): AgentStatusRow[] {
  return rows.filter((row) => {
    if (row.status !== 'connected') {
      return true;
    }
    return !row.lastUpdated || now.getTime() - Date.parse(row.lastUpdated) > maxAgeMs;
  });
}
// #endregion bulk-status

// #region fetch-logs
/** One line of the agent's main log, as the agent stores it. */
export interface AgentLogLine {
  level: string;
  msg: string;
  timestamp: string;
}

/**
 * Asks a connected agent for its most recent log lines (`limit` 1 to 1000; the agent answers 20
 * when it is omitted). The server returns a Parameters whose `logs` part is one JSON object per line.
 */
export async function fetchAgentLogs(medplum: MedplumClient, agentId: string, limit = 100): Promise<AgentLogLine[]> {
  const url = medplum.fhirUrl('Agent', agentId, '$fetch-logs');
  url.searchParams.set('limit', String(limit));
  const params = await medplum.get<Parameters>(url, { cache: 'no-cache' });
  const text = params.parameter?.find((p) => p.name === 'logs')?.valueString ?? '';
  return text
    .split('\n')
    .filter((line) => line.trim().length > 0)
    .map((line) => JSON.parse(line) as AgentLogLine);
}
// #endregion fetch-logs

// #region reload-fleet
/** The outcome of a fleet-wide operation for one agent. */
export interface AgentOperationResult {
  agentId?: string;
  ok: boolean;
  message?: string;
}

/**
 * Reads the Bundle that type-level agent operations (`Agent/$reload-config`, `Agent/$upgrade`,
 * `Agent/$fetch-logs`) return: one entry per matching Agent, whose `result` part is an
 * OperationOutcome (success or the error) or a Parameters.
 */
export function summarizeFleetResult(bundle: Bundle<Parameters>): AgentOperationResult[] {
  return (bundle.entry ?? []).map((entry) => {
    const parts = entry.resource?.parameter ?? [];
    const agent = parts.find((p) => p.name === 'agent')?.resource as Agent | undefined;
    const result = parts.find((p) => p.name === 'result')?.resource as OperationOutcome | Parameters | undefined;
    if (result?.resourceType === 'OperationOutcome') {
      const issue = result.issue?.[0];
      const ok = issue?.severity === 'information';
      return { agentId: agent?.id, ok, message: issue?.details?.text ?? issue?.diagnostics };
    }
    return { agentId: agent?.id, ok: result !== undefined };
  });
}

/** Asks every agent matching an Agent search (e.g. `{ name: 'clinic' }`) to reload its configuration. */
export async function reloadFleet(
  medplum: MedplumClient,
  search: Record<string, string>,
): Promise<AgentOperationResult[]> {
  const url = medplum.fhirUrl('Agent', '$reload-config');
  for (const [key, value] of Object.entries(search)) {
    url.searchParams.set(key, value);
  }
  return summarizeFleetResult(await medplum.get<Bundle<Parameters>>(url, { cache: 'no-cache' }));
}
// #endregion reload-fleet

// #region upgrade
/** The version form the agent accepts: `major.minor.patch`, optionally `-` and a 7-character build hash. */
export const AGENT_VERSION_PATTERN = /^\d+\.\d+\.\d+(-[0-9a-z]{7})?$/;

/**
 * Asks one Windows agent to upgrade. Without `version` the agent takes the latest release.
 * `timeoutMs` is how long the server waits for the agent's answer (45 s unless set, at most 56 s).
 */
export async function upgradeAgent(
  medplum: MedplumClient,
  agentId: string,
  options: { version?: string; force?: boolean; timeoutMs?: number } = {},
): Promise<OperationOutcome> {
  if (options.version && !AGENT_VERSION_PATTERN.test(options.version)) {
    throw new Error(`Not an agent version: ${options.version}`);
  }
  const url = medplum.fhirUrl('Agent', agentId, '$upgrade');
  if (options.version) {
    url.searchParams.set('version', options.version);
  }
  if (options.force) {
    url.searchParams.set('force', 'true');
  }
  if (options.timeoutMs) {
    url.searchParams.set('timeout', String(options.timeoutMs));
  }
  return medplum.get<OperationOutcome>(url, { cache: 'no-cache' });
}
// #endregion upgrade

// #region access-policy
/**
 * An access policy for an agent's ClientApplication. The agent itself reads its Agent and the
 * channels' Endpoints; the server reads the target Bot with the same access, and every bot the
 * agent triggers runs with it too, so the policy also lists what those bots write.
 */
export function agentAccessPolicy(name: string, botWrites: string[], agentId?: string): AccessPolicy {
  return {
    resourceType: 'AccessPolicy',
    name,
    resource: [
      // With an id, the client can read only its own Agent.
      agentId
        ? { resourceType: 'Agent', readonly: true, criteria: `Agent?_id=${agentId}` }
        : { resourceType: 'Agent', readonly: true },
      { resourceType: 'Endpoint', readonly: true },
      { resourceType: 'Bot', readonly: true },
      ...botWrites.map((resourceType) => ({ resourceType })),
    ],
  };
}

/**
 * Creates the policy and a ClientApplication that uses it, through the project admin API
 * (the caller must be a project administrator). Returns the client with its id and secret.
 */
export async function createAgentClient(
  medplum: MedplumClient,
  projectId: string,
  clientName: string,
  botWrites: string[],
  agentId?: string,
): Promise<{ policy: WithId<AccessPolicy>; client: { id: string; secret?: string } }> {
  const policy = await medplum.createResource(agentAccessPolicy(`${clientName} policy`, botWrites, agentId));
  const client = await medplum.post(`admin/projects/${projectId}/client`, {
    name: clientName,
    description: 'Credentials for one on-site Medplum agent',
    accessPolicy: createReference(policy),
  });
  return { policy, client };
}
// #endregion access-policy

// #region astm-frame
/** ASTM E1381 control bytes. */
export const STX = 0x02;
export const ETX = 0x03;
export const ETB = 0x17;
export const LF = 0x0a;

/** What a bot learns from one frame delivered by a byte-stream channel. */
export interface AstmFrame {
  frameNumber: number;
  /** True when the frame ends with ETX (last frame of a message), false for ETB (continued). */
  final: boolean;
  text: string;
  checksumOk: boolean;
}

/**
 * Decodes one frame as a byte-stream channel with `startChar` STX and `endChar` LF delivers it
 * to a bot: a hex string of `STX FN text ETX|ETB C1 C2 CR LF`. The checksum is the sum modulo 256
 * of every byte after STX up to and including ETX or ETB, written as two upper-case hex digits.
 */
export function decodeAstmFrame(hexBody: string): AstmFrame {
  const bytes = Buffer.from(hexBody, 'hex');
  const start = bytes.indexOf(STX);
  let end = -1;
  for (let i = start + 1; i < bytes.length; i++) {
    if (bytes[i] === ETX || bytes[i] === ETB) {
      end = i;
      break;
    }
  }
  if (start < 0 || end < 0) {
    throw new Error('Not an ASTM frame: missing STX or ETX/ETB');
  }
  let sum = 0;
  for (let i = start + 1; i <= end; i++) {
    sum = (sum + bytes[i]) & 0xff;
  }
  const expected = sum.toString(16).toUpperCase().padStart(2, '0');
  const carried = bytes
    .subarray(end + 1, end + 3)
    .toString('latin1')
    .toUpperCase();
  return {
    frameNumber: Number.parseInt(String.fromCharCode(bytes[start + 1]), 10),
    final: bytes[end] === ETX,
    text: bytes.subarray(start + 2, end).toString('latin1'),
    checksumOk: carried === expected,
  };
}

/** Builds a frame the way an instrument does (used to test the decoder). */
export function encodeAstmFrame(frameNumber: number, text: string, final = true): string {
  const body = Buffer.from(`${frameNumber}${text}`, 'latin1');
  const terminator = final ? ETX : ETB;
  let sum = terminator;
  for (const b of body) {
    sum = (sum + b) & 0xff;
  }
  const checksum = sum.toString(16).toUpperCase().padStart(2, '0');
  return Buffer.concat([
    Buffer.from([STX]),
    body,
    Buffer.from([terminator]),
    Buffer.from(`${checksum}\r\n`, 'latin1'),
  ]).toString('hex');
}

/** Splits ASTM record text (records end with CR) into `[type, fields]` pairs, e.g. `R|1|^^^GLU|5.4|mmol/L`. */
export function astmRecords(text: string): { type: string; fields: string[] }[] {
  return text
    .split('\r')
    .filter((r) => r.length > 0)
    .map((r) => ({ type: r[0], fields: r.split('|') }));
}
// #endregion astm-frame

// #region astm-bot
/** ASTM E1394 result status (R record, field 9) to Observation.status. */
const ASTM_RESULT_STATUS: Record<string, Observation['status']> = {
  F: 'final',
  P: 'preliminary',
  C: 'corrected',
  X: 'cancelled',
};

/**
 * A bot for a byte-stream channel framed STX..LF. Each run receives one frame as hex. It answers
 * NAK (hex `15`) for a bad checksum and ACK (hex `06`) otherwise, which the agent writes back to
 * the instrument as raw bytes, and stores every result record as an Observation coded with the
 * instrument's own test code. Linking results to the patient and order needs the P and O records,
 * which arrive in earlier frames and earlier runs.
 */
export async function handleAstmFrame(medplum: MedplumClient, event: BotEvent<string>): Promise<string> {
  const frame = decodeAstmFrame(event.input);
  if (!frame.checksumOk) {
    return '15';
  }
  for (const record of astmRecords(frame.text)) {
    if (record.type !== 'R') {
      continue;
    }
    const [, , testId, value, units, , , , status] = record.fields;
    const code = testId.split('^').filter(Boolean).pop() ?? testId;
    const numeric = Number(value);
    await medplum.createResource<Observation>({
      resourceType: 'Observation',
      status: ASTM_RESULT_STATUS[status] ?? 'preliminary',
      code: { coding: [{ system: 'https://example.org/fhir/CodeSystem/analyzer-test', code }], text: code },
      ...(Number.isFinite(numeric) && value !== ''
        ? { valueQuantity: { value: numeric, unit: units } }
        : { valueString: value }),
    });
  }
  return '06';
}
// #endregion astm-bot

// #region hl7-throughput
/** Per-channel MLLP options the agent reads from the Endpoint address. */
export interface MllpOptions {
  /** Character set of the bytes on the wire, for example `utf-8` or `latin1`. */
  encoding?: string;
  /** `true`: answer CA at once, then forward the bot's ACK; `aa`: answer AA at once, never forward. */
  enhanced?: 'true' | 'aa';
  /** With `enhanced=true`: which bot ACKs reach the sender (AL all, ER errors, SU successes, NE none). */
  appLevelAck?: 'AL' | 'ER' | 'SU' | 'NE';
  /** Throttle: at most this many messages per minute are taken from each connection. */
  messagesPerMin?: number;
  /** Overwrite MSH-13 with a counter the channel keeps. */
  assignSeqNo?: boolean;
}

/** Builds an `mllp://` Endpoint address for a high-volume feed. */
export function mllpAddress(port: number, options: MllpOptions): string {
  const params: Record<string, string> = {};
  if (options.encoding) {
    params.encoding = options.encoding;
  }
  if (options.enhanced) {
    params.enhanced = options.enhanced;
  }
  if (options.appLevelAck) {
    params.appLevelAck = options.appLevelAck;
  }
  if (options.messagesPerMin !== undefined) {
    params.messagesPerMin = String(options.messagesPerMin);
  }
  if (options.assignSeqNo) {
    params.assignSeqNo = 'true';
  }
  return channelAddress('mllp', port, params);
}

/** Settings for outbound throughput: persistent connections, a pool size, and periodic statistics. */
export function throughputSettings(maxClientsPerRemote: number, logStatsFreqSecs: number): AgentSetting[] {
  return [
    { name: 'keepAlive', valueBoolean: true },
    { name: 'maxClientsPerRemote', valueInteger: maxClientsPerRemote },
    { name: 'logStatsFreqSecs', valueInteger: logStatsFreqSecs },
  ];
}
// #endregion hl7-throughput
