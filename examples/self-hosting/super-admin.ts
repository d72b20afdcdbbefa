/**
 * Super admin maintenance calls against a self-hosted Medplum server. These endpoints live under
 * `/admin/super/` (not under the FHIR base) and only answer for a login whose project is the
 * super admin project.
 */
import type { MedplumClient } from '@medplum/core';
import type { OperationOutcome } from '@medplum/fhirtypes';

// #region reindex
/**
 * Starts a reindex of one or more resource types ('*' for all but Binary), optionally only the
 * resources that match a FHIR search filter. 'outdated' only touches resources indexed by an
 * older server version; 'all' redoes everything. The server answers 202 Accepted at once; the
 * work runs as an AsyncJob. `post` does not wait for it: it returns the server's "Accepted"
 * OperationOutcome, whose `issue[0].diagnostics` (like the Content-Location header) holds the
 * job's status URL: the server's base URL, `fhir/R4/job/`, the job's id and `/status`. Read that
 * URL (or the AsyncJob it names) until the job's `status` is no longer 'accepted'.
 */
export async function reindex(
  medplum: MedplumClient,
  resourceTypes: string[],
  reindexType: 'outdated' | 'all' = 'outdated',
  filter?: string,
): Promise<unknown> {
  const body: Record<string, string> = { resourceType: resourceTypes.join(','), reindexType };
  if (filter) {
    body.filter = filter; // e.g. "_lastUpdated=gt2025-01-01"
  }
  return medplum.post(medplum.getBaseUrl() + 'admin/super/reindex', body, undefined, {
    headers: { Prefer: 'respond-async' }, // required: without it the server answers 400
  });
}
// #endregion reindex

// #region reindex-tuned
/** The optional tuning fields of admin/super/reindex (all numbers; leave out what you do not need). */
export interface ReindexTuning {
  batchSize?: number; // resources per page, 20 to 1000 (default 500)
  searchStatementTimeout?: number; // ms for each page's search, at least 1000 (default 1 hour)
  upsertStatementTimeout?: number; // ms for each page's write, at least 1000 (default: database.queryTimeout)
  delayBetweenBatches?: number; // ms pause after each page, 0 to 60000 (default 0)
  progressLogThreshold?: number; // log a progress line every N resources (default 50000)
  endTimestampBufferMinutes?: number; // also cover resources written up to N minutes after the start (default 5)
  maxIterationAttempts?: number; // tries per page before the job gives up, 1 to 20 (default 3)
}

/**
 * Starts a gentle reindex of one resource type on a busy production database: smaller pages, a
 * pause between them, and a few more retries per page. Only the resources written by an older
 * indexing version are touched.
 */
export async function reindexGently(
  medplum: MedplumClient,
  resourceType: string,
  tuning: ReindexTuning = { batchSize: 200, delayBetweenBatches: 250, maxIterationAttempts: 5 },
): Promise<unknown> {
  return medplum.post(
    medplum.getBaseUrl() + 'admin/super/reindex',
    { resourceType, reindexType: 'outdated', ...tuning },
    undefined,
    { headers: { Prefer: 'respond-async' } },
  );
}
// #endregion reindex-tuned

// #region purge
/**
 * Permanently deletes AuditEvent (or Login) resources older than a date. This is a true DELETE,
 * not the usual soft delete: export anything you must retain first.
 */
export async function purgeAuditEventsBefore(medplum: MedplumClient, before: Date): Promise<OperationOutcome> {
  return medplum.post(medplum.getBaseUrl() + 'admin/super/purge', {
    resourceType: 'AuditEvent',
    before: before.toISOString(),
  });
}
// #endregion purge

// #region vacuum
/** Runs VACUUM ANALYZE on some tables as an AsyncJob (tables are named like the resource types). */
export async function vacuumAnalyze(medplum: MedplumClient, tableNames: string[]): Promise<unknown> {
  return medplum.post(
    medplum.getBaseUrl() + 'admin/super/vacuum',
    { tableNames, vacuum: true, analyze: true },
    undefined,
    { headers: { Prefer: 'respond-async' } },
  );
}
// #endregion vacuum

// #region migrate
/** Runs any pending data migrations as an AsyncJob (normally the upgrade does this by itself). */
export async function runPendingDataMigrations(medplum: MedplumClient): Promise<unknown> {
  return medplum.post(medplum.getBaseUrl() + 'admin/super/migrate', {}, undefined, {
    headers: { Prefer: 'respond-async' },
  });
}
// #endregion migrate

// #region health
/** The fields GET /healthcheck returns; servers before 5.1.1 send no `redisInstances`. */
export interface HealthCheck {
  ok: boolean;
  version: string;
  postgres: boolean;
  redis: boolean;
  redisInstances?: Record<string, boolean>;
}

/**
 * Reads the unauthenticated health check and says whether the server and its dependencies are
 * usable. `ok` alone is not enough: it is always true when the server answers at all.
 */
export async function isHealthy(baseUrl: string, fetchImpl: typeof fetch = fetch): Promise<boolean> {
  const res = await fetchImpl(new URL('healthcheck', baseUrl));
  if (!res.ok) {
    return false;
  }
  const body = (await res.json()) as HealthCheck;
  const redisOk = Object.values(body.redisInstances ?? { default: body.redis }).every(Boolean);
  return body.ok && body.postgres && redisOk;
}
// #endregion health
