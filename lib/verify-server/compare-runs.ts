/**
 * The two runs of the example tests that `npm run verify:server` makes (against @medplum/mock and
 * against the real server; scripts/verify-server/run-examples.ts runs them), compared region by
 * region: which regions are verified, the server's recordings made stable, and `--only` re-runs
 * merged into a previous full run.
 */
import path from 'node:path';
import {
  RECORDED_INSTANT,
  requestsOf,
  withStableIds,
  type RegionRecording,
} from '../../plugins/markdown/remark-example-code/http-recordings';
import { firstDifference } from '../http-recordings';

/** The base URL the mock answers from; the server's own base URL is written as this in recordings. */
const SHOWN_BASE = 'https://example.com/';
/** Every instant the server wrote during the run is stored as the recording clock's start (the tabs show each region's own). */
const FIXED_INSTANT = RECORDED_INSTANT;

export interface Env {
  baseUrl: string;
  serverVersion: string;
}
export interface ProcessOutput {
  testFile: string;
  regions: Record<string, RegionRecording>;
  hits?: Record<string, string[]>;
}
export interface Outcome {
  test: string;
  ok: boolean;
  error?: string;
}
export interface RunResult {
  recordings: ProcessOutput[];
  outcomes: Map<string, Outcome>;
  seconds: number;
}

export interface RegionReport {
  region: string;
  verified: boolean;
  why?: string;
  tests: string[];
  mockStatuses?: string;
  serverStatuses?: string;
  error?: string;
  sameRequests?: boolean;
}

/** The --only list, each entry resolved to a test file under tests/unit/examples (a bare name works too). */
export function parseOnly(argv: string[], known: string[]): string[] | undefined {
  const i = argv.indexOf('--only');
  if (i < 0) return undefined;
  const list = (argv[i + 1] ?? '').split(',').filter(Boolean);
  if (!list.length) throw new Error('--only needs a comma-separated list of example test files');
  return list.map((f) => {
    const name = path.basename(f).replace(/(\.test)?\.ts$/, '');
    const file = `tests/unit/examples/${name}.test.ts`;
    if (!known.includes(file)) throw new Error(`--only: no example test file ${file}`);
    return file;
  });
}

/** A previous full run with the given files' results replaced by a new run of just those files. */
export function mergeRun(previous: RunResult, files: string[], rerun: RunResult): RunResult {
  const inFiles = (testOrFile: string) => files.some((f) => testOrFile === f || testOrFile.startsWith(`${f} > `));
  const outcomes = new Map([...previous.outcomes].filter(([test]) => !inFiles(test)));
  for (const [test, o] of rerun.outcomes) outcomes.set(test, o);
  return {
    recordings: [...previous.recordings.filter((r) => !inFiles(r.testFile)), ...rerun.recordings],
    outcomes,
    seconds: previous.seconds,
  };
}

/** Region key → its recording (first test file in path order wins, as in ../http-recordings.ts) and every test that hit it. */
export function byRegion(outputs: ProcessOutput[]): Map<string, { rec?: RegionRecording; tests: Set<string> }> {
  const out = new Map<string, { rec?: RegionRecording; tests: Set<string> }>();
  for (const o of [...outputs].sort((a, b) => a.testFile.localeCompare(b.testFile, 'en'))) {
    for (const [key, tests] of Object.entries(o.hits ?? {})) {
      const e = out.get(key) ?? { tests: new Set<string>() };
      tests.forEach((t) => e.tests.add(t));
      out.set(key, e);
    }
    for (const [key, rec] of Object.entries(o.regions)) {
      const e = out.get(key) ?? { tests: new Set<string>() };
      e.rec ??= rec;
      out.set(key, e);
    }
  }
  return out;
}

const statuses = (rec?: RegionRecording): string =>
  rec
    ? rec.requests
        .map(
          (r) =>
            `${r.method} ${r.path.split('?')[0]} → ${'status' in r.response ? r.response.status : `none (${('reason' in r.response ? r.response.reason : '').split(':')[0]})`}`,
        )
        .join('; ')
    : 'no request';

/** Instants the server wrote during the run, the server's base URL and ids, made stable. */
export function stabilize(
  rec: RegionRecording,
  env: Env,
  runDays: string[],
  { requestsToo = false }: { requestsToo?: boolean } = {},
): RegionRecording {
  const base = env.baseUrl.endsWith('/') ? env.baseUrl : `${env.baseUrl}/`;
  const days = runDays.map((d) => d.replace(/-/g, '\\-')).join('|');
  const instant = new RegExp(`(?:${days})T\\d\\d:\\d\\d:\\d\\d(?:\\.\\d+)?(?:Z|[+-]\\d\\d:\\d\\d)`, 'g');
  // Only the server's answers: instants in a request body are the example's own data.
  // The base also appears as a websocket address (FHIRcast hub endpoints) and percent-encoded inside
  // query strings (a redirect_uri): each form is replaced too, so no local port reaches a page.
  const wsBase = base.replace(/^http/, 'ws');
  const stable = (response: unknown): unknown =>
    JSON.parse(
      JSON.stringify(response)
        .split(base)
        .join(SHOWN_BASE)
        .split(base.replace(/\/$/, ''))
        .join(SHOWN_BASE.replace(/\/$/, ''))
        .split(wsBase)
        .join(SHOWN_BASE.replace(/^https/, 'wss'))
        .split(encodeURIComponent(base))
        .join(encodeURIComponent(SHOWN_BASE))
        .replace(instant, FIXED_INSTANT),
    );
  // A server-mode test's own requests name the server's address (a redirect URI, a reference):
  // shown as the mock's, like its answers.
  return withStableIds({
    ...rec,
    requests: rec.requests.map((r) =>
      requestsToo ? (stable(r) as typeof r) : { ...r, response: stable(r.response) as typeof r.response },
    ),
  });
}

export function compareRuns(mock: RunResult, server: RunResult, notVerified: Record<string, string>): RegionReport[] {
  const m = byRegion(mock.recordings);
  const s = byRegion(server.recordings);
  const reports: RegionReport[] = [];
  for (const region of [...new Set([...m.keys(), ...s.keys()])].sort()) {
    const tests = [...new Set([...(m.get(region)?.tests ?? []), ...(s.get(region)?.tests ?? [])])].sort();
    const serverRec = s.get(region)?.rec;
    const mockRec = m.get(region)?.rec;
    const failed = tests.map((t) => server.outcomes.get(t)).filter((o): o is Outcome => !!o && !o.ok);
    const reached = !!serverRec && serverRec.requests.some((r) => 'server' in r.response);
    const report: RegionReport = {
      region,
      verified: failed.length === 0 && reached,
      tests,
      mockStatuses: statuses(mockRec),
      serverStatuses: statuses(serverRec),
    };
    if (failed.length) {
      report.why = `${failed.length} of ${tests.length} tests fail against the server`;
      report.error = failed[0].error?.split('\n').slice(0, 6).join('\n');
    } else if (!reached) {
      report.why = 'no request reached the server (the test answers them itself)';
    }
    if (serverRec && mockRec) report.sameRequests = !firstDifference(requestsOf(mockRec), requestsOf(serverRec));
    if (!report.verified && notVerified[region]) report.why = `${report.why}; listed: ${notVerified[region]}`;
    reports.push(report);
  }
  return reports;
}
