/**
 * The HTTP, curl and Python tabs generated from the examples' recorded requests:
 * every stored recording is well formed and belongs to a region a page shows; every generated
 * curl script parses (`bash -n`) and every Python script compiles (`python3 -m py_compile`); and
 * hostile bodies (quotes, `$`, backticks, backslashes, newlines) reach curl and requests
 * byte for byte, checked by running the snippets against stand-ins that print what they got.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import remarkExampleCode from '../../plugins/markdown/remark-example-code';
import {
  RECORDED_INSTANT,
  recordingPathFor,
  regionSeed,
  SHOWN_FIRST_NAME,
  shownId,
  SHOWN_PROJECT_NAMES,
  SHOWN_LAST_NAMES,
  shownRegions,
  stableId,
  trimBody,
  validateRecordingFile,
  WHOLE_FILE,
  withShownIds,
  type RecordedRequest,
  type RegionRecording,
} from '../../plugins/markdown/remark-example-code/http-recordings';
import { authOf, shellQuote, toCurl, toHttp, toPython } from '../../plugins/markdown/remark-example-code/http-snippets';
import { TAB_GROUP } from '../../plugins/markdown/remark-example-code/http-tabs';
import { rehypeCleanTwin } from '../../plugins/site/markdown-twins/rehype-clean-twin';
import { firstDifference, storedFiles } from '../../lib/http-recordings';
import { runCurlTab, runPythonTab } from './http-tab-stand-ins';
import { serverPatientRead } from './recording-fixtures';

const siteDir = path.resolve(__dirname, '../..');
/** The seed of a made-up region, for tests of one recording. */
const SEED = regionSeed('examples/x.ts', 'read');

/** Every stored region, with its example file (relative to the site) and the seed its tabs use. */
function allStored(): { name: string; file: string; seed: string; rec: RegionRecording }[] {
  const out: { name: string; file: string; seed: string; rec: RegionRecording }[] = [];
  for (const rel of storedFiles()) {
    const data = validateRecordingFile(JSON.parse(fs.readFileSync(path.join(siteDir, rel), 'utf8')), rel);
    const ts = rel.replace(/\.http\.json$/, '.ts');
    const file = fs.existsSync(path.join(siteDir, ts)) ? ts : `${ts}x`;
    for (const [region, rec] of Object.entries(data.regions)) {
      const seed = regionSeed(file, region === WHOLE_FILE ? undefined : region);
      out.push({ name: `${file}${region === WHOLE_FILE ? '' : `#${region}`}`, file, seed, rec });
    }
  }
  return out;
}

test('every stored recording is well formed and belongs to a region a page shows', () => {
  const shown = new Set(shownRegions(siteDir).map((s) => `${recordingPathFor(s.file)}#${s.region}`));
  const stored = allStored();
  assert.ok(stored.length > 100, `expected the examples' recordings, found ${stored.length}`);
  for (const rel of storedFiles()) {
    const file = validateRecordingFile(JSON.parse(fs.readFileSync(path.join(siteDir, rel), 'utf8')), rel);
    for (const region of Object.keys(file.regions))
      assert.ok(shown.has(`${rel}#${region}`), `${rel}: region "${region}" is on no page`);
  }
});

test('every generated curl script parses with bash -n and every Python script compiles', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'http-tabs-'));
  const py: string[] = [];
  const stored = allStored();
  stored.forEach(({ name, seed, rec }, i) => {
    const sh = path.join(dir, `${i}.sh`);
    fs.writeFileSync(sh, toCurl(rec, seed));
    try {
      execFileSync('bash', ['-n', sh], { stdio: 'pipe' });
    } catch (err) {
      assert.fail(`${name}: the curl snippet does not parse: ${(err as { stderr?: Buffer }).stderr}`);
    }
    const file = path.join(dir, `snippet_${i}.py`);
    fs.writeFileSync(file, toPython(rec, seed));
    py.push(file);
  });
  // One interpreter for all files; a failure names the file, which maps back to the region.
  for (let i = 0; i < py.length; i += 200) {
    try {
      execFileSync('python3', ['-m', 'py_compile', ...py.slice(i, i + 200)], { stdio: 'pipe' });
    } catch (err) {
      const msg = String((err as { stderr?: Buffer }).stderr);
      const idx = /snippet_(\d+)\.py/.exec(msg)?.[1];
      assert.fail(`${idx ? stored[Number(idx)].name : 'a region'}: the Python snippet does not compile: ${msg}`);
    }
  }
  fs.rmSync(dir, { recursive: true, force: true });
});

const hostile = `it's "quoted" $HOME \`whoami\` $(id) \\ back\\slash\nnew line ’ ${'\u2028'} %s {}`;

function rec(requests: RecordedRequest[]): RegionRecording {
  return { test: 't', requests, omitted: 0 };
}

const jsonPost: RecordedRequest = {
  method: 'POST',
  path: "fhir/R4/Patient/abc/$expunge?everything=true&note=it's",
  headers: [
    ['If-Match', 'W/"1"'],
    ['Content-Type', 'application/fhir+json'],
  ],
  auth: 'none',
  body: {
    json: { resourceType: 'Patient', active: true, deceasedBoolean: false, photo: null, note: hostile, n: [1.5, -2] },
  },
  response: { mock: true, status: 200, body: { resourceType: 'Patient', id: 'abc' } },
};
const formPost: RecordedRequest = {
  method: 'POST',
  path: 'oauth2/token',
  headers: [['Content-Type', 'application/x-www-form-urlencoded']],
  auth: 'basic',
  body: {
    form: [
      ['grant_type', 'client_credentials'],
      ['scope', `openid ${hostile}`],
    ],
  },
  response: { mock: false, reason: 'unrouted: the mock has no route for this request' },
};
const getQuery: RecordedRequest = {
  method: 'GET',
  path: 'fhir/R4/Observation?code=http%3A%2F%2Floinc.org%7C1234-5&_count=2&subject:Patient.name=$x`y`',
  headers: [],
  auth: 'none',
  response: { mock: true, status: 200, body: { resourceType: 'Bundle', entry: [{}, {}] }, trimmed: true },
};

/** The variables the curl and Python tabs of jsonPost, formPost and getQuery read. */
const CREDENTIALS = {
  MEDPLUM_BASE_URL: 'https://medplum.example/',
  ACCESS_TOKEN: 'tok',
  MEDPLUM_CLIENT_ID: 'cid',
  MEDPLUM_CLIENT_SECRET: 'sec',
};

test('curl: paths, headers and bodies reach curl exactly, whatever they contain', () => {
  const calls = runCurlTab(toCurl(rec([jsonPost, formPost, getQuery]), SEED), CREDENTIALS);
  assert.equal(calls.length, 3);
  const [a, b, c] = calls;
  assert.deepEqual(a.slice(0, 3), ['-X', 'POST', 'https://medplum.example/' + jsonPost.path]);
  assert.ok(a.includes('Authorization: Bearer tok'));
  assert.ok(a.includes('If-Match: W/"1"'));
  assert.deepEqual(JSON.parse(a[a.indexOf('--data-raw') + 1]), (jsonPost.body as { json: unknown }).json);
  assert.deepEqual(b.slice(0, 3), ['-X', 'POST', 'https://medplum.example/oauth2/token']);
  assert.equal(b[b.indexOf('-u') + 1], 'cid:sec');
  assert.deepEqual([...new URLSearchParams(b[b.indexOf('--data-raw') + 1])], (formPost.body as { form: unknown }).form);
  assert.equal(c[0], 'https://medplum.example/' + getQuery.path);
  assert.ok(!c.includes('-X'), 'a GET needs no -X');
});

test('Python: the script sends the same method, URL, headers and body through requests', () => {
  const run = runPythonTab(toPython(rec([jsonPost, formPost, getQuery]), SEED), CREDENTIALS);
  assert.equal(run.raisedForStatus, 3, 'raise_for_status() after each call');
  const [a, b, c] = run.calls;
  assert.equal(a.method, 'POST');
  assert.equal(a.url, 'https://medplum.example/' + jsonPost.path);
  assert.deepEqual(a.json, (jsonPost.body as { json: unknown }).json);
  assert.equal(a.headers['If-Match'], 'W/"1"');
  assert.equal(a.headers.Authorization, 'Bearer tok');
  assert.deepEqual(b.data, (formPost.body as { form: unknown }).form);
  assert.deepEqual(b.auth, ['cid', 'sec']);
  assert.equal(c.method, 'GET');
  assert.equal(c.url, 'https://medplum.example/' + getQuery.path);
});

test('HTTP: request line, headers, body, then the mock answer or why there is none', () => {
  const text = toHttp(rec([jsonPost, formPost, getQuery]), SEED);
  const blocks = text.split('\n\n###\n\n');
  assert.equal(blocks.length, 3);
  assert.ok(blocks[0].startsWith(`POST /${jsonPost.path}\nAuthorization: Bearer $ACCESS_TOKEN\nIf-Match: W/"1"\n`));
  assert.match(blocks[0], /\nHTTP\/1\.1 200 OK\n/);
  assert.ok(
    blocks[1].includes(
      `\n\n${new URLSearchParams(formPost.body && 'form' in formPost.body ? formPost.body.form : []).toString()}\n`,
    ),
  );
  assert.match(blocks[1], /# no response shown: the mock server cannot serve this request$/);
  assert.match(blocks[2], /# \(trimmed: arrays cut to 2 entries/);
  assert.equal(
    toHttp({ ...rec([getQuery]), omitted: 3 }, SEED)
      .split('\n')
      .pop(),
    '### 3 more requests of the same run, not shown',
  );
});

test("the tabs show each stable id as one realistic UUID of the region's own, and the server URLs under the named base", () => {
  const recording = serverPatientRead(
    stableId(1),
    { photo: [{ url: `https://example.com/storage/${stableId(2)}` }] },
    'tests/unit/examples/x.test.ts > reads',
  );
  const v4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
  const other = regionSeed('examples/y.ts', 'read');
  for (const seed of [SEED, other, regionSeed('examples/x.ts', undefined)]) {
    for (const n of [1, 2, 60]) assert.match(shownId(seed, n), v4);
  }
  // One region: the same number always reads the same, two numbers differently, on every build.
  assert.equal(shownId(SEED, 1), shownId(regionSeed('examples/x.ts', 'read'), 1));
  assert.notEqual(shownId(SEED, 1), shownId(SEED, 2));
  // Two regions (of one page or two): their first ids stand for different resources.
  assert.notEqual(shownId(SEED, 1), shownId(other, 1));
  assert.notEqual(shownId(SEED, 1), shownId(regionSeed('examples/x.ts', 'update'), 1));
  assert.equal(regionSeed('examples/x.ts', undefined), `examples/x.ts#${WHOLE_FILE}`);
  for (const tab of [toHttp(recording, SEED), toCurl(recording, SEED), toPython(recording, SEED)])
    assert.ok(!tab.includes('00000000-0000-4000-8000'), tab);
  // The HTTP tab records the shown id; curl and Python, code a reader runs, name it by a variable.
  assert.ok(toHttp(recording, SEED).includes(`GET /fhir/R4/Patient/${shownId(SEED, 1)}`));
  assert.ok(toCurl(recording, SEED).includes(`'fhir/R4/Patient/'"$PATIENT_ID"`), toCurl(recording, SEED));
  assert.ok(toPython(recording, SEED).includes(`"fhir/R4/Patient/" + patient_id`), toPython(recording, SEED));
  const http = toHttp(recording, SEED);
  assert.ok(http.includes(`"id": "${shownId(SEED, 1)}"`), http);
  assert.ok(http.includes(`https://api.medplum.com/storage/${shownId(SEED, 2)}`), http);
  assert.ok(toHttp(recording, other).includes(`"id": "${shownId(other, 1)}"`));
});

test('no two stored regions show the same id, and each shows its own moment instead of the recorded one', () => {
  const ids = new Map<string, string>();
  const nows = new Map<string, string>();
  for (const { name, seed, rec } of allStored()) {
    const shown = JSON.stringify(withShownIds(rec, seed));
    for (const id of new Set(shown.match(/\b[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}\b/g))) {
      // An id the example itself wrote (in its code or its test's data) may recur; a shown one may not.
      if (JSON.stringify(rec).includes(id)) continue;
      assert.ok(!ids.has(id) || ids.get(id) === name, `${id} is shown by ${ids.get(id)} and ${name}`);
      ids.set(id, name);
    }
    assert.ok(!shown.includes(RECORDED_INSTANT), `${name} still shows ${RECORDED_INSTANT}`);
    assert.ok(!shown.includes(RECORDED_INSTANT.replace(/:/g, '%3A')), name);
    // Every lastUpdated that read the recorded instant reads one moment of this region's.
    const lastUpdated = (text: string) => new Set([...text.matchAll(/"lastUpdated":"([^"]+)"/g)].map((m) => m[1]));
    const recorded = lastUpdated(JSON.stringify(rec));
    if (recorded.has(RECORDED_INSTANT)) {
      const moved = [...lastUpdated(shown)].filter((t) => !recorded.has(t));
      assert.equal(moved.length, 1, `${name}: ${moved.join(', ')}`);
      assert.match(moved[0], /^2026-11-25T\d\d:\d\d:\d\d\.000Z$/, name);
      nows.set(name, moved[0]);
    }
  }
  assert.ok(nows.size > 100, `${nows.size} regions`);
  assert.ok(new Set(nows.values()).size > nows.size * 0.95, 'regions show moments of their own');
});

test('a region shows one moment throughout, and the dates read from the clock keep their distance to it', () => {
  const now = RECORDED_INSTANT;
  const recording = serverPatientRead(stableId(1), {
    meta: { lastUpdated: now },
    // The example's "two hours ago" (a clock reading), "today" as a date, a search bound at
    // midnight, a date the test wrote for next week, and one of the patient's own.
    extension: [
      { url: 'since', valueInstant: '2026-11-25T07:30:00.019Z' },
      { url: 'today', valueDate: '2026-11-25' },
      { url: 'query', valueString: `Task?_lastUpdated=ge2026-11-25T00%3A00%3A00Z&due=lt2026-12-02` },
      { url: 'created', valueDateTime: now },
    ],
    birthDate: '1980-04-02',
  });
  const seeds = [SEED, regionSeed('examples/y.ts', 'read')];
  const shown = seeds.map(
    (seed) => withShownIds(recording, seed).requests[0].response as { body: Record<string, never> },
  );
  const [a, b] = shown.map((r) => r.body);
  const nowA = (a.meta as { lastUpdated: string }).lastUpdated;
  assert.notEqual(nowA, now);
  assert.notEqual(nowA, (b.meta as { lastUpdated: string }).lastUpdated, 'two regions, two moments');
  assert.match(nowA, /^2026-11-25T\d\d:\d\d:\d\d\.000Z$/);
  const ext = (a.extension as { url: string; [k: string]: string }[]).map((e) => Object.values(e)[1]);
  assert.equal(ext[3], nowA, 'every occurrence of the recorded instant reads the same moment');
  assert.equal(Date.parse(nowA) - Date.parse(ext[0]), 2 * 3600_000 - 19);
  assert.equal(ext[1], nowA.slice(0, 10));
  assert.equal(ext[2], `Task?_lastUpdated=ge${nowA.slice(0, 10)}T00%3A00%3A00Z&due=lt2026-12-02`);
  assert.equal(a.birthDate, '1980-04-02');
  assert.equal(JSON.stringify(withShownIds(recording, SEED)), JSON.stringify(withShownIds(recording, SEED)));
  // The stored recording itself is not changed.
  assert.equal(
    (recording.requests[0].response as { body: { meta: { lastUpdated: string } } }).body.meta.lastUpdated,
    now,
  );
});

test('dates the example wrote keep their place against the shown moment', () => {
  // An onset five days before the recording day: whatever moment the region shows, it stays on the recording day, after it.
  for (const region of ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h']) {
    const recording = serverPatientRead(stableId(1), {
      meta: { lastUpdated: RECORDED_INSTANT },
      extension: [{ url: 'onset', valueDate: '2026-11-20' }],
    });
    const body = (
      withShownIds(recording, regionSeed('examples/x.ts', region)).requests[0].response as {
        body: { meta: { lastUpdated: string }; extension: { valueDate: string }[] };
      }
    ).body;
    assert.equal(body.extension[0].valueDate, '2026-11-20');
    assert.ok(body.meta.lastUpdated.startsWith('2026-11-25T'), body.meta.lastUpdated);
    assert.notEqual(body.meta.lastUpdated, RECORDED_INSTANT);
  }
});

test('a time the test wrote on the recording day stays, so the spans the code computes from it keep their length', () => {
  // overdueReferrals(medplum, now, 30) searches due before `now` and authored 30 days before it;
  // its test passes noon of the recording day as `now`. A visit the test dated yesterday at 15:00.
  const written = '2026-11-25T12:00:00.000Z';
  const cutoff = new Date(Date.parse(written) - 30 * 86_400_000).toISOString();
  const recording = serverPatientRead(stableId(1), {
    meta: { lastUpdated: RECORDED_INSTANT },
    extension: [
      { url: 'due', valueString: `Task?due-date=lt${encodeURIComponent(written)}` },
      { url: 'old', valueString: `Task?authored-on=lt${encodeURIComponent(cutoff)}` },
      { url: 'visit', valueDateTime: '2026-11-24T15:00:00Z' },
    ],
  });
  const bound = (query: string): number => Date.parse(decodeURIComponent(query.split('=lt')[1]));
  for (const region of ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h']) {
    const body = (
      withShownIds(recording, regionSeed('examples/x.ts', region)).requests[0].response as {
        body: { meta: { lastUpdated: string }; extension: { valueString?: string; valueDateTime?: string }[] };
      }
    ).body;
    assert.notEqual(body.meta.lastUpdated, RECORDED_INSTANT, 'the region shows a moment of its own');
    const [due, old, visit] = body.extension;
    assert.equal(bound(due.valueString!) - bound(old.valueString!), 30 * 86_400_000, 'the 30 days the code subtracts');
    assert.equal(bound(due.valueString!), Date.parse(written));
    assert.equal(visit.valueDateTime, '2026-11-24T15:00:00Z');
  }
});

test("the server run's own wall-clock readings move like the clock's: a bound it sent back, a kick-off time, an epoch claim", () => {
  // A server-mode test sends back the lastUpdated it saw (the run's real time, 2026-12-07) while
  // verify:server wrote the answers' instants as RECORDED_INSTANT; userinfo's updated_at is the
  // profile's lastUpdated in epoch seconds. Dates the example wrote after the recording day stay.
  const recording = serverPatientRead(stableId(1), {
    meta: { lastUpdated: RECORDED_INSTANT },
    extension: [
      { url: 'since', valueString: 'Patient?_lastUpdated=gt2026-12-07T17%3A29%3A48.425Z' },
      { url: 'next', valueString: 'Patient?_since=2026-12-07T17%3A29%3A48.646Z' },
      { url: 'due', valueDateTime: '2026-12-01T14:00:00.000Z' },
      { url: 'visit', valueDateTime: '2026-12-07T10:00:00Z' },
      { url: 'claims', updated_at: 1796664484.672 },
    ],
  });
  for (const region of ['a', 'b', 'c', 'd']) {
    const body = (
      withShownIds(recording, regionSeed('examples/x.ts', region)).requests[0].response as {
        body: { meta: { lastUpdated: string }; extension: Record<string, string | number>[] };
      }
    ).body;
    const now = body.meta.lastUpdated;
    const [since, next, due, visit, claims] = body.extension;
    assert.equal(
      since.valueString,
      `Patient?_lastUpdated=gt${now.replace(/:/g, '%3A')}`,
      'the bound is the lastUpdated it saw',
    );
    const nextAt = Date.parse(decodeURIComponent(String(next.valueString).split('=')[1]));
    assert.equal(nextAt - Date.parse(now), 221, 'a later reading keeps its distance');
    assert.equal(due.valueDateTime, '2026-12-01T14:00:00.000Z');
    assert.equal(visit.valueDateTime, '2026-12-07T10:00:00Z');
    const epoch = Number(claims.updated_at) * 1000;
    assert.ok(new Date(epoch).toISOString().startsWith('2026-11-25T'), String(claims.updated_at));
    assert.equal(Math.round(epoch) % 1000, 672, 'the epoch claim keeps its milliseconds');
  }
  // A mock recording has no run clock: the same text stays.
  const mock: RegionRecording = {
    ...recording,
    requests: [
      { ...recording.requests[0], response: { mock: true, status: 200, body: { url: 'gt2026-12-07T17:29:48.425Z' } } },
    ],
  };
  assert.ok(JSON.stringify(withShownIds(mock, SEED)).includes('gt2026-12-07T17:29:48.425Z'));
});

test('no shown date differs from a date the TypeScript tab writes', () => {
  // A date that moves with the shown moment must not be one the reader sees in the example's code.
  for (const { name, file, seed, rec } of allStored()) {
    const source = fs.readFileSync(path.join(siteDir, file), 'utf8');
    const before = JSON.stringify(rec).match(/\d{4}-\d\d-\d\d[^"&,\\]*/g) ?? [];
    const after = JSON.stringify(withShownIds(rec, seed));
    for (const date of new Set(before)) {
      if (source.includes(date))
        assert.ok(after.includes(date), `${name}: the code writes ${date}, the tabs show another`);
    }
  }
});

test("invited users' first name reads as a person's, and no other Test does", () => {
  const recording = serverPatientRead(stableId(1), {
    name: [{ given: ['Test'], family: 'alice' }],
    managingOrganization: { reference: `Practitioner/${stableId(2)}`, display: 'Test alice' },
    contact: [
      { name: { given: ['Test'], family: 'Diaz' } },
      { name: { text: 'Test failed: 1 != 2' }, organization: { display: 'Test Diaz' } },
    ],
    extension: [
      { url: 'user', valueString: 'x', firstName: 'Test', lastName: 'mfa-required' },
      { url: 'scim', givenName: 'Test', familyName: 'scim-admin' },
      { url: 'userinfo', name: 'Test claims', given_name: 'Test', family_name: 'claims' },
      { url: 'email', text: 'Hello Test,\n\nChoose a new password here:' },
    ],
  });
  const body = (withShownIds(recording, SEED).requests[0].response as { body: Record<string, unknown> }).body;
  const first = SHOWN_FIRST_NAME;
  assert.notEqual(first, 'Test');
  // Each role word reads as one capitalised last name, the same in the name, the display and the
  // claims; two role words of one region read as two names.
  const last = (body.name as { family: string }[])[0].family;
  assert.ok(SHOWN_LAST_NAMES.includes(last), last);
  assert.deepEqual(body.name, [{ given: [first], family: last }]);
  assert.equal((body.managingOrganization as { display: string }).display, `${first} ${last}`);
  // A patient a test named "Test Diaz" and a text that says "Test" are not invited users.
  assert.deepEqual(body.contact, [
    { name: { given: ['Test'], family: 'Diaz' } },
    { name: { text: 'Test failed: 1 != 2' }, organization: { display: 'Test Diaz' } },
  ]);
  const [user, scim, userinfo, email] = body.extension as Record<string, string>[];
  assert.deepEqual(user, { url: 'user', valueString: 'x', firstName: first, lastName: user.lastName });
  assert.deepEqual(scim, { url: 'scim', givenName: first, familyName: scim.familyName });
  assert.deepEqual(userinfo, {
    url: 'userinfo',
    name: `${first} ${userinfo.family_name}`,
    given_name: first,
    family_name: userinfo.family_name,
  });
  assert.deepEqual(email, { url: 'email', text: `Hello ${first},\n\nChoose a new password here:` });
  const names = [last, user.lastName, scim.familyName, userinfo.family_name];
  for (const n of names) assert.match(n, /^[A-Z][a-z]+$/);
  assert.equal(new Set(names).size, 4, `four role words, four names: ${names.join(', ')}`);
  // The same role word in another region reads the same: the name comes from the word.
  const again = (
    withShownIds(recording, regionSeed('examples/y.ts', 'other')).requests[0].response as {
      body: Record<string, unknown>;
    }
  ).body;
  assert.deepEqual(again.name, body.name);
});

test("only the server's own paths move to the named base: an example's own example.com data reads as its code writes it", () => {
  const recording = serverPatientRead(stableId(1), {
    identifier: [{ system: 'https://example.com/fhir/CodeSystem/referral-step', value: 'sent' }],
    link: [
      { url: 'https://example.com/fhir/R4Patient/$export' },
      {
        url: `https://idp.example.org/authorize?redirect_uri=${encodeURIComponent('https://example.com/auth/external')}`,
      },
      { url: `fhir/R4/Bot/$execute?identifier=${encodeURIComponent('https://example.com/bots|welcome-call')}` },
    ],
  });
  const shown = toHttp(recording, SEED);
  assert.ok(shown.includes('"system": "https://example.com/fhir/CodeSystem/referral-step"'), shown);
  assert.ok(shown.includes('identifier=https%3A%2F%2Fexample.com%2Fbots%7Cwelcome-call'), shown);
  // A bulk export's `request` drops the slash after R4; it is still the server's address.
  assert.ok(shown.includes('https://api.medplum.com/fhir/R4Patient/$export'), shown);
  assert.ok(shown.includes('redirect_uri=https%3A%2F%2Fapi.medplum.com%2Fauth%2Fexternal'), shown);
});

test("the server run's project names read as clinics' in the tabs, one name per project", () => {
  const recording = serverPatientRead(stableId(1), {
    meta: { author: { reference: `ClientApplication/${stableId(2)}`, display: 'verify-7399-8 Default Client' } },
    link: [
      { other: { reference: `Patient/${stableId(3)}`, display: 'verify-7399-9' } },
      { other: { reference: `Patient/${stableId(4)}`, display: 'verify-7399-8' } },
    ],
  });
  const shown = toHttp(recording, SEED);
  assert.ok(!shown.includes('verify-7399'), shown);
  const [first, second] = SHOWN_PROJECT_NAMES;
  assert.ok(shown.includes(`"display": "${first} Default Client"`), shown);
  assert.ok(shown.includes(`"display": "${second}"`), shown);
  assert.equal(shown.split(`"display": "${first}"`).length, 2, shown);
});

test('credentials: bearer token except on sign-in endpoints and other origins', () => {
  assert.equal(authOf({ ...getQuery, auth: 'none' }), 'bearer');
  assert.equal(authOf({ ...getQuery, path: 'oauth2/token' }), 'none');
  assert.equal(authOf({ ...getQuery, path: 'https://storage.example/file' }), 'none');
  assert.equal(authOf({ ...getQuery, auth: 'basic' }), 'basic');
  assert.equal(shellQuote("a'b"), `'a'\\''b'`);
});

test('response bodies keep every field and whole strings, cut arrays to two entries and name an over-long string by its length', () => {
  const token = 'x'.repeat(900);
  const { value, cut } = trimBody({ a: [1, 2, 3], b: { c: token, e: 'y'.repeat(5000) }, d: true });
  assert.equal(cut, true);
  assert.deepEqual((value as { a: number[] }).a, [1, 2]);
  // A token or signed URL stays whole: readers copy it, and a cut one reads as a stand-in.
  assert.equal((value as { b: { c: string } }).b.c, token);
  assert.equal((value as { b: { e: string } }).b.e, '(not shown: 5,000 characters)');
  assert.ok(!JSON.stringify(value).includes('…'));
  assert.equal(trimBody({ a: [1], s: token }).cut, false);
});

test('the freshness check names the first difference', () => {
  assert.equal(firstDifference({ a: [{ p: 'x' }] }, { a: [{ p: 'y' }] }), 'a[0].p: stored "x", recorded "y"');
  assert.equal(firstDifference({ a: 1 }, { a: 1 }), undefined);
});

function site(recording: unknown): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ex-tabs-'));
  fs.mkdirSync(path.join(dir, 'examples'));
  fs.writeFileSync(
    path.join(dir, 'examples', 'a.ts'),
    '// #region r\nawait medplum.createResource(p);\n// #endregion r\n',
  );
  fs.writeFileSync(
    path.join(dir, 'examples', 'a.http.json'),
    typeof recording === 'string' ? recording : JSON.stringify(recording),
  );
  return dir;
}

test('the remark plugin wraps a recorded region in TypeScript | HTTP | curl | Python tabs', () => {
  const dir = site({ regions: { r: rec([jsonPost]) } });
  const node = { type: 'code', lang: 'ts', meta: 'file=examples/a.ts#r', value: '', position: { start: { line: 4 } } };
  const tree = { type: 'root', children: [node] as unknown[] };
  remarkExampleCode({ siteDir: dir })(tree, { path: path.join(dir, 'docs', 'p.mdx') });
  type Deep = {
    type: string;
    lang?: string;
    value?: string;
    name?: string;
    attributes?: { name: string; value: unknown }[];
    children?: Deep[];
  };
  const [group] = tree.children as Deep[];
  assert.equal(tree.children.length, 1, 'plain HTML needs no import');
  const attrOf = (n: Deep | undefined, name: string) => n?.attributes?.find((a) => a.name === name)?.value;
  assert.equal(group.type, 'mdxJsxFlowElement');
  assert.equal(group.name, 'div');
  assert.equal(attrOf(group, 'data-tab-group'), TAB_GROUP);
  const [tablist, panelsBox] = group.children!;
  assert.equal(attrOf(tablist, 'role'), 'tablist');
  const tabButtons = tablist.children!;
  assert.deepEqual(
    tabButtons.map((t) => t.name),
    ['button', 'button', 'button', 'button'],
  );
  assert.deepEqual(
    tabButtons.map((t) => t.children?.[0].value),
    ['TypeScript', 'HTTP', 'curl', 'Python'],
  );
  assert.deepEqual(
    tabButtons.map((t) => attrOf(t, 'aria-selected')),
    ['true', 'false', 'false', 'false'],
  );
  const panels = panelsBox.children!;
  assert.deepEqual(
    panels.map((p) => attrOf(p, 'role')),
    ['tabpanel', 'tabpanel', 'tabpanel', 'tabpanel'],
  );
  // Each tab names its panel and each panel its tab; only the TypeScript panel shows without JavaScript.
  assert.deepEqual(
    tabButtons.map((t) => attrOf(t, 'aria-controls')),
    panels.map((p) => attrOf(p, 'id')),
  );
  assert.deepEqual(
    panels.map((p) => attrOf(p, 'aria-labelledby')),
    tabButtons.map((t) => attrOf(t, 'id')),
  );
  assert.deepEqual(
    panels.map((p) => p.attributes!.some((a) => a.name === 'hidden')),
    [false, true, true, true],
  );
  // Search indexes the TypeScript example, not the three forms generated from its requests.
  assert.deepEqual(
    panels.map((p) => attrOf(p, 'data-pagefind-ignore')),
    [undefined, 'all', 'all', 'all'],
  );
  const findCode = (n: Deep): Deep | undefined => (n.type === 'code' ? n : n.children?.map(findCode).find(Boolean));
  const codes = panels.map(findCode);
  // The generated panels sit in a keyed div the client build keeps out of the page's JavaScript.
  const panelKeys = panels.slice(1).map((t) => attrOf(t.children?.[0], 'data-example-panel'));
  assert.deepEqual(panelKeys, ['docs/p.mdx#1-http', 'docs/p.mdx#1-curl', 'docs/p.mdx#1-python']);
  assert.deepEqual(
    codes.map((c) => c?.lang),
    ['ts', 'http', 'bash', 'python'],
  );
  assert.equal(codes[0]?.value, 'await medplum.createResource(p);');
  assert.equal(codes[2]?.value, toCurl(rec([jsonPost]), regionSeed('examples/a.ts', 'r')));

  // No recording for the region: the plain block stays.
  const plain = { ...node, meta: 'file=examples/a.ts', value: '' };
  const tree2 = { type: 'root', children: [plain] as unknown[] };
  remarkExampleCode({ siteDir: dir })(tree2, { path: path.join(dir, 'docs', 'p.mdx') });
  assert.equal((tree2.children[0] as { type: string }).type, 'code');
});

test("the build's HTTP, curl and Python panels are toHttp, toCurl and toPython of the region's recording", () => {
  // exampleTabs makes the three tabs from one shown recording (withShownIds) and one runnable;
  // the other tests read them through toHttp, toCurl and toPython. A stored id, the clock's "now"
  // (in the body curl sends too) and a sent-back meta make the shown and the runnable recording
  // differ from the stored one, so a panel made from the wrong one fails here.
  const patient = stableId(1);
  const meta = { versionId: stableId(2), lastUpdated: RECORDED_INSTANT };
  const read = serverPatientRead(patient, { meta }).requests[0];
  const update: RecordedRequest = {
    method: 'PUT',
    path: `fhir/R4/Patient/${patient}`,
    headers: [['Content-Type', 'application/fhir+json']],
    auth: 'bearer',
    body: { json: { resourceType: 'Patient', id: patient, meta, deceasedDateTime: RECORDED_INSTANT } },
    response: read.response,
  };
  const recording = rec([read, update]);
  const seed = regionSeed('examples/a.ts', 'r');
  const dir = site({ regions: { r: recording } });
  const node = { type: 'code', lang: 'ts', meta: 'file=examples/a.ts#r', value: '', position: { start: { line: 4 } } };
  const tree = { type: 'root', children: [node] as unknown[] };
  remarkExampleCode({ siteDir: dir })(tree, { path: path.join(dir, 'docs', 'p.mdx') });
  const codes: { lang: string; value: string }[] = [];
  const walk = (n: { type: string; lang?: string; value?: string; children?: unknown[] }) => {
    if (n.type === 'code') codes.push({ lang: n.lang!, value: n.value! });
    for (const c of n.children ?? []) walk(c as typeof n);
  };
  walk(tree);
  const http = toHttp(recording, seed);
  const curl = toCurl(recording, seed);
  assert.ok(
    !http.includes(patient) && !http.includes(RECORDED_INSTANT),
    'the HTTP tab shows the region’s own id and moment',
  );
  assert.ok(http.includes('versionId') && !curl.includes('versionId'), 'curl leaves out the meta the server sets');
  assert.ok(!curl.includes(RECORDED_INSTANT), 'curl sends the region’s own moment');
  assert.deepEqual(
    codes.slice(1).map((c) => [c.lang, c.value]),
    [
      ['http', http],
      ['bash', curl],
      ['python', toPython(recording, seed)],
    ],
  );
  fs.rmSync(dir, { recursive: true, force: true });
});

test('a malformed recording fails the build naming the page and line', () => {
  for (const bad of [
    '{not json',
    { regions: { r: { test: 't', omitted: 0, requests: [{ method: 'get', path: 'x' }] } } },
  ]) {
    const dir = site(bad);
    const node = {
      type: 'code',
      lang: 'ts',
      meta: 'file=examples/a.ts#r',
      value: '',
      position: { start: { line: 9 } },
    };
    assert.throws(
      () =>
        remarkExampleCode({ siteDir: dir })(
          { type: 'root', children: [node] },
          { path: path.join(dir, 'docs', 'p.mdx') },
        ),
      /docs\/p\.mdx:9.*(not valid JSON|malformed HTTP recording)/,
    );
  }
});

test('the Markdown twin keeps the TypeScript and HTTP panels and drops the tab list, curl and Python', () => {
  const el = (tagName: string, properties: Record<string, unknown>, children: unknown[] = []) => ({
    type: 'element',
    tagName,
    properties,
    children,
  });
  const pre = (lang: string, text: string) =>
    el('pre', {}, [el('code', { className: [`language-${lang}`] }, [{ type: 'text', value: text }])]);
  const tree = {
    type: 'root',
    children: [
      el('div', { className: ['tabs-container'] }, [
        el('ul', { role: 'tablist', className: ['tabs', 'example-tabs'] }, [
          el('li', { role: 'tab' }, [{ type: 'text', value: 'TypeScript' }]),
        ]),
        el('div', { className: ['margin-top--md'] }, [
          el('div', { role: 'tabpanel', className: ['example-tab', 'example-tab-ts'] }, [pre('ts', 'ts code')]),
          el('div', { role: 'tabpanel', className: ['example-tab', 'example-tab-http'], hidden: true }, [
            pre('http', 'GET /fhir/R4/Patient'),
          ]),
          el('div', { role: 'tabpanel', className: ['example-tab', 'example-tab-curl'], hidden: true }, [
            pre('bash', 'curl'),
          ]),
          el('div', { role: 'tabpanel', className: ['example-tab', 'example-tab-python'], hidden: true }, [
            pre('python', 'import requests'),
          ]),
        ]),
      ]),
    ],
  };
  rehypeCleanTwin()(tree as never);
  const langs: string[] = [];
  const walk = (n: {
    tagName?: string;
    properties?: { className?: string[]; role?: string };
    children?: unknown[];
  }) => {
    if (n.tagName === 'code') langs.push(String(n.properties?.className?.[0]));
    assert.notEqual(n.properties?.role, 'tablist');
    (n.children as never[] | undefined)?.forEach(walk);
  };
  walk(tree as never);
  assert.deepEqual(langs, ['language-ts', 'language-http']);
});

test('instants read from the fixed clock are written as its start, plain or URL-encoded', async () => {
  const { settleClockReadings } = await import('./http-recorder');
  assert.equal(
    settleClockReadings(
      '{"lastUpdated":"2026-11-25T09:30:00.457Z","url":"Observation?_lastUpdated=gt2026-11-25T09%3A30%3A01.002Z","birthDate":"2026-11-25"}',
    ),
    '{"lastUpdated":"2026-11-25T09:30:00.000Z","url":"Observation?_lastUpdated=gt2026-11-25T09%3A30%3A00.000Z","birthDate":"2026-11-25"}',
  );
});
