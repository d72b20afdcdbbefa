/**
 * Reads what a rollback of a self-hosted Medplum server depends on, through the API: which
 * release answers, which post-deploy (data) migration the database still needs or is running, and
 * how the database schema differs from what the running release expects. All calls except the
 * health check need a super admin.
 */
import type { MedplumClient } from '@medplum/core';
import type { AsyncJob, Parameters } from '@medplum/fhirtypes';

// #region migration-state
/** What the health check, admin/super/migrations and the data-migration AsyncJobs say. */
export interface MigrationState {
  /** The release that answered, e.g. "5.1.12" (the health check reports "5.1.12-53eba89"). */
  release: string;
  /** The highest post-deploy migration this release knows (37 for 5.1.12). */
  latestKnownDataVersion: number;
  /** The next post-deploy migration the database still needs; 0 when none is pending. */
  pendingDataVersion: number;
  /** data-migration jobs that have not finished (status accepted or active). */
  running: { id?: string; status: AsyncJob['status']; dataVersion?: number; minServerVersion?: string }[];
}

/**
 * Reads the migration state of the server behind `medplum`. Run it before an upgrade (on the
 * old release) and again afterwards, and keep both results.
 * @param medplum - A client signed in as a super admin.
 * @returns The release, the post-deploy migration numbers and the unfinished migration jobs.
 */
export async function readMigrationState(medplum: MedplumClient): Promise<MigrationState> {
  const base = medplum.getBaseUrl();
  const health = await medplum.get<{ version: string }>(base + 'healthcheck', { cache: 'no-cache' });
  const migrations = await medplum.get<{ postDeployMigrations: number[]; pendingPostDeployMigration: number }>(
    base + 'admin/super/migrations',
    { cache: 'no-cache' },
  );
  const jobs = await medplum.searchResources(
    'AsyncJob',
    { type: 'data-migration', status: 'accepted,active', _sort: '-_lastUpdated' },
    { cache: 'no-cache' },
  );
  return {
    release: health.version.split('-')[0],
    latestKnownDataVersion: Math.max(0, ...migrations.postDeployMigrations),
    pendingDataVersion: migrations.pendingPostDeployMigration,
    running: jobs.map((job) => ({
      id: job.id,
      status: job.status,
      dataVersion: job.dataVersion,
      minServerVersion: job.minServerVersion,
    })),
  };
}
// #endregion migration-state

// #region rollback-notes
/**
 * Compares the state read on the old release before the upgrade with the state now, and says
 * what a rollback to the old release would meet.
 * @param before - readMigrationState on the old release, before the new one started.
 * @param now - readMigrationState now, with the new release running.
 * @returns One sentence per finding.
 */
export function rollbackNotes(before: MigrationState, now: MigrationState): string[] {
  const notes: string[] = [];
  for (const job of now.running) {
    notes.push(
      `Post-deploy migration v${job.dataVersion} is ${job.status}; older servers leave it waiting ` +
        `until a server at ${job.minServerVersion} or later runs again.`,
    );
  }
  // With nothing pending, the database has run every migration the running release knows.
  const done = now.pendingDataVersion > 0 ? now.pendingDataVersion - 1 : now.latestKnownDataVersion;
  const first = before.latestKnownDataVersion + 1;
  if (done >= first) {
    const which = done === first ? `migration v${done} has` : `migrations v${first} to v${done} have`;
    notes.push(
      `Post-deploy ${which} run; ${before.release} does not know ${done === first ? 'it' : 'them'}. ` +
        `Check ${done === first ? 'it' : 'them'} for DROP statements before rolling back.`,
    );
  } else {
    notes.push(`No post-deploy migration newer than ${before.release} has run yet.`);
  }
  return notes;
}
// #endregion rollback-notes

// #region schema-drift
/** The statements that would bring the database to the schema the running release expects. */
export interface SchemaDrift {
  /** Creates and changes: what the running release expects but the database lacks or has differently. */
  toAdd: string[];
  /** Drops: tables, columns and indexes in the database that the running release does not know. */
  toDrop: string[];
}

/**
 * Asks the server for the migration it would need ($db-schema-diff, super admins only) and sorts
 * its SQL statements. On a server older than the database (after a rollback), `toDrop` lists what
 * the newer release added. Read-only: nothing is changed.
 * @param medplum - A client signed in as a super admin.
 * @returns The statements, split into additions and drops.
 */
export async function readSchemaDrift(medplum: MedplumClient): Promise<SchemaDrift> {
  const result = await medplum.post<Parameters>(medplum.fhirUrl('$db-schema-diff'), {
    resourceType: 'Parameters',
  });
  const code = result.parameter?.find((p) => p.name === 'migrationString')?.valueString ?? '';
  // The answer is TypeScript source; each SQL statement sits between backticks.
  const statements = [...code.matchAll(/`([^`]+)`/g)].map((m) => m[1].trim());
  const isDrop = (sql: string): boolean => /\bDROP (TABLE|COLUMN|INDEX)\b/i.test(sql);
  return { toAdd: statements.filter((s) => !isDrop(s)), toDrop: statements.filter(isDrop) };
}

/**
 * The drops that appear in `after` but not in `baseline`. Read a baseline on the old release
 * before the upgrade; after rolling back, this lists what the newer release left behind.
 * @param baseline - readSchemaDrift on the old release, before the upgrade.
 * @param after - readSchemaDrift on the same release, after the rollback.
 * @returns The new DROP statements.
 */
export function newDrops(baseline: SchemaDrift, after: SchemaDrift): string[] {
  const known = new Set(baseline.toDrop);
  return after.toDrop.filter((sql) => !known.has(sql));
}
// #endregion schema-drift
