/**
 * A scheduled bot. The cron worker runs it with the Bot resource (Bot.cronString/cronTiming) or,
 * for a Cron resource, with the Cron (newest servers) or a Parameters resource built from
 * Cron.parameter (some earlier servers); either way it does its own searching.
 */
import type { BotEvent, MedplumClient } from '@medplum/core';
import type { Bot, Cron, Parameters, Task } from '@medplum/fhirtypes';

// #region schedules
/** Five-field cron expressions (minute hour day-of-month month day-of-week), server time zone UTC. */
export const SCHEDULES = {
  everyWeekdayAt7: '0 7 * * 1-5',
  everyFifteenMinutes: '*/15 * * * *',
  firstOfMonthAtMidnight: '0 0 1 * *',
} as const;
// #endregion schedules

// #region handler
/** Escalates requested Tasks that have waited longer than `maxAgeHours` (default 48). */
export async function handler(
  medplum: MedplumClient,
  event: BotEvent<Bot | Cron | Parameters>
): Promise<{ escalated: number }> {
  const maxAgeHours = readMaxAge(event.input);
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
  console.log(`Escalated ${escalated} of ${waiting.length} waiting tasks`);
  return { escalated };
}

/** Cron runs carry settings in `parameter` (on the Cron or on a Parameters input); a Bot schedule uses the default. */
function readMaxAge(input: Bot | Cron | Parameters): number {
  if (input.resourceType === 'Cron' || input.resourceType === 'Parameters') {
    const param = input.parameter?.find((p) => p.name === 'maxAgeHours');
    if (param?.valueInteger) {
      return param.valueInteger;
    }
  }
  return 48;
}
// #endregion handler
