/**
 * Sending from the cloud to a system on the site network through the agent with `Agent/$push`,
 * and the checks used when something does not arrive.
 */
import type { MedplumClient } from '@medplum/core';
import { ContentType, Hl7Message } from '@medplum/core';
import type { Agent, Device, Parameters, Reference } from '@medplum/fhirtypes';

// #region push-hl7
/**
 * Sends an HL7 v2 message to a device and waits for its acknowledgement. The agent opens an MLLP
 * connection to the Device's url, writes the message, and returns what the device answered.
 */
export async function sendHl7ToDevice(
  medplum: MedplumClient,
  agent: Reference<Agent>,
  device: Reference<Device>,
  message: Hl7Message,
): Promise<Hl7Message> {
  const reply = await medplum.pushToAgent(agent, device, message.toString(), ContentType.HL7_V2, true, {
    // Wait for an application-level ACK (AA/AE/AR), not just the receiver's commit ACK.
    returnAck: 'application',
    waitTimeout: 20000,
  });
  return Hl7Message.parse(reply as string);
}
// #endregion push-hl7

// #region ping
/**
 * Asks the agent to ping a host from inside the site network. Useful to tell "the agent is
 * offline" apart from "the agent cannot reach the device". The answer is the ping command's output.
 */
export async function pingFromAgent(medplum: MedplumClient, agent: Reference<Agent>, host: string): Promise<string> {
  return medplum.pushToAgent(agent, host, 'PING', ContentType.PING, true);
}
// #endregion ping

// #region status
/** What the server knows about an agent's connection (from its last heartbeat). */
export interface AgentConnectionInfo {
  status: 'connected' | 'disconnected' | 'unknown';
  version: string;
  lastUpdated?: string;
}

/** Reads `Agent/{id}/$status`: connection state, agent version and the time of the last report. */
export async function getAgentStatus(medplum: MedplumClient, agentId: string): Promise<AgentConnectionInfo> {
  const params = await medplum.get<Parameters>(medplum.fhirUrl('Agent', agentId, '$status'), { cache: 'no-cache' });
  const value = (name: string): string | undefined =>
    params.parameter?.find((p) => p.name === name)?.valueCode ??
    params.parameter?.find((p) => p.name === name)?.valueString ??
    params.parameter?.find((p) => p.name === name)?.valueInstant;
  return {
    status: (value('status') ?? 'unknown') as AgentConnectionInfo['status'],
    version: value('version') ?? 'unknown',
    lastUpdated: value('lastUpdated'),
  };
}
// #endregion status
