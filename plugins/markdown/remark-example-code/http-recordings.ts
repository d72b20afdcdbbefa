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

/** Whether the shown answer to a request is a refusal (a 4xx): in an example, one it sends on purpose (a wrong secret, a code used twice). */
export function isRefused(req: { response: RecordedResponse }): boolean {
  const status = shownResponse(req.response)?.status;
  return status !== undefined && status >= 400 && status < 500;
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

/**
 * Where an id may start: not right after a letter or digit (so it is not the tail of a longer
 * word), except after a percent-encoded character: in `subject=Patient%2F<id>` (and `%7C` for
 * `|`, `%3A` for `:`) the id follows the hex digits `2F`, where `\b` finds no boundary. With `\b`
 * those ids were never numbered, and a page showed one resource under two ids.
 */
const ID_START = '(?:(?<![0-9A-Za-z])|(?<=%[0-9A-Fa-f]{2}))';
const ID_END = '(?![0-9A-Za-z])';
/** A UUID in a recording's text, plain or after a percent-encoded separator. */
export const UUID_SOURCE = `${ID_START}[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}${ID_END}`;
const UUID = new RegExp(UUID_SOURCE, 'gi');

/** The n-th stable id (`00000000-0000-4000-8000-000000000001` for n = 1). */
export function stableId(n: number): string {
  return `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
}

const STABLE_ID = new RegExp(`${ID_START}00000000-0000-4000-8000-(\\d{12})${ID_END}`, 'g');

/**
 * A recording's text with the raw ids that escaped numbering numbered. A recording stored before
 * UUID_SOURCE knew percent-encoded separators keeps the server's own id wherever it followed
 * `%2F`, `%7C` or `%3A` (`subject=Patient%2F667995ff-…`), while the same id elsewhere was numbered;
 * the tabs would show the run's real id beside the region's shown one. The original of a number
 * is gone, so such an id is joined by its type: when it is the only such id of its type and the
 * recording numbers exactly one id of that type (`Patient/<stable>`), it is that resource (a search
 * for the patient the region then writes to); otherwise it gets a number of its own, so it reads as
 * an id of this region all the same.
 * An id that also appears plain is one the example or its test wrote, and stays.
 */
export function withEscapedIdsNumbered(text: string): string {
  const numbers = [...text.matchAll(STABLE_ID)].map((m) => Number(m[1]));
  if (numbers.length === 0) return text;
  let next = Math.max(...numbers) + 1;
  const escapedOnly = new Map<string, boolean>();
  const typeOf = new Map<string, string | undefined>();
  for (const m of text.matchAll(UUID)) {
    const id = m[0].toLowerCase();
    if (new RegExp(STABLE_ID.source).test(id)) continue;
    const before = text.slice(Math.max(0, m.index - 60), m.index);
    escapedOnly.set(id, (escapedOnly.get(id) ?? true) && /%[0-9A-Fa-f]{2}$/.test(before));
    if (!typeOf.has(id)) typeOf.set(id, new RegExp(`${ID_START}([A-Z][A-Za-z]+)%2[Ff]$`).exec(before)?.[1]);
  }
  // Two raw ids of one type (`subject=Patient%2F<a>%2CPatient%2F<b>`) are two resources: joining
  // both to the type's one numbered id would show one patient where the request named two.
  const escapedOfType = new Map<string, number>();
  for (const [id, escaped] of escapedOnly) {
    const type = typeOf.get(id);
    if (escaped && type) escapedOfType.set(type, (escapedOfType.get(type) ?? 0) + 1);
  }
  const joined = new Map<string, string>();
  for (const [id, escaped] of escapedOnly) {
    if (!escaped) continue;
    const type = typeOf.get(id);
    const ofType =
      type && escapedOfType.get(type) === 1
        ? new Set(
            [
              ...text.matchAll(
                new RegExp(`${ID_START}${type}(?:/|%2[Ff])(00000000-0000-4000-8000-\\d{12})${ID_END}`, 'g'),
              ),
            ].map((m) => m[1]),
          )
        : new Set<string>();
    joined.set(id, ofType.size === 1 ? [...ofType][0] : stableId(next++));
  }
  if (joined.size === 0) return text;
  return text.replace(UUID, (u) => joined.get(u.toLowerCase()) ?? u);
}

/**
 * What identifies a region wherever it is shown: its example file, relative to the site root, and
 * its region name (`examples/search/basic-search.ts#find-patients`). The shown ids and instants are
 * derived from it, so they are the same on every build and machine.
 */
export function regionSeed(exampleFile: string, region: string | undefined): string {
  return `${path.posix.normalize(exampleFile.replace(/\\/g, '/'))}#${region ?? WHOLE_FILE}`;
}

/**
 * The UUID the tabs show for stable id `n` of the region `seed` (regionSeed): version 4 layout,
 * its digits from SHA-256 of the seed and the number. Within a region one stable id always reads
 * as one UUID, so a resource created by one request is the one the next request reads. Between
 * regions the same number stands for unrelated resources (a Project in one region, a Binary in
 * another), so it reads as another UUID: a reader who copies an id from one example must not find
 * it naming a different resource in the next. Two regions that do touch the same resource cannot
 * be shown with the same id: a recording keeps only its own numbering, not the original ids.
 */
export function shownId(seed: string, n: number): string {
  const h = createHash('sha256').update(`medplum-docs-id|${seed}|${n}`).digest('hex');
  const variant = '89ab'[parseInt(h[16], 16) & 3];
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/**
 * The instant every recording run starts its clock at (tests/unit/http-recorder.ts) and the one
 * `npm run verify:server` writes for each instant the server wrote during its run
 * (lib/verify-server/compare-runs.ts, stabilize): in a stored recording it means "now".
 */
export const RECORDED_INSTANT = '2026-11-25T09:30:00.000Z';
const RECORDED_MS = Date.parse(RECORDED_INSTANT);
const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const DAY = 86_400_000;
/** Midnight UTC starting the recording day. */
const RECORDED_DAY = Math.floor(RECORDED_MS / DAY) * DAY;

/**
 * A date or date-time in a recording: `2026-11-25`, `2026-11-25T09:30:00.000Z`, with `:` or its
 * percent-encoding `%3A` (in a query string). Not preceded by a digit, so `gt2026-11-25` counts.
 */
const DATE_TOKEN =
  /(?<!\d)(\d{4})-(\d{2})-(\d{2})(?:T(\d{2})(:|%3A)(\d{2})\5(\d{2})(\.\d{1,3})?(Z|[+-]\d{2}:\d{2})?)?(?![\d.]*\d)(?!T\d)/gi;

interface DateToken {
  text: string;
  /** The span of time it names: one millisecond for a date-time, the whole UTC day for a date. */
  from: number;
  to: number;
  /** A date, or a date-time at midnight UTC (a day's bound in a search): it moves by whole days. */
  day: boolean;
  /** Read from the run's clock (fromClock): it moves with the shown "now"; any other date stays. */
  clock: boolean;
}

function parseDateToken(text: string, readings?: Set<string>): DateToken | undefined {
  const m = new RegExp(DATE_TOKEN.source, 'i').exec(text);
  if (!m) return undefined;
  const [, y, mo, d, hh, , mi, ss, frac, zone] = m;
  if (+mo < 1 || +mo > 12 || +d < 1 || +d > 31) return undefined;
  const from = Date.parse(
    hh ? `${y}-${mo}-${d}T${hh}:${mi}:${ss}${frac ?? ''}${zone ?? 'Z'}` : `${y}-${mo}-${d}T00:00:00Z`,
  );
  if (Number.isNaN(from)) return undefined;
  const day = !hh || from % DAY === 0;
  return { text, from, to: from + (hh ? 1 : DAY), day, clock: readings?.has(text) || fromClock(text, from, day) };
}

/**
 * Whether a date in a recording was read from the run's clock rather than written by the example
 * or its test. The clock starts at RECORDED_INSTANT and advances 1 ms per reading, so a reading,
 * or one moved by whole hours or days ("two hours ago", "a week ago"), is a date-time at half past
 * an hour with a few milliseconds: 09:30:00.0dd on any day, hh:30:00.0dd with milliseconds other
 * than .000 at any hour, and hh:30:00.000 on the recording day or the day before (hours before the
 * first reading). A time the example or its test wrote (`2026-11-25T12:00:00Z`, an appointment
 * at 15:00) has none of these marks and stays, even on the recording day: moving it while the
 * dates the code computes from it stay (a search from that time and one 30 days before it) would
 * break the spans the TypeScript tab writes. A date, or a midnight bound, of the recording day or
 * the day before ("today", "yesterday") counts too; it keeps its day (clockShift does not leave
 * the recording day).
 */
function fromClock(text: string, from: number, day: boolean): boolean {
  const recent = from >= RECORDED_DAY - DAY && from < RECORDED_DAY + DAY;
  if (day) return recent;
  const m = /T(\d{2})(?::|%3A)30(?::|%3A)00\.0(\d{2})Z$/i.exec(text);
  return !!m && (m[1] === '09' || m[2] !== '00' || recent);
}

/** How far a token moves when "now" moves by `shift` ms: a day's worth of whole days, a clock reading exactly `shift`, another date not at all. */
function moveOf(t: DateToken, shift: number): number {
  if (!t.clock) return 0;
  if (!t.day) return shift;
  return (Math.floor((RECORDED_MS + shift) / DAY) - Math.floor(RECORDED_MS / DAY)) * DAY;
}

/** Where span a lies against span b: before it, after it, or overlapping. */
function relation(a: DateToken, aMove: number, b: DateToken, bMove: number): number {
  if (a.to + aMove <= b.from + bMove) return -1;
  if (a.from + aMove >= b.to + bMove) return 1;
  return 0;
}

/** A date token moved by `move` ms, written in its own format (separator, fraction, zone). */
function movedToken(t: DateToken, move: number): string {
  const m = new RegExp(DATE_TOKEN.source, 'i').exec(t.text)!;
  const [, y, mo, d, hh, sep, mi, ss, frac, zone] = m;
  if (!hh) return new Date(t.from + move).toISOString().slice(0, 10);
  // The wall-clock digits move, whatever the zone: an offset keeps its offset.
  const iso = new Date(Date.parse(`${y}-${mo}-${d}T${hh}:${mi}:${ss}Z`) + move).toISOString();
  const time = [iso.slice(11, 13), iso.slice(14, 16), iso.slice(17, 19)].join(sep);
  return `${iso.slice(0, 10)}T${time}${frac ?? ''}${zone ?? ''}`;
}

/**
 * How far the region `seed` shows its "now" from RECORDED_INSTANT, in ms (0: shown as recorded).
 * Candidates come from SHA-256 of the seed: a time of day between 07:00 and 18:59 UTC on the
 * recording day itself, in whole seconds (so a clock reading keeps its milliseconds). The day
 * stays: the examples write their own dates around it (a task due two days later, a 30-day
 * window), and a moved day would stretch those spans; a few hours keep them as the page reads
 * them. The first candidate is taken that keeps every date of the region on the same side of every
 * other as it was recorded (a task created "now" stays before the appointment it books, an event
 * of yesterday stays inside yesterday's search bounds). 0 when none does.
 */
function clockShift(seed: string, tokens: DateToken[]): number {
  const keepsOrder = (shift: number): boolean =>
    tokens.every((a) =>
      tokens.every((b) => a === b || relation(a, 0, b, 0) === relation(a, moveOf(a, shift), b, moveOf(b, shift))),
    );
  for (let i = 0; i < 64; i++) {
    const h = createHash('sha256').update(`medplum-docs-instant|${seed}|${i}`).digest();
    const shown = RECORDED_DAY + 7 * 60 * MINUTE + (h.readUInt32BE(4) % (12 * 3600)) * SECOND;
    if (shown !== RECORDED_MS && keepsOrder(shown - RECORDED_MS)) return shown - RECORDED_MS;
  }
  return 0;
}

/**
 * Whether a date-time in a server recording is a reading of the server run's own wall clock that
 * `npm run verify:server` did not replace with RECORDED_INSTANT: one a test sent back in a request
 * (`_lastUpdated=gt<the last lastUpdated it saw>`, `_since=` a kick-off's time), or one it only
 * knows in another form. Such a reading falls after the recording day and has milliseconds of its
 * own (`17:29:48.425Z`); the example's own dates are round (`2026-12-01T14:00:00.000Z`) or, when
 * computed from "now", already clock readings (fromClock).
 */
function isRunReading(t: DateToken): boolean {
  const frac = /\.(\d{1,3})Z$/i.exec(t.text)?.[1];
  return !t.day && !t.clock && t.from >= RECORDED_DAY + DAY && !!frac && Number(frac) !== 0;
}

/** Epoch seconds under an OpenID time claim (`"updated_at": 1796664484.672`, the profile's `meta.lastUpdated`). */
const EPOCH_CLAIM = /("(?:updated_at|auth_time|iat|nbf|exp)":)(\d{10})(?:\.(\d{1,3}))?(?!\d)/g;

/** The instant an epoch claim's seconds and fraction digits (EPOCH_CLAIM's groups) name, in ms. */
function epochMs(seconds: string, fraction = ''): number {
  return Number(seconds) * SECOND + Number(fraction.padEnd(3, '0'));
}

/**
 * `text` with each epoch claim written at `to(its instant)`, in as many fraction digits as it
 * had; a claim `to` gives undefined for stays as it was.
 */
function withEpochClaimsMoved(text: string, to: (ms: number) => number | undefined): string {
  return text.replace(EPOCH_CLAIM, (claim: string, key: string, seconds: string, fraction = '') => {
    const at = to(epochMs(seconds, fraction));
    return at === undefined ? claim : `${key}${epochText(at, fraction.length)}`;
  });
}

/**
 * The run's own wall-clock readings (isRunReading; epoch-second claims after the recording day)
 * placed where the recording puts the run's "now": the earliest at RECORDED_INSTANT (a bound a
 * test sent back is the lastUpdated the answers show as RECORDED_INSTANT), the others at their
 * distance from it, so they keep their order and read as clock readings from here on.
 */
function runReadingsAsRecorded(text: string): { text: string; readings: Set<string>; moved: boolean } {
  const readings = new Set<string>();
  if (!text.includes('"server":')) return { text, readings, moved: false };
  const iso = [...new Set(text.match(DATE_TOKEN) ?? [])]
    .map((token) => parseDateToken(token))
    .filter((t): t is DateToken => !!t && isRunReading(t));
  const epochs = [...text.matchAll(EPOCH_CLAIM)]
    .map((m) => epochMs(m[2], m[3]))
    .filter((ms) => ms >= RECORDED_DAY + DAY);
  if (iso.length === 0 && epochs.length === 0) return { text, readings, moved: false };
  // Each form from its own earliest: an epoch claim (a profile's lastUpdated, from the set-up)
  // and a bound a request sent are readings of different moments.
  const move = RECORDED_MS - Math.min(...iso.map((t) => t.from));
  const epochMove = RECORDED_MS - Math.min(...epochs);
  const moved = new Map(iso.map((t) => [t.text, readingText(t, t.from + move)]));
  for (const v of moved.values()) readings.add(v);
  const out = withEpochClaimsMoved(
    text.replace(DATE_TOKEN, (token: string) => moved.get(token) ?? token),
    // Whole seconds moved, its own milliseconds kept: JSON drops a fraction of .000.
    (ms) => (ms >= RECORDED_DAY + DAY ? Math.floor((ms + epochMove) / SECOND) * SECOND + (ms % SECOND) : undefined),
  );
  return { text: out, readings, moved: true };
}

/** A UTC date-time reading (isRunReading) at `ms`, written as `t` is (separator, fraction digits). */
function readingText(t: DateToken, ms: number): string {
  const sep = /T\d\d(:|%3A)/i.exec(t.text)![1];
  const digits = /\.(\d+)Z$/i.exec(t.text)![1].length;
  const iso = new Date(ms).toISOString();
  const time = [iso.slice(11, 13), iso.slice(14, 16), iso.slice(17, 19)].join(sep);
  return `${iso.slice(0, 10)}T${time}${iso.slice(19, 20 + digits)}Z`;
}

/** Epoch seconds with `digits` fraction digits, as the claim was written. */
function epochText(ms: number, digits: number): string {
  return digits ? (ms / SECOND).toFixed(digits) : String(Math.floor(ms / SECOND));
}

/**
 * The region's recorded JSON text with its clock's dates moved to the region's own "now"
 * (clockShift), in the same text form. Without this every response of every page read
 * 2026-11-25T09:30:00.000Z; each region now reads one moment of its own, the same in all its
 * requests and responses and from build to build. The server run's wall-clock readings that
 * escaped its stabilising (runReadingsAsRecorded) move with them, and so do epoch-second claims
 * read on the recording day. A region whose text holds none of these is shown as recorded: its
 * dates are the example's own.
 */
export function withShownInstants(recorded: string, seed: string): string {
  const { text, readings, moved } = runReadingsAsRecorded(recorded);
  const encoded = RECORDED_INSTANT.replace(/:/g, '%3A');
  if (!text.includes(RECORDED_INSTANT) && !text.toUpperCase().includes(encoded.toUpperCase()) && !moved)
    return recorded;
  const tokens = new Map<string, DateToken>();
  for (const [token] of text.matchAll(DATE_TOKEN)) {
    const t = tokens.has(token) ? undefined : parseDateToken(token, readings);
    if (t) tokens.set(token, t);
  }
  const shift = clockShift(seed, [...tokens.values()]);
  if (shift === 0) return text;
  const datesMoved = text.replace(DATE_TOKEN, (token: string) => {
    const t = tokens.get(token);
    return t?.clock ? movedToken(t, moveOf(t, shift)) : token;
  });
  return withEpochClaimsMoved(datesMoved, (ms) => (Math.abs(ms - RECORDED_MS) < DAY ? ms + shift : undefined));
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
 * A recording as its HTTP, curl and Python tabs show it, for the region `seed` (regionSeed): each
 * stable id becomes shownId's UUID for that region, the clock's dates move to the region's own
 * "now" (withShownInstants), the server's own URLs start with the base URL the tabs name
 * (`https://api.medplum.com/`), the server run's project names read as clinics'
 * (SHOWN_PROJECT_NAMES), and invited users' names as a person's (SHOWN_FIRST_NAME, SHOWN_LAST_NAMES).
 * Stable values keep a server run and a mock run comparable; on the page,
 * `00000000-…-000000000001`, one instant on every page and example.com read as stand-ins, and
 * readers copy from these tabs: an id copied from one example must not name another example's
 * resource.
 */
export function withShownIds(rec: RegionRecording, seed: string): RegionRecording {
  const text = withEscapedIdsNumbered(JSON.stringify(rec))
    .replace(STABLE_ID, (_, n: string) => shownId(seed, Number(n)))
    .replace(SERVER_URL, 'https://api.medplum.com/$1')
    .replace(SERVER_WS_URL, 'wss://api.medplum.com/ws/')
    .replace(SERVER_URL_ENCODED, 'https%3A%2F%2Fapi.medplum.com%2F$1');
  const projects = new Map<string, string>();
  const shown = withShownInstants(text, seed).replace(VERIFY_PROJECT, (name) => {
    if (!projects.has(name)) projects.set(name, shownProjectName(projects.size));
    return projects.get(name)!;
  });
  const parsed: unknown = JSON.parse(shown);
  return withShownNames(parsed, shownLastNames(invitedRoles(parsed))) as RegionRecording;
}
/**
 * The first name the tabs show for a user the examples' server set-up invited
 * (tests/unit/examples/support/server-setup.ts, inviteUser, and a few tests that invite the same
 * way): the set-up names each one "Test" and a lower-case word for its role (`Test alice`, `Test
 * mfa-required`), and on a page "Test" reads as a stand-in where the reader expects a person.
 */
export const SHOWN_FIRST_NAME = 'Jordan';
const INVITED_FIRST = 'Test';
/** An invited user's last name: the set-up's lower-case role word (`alice`, `mfa-required`). */
const INVITED_LAST = /^[a-z][a-z0-9-]*$/;
/** A display or full name of an invited user, `Test alice`. */
const INVITED_FULL = /^Test ([a-z][a-z0-9-]*)$/;
/** The greeting of an email the server sends an invited user (`Hello ${user.firstName},` in the example's template). */
const INVITED_GREETING = /^Hello Test,\n/;

/**
 * Last names the tabs show for invited users in place of the set-up's role word (`alice`,
 * `mfa-required`): "Jordan alice" read as a stand-in. None is a name the examples give anyone.
 */
export const SHOWN_LAST_NAMES = [
  'Bennett',
  'Davies',
  'Fischer',
  'Larsen',
  'Moreno',
  'Rossi',
  'Sato',
  'Brennan',
  'Castillo',
  'Duarte',
];

/** The role words of a recording's invited users, wherever the invite wrote one (invitedRole). */
function invitedRoles(value: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(value)) value.forEach((v) => invitedRoles(v, out));
  else if (value && typeof value === 'object') {
    const o = value as Record<string, unknown>;
    for (const [k, v] of Object.entries(o)) {
      const role = invitedRole(o, k, v);
      if (role) out.add(role);
      invitedRoles(v, out);
    }
  }
  return out;
}

/**
 * The role word an invited user's field `k` of `o` carries: a last name beside the first name
 * "Test" (User and the invite body, SCIM, OpenID, a HumanName) or a `display`/`name` "Test <role>".
 */
function invitedRole(o: Record<string, unknown>, k: string, v: unknown): string | undefined {
  const pair = NAME_PAIRS.find(([, last]) => last === k);
  if (pair && o[pair[0]] === INVITED_FIRST && typeof v === 'string' && INVITED_LAST.test(v)) return v;
  if (
    k === 'family' &&
    typeof v === 'string' &&
    INVITED_LAST.test(v) &&
    Array.isArray(o.given) &&
    o.given[0] === INVITED_FIRST
  )
    return v;
  if ((k === 'display' || k === 'name') && typeof v === 'string') return INVITED_FULL.exec(v)?.[1];
  return undefined;
}

/**
 * A last name for each role word: SHOWN_LAST_NAMES at a stable hash of the word, the next free one
 * when another role word of the same region took it, so two invited users of one example differ
 * and a word reads the same on every build.
 */
function shownLastNames(roles: Set<string>): Map<string, string> {
  const out = new Map<string, string>();
  const used = new Set<string>();
  for (const role of [...roles].sort()) {
    const start = createHash('sha256').update(`medplum-docs-name|${role}`).digest().readUInt32BE(0);
    let name = '';
    for (let i = 0; i < SHOWN_LAST_NAMES.length * 2 && (!name || used.has(name)); i++) {
      const base = SHOWN_LAST_NAMES[(start + i) % SHOWN_LAST_NAMES.length];
      name = i < SHOWN_LAST_NAMES.length ? base : `${base}-${SHOWN_LAST_NAMES[start % SHOWN_LAST_NAMES.length]}`;
    }
    used.add(name);
    out.set(role, name);
  }
  return out;
}

const NAME_PAIRS: [string, string][] = [
  ['firstName', 'lastName'],
  ['givenName', 'familyName'],
  ['given_name', 'family_name'],
];

/**
 * A value with invited users shown as people: the first name SHOWN_FIRST_NAME and, for the role
 * word, its last name from `lastNames` (shownLastNames), only in the fields the invite fills:
 * `firstName`/`lastName` (User, the invite body), SCIM's `givenName`/`familyName`, OpenID's
 * `given_name`/`family_name`, a HumanName's first `given` and `family`, a `display` or `name`
 * "Test <role>", and the email greeting. A patient a test named "Test Diaz" and any other "Test"
 * (a text "Test failed: …") stay as recorded.
 */
function withShownNames(value: unknown, lastNames: Map<string, string>): unknown {
  if (Array.isArray(value)) return value.map((v) => withShownNames(v, lastNames));
  if (!value || typeof value !== 'object') return value;
  const o = value as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(o)) {
    const first = NAME_PAIRS.find(([f]) => f === k);
    const role = invitedRole(o, k, v);
    if (first && v === INVITED_FIRST && invitedRole(o, first[1], o[first[1]])) {
      out[k] = SHOWN_FIRST_NAME;
    } else if (k === 'given' && Array.isArray(v) && v[0] === INVITED_FIRST && invitedRole(o, 'family', o.family)) {
      out[k] = [SHOWN_FIRST_NAME, ...v.slice(1)];
    } else if (role && (k === 'display' || k === 'name')) {
      out[k] = `${SHOWN_FIRST_NAME} ${lastNames.get(role) ?? role}`;
    } else if (role) {
      out[k] = lastNames.get(role) ?? role;
    } else if (typeof v === 'string' && INVITED_GREETING.test(v)) {
      out[k] = v.replace(INVITED_GREETING, `Hello ${SHOWN_FIRST_NAME},\n`);
    } else {
      out[k] = withShownNames(v, lastNames);
    }
  }
  return out;
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
