/**
 * A bot that reads its own Bot resource: event.bot is a reference (with the bot's name as display),
 * so the handler resolves it to reach the rest of the Bot, here the identifier naming which site a
 * shared codebase serves.
 */
import type { BotEvent, MedplumClient } from '@medplum/core';

// #region handler
export async function handler(medplum: MedplumClient, event: BotEvent): Promise<string> {
  const bot = await medplum.readReference(event.bot);
  const site = bot.identifier?.find((id) => id.system === 'https://example.com/bot-site')?.value;
  return `${bot.name} serves ${site ?? 'every site'}`;
}
// #endregion handler
