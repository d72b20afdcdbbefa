/**
 * Configuring an agent from code: the Endpoint a channel listens on, the Agent with its settings
 * and channels, the Device the cloud can push to, and switching the agent off and on.
 */
import type { MedplumClient, WithId } from '@medplum/core';
import { createReference } from '@medplum/core';
import type { Agent, Bot, Device, Endpoint } from '@medplum/fhirtypes';

// #region hl7-channel
/**
 * Creates an agent with one HL7 v2 channel. The agent reads the Endpoint's address to decide what
 * to run: `mllp://` starts an MLLP listener on that port, `dicom://` a DICOM listener, `tcp://` a
 * byte-stream listener. Messages arriving on the channel are sent to the bot in `target`.
 */
export async function createHl7Agent(
  medplum: MedplumClient,
  name: string,
  bot: WithId<Bot>,
  port = 2575,
): Promise<WithId<Agent>> {
  const endpoint = await medplum.createResource<Endpoint>({
    resourceType: 'Endpoint',
    status: 'active',
    name: `${name} ADT listener`,
    address: `mllp://0.0.0.0:${port}`,
    connectionType: {
      system: 'http://terminology.hl7.org/CodeSystem/endpoint-connection-type',
      code: 'hl7v2-mllp',
      display: 'HL7 v2 MLLP',
    },
    payloadType: [{ text: 'HL7 v2 ADT' }],
  });

  return medplum.createResource<Agent>({
    resourceType: 'Agent',
    name,
    status: 'active',
    setting: [{ name: 'keepAlive', valueBoolean: true }],
    channel: [{ name: 'adt-inbound', endpoint: createReference(endpoint), targetReference: createReference(bot) }],
  });
}
// #endregion hl7-channel

// #region device
/**
 * Registers a system on the site network that the cloud may send messages to. `$push` resolves
 * its destination to a Device and hands the Device's `url` to the agent.
 */
export async function registerDevice(medplum: MedplumClient, name: string, url: string): Promise<WithId<Device>> {
  return medplum.createResource<Device>({
    resourceType: 'Device',
    deviceName: [{ name, type: 'user-friendly-name' }],
    url,
  });
}
// #endregion device

// #region on-off
/**
 * Turns an agent off or on. With status 'off' the agent stops every channel after its next config
 * reload and the server refuses `$push`; the connection to the server stays up.
 */
export async function setAgentStatus(
  medplum: MedplumClient,
  agentId: string,
  status: 'active' | 'off',
): Promise<WithId<Agent>> {
  const agent = await medplum.patchResource('Agent', agentId, [{ op: 'replace', path: '/status', value: status }]);
  // Ask the running agent to read its configuration again instead of waiting for a restart.
  await medplum.get(medplum.fhirUrl('Agent', agentId, '$reload-config'));
  return agent;
}
// #endregion on-off
