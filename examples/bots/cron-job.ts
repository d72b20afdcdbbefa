/**
 * A scheduled bot. The cron worker runs it with the Bot resource itself as input
 * (Bot.cronString or Bot.cronTiming), so the bot does its own searching and reads its settings
 * from project secrets.
 */
import type { BotEvent, MedplumClient } from '@medplum/core';
import type { Bot, Task } from '@medplum/fhirtypes';

// #region schedules
/** Five-field cron expressions (minute hour day-of-month month day-of-week) in the server process's time zone. */
export const SCHEDULES = {
  everyWeekdayAt7: '0 7 * * 1-5',
  everyFifteenMinutes: '*/15 * * * *',
  firstOfMonthAtMidnight: '0 0 1 * *',
} as const;
// #endregion schedules

// #region handler
/**
 * Escalates requested Tasks that have waited longer than the ESCALATE_AFTER_HOURS project
 * secret (default 48 hours).
 */
export async function handler(medplum: MedplumClient, event: BotEvent<Bot>): Promise<{ escalated: number }> {
  const maxAgeHours = readMaxAge(event);
  const cutoff = Date.now() - maxAgeHours * 3600_000;
  const waiting = await medplum.searchResources('Task', { status: 'requested', _count: '100' });
  let escalated = 0;
  for (const task of waiting) {
    const authored = task.authoredOn ? Date.parse(task.authoredOn) : Number.NaN;
    if (task.priority !== 'urgent' && authored < cutoff) {
      await medplum.updateResource<Task>({ ...task, priority: 'urgent' });
      escalated++;
    }
  }
  console.log(`Escalated ${escalated} of ${waiting.length} waiting tasks by ${event.input.name ?? 'bot'}`);
  return { escalated };
}

/** A cron run has no parameters of its own: the input is the Bot, so settings come from secrets. */
function readMaxAge(event: BotEvent<Bot>): number {
  const secret = event.secrets['ESCALATE_AFTER_HOURS'];
  const hours = secret?.valueInteger ?? Number(secret?.valueString);
  return Number.isFinite(hours) && hours > 0 ? hours : 48;
}
// #endregion handler
