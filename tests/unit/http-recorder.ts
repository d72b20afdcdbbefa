/**
 * Loaded into every unit-test process (`tsx --test --import ./tests/unit/http-recorder.ts`, see
 * scripts/test-unit.sh). In the processes that run the examples (tests/unit/examples/*.test.ts, one
 * per process, or all of them through tests/unit/examples.test.ts), and only when HTTP_RECORD_DIR
 * is set, it records the HTTP requests the Medplum SDK sends and
 * attributes each one to the example region shown on a page whose code sent it:
 *
 * - Every public MedplumClient method is wrapped. The outermost SDK call captures the synchronous
 *   stack of its caller (which holds the example's frame) and keeps it in an AsyncLocalStorage, so
 *   requests the SDK sends later, after its own awaits (upsert, auto-refresh, polling), still know
 *   who asked. `fetchWithRetry`, the one path every SDK request takes to the client's `fetch`,
 *   records the request and the response.
 * - The innermost stack frame in `examples/**` whose line lies inside a `// #region` used by a
 *   `file=…#region` fence under docs/ names the region (and every shown region containing that
 *   line, including whole-file fences).
 * - Each region keeps the first MAX_REQUESTS_PER_REGION requests of the first test that ran it.
 *
 * So that a recording is the same on every run, each test starts from the same state: the clock
 * reads 2026-11-25T09:30:00.000Z and advances 1 ms per reading, Math.random and crypto.randomUUID
 * are seeded from the test's name (which starts with its test file). On exit the process writes
 * `$HTTP_RECORD_DIR/<test file>.json` for each example test file it ran, each holding only what
 * that file's tests recorded, as if it had run alone; scripts/http-recordings.ts merges and checks them.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import {
  MAX_BODY_CHARS,
  MAX_REQUESTS_PER_REGION,
  regionRanges,
  shownRegions,
  trimBody,
  type RecordedBody,
  type RecordedRequest,
  type RegionRecording,
} from '../../plugins/markdown/remark-example-code/http-recordings';

const siteDir = path.resolve(__dirname, '../..');
const recordDir = process.env.HTTP_RECORD_DIR;
/** Set in server mode (`npm run verify:server`): the release of the server the examples run against. */
const verifyEnv = process.env.MEDPLUM_VERIFY_ENV
  ? (JSON.parse(fs.readFileSync(process.env.MEDPLUM_VERIFY_ENV, 'utf8')) as { serverVersion: string; baseUrl: string })
  : undefined;
const serverRelease: string | undefined = verifyEnv?.serverVersion;
/** The server's base URL: only requests to it are recorded as its answers. */
const serverBase: string | undefined = verifyEnv?.baseUrl;
/** An example test file, or tests/unit/examples.test.ts, which runs all of them in one process. */
const EXAMPLE_TEST_FILE = /tests[\\/]unit[\\/]examples[\\/][^\\/]+\.test\.ts$/;
const recordsExamples = process.argv
  .slice(1)
  .some((a) => EXAMPLE_TEST_FILE.test(a) || /tests[\\/]unit[\\/]examples\.test\.ts$/.test(a));

export const FIXED_NOW = Date.parse('2026-11-25T09:30:00.000Z');

/**
 * Instants read from the fixed clock, written as the clock's start. The clock advances 1 ms per
 * reading, and how many readings a test makes before a request is not stable from run to run
 * (the mock and the SDK read the time in their own timers), so a recorded `lastUpdated` could
 * differ by a millisecond between two runs of the same code. Plain and URL-encoded forms.
 */
export function settleClockReadings(json: string): string {
  return json
    .replace(/2026-11-25T09:3\d:\d\d\.\d{3}Z/g, '2026-11-25T09:30:00.000Z')
    .replace(/2026-11-25T09%3A3\d%3A\d\d\.\d{3}Z/gi, '2026-11-25T09%3A30%3A00.000Z');
}

if (recordDir && recordsExamples) install(recordDir);

interface Store {
  test?: string;
  /** The example test file (relative to the site) that declared the running test. */
  file?: string;
  callerStack?: string;
}

/** What one example test file recorded: the unit of `$HTTP_RECORD_DIR/<test file>.json`. */
interface FileRecordings {
  recordings: Map<string, RegionRecording>;
  /** Every test that sent a request from each region (server mode reports a region by all of them). */
  hits: Map<string, Set<string>>;
}

/**
 * The example test file whose code is calling test()/it() now: the first frame of the stack in
 * tests/unit/examples/*.test.ts. Found per call, because one process may run every example file.
 */
function declaringTestFile(): string | undefined {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 60;
  const stack = new Error().stack ?? '';
  Error.stackTraceLimit = limit;
  for (const line of stack.split('\n')) {
    const m = /\(?((?:\/|[A-Za-z]:\\)[^():]+\.test\.ts):\d+:\d+\)?$/.exec(line.trim());
    if (m && EXAMPLE_TEST_FILE.test(m[1])) return path.relative(siteDir, m[1]);
  }
  return undefined;
}

function install(outDir: string): void {
  const als = new AsyncLocalStorage<Store>();
  const req = createRequire(__filename);

  // ---- which lines of which example files belong to a shown region
  const byFile = new Map<string, Map<string, [number, number]>>();
  const shown = shownRegions(siteDir);
  for (const file of new Set(shown.map((s) => s.file))) {
    const full = path.join(siteDir, file);
    if (!fs.existsSync(full)) continue;
    const names = shown.filter((s) => s.file === file).map((s) => s.region);
    byFile.set(path.resolve(full), regionRanges(fs.readFileSync(full, 'utf8'), names));
  }
  const frameRe = /\(?((?:\/|[A-Za-z]:\\)[^():]+\.tsx?):(\d+):\d+\)?$/;
  function regionsOf(stack: string): string[] {
    for (const line of stack.split('\n')) {
      const m = frameRe.exec(line.trim());
      if (!m) continue;
      const ranges = byFile.get(path.resolve(m[1]));
      if (!ranges) continue;
      const n = Number(m[2]);
      const hits = [...ranges]
        .filter(([, [a, b]]) => n > a && n < b)
        .map(([name]) => `${path.relative(siteDir, m[1])}#${name}`);
      if (hits.length) return hits;
    }
    return [];
  }

  // ---- the same starting state for every test
  let clock = FIXED_NOW;
  const RealDate = Date;
  class FixedDate extends RealDate {
    constructor(...args: unknown[]) {
      if (args.length === 0) super(clock++);
      else super(...(args as [number]));
    }
    static now(): number {
      return clock++;
    }
  }
  globalThis.Date = FixedDate as DateConstructor;

  let seed = 1;
  const random = (): number => {
    // mulberry32
    seed = (seed + 0x6d2b79f5) | 0;
    let t = seed;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  Math.random = random;
  const hex = (n: number): string => Array.from({ length: n }, () => Math.floor(random() * 16).toString(16)).join('');
  const uuid = (): `${string}-${string}-${string}-${string}-${string}` =>
    `${hex(8)}-${hex(4)}-4${hex(3)}-${'89ab'[Math.floor(random() * 4)]}${hex(3)}-${hex(12)}`;
  globalThis.crypto.randomUUID = uuid;
  req('node:crypto').randomUUID = uuid;
  // PKCE verifiers, link ids and keys the SDK and the examples draw from crypto.getRandomValues.
  const fill = <T extends ArrayBufferView | null>(array: T): T => {
    if (array) {
      const bytes = new Uint8Array(array.buffer, array.byteOffset, array.byteLength);
      for (let i = 0; i < bytes.length; i++) bytes[i] = Math.floor(random() * 256);
    }
    return array;
  };
  Object.defineProperty(globalThis.crypto, 'getRandomValues', { value: fill, configurable: true, writable: true });

  function startTest(name: string): void {
    clock = FIXED_NOW;
    seed = createHash('sha256').update(name).digest().readInt32LE(0);
  }

  // ---- know which test is running: wrap test()/it() of node:test
  const nodeTest = req('node:test');
  const wrapTestFn = (orig: (...a: unknown[]) => unknown) =>
    function (this: unknown, ...args: unknown[]) {
      const i = args.findIndex((a) => typeof a === 'function');
      const name = typeof args[0] === 'string' ? args[0] : `test ${i}`;
      const file = declaringTestFile();
      // Every example file that declares a test writes its output, even with nothing recorded.
      if (file) recordsOf(file);
      if (i !== -1 && file) {
        const fn = args[i] as (...a: unknown[]) => unknown;
        const full = `${file} > ${name}`;
        const run = (callArgs: unknown[], self: unknown) => {
          startTest(full);
          return als.run({ test: full, file }, () => fn.apply(self, callArgs));
        };
        args[i] =
          fn.length >= 2
            ? function (this: unknown, t: unknown, done: unknown) {
                return run([t, done], this);
              }
            : function (this: unknown, t: unknown) {
                return run([t], this);
              };
      }
      return orig.apply(this, args);
    };
  for (const key of ['test', 'it']) {
    const orig = nodeTest[key];
    const wrapped = Object.assign(wrapTestFn(orig), orig);
    nodeTest[key] = wrapped;
  }
  req('node:module').syncBuiltinESMExports();

  // ---- the recordings of this process, per example test file
  const byTestFile = new Map<string, FileRecordings>();
  const recordsOf = (file: string): FileRecordings => {
    let r = byTestFile.get(file);
    if (!r) byTestFile.set(file, (r = { recordings: new Map(), hits: new Map() }));
    return r;
  };

  const core = req('@medplum/core');
  const mock = req('@medplum/mock');
  // MockClient answers createBinary in memory, without a request. Record the request the SDK's own
  // createBinary sends (POST fhir/R4/Binary?_filename=…, the bytes as the body; see
  // MedplumClient.createBinary in @medplum/core's client.ts) with the mock's answer.
  const mockProto = mock.MockClient.prototype as Record<string, unknown>;
  const mockCreateBinary = mockProto.createBinary as (...a: unknown[]) => Promise<unknown>;
  // In server mode (tests/server/server-mode.ts) the SDK's own createBinary reaches the server.
  if (!serverRelease)
    mockProto.createBinary = async function (this: ClientLike & { fhirUrl(...p: string[]): URL }, ...args: unknown[]) {
      const store = als.getStore();
      const keys = store?.test && store.callerStack ? regionsOf(store.callerStack) : [];
      const wanted = unrecordedOrOwn(keys, store);
      if (wanted.length === 0) return mockCreateBinary.apply(this, args);
      const [arg1, arg2, arg3] = args;
      const opts = (
        arg1 && typeof arg1 === 'object' && 'data' in arg1 ? arg1 : { data: arg1, filename: arg2, contentType: arg3 }
      ) as { data: unknown; filename?: string; contentType?: string; securityContext?: { reference?: string } };
      const url = this.fhirUrl('Binary');
      if (opts.filename) url.searchParams.set('_filename', opts.filename);
      const headers: Record<string, string> = {};
      if (opts.securityContext?.reference) headers['X-Security-Context'] = opts.securityContext.reference;
      if (opts.contentType) headers['Content-Type'] = opts.contentType;
      const entry = captureRequest(this, url.toString(), { method: 'POST', headers, body: opts.data });
      const result = await mockCreateBinary.apply(this, args);
      const { value, cut } = trimBody(JSON.parse(JSON.stringify(result)));
      entry.response = cut
        ? { mock: true, status: 200, body: value, trimmed: true }
        : { mock: true, status: 200, body: value };
      add(wanted, store!, entry);
      return result;
    };

  const protos: Record<string, unknown>[] = [core.MedplumClient.prototype, mock.MockClient.prototype];
  for (const proto of protos) {
    for (const name of Object.getOwnPropertyNames(proto)) {
      if (name === 'constructor' || name === 'fetchWithRetry') continue;
      const desc = Object.getOwnPropertyDescriptor(proto, name);
      if (!desc || typeof desc.value !== 'function') continue;
      const orig = desc.value as (...a: unknown[]) => unknown;
      proto[name] = function (this: unknown, ...args: unknown[]) {
        const store = als.getStore();
        if (store?.callerStack) return orig.apply(this, args);
        const limit = Error.stackTraceLimit;
        Error.stackTraceLimit = 60;
        const callerStack = new Error().stack ?? '';
        Error.stackTraceLimit = limit;
        return als.run({ ...store, callerStack }, () => orig.apply(this, args));
      };
    }
  }

  const proto = core.MedplumClient.prototype as Record<string, unknown>;
  const fetchWithRetry = proto.fetchWithRetry as (url: string, options: Record<string, unknown>) => Promise<unknown>;
  proto.fetchWithRetry = async function (this: ClientLike, url: string, options: Record<string, unknown>) {
    // Server mode's own clients (tests/server/server-mode.ts: the super admin making a test's project) are not the example's requests.
    if ((this as { notRecorded?: boolean }).notRecorded) return fetchWithRetry.call(this, url, options);
    const store = als.getStore();
    const keys = store?.test && store.callerStack ? regionsOf(store.callerStack) : [];
    noteHits(keys, store);
    const wanted = unrecordedOrOwn(keys, store);
    if (wanted.length === 0) return fetchWithRetry.call(this, url, options);
    const entry = captureRequest(this, url, options);
    let response: unknown;
    try {
      response = await fetchWithRetry.call(this, url, options);
    } catch (err) {
      entry.response = { mock: false, reason: `the request failed: ${(err as Error).message}` };
      add(wanted, store!, entry);
      throw err;
    }
    entry.response = await captureResponse(this, response as ResponseLike, url);
    add(wanted, store!, entry);
    return response;
  };

  /** The regions this test may record: those its file has no recording of yet, or that it recorded itself. */
  function unrecordedOrOwn(keys: string[], store: Store | undefined): string[] {
    if (!store?.file) return [];
    const { recordings } = recordsOf(store.file);
    return keys.filter((k) => {
      const rec = recordings.get(k);
      return !rec || rec.test === store.test;
    });
  }

  function noteHits(keys: string[], store: Store | undefined): void {
    if (!store?.test || !store.file) return;
    const { hits } = recordsOf(store.file);
    for (const key of keys) {
      const set = hits.get(key) ?? new Set<string>();
      set.add(store.test);
      hits.set(key, set);
    }
  }

  function add(keys: string[], store: Store, entry: RecordedRequest): void {
    const { recordings } = recordsOf(store.file!);
    for (const key of keys) {
      const rec = recordings.get(key) ?? { test: store.test!, requests: [], omitted: 0 };
      recordings.set(key, rec);
      if (rec.requests.length < MAX_REQUESTS_PER_REGION) rec.requests.push(entry);
      else rec.omitted++;
    }
  }

  // One output per example test file, as when each file ran in its own process.
  process.on('exit', () => {
    fs.mkdirSync(outDir, { recursive: true });
    for (const [testRel, { recordings, hits }] of byTestFile) {
      const out: Record<string, RegionRecording> = {};
      for (const key of [...recordings.keys()].sort()) out[key] = recordings.get(key)!;
      fs.writeFileSync(
        path.join(outDir, `${testRel.replace(/[\\/]/g, '__')}.json`),
        settleClockReadings(
          JSON.stringify(
            {
              testFile: testRel,
              regions: out,
              hits: Object.fromEntries([...hits].sort().map(([k, v]) => [k, [...v].sort()])),
            },
            null,
            1,
          ),
        ),
      );
    }
  });
}

interface ClientLike {
  getBaseUrl(): string;
}
interface ResponseLike {
  status: number;
  headers?: { get(name: string): string | null };
  json?: () => Promise<unknown>;
  text?: () => Promise<unknown>;
  blob?: () => Promise<unknown>;
}

/** Headers that change what the server does; the SDK's defaults (Accept, `X-Medplum: extended`) are left out. */
function keepHeader(name: string, value: string): boolean {
  const n = name.toLowerCase();
  if (n === 'x-medplum') return value !== 'extended';
  if (n === 'accept') return !value.includes('application/fhir+json, */*');
  return (
    [
      'content-type',
      'if-match',
      'if-none-exist',
      'if-none-match',
      'if-modified-since',
      'prefer',
      'cache-control',
      'x-security-context',
      // Sent only by examples that show request tracing: the header is what the example is about.
      'x-trace-id',
      'traceparent',
    ].includes(n) || n.startsWith('x-medplum-')
  );
}

function headerPairs(headers: unknown): [string, string][] {
  if (!headers) return [];
  if (headers instanceof Headers) {
    const pairs: [string, string][] = [];
    headers.forEach((v, k) => pairs.push([k, v]));
    return pairs;
  }
  if (Array.isArray(headers)) return headers.map(([k, v]) => [String(k), String(v)]);
  return Object.entries(headers as Record<string, unknown>).map(([k, v]) => [k, String(v)]);
}

function captureRequest(client: ClientLike, url: string, options: Record<string, unknown>): RecordedRequest {
  const base = client.getBaseUrl();
  const full = url.startsWith('http') ? url : base.replace(/\/$/, '') + '/' + url.replace(/^\//, '');
  const pathPart = full.startsWith(base) ? full.slice(base.length) : full;
  const all = headerPairs(options.headers);
  const authorization = all.find(([k]) => k.toLowerCase() === 'authorization')?.[1] ?? '';
  const contentType = all.find(([k]) => k.toLowerCase() === 'content-type')?.[1];
  const entry: Omit<RecordedRequest, 'response'> & Partial<RecordedRequest> = {
    method: String(options.method ?? 'GET').toUpperCase(),
    path: pathPart,
    headers: all.filter(([k, v]) => keepHeader(k, v)).map(([k, v]) => [canonicalHeader(k), v]),
    auth: authorization.startsWith('Bearer ') ? 'bearer' : authorization.startsWith('Basic ') ? 'basic' : 'none',
  };
  const body = captureBody(options.body, contentType);
  if (body) entry.body = body;
  entry.response = { mock: false, reason: 'no response' };
  return entry as RecordedRequest;
}

function canonicalHeader(name: string): string {
  return name
    .split('-')
    .map((p) => (p.length ? p[0].toUpperCase() + p.slice(1).toLowerCase() : p))
    .join('-');
}

function captureBody(body: unknown, contentType: string | undefined): RecordedBody | undefined {
  if (body === undefined || body === null || body === '') return undefined;
  if (body instanceof URLSearchParams) return { form: [...body.entries()] };
  if (typeof body === 'string') {
    if (contentType?.includes('json')) {
      try {
        const json = JSON.parse(body) as { resourceType?: unknown };
        if (body.length > MAX_BODY_CHARS) {
          // Too large to show (a full StructureDefinition, a code system import): size and type only.
          const resourceType = typeof json?.resourceType === 'string' ? json.resourceType : undefined;
          return { binary: { contentType, bytes: Buffer.byteLength(body), ...(resourceType ? { resourceType } : {}) } };
        }
        return { json };
      } catch {
        return { text: body, contentType };
      }
    }
    if (contentType?.includes('x-www-form-urlencoded')) return { form: [...new URLSearchParams(body).entries()] };
    return contentType ? { text: body, contentType } : { text: body };
  }
  const size = (body as { size?: number; byteLength?: number }).size ?? (body as { byteLength?: number }).byteLength;
  return { binary: { contentType, bytes: typeof size === 'number' ? size : -1 } };
}

async function captureResponse(
  client: ClientLike,
  response: ResponseLike,
  url: string,
): Promise<RecordedRequest['response']> {
  // In server mode only requests to the server count as its answers; a test's scripted fetch stays scripted.
  if (
    serverRelease &&
    serverBase &&
    (url.startsWith('http') ? url : client.getBaseUrl() + url).startsWith(serverBase)
  ) {
    return captureServerResponse(response);
  }
  // The bundled class names are minified, so ask the class itself.
  const { MockClient } = createRequire(__filename)('@medplum/mock') as { MockClient: new () => object };
  if (!(client instanceof MockClient)) {
    return {
      mock: false,
      reason: 'scripted: the mock has no route for this request, so the test answers it with a scripted reply',
    };
  }
  let body: unknown;
  try {
    body = await (response.json ?? response.text)?.();
  } catch {
    body = undefined;
  }
  if (body === null || body === undefined)
    return { mock: false, reason: 'unrouted: the mock has no route for this request' };
  if (body && typeof body === 'object' && !(body.constructor === Object || Array.isArray(body))) {
    return { mock: true, status: response.status };
  }
  const { value, cut } = trimBody(JSON.parse(JSON.stringify(body)));
  return cut
    ? { mock: true, status: response.status, body: value, trimmed: true }
    : { mock: true, status: response.status, body: value };
}

/** A real server's answer: status and trimmed body, read from a clone so the SDK still reads the original. */
async function captureServerResponse(response: ResponseLike): Promise<RecordedRequest['response']> {
  const copy = (response as unknown as Response).clone();
  const type = copy.headers.get('content-type') ?? '';
  let body: unknown;
  if (type.includes('json')) body = await copy.json().catch(() => undefined);
  else if (type.startsWith('text/')) body = await copy.text().catch(() => undefined);
  const base = { mock: false as const, server: serverRelease as string, status: response.status };
  if (body === undefined || body === '') return base;
  const { value, cut } = trimBody(JSON.parse(JSON.stringify(body)));
  return cut ? { ...base, body: value, trimmed: true } : { ...base, body: value };
}
