/**
 * Recorded HTTP exchanges of the code examples, read by the build for the HTTP, curl and Python tabs.
 *
 * When `npm run test:unit` runs the examples (tests/unit/examples), tests/unit/http-recorder.ts
 * captures every request the SDK sends and attributes it to the `// #region` shown on a page;
 * scripts/http-recordings.ts merges what each test process saw and compares it with the files
 * stored next to the examples, `examples/<area>/<name>.http.json`. The build reads those files
 * (plugins/markdown/remark-example-code/http-tabs.ts) to add the HTTP, curl and Python tabs.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** At most this many requests are kept per region (the first ones of the first test that runs it). */
export const MAX_REQUESTS_PER_REGION = 10;
/** A JSON request body longer than this is recorded by size and resource type only (and sent from a file in curl/Python). */
export const MAX_BODY_CHARS = 16_000;
/** Arrays in a response body are cut to this many entries. */
export const MAX_ARRAY_ENTRIES = 2;
/**
 * A string in a response body longer than this is not shown: the tabs show its length instead
 * (see trimBody). Tokens and signed URLs, a few hundred to a couple of thousand characters, stay
 * whole, since readers copy them and a cut one reads as a stand-in.
 */
export const MAX_STRING_LENGTH = 4000;
/** The key of a whole-file fence (no `#region`) in a recording file. */
export const WHOLE_FILE = '*';

export type RecordedBody =
  | { json: unknown }
  | { form: [string, string][] }
  | { text: string; contentType?: string }
  /** Binary content, or a JSON body too large to show (then `resourceType` names what it is). */
  | { binary: { contentType?: string; bytes: number; resourceType?: string } };

export type RecordedResponse =
  /** What MockClient answered (status and a trimmed body). */
  | { mock: true; status: number; body?: unknown; trimmed?: true }
  /** What a real Medplum server of release `server` answered (`npm run verify:server -- --record`), trimmed, ids and instants made stable. */
  | { mock: false; server: string; status: number; body?: unknown; trimmed?: true }
  /** The mock has no route for this request (or the test answered with a scripted reply). */
  | { mock: false; reason: string };

/** The response shown for a request: a status (and maybe a body) from the mock or a server, or undefined when none was recorded. */
export function shownResponse(
  res: RecordedResponse,
): { status: number; body?: unknown; trimmed?: true; server?: string } | undefined {
  if (res.mock) return res;
  return 'server' in res ? res : undefined;
}

export interface RecordedRequest {
  method: string;
  /** Path and query relative to the client's base URL (`fhir/R4/Patient?name=x`), or an absolute URL for another origin. */
  path: string;
  /** The headers that change what the server does, in the order the SDK set them. */
  headers: [string, string][];
  /** How the request authenticates: the signed-in user's bearer token, client credentials, or nothing. */
  auth: 'bearer' | 'basic' | 'none';
  body?: RecordedBody;
  response: RecordedResponse;
}

export interface RegionRecording {
  /** The test whose run is shown (`tests/unit/examples/x.test.ts > name`). */
  test: string;
  requests: RecordedRequest[];
  /** Requests of that run left out after the first MAX_REQUESTS_PER_REGION. */
  omitted: number;
  /**
   * Set on a recording made by a server-mode test whose requests differ from the mock test's (it
   * needs real data on the server, so it sends other values): the hash of the region's code when
   * it was recorded (regionSourceHash). `npm test` cannot re-run it, so it checks that the code is
   * still the code that was recorded instead of comparing requests.
   */
  source?: string;
}

export interface RecordingFile {
  /** Region name (or WHOLE_FILE) → its recording. */
  regions: Record<string, RegionRecording>;
}

/** `examples/search/basic-search.ts` → `examples/search/basic-search.http.json`. */
export function recordingPathFor(exampleFile: string): string | undefined {
  return /\.tsx?$/.test(exampleFile) ? exampleFile.replace(/\.tsx?$/, '.http.json') : undefined;
}

export interface ShownRegion {
  /** `examples/…/x.ts`, relative to the site root. */
  file: string;
  /** The region name, or WHOLE_FILE. */
  region: string;
}

const FENCE = /^\s*(`{3,}|~{3,})\s*(\w*)([^\n]*)$/;

/** Every `file=examples/…#region` fence under docs/ (pages are .md or .mdx). */
export function shownRegions(siteDir: string): ShownRegion[] {
  const out = new Map<string, ShownRegion>();
  const walk = (dir: string): void => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.mdx?$/.test(entry.name)) {
        for (const line of fs.readFileSync(full, 'utf8').split('\n')) {
          const fence = FENCE.exec(line);
          if (!fence) continue;
          const file = /(?:^|\s)file=(examples\/\S+)/.exec(fence[3]);
          if (!file) continue;
          const [filePart, region] = file[1].split('#');
          const key = `${filePart}#${region ?? WHOLE_FILE}`;
          out.set(key, { file: filePart, region: region ?? WHOLE_FILE });
        }
      }
    }
  };
  walk(path.join(siteDir, 'docs'));
  return [...out.values()].sort((a, b) => `${a.file}#${a.region}`.localeCompare(`${b.file}#${b.region}`, 'en'));
}

/** 1-based line ranges (marker lines included) of the named regions of a source file. */
export function regionRanges(source: string, names: string[]): Map<string, [number, number]> {
  const lines = source.replace(/\r\n/g, '\n').split('\n');
  const ranges = new Map<string, [number, number]>();
  for (const name of names) {
    if (name === WHOLE_FILE) {
      ranges.set(name, [1, lines.length]);
      continue;
    }
    const start = lines.findIndex((l) => l.trim() === `// #region ${name}`);
    const end = lines.findIndex((l, i) => i > start && l.trim() === `// #endregion ${name}`);
    if (start !== -1 && end !== -1) ranges.set(name, [start + 1, end + 1]);
  }
  return ranges;
}

/**
 * A line that is only a comment (`//`, `/*`, a doc comment's ` *` or its end): rewording one
 * changes no request the region sends, so it does not count in regionSourceHash.
 */
const COMMENT_LINE = /^\s*(\/\/|\/\*|\*)/;

/**
 * A short hash of a region's code (its lines between the markers, trailing spaces and whole-line
 * comments dropped), or of the whole file for WHOLE_FILE; undefined when the region is not in the
 * file.
 */
export function regionSourceHash(source: string, region: string): string | undefined {
  const range = regionRanges(source, [region]).get(region);
  if (!range) return undefined;
  const lines = source
    .replace(/\r\n/g, '\n')
    .split('\n')
    .slice(range[0] - 1, range[1])
    .filter((l) => !COMMENT_LINE.test(l));
  return createHash('sha256')
    .update(lines.map((l) => l.trimEnd()).join('\n'))
    .digest('hex')
    .slice(0, 16);
}

/**
 * A response body as the tabs show it: every field kept, arrays cut to MAX_ARRAY_ENTRIES entries,
 * and a string over MAX_STRING_LENGTH characters (base64 data, a whole document) replaced by a note
 * of its length. The note says what is missing instead of ending a cut value with an ellipsis,
 * which on a page reads as a stand-in and copies as a broken value. Returns the trimmed value and
 * whether anything was cut.
 */
export function trimBody(value: unknown): { value: unknown; cut: boolean } {
  let cut = false;
  const walk = (v: unknown): unknown => {
    if (Array.isArray(v)) {
      if (v.length > MAX_ARRAY_ENTRIES) cut = true;
      return v.slice(0, MAX_ARRAY_ENTRIES).map(walk);
    }
    if (typeof v === 'string' && v.length > MAX_STRING_LENGTH) {
      cut = true;
      return longStringNote(v.length);
    }
    if (v && typeof v === 'object') {
      return Object.fromEntries(Object.entries(v as Record<string, unknown>).map(([k, x]) => [k, walk(x)]));
    }
    return v;
  };
  return { value: walk(value), cut };
}

/** What the tabs show in place of a string too long to show (see trimBody). */
export function longStringNote(length: number): string {
  return `(not shown: ${length.toLocaleString('en-US')} characters)`;
}

/** Checks the shape of a recording file; throws naming what is wrong. */
export function validateRecordingFile(data: unknown, where: string): RecordingFile {
  const fail = (what: string): never => {
    throw new Error(`${where}: malformed HTTP recording: ${what}`);
  };
  if (!data || typeof data !== 'object' || !('regions' in data)) fail('expected { "regions": { … } }');
  const regions = (data as { regions: unknown }).regions;
  if (!regions || typeof regions !== 'object') fail('"regions" must be an object');
  for (const [name, rec] of Object.entries(regions as Record<string, unknown>)) {
    const r = rec as Partial<RegionRecording>;
    if (typeof r?.test !== 'string') fail(`region "${name}": "test" must be a string`);
    if (typeof r.omitted !== 'number') fail(`region "${name}": "omitted" must be a number`);
    if (!Array.isArray(r.requests) || r.requests.length === 0)
      fail(`region "${name}": "requests" must be a non-empty array`);
    if (r.source !== undefined && (typeof r.source !== 'string' || !/^[0-9a-f]{16}$/.test(r.source)))
      fail(`region "${name}": "source" must be the 16-hex-digit hash of the region's code`);
    r.requests!.forEach((q, i) => {
      const at = `region "${name}" request ${i + 1}`;
      if (typeof q?.method !== 'string' || !/^[A-Z]+$/.test(q.method)) fail(`${at}: bad "method"`);
      if (typeof q.path !== 'string' || /[\s]/.test(q.path)) fail(`${at}: bad "path"`);
      if (
        !Array.isArray(q.headers) ||
        !q.headers.every((h) => Array.isArray(h) && h.length === 2 && h.every((x) => typeof x === 'string'))
      ) {
        fail(`${at}: "headers" must be [name, value] pairs`);
      }
      if (!q.headers.every(([n, v]) => /^[A-Za-z0-9-]+$/.test(n) && !/[\r\n]/.test(v)))
        fail(`${at}: a header name or value is not valid`);
      if (!['bearer', 'basic', 'none'].includes(q.auth)) fail(`${at}: bad "auth"`);
      if (q.body !== undefined) {
        const b = q.body as Record<string, unknown>;
        const ok =
          'json' in b ||
          ('form' in b &&
            Array.isArray(b.form) &&
            (b.form as unknown[]).every((p) => Array.isArray(p) && p.length === 2)) ||
          ('text' in b && typeof b.text === 'string') ||
          ('binary' in b && typeof (b.binary as { bytes?: unknown })?.bytes === 'number');
        if (!ok) fail(`${at}: bad "body"`);
      }
      const res = q.response as Partial<{ mock: boolean; status: number; reason: string; server: string }>;
      if (!res || typeof res.mock !== 'boolean') fail(`${at}: "response.mock" must be true or false`);
      const answered = res.mock || res.server !== undefined;
      if (
        res.server !== undefined &&
        (res.mock || typeof res.server !== 'string' || !/^\d+\.\d+\.\d+$/.test(res.server))
      ) {
        fail(
          `${at}: "response.server" must be the server release that answered, like "5.1.12", on a response with "mock": false`,
        );
      }
      if (answered && typeof res.status !== 'number') fail(`${at}: "response.status" must be a number`);
      if (!answered && typeof res.reason !== 'string') fail(`${at}: "response.reason" must be a string`);
    });
    if (r.source !== undefined && !r.requests!.some((q) => q.response && 'server' in q.response))
      fail(`region "${name}": "source" belongs only on a recording of a server's answers`);
  }
  return data as RecordingFile;
}

/** The stored recording of one region, or undefined when the region sends no request. */
export function readRegionRecording(
  siteDir: string,
  exampleFile: string,
  region: string | undefined,
  where: string,
): RegionRecording | undefined {
  const rel = recordingPathFor(exampleFile);
  if (!rel) return undefined;
  const file = path.join(siteDir, rel);
  if (!fs.existsSync(file)) return undefined;
  let data: unknown;
  try {
    data = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (err) {
    throw new Error(`${where}: ${rel} is not valid JSON (${(err as Error).message})`);
  }
  const rec = validateRecordingFile(data, `${where} (${rel})`);
  return rec.regions[region ?? WHOLE_FILE];
}

const UUID = /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi;

/** The n-th stable id (`00000000-0000-4000-8000-000000000001` for n = 1). */
export function stableId(n: number): string {
  return `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
}

const STABLE_ID = /\b00000000-0000-4000-8000-(\d{12})\b/g;

/**
 * The UUID the tabs show for stable id `n`: version 4 layout, its digits from SHA-256 of the
 * number, so the same number reads the same on every page.
 */
export function shownId(n: number): string {
  const h = createHash('sha256').update(`medplum-docs-id-${n}`).digest('hex');
  const variant = '89ab'[parseInt(h[16], 16) & 3];
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/**
 * A URL the recording server built from its base URL (stabilize writes that base as example.com):
 * only its own paths (FHIR R4, with or without the slash after R4 that a bulk export's `request`
 * drops; binary storage; the external sign-in callback), because an example's
 * own data also uses example.com (the identifier system https://example.com/fhir/auto-acknowledgement,
 * the ConceptMap https://example.com/map) and must read in the tabs as the code writes it.
 */
const SERVER_URL = /https:\/\/example\.com\/(fhir\/R4|storage\/|auth\/)/g;
/** The same base as a websocket address (a FHIRcast hub endpoint) and percent-encoded in a query string (a redirect_uri). */
const SERVER_WS_URL = /wss:\/\/example\.com\/ws\//g;
const SERVER_URL_ENCODED = /https%3A%2F%2Fexample\.com%2F(fhir%2FR4|storage%2F|auth%2F)/g;

/**
 * The name of a project a server run made for one test client (tests/server/server-mode.ts
 * names it `verify-<process>-<n>`); Project/$init calls its client "<name> Default Client", which
 * every resource the client writes carries as its `meta.author` display. On a page each of them
 * reads as a clinic's project, as a reader's own would: the first one named in a recording as the
 * first of SHOWN_PROJECT_NAMES, a second one (a sign-in that lists two memberships) as the second.
 */
const VERIFY_PROJECT = /\bverify-\d+-\d+\b/g;
export const SHOWN_PROJECT_NAMES = ['Northside Clinic', 'Riverside Clinic', 'Lakeside Clinic', 'Hillside Clinic'];

/** The shown name of the `i`-th distinct project of a recording (0-based). */
function shownProjectName(i: number): string {
  return SHOWN_PROJECT_NAMES[i] ?? `${SHOWN_PROJECT_NAMES[0]} ${i + 1}`;
}

/**
 * A recording as its HTTP, curl and Python tabs show it: each stable id becomes shownId's UUID,
 * the server's own URLs start with the base URL the tabs name (`https://api.medplum.com/`), and
 * the server run's project names read as clinics' (SHOWN_PROJECT_NAMES).
 * Stable values keep a server run and a mock run comparable; on the page,
 * `00000000-…-000000000001` and example.com read as stand-ins, and readers copy from these tabs.
 */
export function withShownIds(rec: RegionRecording): RegionRecording {
  const text = JSON.stringify(rec)
    .replace(STABLE_ID, (_, n: string) => shownId(Number(n)))
    .replace(SERVER_URL, 'https://api.medplum.com/$1')
    .replace(SERVER_WS_URL, 'wss://api.medplum.com/ws/')
    .replace(SERVER_URL_ENCODED, 'https%3A%2F%2Fapi.medplum.com%2F$1');
  const projects = new Map<string, string>();
  const shown = text.replace(VERIFY_PROJECT, (name) => {
    if (!projects.has(name)) projects.set(name, shownProjectName(projects.size));
    return projects.get(name)!;
  });
  return JSON.parse(shown) as RegionRecording;
}

/**
 * The recording with every UUID replaced by a numbered stable id, numbered by first appearance in
 * the requests, then in the responses. A server run and a mock run of the same code send the same
 * requests with different ids; after this they compare equal.
 */
export function withStableIds(rec: RegionRecording): RegionRecording {
  const ids = new Map<string, string>();
  const swap = <T>(value: T): T =>
    JSON.parse(
      JSON.stringify(value).replace(UUID, (u) => {
        const key = u.toLowerCase();
        if (!ids.has(key)) ids.set(key, stableId(ids.size + 1));
        return ids.get(key)!;
      }),
    ) as T;
  const requests = rec.requests.map(({ response: _response, ...request }) => swap(request));
  const responses = rec.requests.map((r) => swap(r.response));
  return { ...rec, requests: requests.map((q, i) => ({ ...q, response: responses[i] })) };
}

/**
 * The requests of a recording without their responses, ids made stable: what a mock run must still
 * send. `auth` is left out: a MockClient needs no token, so its requests go without one, while the
 * same code signed in to a server sends its bearer token.
 */
export function requestsOf(rec: RegionRecording): Omit<RecordedRequest, 'response' | 'auth'>[] {
  return withStableIds(rec).requests.map(({ response: _response, auth: _auth, ...request }) => request);
}

/** Whether a region's shown responses came from a real server (`npm run verify:server -- --record`). */
export function isServerRecording(rec: RegionRecording): boolean {
  return rec.requests.some((r) => 'server' in r.response);
}
