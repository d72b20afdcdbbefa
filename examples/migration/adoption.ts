/**
 * Running Medplum alongside the legacy system until cut-over: tag what the migration wrote,
 * replay changes made in the legacy system since the last run, and dual-write new changes.
 */
import type { MedplumClient } from '@medplum/core';
import type { Bundle, BundleEntry, Coding, Patient } from '@medplum/fhirtypes';
import { convertPatient, SYSTEMS } from './convert';
import type { PatientRow } from './convert';

// #region tag
/** A tag on everything the migration writes, so bots and reports can tell it from live data. */
export const MIGRATED_TAG: Coding = {
  system: 'https://legacy-clinic.example.org/tags',
  code: 'migrated',
  display: 'Loaded from the legacy system',
};

export function tagMigrated<T extends Patient>(resource: T): T {
  return { ...resource, meta: { ...resource.meta, tag: [...(resource.meta?.tag ?? []), MIGRATED_TAG] } };
}
// #endregion tag

// #region delta
/** A legacy row with the change-tracking columns the delta sync needs. */
export interface TrackedPatientRow extends PatientRow {
  updated_at: string; // ISO date-time of the last change in the legacy system
  deleted: boolean;
}

/**
 * Replays every legacy change newer than `watermark`: upserts changed rows and deletes rows the
 * legacy system deleted, both keyed on the legacy identifier. Returns the new watermark, which the
 * caller stores only after the batch succeeded, so a failed run is simply repeated.
 */
export async function syncChanges(
  medplum: MedplumClient,
  rows: TrackedPatientRow[],
  watermark: string,
): Promise<{ watermark: string; failed: string[] }> {
  const changed = rows.filter((row) => row.updated_at > watermark);
  if (changed.length === 0) {
    return { watermark, failed: [] };
  }
  const entry: BundleEntry[] = changed.map((row) => {
    const url = `Patient?identifier=${encodeURIComponent(`${SYSTEMS.patient}|${row.pat_id}`)}`;
    return row.deleted
      ? { request: { method: 'DELETE', url } }
      : { resource: tagMigrated(convertPatient(row)), request: { method: 'PUT', url } };
  });
  const bundle: Bundle = { resourceType: 'Bundle', type: 'batch', entry };
  const response = await medplum.executeBatch(bundle);
  const failed = changed
    .filter((_row, i) => !response.entry?.[i]?.response?.status?.startsWith('2'))
    .map((row) => String(row.pat_id));
  // Only move the watermark past rows that succeeded; the failures are picked up next time.
  const oldestFailure = changed
    .filter((row) => failed.includes(String(row.pat_id)))
    .map((row) => row.updated_at)
    .sort()[0];
  const newest = changed
    .map((row) => row.updated_at)
    .sort()
    .at(-1) as string;
  const next = oldestFailure ? previousInstant(oldestFailure) : newest;
  return { watermark: next > watermark ? next : watermark, failed };
}

/** One millisecond before the given instant, so rows at exactly that time are resent. */
function previousInstant(iso: string): string {
  return new Date(new Date(iso).getTime() - 1).toISOString();
}
// #endregion delta

// #region dualwrite
/**
 * During the parallel-run phase the legacy system stays the system of record. Every change is
 * written there first; the Medplum write follows, and if it fails the row id is queued for the
 * next delta sync instead of failing the user's action.
 */
export async function dualWrite(
  medplum: MedplumClient,
  row: PatientRow,
  writeLegacy: (row: PatientRow) => Promise<void>,
  retryQueue: string[],
): Promise<Patient | undefined> {
  await writeLegacy(row);
  try {
    return await medplum.upsertResource(tagMigrated(convertPatient(row)), {
      identifier: `${SYSTEMS.patient}|${row.pat_id}`,
    });
  } catch {
    retryQueue.push(String(row.pat_id));
    return undefined;
  }
}
// #endregion dualwrite
