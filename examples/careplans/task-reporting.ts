/**
 * Operational reporting over Tasks: stage and owner transitions from a Task's history, time spent
 * in each status, counts by status with `_summary=count`, open work grouped by owner, queue age,
 * and turnaround for Tasks completed in a period.
 */
import type { MedplumClient } from '@medplum/core';
import type { Task } from '@medplum/fhirtypes';

// #region transitions
/** Every stored version of a Task, oldest first, read page by page (the server sends newest first). */
export async function allVersions(medplum: MedplumClient, taskId: string, pageSize = 100): Promise<Task[]> {
  const versions: Task[] = [];
  for (let offset = 0; ; offset += pageSize) {
    const page = await medplum.readHistory('Task', taskId, { count: pageSize, offset }, { cache: 'no-cache' });
    const entries = page.entry ?? [];
    for (const entry of entries) {
      if (entry.resource) {
        versions.push(entry.resource); // a deletion is an entry without a resource
      }
    }
    if (entries.length < pageSize || offset + entries.length >= (page.total ?? 0)) {
      break;
    }
  }
  return versions.reverse();
}

export interface Transition {
  field: 'status' | 'owner';
  from?: string;
  to?: string;
  /** When the server stored the version that made the change (meta.lastUpdated). */
  at: string;
  /** Who wrote it (meta.author): the SDK asks for it with the X-Medplum: extended header. */
  by?: string;
}

/** The changes of status and owner between consecutive versions; edits to other fields are skipped. */
export function transitions(versions: Task[]): Transition[] {
  const result: Transition[] = [];
  let previous: Task | undefined;
  for (const v of versions) {
    const at = v.meta?.lastUpdated as string;
    const by = v.meta?.author?.reference;
    if (v.status !== previous?.status) {
      result.push({ field: 'status', from: previous?.status, to: v.status, at, by });
    }
    if (v.owner?.reference !== previous?.owner?.reference) {
      result.push({ field: 'owner', from: previous?.owner?.reference, to: v.owner?.reference, at, by });
    }
    previous = v;
  }
  return result;
}

const FINAL = ['completed', 'cancelled', 'failed', 'rejected', 'entered-in-error'];

/**
 * Minutes spent in each status, from the status transitions. An open Task's current status counts
 * up to `now`; a final status (completed, cancelled, failed, rejected, entered-in-error) is an end
 * point, not a stage.
 */
export function minutesPerStatus(changes: Transition[], now = new Date()): Record<string, number> {
  const steps = changes.filter((c) => c.field === 'status');
  const totals: Record<string, number> = {};
  steps.forEach((step, i) => {
    const status = step.to as string;
    if (FINAL.includes(status)) {
      return;
    }
    const end = steps[i + 1]?.at ?? now.toISOString();
    totals[status] = (totals[status] ?? 0) + (Date.parse(end) - Date.parse(step.at)) / 60_000;
  });
  return totals;
}
// #endregion transitions

// #region counts
/** How many Tasks are in each status: one `_summary=count` search per status, no resources sent. */
export async function countsByStatus(
  medplum: MedplumClient,
  statuses: Task['status'][],
  filters: Record<string, string> = {},
): Promise<Record<string, number>> {
  const totals = await Promise.all(
    statuses.map(async (status) => {
      const bundle = await medplum.search('Task', { ...filters, status, _summary: 'count' }, { cache: 'no-cache' });
      return [status, bundle.total ?? 0] as const;
    }),
  );
  return Object.fromEntries(totals);
}

/** Open work grouped by owner. FHIR search cannot group, so this pages through the Tasks and counts. */
export async function openByOwner(medplum: MedplumClient, code?: string): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for await (const page of medplum.searchResourcePages(
    'Task',
    { status: 'requested,in-progress', _count: '1000', ...(code ? { code } : {}) },
    { cache: 'no-cache' },
  )) {
    for (const task of page) {
      const owner = task.owner?.reference ?? 'unassigned';
      counts[owner] = (counts[owner] ?? 0) + 1;
    }
  }
  return counts;
}
// #endregion counts

// #region queue-age
/**
 * How long the Tasks waiting in one queue have waited since they were authored: the oldest wait
 * and a count per age band, over every page of the queue (sorted by _lastUpdated, the pages are
 * linked by cursors, which the offset limit does not stop).
 */
export async function queueAge(
  medplum: MedplumClient,
  owner: string,
  now = new Date(),
): Promise<{ oldestHours: number; buckets: Record<'under1h' | 'under4h' | 'under24h' | 'older', number> }> {
  const buckets = { under1h: 0, under4h: 0, under24h: 0, older: 0 };
  let oldestHours = 0;
  for await (const page of medplum.searchResourcePages(
    'Task',
    { owner, status: 'requested', _sort: '_lastUpdated', _count: '1000' },
    { cache: 'no-cache' },
  )) {
    for (const task of page) {
      const hours = (now.getTime() - Date.parse(task.authoredOn as string)) / 3_600_000;
      oldestHours = Math.max(oldestHours, hours);
      buckets[hours < 1 ? 'under1h' : hours < 4 ? 'under4h' : hours < 24 ? 'under24h' : 'older']++;
    }
  }
  return { oldestHours, buckets };
}
// #endregion queue-age

// #region turnaround
export interface Turnaround {
  completed: number;
  /** From authoredOn to executionPeriod.end, in minutes. */
  medianMinutes: number;
  p90Minutes: number;
}

function percentile(sorted: number[], p: number): number {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : 0;
}

/**
 * Turnaround of Tasks completed in [from, to), grouped by `code.text`. `_lastUpdated` with the `ge`
 * prefix and `from` finds every Task written since `from`, which includes all completed since
 * then; the exact window is then applied to `executionPeriod.end`, the time the work finished.
 */
export async function turnaround(medplum: MedplumClient, from: Date, to: Date): Promise<Record<string, Turnaround>> {
  const minutesByCode: Record<string, number[]> = {};
  for await (const page of medplum.searchResourcePages(
    'Task',
    { status: 'completed', _lastUpdated: `ge${from.toISOString()}`, _count: '1000' },
    { cache: 'no-cache' },
  )) {
    for (const task of page) {
      const end = task.executionPeriod?.end;
      if (!end || !task.authoredOn || end < from.toISOString() || end >= to.toISOString()) {
        continue;
      }
      const code = task.code?.text ?? 'uncoded';
      (minutesByCode[code] ??= []).push((Date.parse(end) - Date.parse(task.authoredOn)) / 60_000);
    }
  }
  return Object.fromEntries(
    Object.entries(minutesByCode).map(([code, minutes]) => {
      const sorted = [...minutes].sort((a, b) => a - b);
      return [
        code,
        { completed: sorted.length, medianMinutes: percentile(sorted, 50), p90Minutes: percentile(sorted, 90) },
      ];
    }),
  );
}
// #endregion turnaround
