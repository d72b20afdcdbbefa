/**
 * An incremental bulk export for a warehouse: kick off with `_since`, keep the server's own
 * kick-off time as the next `_since`, poll the status URL, then copy each NDJSON file to the
 * storage the warehouse loads from (S3 for Redshift, a stage for Snowflake). The SQL that loads
 * and merges the files is on the page.
 */
import type { MedplumClient } from '@medplum/core';
import type { OperationOutcome } from '@medplum/fhirtypes';

// #region kick-off
export interface ExportRun {
  /** The status URL to poll. */
  statusUrl: string;
  /** The server's clock when it accepted the kick-off: the `_since` of the next run. */
  nextSince: string;
}

/**
 * Starts a system-level export of the given types, changed since the previous run's kick-off
 * (everything on the first run). The server answers 202 at once; the AsyncJob it created holds
 * the moment it accepted the request, which is the safe start of the next run.
 */
export async function startIncrementalExport(
  medplum: MedplumClient,
  types: string[],
  since?: string,
): Promise<ExportRun> {
  // Without pollStatusOnAccepted, bulkExport returns the 202 answer: an OperationOutcome naming the status URL.
  const accepted = (await medplum.bulkExport('', types.join(','), since)) as unknown as OperationOutcome;
  const statusUrl = accepted.issue?.[0]?.diagnostics;
  if (!statusUrl) {
    throw new Error('The export was not accepted');
  }
  const jobId = statusUrl.split('/').pop() as string;
  const job = await medplum.readResource('AsyncJob', jobId, { cache: 'no-cache' });
  return { statusUrl, nextSince: job.requestTime as string };
}
// #endregion kick-off

// #region poll
/** The completion manifest the status URL returns (Bulk Data Access). */
export interface ExportManifest {
  transactionTime: string;
  request: string;
  requiresAccessToken: boolean;
  output: { type: string; url: string }[];
  error: { type: string; url: string }[];
  deleted: { type: string; url: string }[];
}

/**
 * Polls the status URL until the export is complete: 202 with no body while it runs, 200 with the
 * manifest when done. A scheduler can instead store the URL and check back on its next tick.
 */
export async function waitForManifest(
  medplum: MedplumClient,
  statusUrl: string,
  pollEveryMs = 5000,
  maxPolls = 720,
): Promise<ExportManifest> {
  for (let i = 0; i < maxPolls; i++) {
    const manifest = (await medplum.get(statusUrl, { cache: 'no-cache' })) as ExportManifest | undefined;
    if (manifest?.output) {
      return manifest;
    }
    await new Promise((resolve) => setTimeout(resolve, pollEveryMs));
  }
  throw new Error(`Export at ${statusUrl} not complete after ${maxPolls} polls`);
}
// #endregion poll

// #region stage
export interface StagedFile {
  type: string;
  key: string;
  resources: number;
}

/**
 * Copies every output file to warehouse storage under a folder per run and, inside it, per resource
 * type, so each table loads from its own folder. `put` is your storage client (an S3 PutObject, a
 * Snowflake PUT). The file URLs are pre-signed and expire: fetch them without the Medplum token,
 * right after the export completes.
 */
export async function stageFiles(
  manifest: ExportManifest,
  runId: string,
  put: (key: string, body: string) => Promise<void>,
  fetchFile: typeof fetch = fetch,
): Promise<StagedFile[]> {
  if (manifest.error.length) {
    throw new Error(`Export reported ${manifest.error.length} error file(s)`);
  }
  const staged: StagedFile[] = [];
  for (const [index, file] of manifest.output.entries()) {
    const response = await fetchFile(file.url);
    if (!response.ok) {
      throw new Error(`Download of ${file.type} failed with HTTP ${response.status}`);
    }
    const body = await response.text();
    const key = `${runId}/${file.type}/part-${index}.ndjson`;
    await put(key, body);
    staged.push({ type: file.type, key, resources: body.split('\n').filter((l) => l.trim()).length });
  }
  return staged;
}
// #endregion stage

// #region run
export interface LoadState {
  /** `_since` for the next run; undefined before the first (full) run. */
  since?: string;
}

/**
 * One scheduled run: export what changed, stage it, let the warehouse load and merge it, and only
 * then move `since` forward. A failed run keeps the old `since`, so the next run exports the same
 * changes again, and the merge absorbs the repeats.
 */
export async function runIncrement(
  medplum: MedplumClient,
  state: LoadState,
  types: string[],
  runId: string,
  put: (key: string, body: string) => Promise<void>,
  loadAndMerge: (files: StagedFile[]) => Promise<void>,
  options: { pollEveryMs?: number; fetchFile?: typeof fetch } = {},
): Promise<LoadState> {
  const run = await startIncrementalExport(medplum, types, state.since);
  const manifest = await waitForManifest(medplum, run.statusUrl, options.pollEveryMs);
  const files = await stageFiles(manifest, runId, put, options.fetchFile);
  await loadAndMerge(files);
  return { since: run.nextSince };
}
// #endregion run
