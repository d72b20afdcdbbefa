/**
 * Agent operations: Agent/$push (SDK method pushToAgent), Agent/$status and Agent/$stats
 * ($stats needs a server newer than 5.0.10). The agent is alpha software (not production
 * ready) and its installer is Windows-only.
 */
import { type AgentStats, ContentType, type MedplumClient } from '@medplum/core';
import type { Parameters, ParametersParameter } from '@medplum/fhirtypes';

// #region push
/**
 * Sends an HL7 v2 message through an agent to a Device and waits for the remote system's reply
 * (for HL7, the ACK), which the server returns as text.
 */
export async function sendHl7ThroughAgent(
  medplum: MedplumClient,
  agentId: string,
  deviceId: string,
  message: string,
): Promise<string> {
  return medplum.pushToAgent(
    { reference: `Agent/${agentId}` },
    `Device/${deviceId}`,
    message,
    ContentType.HL7_V2,
    // waitForResponse: without it the server answers All OK as soon as it has published the
    // message, even when the agent is offline.
    true,
  );
}
// #endregion push

// #region status
/** Reads an agent's connection state and version ("unknown" when no report from the agent is cached: it never connected, or its last report is over 24 hours old). */
export async function getAgentStatus(
  medplum: MedplumClient,
  agentId: string,
): Promise<{ status?: string; version?: string }> {
  const result: Parameters = await medplum.get(medplum.fhirUrl('Agent', agentId, '$status'), { cache: 'no-cache' });
  const find = (name: string): ParametersParameter | undefined => result.parameter?.find((p) => p.name === name);
  return { status: find('status')?.valueCode, version: find('version')?.valueString };
}
// #endregion status

// #region stats
/** Live counters of one agent; `stats` arrives as JSON text and is parsed here. */
export async function getAgentStats(medplum: MedplumClient, agentId: string): Promise<AgentStats> {
  const result: Parameters = await medplum.get(medplum.fhirUrl('Agent', agentId, '$stats'), { cache: 'no-cache' });
  const text = result.parameter?.find((p) => p.name === 'stats')?.valueString;
  if (!text) {
    throw new Error('$stats returned no stats');
  }
  return JSON.parse(text) as AgentStats;
}
// #endregion stats
