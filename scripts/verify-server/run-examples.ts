/**
 * Runs every example test twice, against @medplum/mock and against the real server that
 * `npm run verify:server` started (tests/server/server-mode.ts swaps MockClient for a client of
 * that server), and compares region by region:
 *
 *   MEDPLUM_VERIFY_ENV=<env json> tsx scripts/verify-server/run-examples.ts [--record] [--only <test files>]
 *
 * A region (a `// #region` a page shows) is verified when every test that sent a request from it
 * passed against the server and its requests reached the server. A region that is not verified
 * and is not listed, with its reason, in scripts/verify-server/not-verified.json fails the run,
 * printed with both sides (the mock's statuses and the server's, and the test's error); a listed
 * region that now verifies fails it too, so the list stays true.
 *
 * With --record, each verified region gets the server's recording (ids, instants and the server's
 * address made stable) in examples/<area>/<name>.http.json. Where its requests are the same in both
 * runs, `npm test` then checks that the examples still send them; where a server-mode test sends
 * its own data, the recording carries the hash of the region's code (whole-line comments left out)
 * and `npm test` checks that.
 *
 * --only tests/unit/examples/a.test.ts,b.test.ts re-runs just those test files, in both runs, and
 * merges them into the previous full runs (kept in the OS temp folder), so fixing one area does
 * not cost two full runs; the report and --record then cover every region as usual.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  recordingPathFor,
  regionSourceHash,
  validateRecordingFile,
  WHOLE_FILE,
  type RecordingFile,
} from '../../plugins/markdown/remark-example-code/http-recordings';
import { serialize } from '../../lib/http-recordings';
import {
  byRegion,
  compareRuns,
  mergeRun,
  parseOnly,
  stabilize,
  type Env,
  type Outcome,
  type ProcessOutput,
  type RegionReport,
  type RunResult,
} from '../../lib/verify-server/compare-runs';

const siteDir = path.resolve(__dirname, '../..');
const NOT_VERIFIED_FILE = 'scripts/verify-server/not-verified.json';

function allExampleTestFiles(): string[] {
  return fs
    .readdirSync(path.join(siteDir, 'tests/unit/examples'))
    .filter((f) => f.endsWith('.test.ts'))
    .sort()
    .map((f) => `tests/unit/examples/${f}`);
}

function readRun(file: string): RunResult {
  const { recordings, outcomes, seconds } = JSON.parse(fs.readFileSync(file, 'utf8'));
  return { recordings, outcomes: new Map(outcomes), seconds };
}

function runExampleTests(
  label: string,
  extraEnv: Record<string, string>,
  imports: string[],
  files = allExampleTestFiles(),
): RunResult {
  const slug = label.replace(/[^a-z0-9]+/gi, '-');
  const recordDir = fs.mkdtempSync(path.join(os.tmpdir(), `verify-${slug}-rec-`));
  const resultsDir = fs.mkdtempSync(path.join(os.tmpdir(), `verify-${slug}-out-`));
  const started = Date.now();
  console.log(`verify:server: running ${files.length} example test files against ${label}`);
  // A test waiting on a server event that never comes (a subscription notification) must not hang the run.
  const args = [
    '--test',
    '--test-concurrency=2',
    '--test-timeout=120000',
    '--test-reporter=dot',
    ...imports.flatMap((i) => ['--import', i]),
    ...files,
  ];
  const res = spawnSync(path.join(siteDir, 'node_modules/.bin/tsx'), args, {
    cwd: siteDir,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...withoutServer(process.env), HTTP_RECORD_DIR: recordDir, VERIFY_RESULTS_DIR: resultsDir, ...extraEnv },
  });
  if (res.error) throw res.error;
  const read = <T>(dir: string): T[] =>
    fs
      .readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as T);
  const outcomes = new Map<string, Outcome>();
  for (const out of read<{ outcomes: Outcome[] }>(resultsDir)) {
    for (const o of out.outcomes) {
      // A test name used twice in one file: it passes only if every run passed.
      const prev = outcomes.get(o.test);
      if (!prev || prev.ok) outcomes.set(o.test, o);
    }
  }
  const recordings = read<ProcessOutput>(recordDir);
  fs.rmSync(recordDir, { recursive: true, force: true });
  fs.rmSync(resultsDir, { recursive: true, force: true });
  return { recordings, outcomes, seconds: Math.round((Date.now() - started) / 1000) };
}

/** The environment without MEDPLUM_VERIFY_ENV: the mock run must not switch to server mode. */
function withoutServer(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const { MEDPLUM_VERIFY_ENV: _server, ...rest } = env;
  return rest;
}

function writeRecordings(server: RunResult, reports: RegionReport[], env: Env, runDays: string[]): number {
  const s = byRegion(server.recordings);
  const files = new Map<string, RecordingFile>();
  let written = 0;
  for (const r of reports) {
    if (!r.verified) continue;
    const rec = s.get(r.region)?.rec;
    if (!rec) continue;
    const [file, region] = r.region.split('#');
    const rel = recordingPathFor(file);
    if (!rel) continue;
    // A server-mode test with its own data sends other requests than the mock test: its
    // recording carries the hash of the region's code, which npm test checks instead of requests.
    let source: string | undefined;
    if (!r.sameRequests) {
      source = regionSourceHash(fs.readFileSync(path.join(siteDir, file), 'utf8'), region ?? WHOLE_FILE);
      if (!source) continue;
    }
    const full = path.join(siteDir, rel);
    const stored =
      files.get(rel) ??
      (fs.existsSync(full) ? validateRecordingFile(JSON.parse(fs.readFileSync(full, 'utf8')), rel) : { regions: {} });
    const shown = stabilize(rec, env, runDays, { requestsToo: !r.sameRequests });
    stored.regions[region ?? WHOLE_FILE] = source ? { ...shown, source } : shown;
    files.set(rel, stored);
    written++;
  }
  for (const [rel, file] of files) {
    const sorted: RecordingFile = {
      regions: Object.fromEntries(
        Object.keys(file.regions)
          .sort()
          .map((k) => [k, file.regions[k]]),
      ),
    };
    fs.writeFileSync(path.join(siteDir, rel), serialize(sorted));
  }
  return written;
}

function main(): void {
  const envPath = process.env.MEDPLUM_VERIFY_ENV;
  if (!envPath || !fs.existsSync(envPath)) {
    console.error('run-examples: set MEDPLUM_VERIFY_ENV to the env file `npm run verify:server` writes');
    process.exit(2);
  }
  const env = JSON.parse(fs.readFileSync(envPath, 'utf8')) as Env;
  const record = process.argv.includes('--record');
  const notVerified = JSON.parse(fs.readFileSync(path.join(siteDir, NOT_VERIFIED_FILE), 'utf8')) as Record<
    string,
    string
  >;
  const recorder = './tests/unit/http-recorder.ts';
  const day = (t: number) => new Date(t).toISOString().slice(0, 10);
  const startedAt = Date.now();
  const mockCache = path.join(os.tmpdir(), 'verify-server-mock-run.json');
  const serverCache = path.join(os.tmpdir(), 'verify-server-server-run.json');
  const only = parseOnly(process.argv, allExampleTestFiles());
  if (only && !(fs.existsSync(mockCache) && fs.existsSync(serverCache))) {
    console.error('run-examples: --only merges into a previous full run; run once without it first');
    process.exit(2);
  }
  const imports = [recorder, './tests/server/server-mode.ts'];
  const serverLabel = `Medplum server ${env.serverVersion} at ${env.baseUrl}`;
  const serverEnv = { MEDPLUM_VERIFY_ENV: path.resolve(envPath) };
  // --reuse-mock-run: the mock run of a previous call (it does not depend on the server), to save its minutes while fixing.
  // --reuse-server-run: compare and record the previous server run again, without running it.
  const run = (cache: string, reuse: string, label: string, extraEnv: Record<string, string>): RunResult =>
    only
      ? mergeRun(readRun(cache), only, runExampleTests(label, extraEnv, imports, only))
      : process.argv.includes(reuse) && fs.existsSync(cache)
        ? readRun(cache)
        : runExampleTests(label, extraEnv, imports);
  const mock = run(mockCache, '--reuse-mock-run', 'the mock', {});
  fs.writeFileSync(mockCache, JSON.stringify({ ...mock, outcomes: [...mock.outcomes] }));
  const server = run(serverCache, '--reuse-server-run', serverLabel, serverEnv);
  fs.writeFileSync(serverCache, JSON.stringify({ ...server, outcomes: [...server.outcomes] }));
  const runDays = [
    ...new Set([day(startedAt - 86_400_000), day(startedAt), day(Date.now()), day(Date.now() + 86_400_000)]),
  ];
  const reports = compareRuns(mock, server, notVerified);
  const verified = reports.filter((r) => r.verified);
  const unlisted = reports.filter((r) => !r.verified && !notVerified[r.region]);
  const stale = reports.filter((r) => r.verified && notVerified[r.region]).map((r) => r.region);
  const unknown = Object.keys(notVerified).filter((k) => !reports.some((r) => r.region === k));

  const reportPath = path.join(os.tmpdir(), 'verify-server-report.json');
  fs.writeFileSync(
    reportPath,
    JSON.stringify({ env, mockSeconds: mock.seconds, serverSeconds: server.seconds, reports }, null, 1),
  );
  for (const r of unlisted) {
    console.error(`\n✗ ${r.region}: ${r.why}\n    mock:   ${r.mockStatuses}\n    server: ${r.serverStatuses}`);
    if (r.error) console.error(`    ${r.error.replace(/\n/g, '\n    ')}`);
  }
  for (const k of stale) console.error(`✗ ${k}: verified against the server now; remove it from ${NOT_VERIFIED_FILE}`);
  for (const k of unknown) console.error(`✗ ${k}: listed in ${NOT_VERIFIED_FILE} but no test sends a request from it`);
  const pct = ((100 * verified.length) / reports.length).toFixed(1);
  console.log(
    `\nverify:server: ${verified.length} of ${reports.length} regions that send requests verified against Medplum server ${env.serverVersion} (${pct}%); ` +
      `${reports.length - verified.length - unlisted.length} listed in ${NOT_VERIFIED_FILE}; mock run ${mock.seconds} s, server run ${server.seconds} s; report: ${reportPath}`,
  );
  if (record)
    console.log(
      `verify:server: wrote the server's recordings of ${writeRecordings(server, reports, env, runDays)} regions`,
    );
  if (unlisted.length || stale.length || unknown.length) process.exit(1);
}

if (require.main === module) main();
