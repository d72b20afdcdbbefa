/**
 * A bot that reports what arrived in its BotEvent. Useful as a first bot on a new server: it
 * shows which fields the runtime fills in for each way of calling the bot.
 */
import type { BotEvent, MedplumClient } from '@medplum/core';

export interface EventSummary {
  bot: string | undefined;
  contentType: string;
  inputType: string;
  secretNames: string[];
  requester: string | undefined;
  traceId: string | undefined;
  interaction: string | undefined;
}

// #region handler
export async function handler(_medplum: MedplumClient, event: BotEvent): Promise<EventSummary> {
  // Headers keep their lower-case HTTP names; a header sent twice arrives as an array.
  const interaction = event.headers?.['x-medplum-interaction'] ?? event.headers?.['X-Medplum-Interaction'];
  return {
    bot: event.bot.reference,
    contentType: event.contentType,
    inputType: typeof event.input,
    // Never return or log secret values: the return value and logs end up in AuditEvents.
    secretNames: Object.keys(event.secrets).sort(),
    requester: event.requester?.reference,
    traceId: event.traceId,
    interaction: Array.isArray(interaction) ? interaction[0] : interaction,
  };
}
// #endregion handler
