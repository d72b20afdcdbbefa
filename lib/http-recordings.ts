/**
 * Merges the HTTP recordings each example-test process wrote (tests/unit/http-recorder.ts) and
 * compares them with the stored `examples/<area>/<name>.http.json` files the build turns into the
 * HTTP, curl and Python tabs. Run by scripts/test-unit.sh after the unit tests:
 *
 *   tsx scripts/http-recordings.ts <dir the test processes wrote to>
 *
 * Fails, naming each region and its first difference, when a stored file is out of date.
 * With UPDATE_HTTP_RECORDINGS=1 it rewrites the stored files instead.
 */
import fs from 'node:fs';
import path from 'node:path';
import {
  isServerRecording,
  regionSourceHash,
  recordingPathFor,
  requestsOf,
  validateRecordingFile,
  WHOLE_FILE,
  type RecordingFile,
  type RegionRecording,
} from '../plugins/markdown/remark-example-code/http-recordings';

const siteDir = path.resolve(__dirname, '..');
export const REFRESH_COMMAND = 'UPDATE_HTTP_RECORDINGS=1 npm run test:unit';
export const SERVER_REFRESH_COMMAND = 'npm run verify:server -- <medplum checkout> --record';

function serverOf(rec: RegionRecording): string {
  for (const r of rec.requests) if ('server' in r.response) return r.response.server;
  return '?';
}

/** The hash of a region's code now, for the example file a recording file belongs to. */
function currentSourceHash(rel: string, region: string): string | undefined {
  for (const ext of ['.ts', '.tsx']) {
    const file = path.join(siteDir, rel.replace(/\.http\.json$/, ext));
    if (fs.existsSync(file)) return regionSourceHash(fs.readFileSync(file, 'utf8'), region);
  }
  return undefined;
}

/**
 * What an update writes: the mock run's recordings, except that a region recorded against a real
 * server keeps that recording while the examples still send the same requests.
 */
export function updated(recorded: Map<string, RecordingFile>): Map<string, RecordingFile> {
  const out = new Map<string, RecordingFile>();
  for (const [rel, file] of recorded) {
    const full = path.join(siteDir, rel);
    const stored = fs.existsSync(full)
      ? validateRecordingFile(JSON.parse(fs.readFileSync(full, 'utf8')), rel)
      : { regions: {} };
    const regions: Record<string, RegionRecording> = {};
    for (const [region, rec] of Object.entries(file.regions)) {
      const old = stored.regions[region];
      const keep =
        old &&
        isServerRecording(old) &&
        (old.source
          ? old.source === currentSourceHash(rel, region)
          : !firstDifference(requestsOf(old), requestsOf(rec)));
      regions[region] = keep ? old : rec;
    }
    out.set(rel, { ...file, regions });
  }
  return out;
}

export interface ProcessOutput {
  testFile: string;
  regions: Record<string, RegionRecording>;
}

/** Per example file, the recordings of its regions: the first test file (in path order) that ran a region wins. */
export function merge(outputs: ProcessOutput[]): Map<string, RecordingFile> {
  const byKey = new Map<string, RegionRecording>();
  for (const out of [...outputs].sort((a, b) => a.testFile.localeCompare(b.testFile, 'en'))) {
    for (const [key, rec] of Object.entries(out.regions)) if (!byKey.has(key)) byKey.set(key, rec);
  }
  const files = new Map<string, RecordingFile>();
  for (const key of [...byKey.keys()].sort()) {
    const [file, region] = key.split('#');
    const target = recordingPathFor(file);
    if (!target) throw new Error(`${key}: only .ts and .tsx examples are recorded`);
    const entry = files.get(target) ?? { regions: {} };
    entry.regions[region ?? WHOLE_FILE] = byKey.get(key)!;
    files.set(target, entry);
  }
  return files;
}

export function serialize(file: RecordingFile): string {
  return `${JSON.stringify(file, null, 2)}\n`;
}

/** The first place two JSON values differ, as `path: stored … recorded …`. */
export function firstDifference(stored: unknown, recorded: unknown, at = ''): string | undefined {
  if (JSON.stringify(stored) === JSON.stringify(recorded)) return undefined;
  if (
    stored &&
    recorded &&
    typeof stored === 'object' &&
    typeof recorded === 'object' &&
    Array.isArray(stored) === Array.isArray(recorded)
  ) {
    const keys = [...new Set([...Object.keys(stored), ...Object.keys(recorded)])];
    for (const k of keys) {
      const label = Array.isArray(stored) ? `${at}[${k}]` : at ? `${at}.${k}` : k;
      const d = firstDifference(
        (stored as Record<string, unknown>)[k],
        (recorded as Record<string, unknown>)[k],
        label,
      );
      if (d) return d;
    }
  }
  const show = (v: unknown) => (v === undefined ? 'nothing' : JSON.stringify(v).slice(0, 160));
  return `${at || '(whole recording)'}: stored ${show(stored)}, recorded ${show(recorded)}`;
}

/** Every stored recording file under examples/. */
export function storedFiles(): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, e.name);
      if (e.isDirectory()) walk(full);
      else if (e.name.endsWith('.http.json')) out.push(path.relative(siteDir, full));
    }
  };
  walk(path.join(siteDir, 'examples'));
  return out.sort();
}

/** Differences between what the tests recorded and what is stored, one line per region. */
export function compare(recorded: Map<string, RecordingFile>): string[] {
  const problems: string[] = [];
  const paths = [...new Set([...recorded.keys(), ...storedFiles()])].sort();
  for (const rel of paths) {
    const full = path.join(siteDir, rel);
    const stored = fs.existsSync(full)
      ? validateRecordingFile(JSON.parse(fs.readFileSync(full, 'utf8')), rel)
      : { regions: {} };
    const now = recorded.get(rel) ?? { regions: {} };
    const example = rel.replace(/\.http\.json$/, '.ts');
    for (const region of [...new Set([...Object.keys(stored.regions), ...Object.keys(now.regions)])].sort()) {
      const name = region === WHOLE_FILE ? example : `${example}#${region}`;
      const a = stored.regions[region];
      const b = now.regions[region];
      if (!a) problems.push(`${name}: sends requests but has no stored recording in ${rel}`);
      else if (!b)
        problems.push(`${name}: ${rel} has a recording, but the tests no longer see this region send a request`);
      else if (isServerRecording(a) && a.source) {
        // Recorded by a server-mode test with its own data: its requests differ from the mock
        // test's by design, so the region's code must be the code that was recorded.
        if (a.source !== currentSourceHash(rel, region))
          problems.push(
            `${name}: its code changed since its requests and answers were recorded against Medplum server ${serverOf(a)} (run ${SERVER_REFRESH_COMMAND})`,
          );
      } else if (isServerRecording(a)) {
        // Recorded against a real server: its answers stay; the examples must still send the same requests.
        const d = firstDifference(requestsOf(a), requestsOf(b), 'requests');
        if (d)
          problems.push(
            `${name}: ${d} (its responses were recorded against Medplum server ${serverOf(a)}: run ${SERVER_REFRESH_COMMAND})`,
          );
      } else {
        const d = firstDifference(a, b);
        if (d) problems.push(`${name}: ${d}`);
      }
    }
  }
  return problems;
}
