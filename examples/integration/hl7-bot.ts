/**
 * A bot that receives ADT messages from an agent channel, keeps one Patient per MRN and answers
 * with an HL7 acknowledgement. The agent passes the bot's return value back to the sender.
 */
import type { BotEvent, Hl7Message, MedplumClient } from '@medplum/core';
import { normalizeErrorString } from '@medplum/core';
import type { Patient } from '@medplum/fhirtypes';
import { acknowledge, patientFromPid } from './hl7-v2';

// #region adt-bot
/** ADT trigger events that carry demographics this bot should apply. */
const DEMOGRAPHIC_EVENTS = new Set(['A01', 'A04', 'A08', 'A28', 'A31']);

/**
 * Bot entry point. For an HL7 v2 channel the server parses the message before calling the bot,
 * so `event.input` is already an Hl7Message. The return value becomes the body the agent writes
 * back to the sender, so return the acknowledgement as HL7 text.
 */
export async function handler(medplum: MedplumClient, event: BotEvent<Hl7Message>): Promise<string> {
  const message = event.input;
  const trigger = message.header.getComponent(9, 2);
  if (!DEMOGRAPHIC_EVENTS.has(trigger)) {
    // Accept and ignore what this bot does not handle, so the sender does not retry it forever.
    return acknowledge(message).toString();
  }
  try {
    const incoming = patientFromPid(message);
    const mrn = incoming.identifier?.[0];
    if (!mrn?.system || !mrn.value) {
      return acknowledge(message, 'PID-3 has no identifier').toString();
    }
    // A conditional update keyed on the MRN: the first message creates the Patient, later ones
    // (A08 updates, resent A01s) replace the same resource instead of making duplicates.
    await medplum.upsertResource<Patient>(incoming, { identifier: `${mrn.system}|${mrn.value}` });
    return acknowledge(message).toString();
  } catch (err) {
    return acknowledge(message, normalizeErrorString(err)).toString();
  }
}
// #endregion adt-bot
