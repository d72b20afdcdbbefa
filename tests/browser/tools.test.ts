/**
 * The in-browser FHIR tools (docs/tools), in Chromium against the built site: a reader types into
 * each tool and sees the result; bad input gets a message at the spot; links from the Patient
 * reference page open each tool prefilled; nothing leaves the origin; axe finds no serious issue.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { after, before, test } from 'node:test';
import type { BrowserContext, Page, Request } from 'playwright-core';
import { clickWhenInPlace, offlineContext, startApp, startSession, type Session, waitForPage } from '../../lib/browser';

const axePath = createRequire(__filename).resolve('axe-core/axe.min.js');

let session: Session;
let context: BrowserContext;
let offOrigin: string[];
const pageErrors: string[] = [];

before(async () => {
  session = await startSession();
  ({ context, offOrigin } = await offlineContext(session));
});
after(async () => {
  await context?.close();
  await session?.close();
});

async function open(route: string): Promise<Page> {
  const page = await context.newPage();
  page.on('pageerror', (err) => pageErrors.push(`${route}: ${err.message}`));
  page.on('console', (msg) => {
    if (msg.type() === 'error') pageErrors.push(`${route}: ${msg.text()}`);
  });
  await page.goto(session.url(route), { waitUntil: 'load' });
  // As a reader's first action would (a tool page is built with its sample's result and waits).
  await startApp(page);
  return page;
}

test('FHIRPath: typing an expression shows typed values; bad input is explained in place', async () => {
  const page = await open('/docs/tools/fhirpath');
  const expression = page.getByLabel('Expression', { exact: true });
  await expression.fill("name.where(use = 'official').family");
  const result = page.getByTestId('fhirpath-result');
  await result.filter({ hasText: 'Chalmers' }).waitFor();
  assert.match((await result.textContent()) ?? '', /"type": "string",\s*"value": "Chalmers"/);
  assert.match(new URL(page.url()).hash, /expression=name\.where/, 'the expression is kept in the fragment');
  assert.equal(new URL(page.url()).search, '', 'and not in the query string');

  await expression.fill('birthDate');
  await result.filter({ hasText: '"type": "date"' }).waitFor();

  await expression.fill('name.where(');
  const alert = page.getByRole('alert');
  await alert.filter({ hasText: 'The expression cannot be parsed' }).waitFor();

  await expression.fill('name.given');
  await page.getByLabel('Resource', { exact: true }).fill('{ "resourceType": "Patient", ');
  await alert.filter({ hasText: 'This is not valid JSON' }).waitFor();

  // A click on an example expression runs it.
  await page.getByLabel('Resource', { exact: true }).fill('{ "resourceType": "Patient", "id": "p1" }');
  await page.getByRole('button', { name: 'id', exact: true }).click();
  await result.filter({ hasText: '"value": "p1"' }).waitFor();
  await page.close();
});

test('validator: lists issues with path and message, selects the line, says valid plainly', async () => {
  const page = await open('/docs/tools/validator');
  const issues = page.getByTestId('validator-issues');
  await issues.waitFor();
  const text = (await issues.textContent()) ?? '';
  assert.match(text, /error at Patient\.birthDate: Invalid date format/);
  assert.match(text, /Patient\.name\[0\]\.given\[1\]/);
  assert.match(text, /Invalid additional property "nickname"/);

  await issues.getByRole('button', { name: /Patient\.birthDate/ }).click();
  const textarea = page.getByLabel('Resource', { exact: true });
  const selected = await textarea.evaluate((el: HTMLTextAreaElement) =>
    el.value.slice(el.selectionStart, el.selectionEnd),
  );
  assert.match(selected, /"birthDate": "1974-25-12"/);

  await textarea.fill('{ "resourceType": "Patinet" }');
  await page
    .getByTestId('validator-input-error')
    .filter({ hasText: 'not a FHIR R4 or Medplum resource type' })
    .waitFor();

  await textarea.fill('{"resourceType": "Observation", "status": "final", "code": {"text": "Heart rate"}}');
  await page.getByTestId('validator-valid').filter({ hasText: 'Valid: this Observation conforms' }).waitFor();

  await textarea.fill('{"resourceType": "Observation", "status": "final"}');
  await page.getByTestId('validator-issues').filter({ hasText: 'Observation.code' }).waitFor();
  await page.close();
});

test('search builder: parameters, modifiers and prefixes make the query string', async () => {
  const page = await open('/docs/tools/search-builder');
  await page.locator('.fhir-tool[data-ready]').waitFor();
  const add = page.getByLabel('Search parameter to add');
  await add.selectOption('birthdate');
  await page.getByRole('button', { name: 'Add parameter' }).click();
  await page.getByLabel('Prefix').selectOption('ge');
  await page.getByLabel('Value of birthdate').fill('2000-01-01');
  await add.selectOption('name');
  await page.getByRole('button', { name: 'Add parameter' }).click();
  // String parameters get string modifiers and no prefix box.
  const modifiers = await page.getByLabel('Modifier').nth(1).locator('option').allTextContents();
  assert.deepEqual(modifiers, ['none', ':exact', ':contains', ':missing']);
  assert.equal(await page.getByLabel('Prefix').count(), 1);
  await page.getByLabel('Modifier').nth(1).selectOption('contains');
  await page.getByLabel('Value of name').fill('smi');

  const url = page.getByTestId('search-url');
  await url.filter({ hasText: 'GET /fhir/R4/Patient?birthdate=ge2000-01-01&name:contains=smi' }).waitFor();
  assert.equal(
    await page.getByTestId('search-sdk').textContent(),
    "const results = await medplum.searchResources('Patient', 'birthdate=ge2000-01-01&name:contains=smi');",
  );
  const parsed = JSON.parse((await page.getByTestId('search-parsed').textContent()) ?? '{}');
  assert.deepEqual(parsed.filters, [
    { code: 'birthdate', operator: 'ge', value: '2000-01-01' },
    { code: 'name', operator: 'contains', value: 'smi' },
  ]);

  await page.getByLabel('Value of birthdate').fill('yesterday');
  await page.getByTestId('search-error').filter({ hasText: 'Invalid format for date search parameter' }).waitFor();
  await page.close();
});

test('the Patient reference page links into each tool with its example or type filled in', async () => {
  const page = await open('/docs/api/fhir/resources/patient');
  // Back on the Patient page (a plain navigation back, under load not always done when goBack
  // returns) before the reader's next press: a press on the page being left is lost with it.
  const backToPatient = async () => {
    await page.goBack();
    await waitForPage(
      page,
      (path) => location.pathname === path && document.readyState === 'complete',
      session.href('/docs/api/fhir/resources/patient'),
    );
  };
  await clickWhenInPlace(page.getByRole('link', { name: 'validate this example' }));
  // The link's `?resource=` is moved into the fragment as the tool starts. The address is polled:
  // the press starts the page's app and is replayed (plugins/bundle/boot-on-intent), and the two history
  // changes that follow (push, then replace) raced page.waitForURL.
  await waitForPage(
    page,
    (path) => location.pathname === path && location.hash.startsWith('#resource='),
    session.href('/docs/tools/validator'),
  );
  await page.getByTestId('validator-valid').filter({ hasText: 'this Patient conforms' }).waitFor();
  assert.match(await page.getByLabel('Resource', { exact: true }).inputValue(), /"resourceType": "Patient"/);

  await backToPatient();
  await clickWhenInPlace(page.getByRole('link', { name: 'try FHIRPath on this example' }));
  await waitForPage(
    page,
    (path) => location.pathname === path && /^#(?=.*resource=)(?=.*expression=)/.test(location.hash),
    session.href('/docs/tools/fhirpath'),
  );
  assert.equal(new URL(page.url()).search, '');
  // A link followed before the app ran is a plain navigation: the page shows its built sample
  // until its app has started and read the fragment.
  await waitForPage(page, `document.documentElement.dataset.boot === 'ready'`);
  assert.match(await page.getByLabel('Resource', { exact: true }).inputValue(), /"resourceType": "Patient"/);
  assert.match(await page.getByLabel('Expression', { exact: true }).inputValue(), /^Patient\./);
  await page.getByTestId('fhirpath-count').waitFor();

  await backToPatient();
  await clickWhenInPlace(page.getByRole('link', { name: 'search builder' }));
  await waitForPage(
    page,
    (path) => location.pathname === path && location.hash.startsWith('#type=Patient'),
    session.href('/docs/tools/search-builder'),
  );
  await page.locator('.fhir-tool[data-ready]').waitFor();
  assert.equal(await page.getByLabel('Resource type').inputValue(), 'Patient');
  await page.close();
});

/** Base64url of UTF-8 text, as the tools encode a resource for a link. */
function base64url(text: string): string {
  return Buffer.from(text, 'utf8').toString('base64url');
}

test('requests made by a tool page carry no Referer, so no typed input reaches the server', async () => {
  // A marker that can only come from the reader's input, in both the old (?) and new (#) form.
  const marker = 'ReferrerMarker7731';
  const resource = base64url(JSON.stringify({ resourceType: 'Patient', id: marker }));
  for (const route of [
    `/docs/tools/fhirpath?expression=${marker}&resource=${resource}`,
    `/docs/tools/fhirpath#expression=${marker}&resource=${resource}`,
    `/docs/tools/validator#resource=${resource}`,
  ]) {
    // A fresh context per route: nothing comes from the cache, so every request is seen.
    const ctx = await offlineContext(session);
    const page = await ctx.context.newPage();
    // Each request is noted as it starts; its headers are read after the page settles, so a
    // slow header lookup cannot leave a request out of the list.
    const started: Request[] = [];
    page.on('request', (req) => started.push(req));
    // The definitions may be fetched after the tool shows its first result (which the build
    // rendered), so wait for that request itself rather than for a quiet network.
    const definitions = page.waitForRequest((req) => req.url().startsWith(session.url('/fhir-tools/')));
    await page.goto(session.url(route), { waitUntil: 'load' });
    await page.locator('.fhir-tool[data-ready], .fhir-tool[data-state="done"]').first().waitFor();
    await definitions;
    await page.waitForLoadState('networkidle');
    const seen = await Promise.all(
      started.map(async (req) => ({ url: req.url(), referer: (await req.allHeaders()).referer })),
    );
    const own = seen.filter((r) => /\/fhir-tools\/|\/assets\/css\//.test(r.url));
    assert.ok(
      own.some((r) => r.url.startsWith(session.url('/fhir-tools/'))),
      `${route}: the tool fetched its definitions from the site, under its base`,
    );
    assert.ok(
      own.some((r) => r.url.includes('/assets/css/')),
      `${route}: the page fetched its stylesheet`,
    );
    // no-referrer: the header is absent altogether, not merely stripped of the input.
    assert.deepEqual(
      own.filter((r) => r.referer !== undefined),
      [],
      `${route}: requests with a Referer`,
    );
    // Nothing else either: the engine worker's own imports may name the worker's script as
    // referrer, never the page's address.
    assert.deepEqual(
      seen.filter((r) => r.referer?.includes('/docs/tools') || r.referer?.includes(marker)),
      [],
      `${route}: requests naming the page in Referer`,
    );
    assert.ok(seen.length > 5, `${route}: requests were recorded`);
    assert.equal(await page.locator('meta[name="referrer"]').getAttribute('content'), 'no-referrer');
    offOrigin.push(...ctx.offOrigin);
    await ctx.context.close();
  }
});

test('tool state lives in the fragment; old ? links open and are rewritten to it', async () => {
  const resource = base64url(JSON.stringify({ resourceType: 'Patient', id: 'frag1', birthDate: '1990-02-03' }));
  const page = await open(`/docs/tools/fhirpath#expression=birthDate&resource=${resource}`);
  const result = page.getByTestId('fhirpath-result');
  await result.filter({ hasText: '"value": "1990-02-03"' }).waitFor();
  await page.getByLabel('Expression', { exact: true }).fill('id');
  await result.filter({ hasText: '"value": "frag1"' }).waitFor();
  await waitForPage(
    page,
    () => window.location.hash.includes('expression=id&') || window.location.hash.endsWith('expression=id'),
  );
  const url = new URL(page.url());
  assert.equal(url.search, '');
  assert.equal(new URLSearchParams(url.hash.slice(1)).get('resource'), resource);
  // Edits replace the history entry rather than add to it: the same count as any page opened once.
  const entries = await page.evaluate(() => window.history.length);
  await page.close();

  // The old form: same state, moved into the fragment without a new history entry.
  const old = await open(`/docs/tools/validator?resource=${resource}`);
  await old.getByTestId('validator-valid').filter({ hasText: 'this Patient conforms' }).waitFor();
  const moved = new URL(old.url());
  assert.equal(moved.search, '');
  assert.equal(new URLSearchParams(moved.hash.slice(1)).get('resource'), resource);
  assert.equal(await old.evaluate(() => window.history.length), entries);
  assert.match(await old.getByLabel('Resource', { exact: true }).inputValue(), /"id": "frag1"/);
  await old.close();

  const builder = await open('/docs/tools/search-builder?type=Observation&query=code%3D8867-4');
  await builder.locator('.fhir-tool[data-ready]').waitFor();
  await builder.getByTestId('search-url').filter({ hasText: 'GET /fhir/R4/Observation?code=8867-4' }).waitFor();
  assert.equal(new URL(builder.url()).search, '');
  assert.match(new URL(builder.url()).hash, /type=Observation/);
  await builder.close();
});

test('a truncated or mangled resource in a link is reported, and the sample is not shown instead', async () => {
  const full = base64url(JSON.stringify({ resourceType: 'Patient', id: 'cut-me', name: [{ family: 'Truncated' }] }));
  const cases: [string, RegExp][] = [
    // Cut mid-JSON at a base64 group boundary: the text decodes, the JSON is incomplete.
    [full.slice(0, 40), /incomplete or broken/],
    // A chat app's stray character.
    [`${full.slice(0, 12)}*${full.slice(12)}`, /contains "\*"/],
    // Cut one character into a base64 group.
    [full.slice(0, 41), /cut short/],
  ];
  for (const route of ['/docs/tools/validator', '/docs/tools/fhirpath']) {
    for (const [value, reason] of cases) {
      const page = await open(`${route}#resource=${value}`);
      const problem = page.getByTestId('link-problem');
      await problem.waitFor();
      const text = (await problem.textContent()) ?? '';
      assert.match(text, /The link's resource could not be read/);
      assert.match(text, reason, `${route} ${value}: ${text}`);
      const box = await page.getByLabel('Resource', { exact: true }).inputValue();
      // Both samples contain Chalmers; a link's broken resource never shows them.
      assert.doesNotMatch(box, /Chalmers/, `${route}: the sample was shown for a broken link`);
      // An edit clears the message: the box is now the reader's own.
      await page.getByLabel('Resource', { exact: true }).fill('{"resourceType": "Patient"}');
      await problem.waitFor({ state: 'detached' });
      await page.close();
    }
  }
});

test('past 8,000 characters the tool keeps its state out of the link and offers the JSON to copy', async () => {
  const page = await open('/docs/tools/validator');
  const box = page.getByLabel('Resource', { exact: true });
  const big = JSON.stringify(
    {
      resourceType: 'Patient',
      id: 'big',
      name: Array.from({ length: 150 }, (_, i) => ({ family: `Family${i}`, given: [`Given${i}`] })),
    },
    null,
    2,
  );
  await box.fill(big);
  const note = page.getByTestId('link-too-long');
  await note.filter({ hasText: 'longer than 8,000 characters' }).waitFor();
  assert.equal(new URL(page.url()).hash, '', 'no partial state is left in the link');
  assert.ok(page.url().length <= 8000);
  await note.getByRole('button', { name: 'Copy the resource JSON' }).waitFor();
  await box.fill('{"resourceType": "Patient", "id": "small"}');
  await note.waitFor({ state: 'detached' });
  await waitForPage(page, () => window.location.hash.startsWith('#resource='));
  await page.close();
});

/** A Patient with a 10,000-level nested array in it. */
const DEEP = `{"resourceType":"Patient","extension":${'['.repeat(10_000)}${']'.repeat(10_000)}}`;

test('JSON nested 10,000 levels deep is refused with a message, pasted or linked, and nothing crashes', async () => {
  for (const route of ['/docs/tools/validator', '/docs/tools/fhirpath']) {
    const page = await open(route);
    await page.locator('.fhir-tool[data-ready], .fhir-tool[data-state="done"]').first().waitFor();
    await page.getByLabel('Resource', { exact: true }).fill(DEEP);
    await page.getByRole('alert').filter({ hasText: 'nested more than 100 levels deep' }).first().waitFor();
    assert.equal(await page.getByText('This page crashed').count(), 0);
    await page.close();

    const linked = await open(`${route}#resource=${base64url(DEEP)}`);
    await linked.getByTestId('link-problem').filter({ hasText: 'nested more than 100 levels deep' }).waitFor();
    await linked.getByRole('alert').filter({ hasText: 'This JSON is nested more than 100 levels' }).first().waitFor();
    assert.doesNotMatch(await linked.getByLabel('Resource', { exact: true }).inputValue(), /Chalmers/);
    assert.equal(await linked.getByText('This page crashed').count(), 0);
    await linked.close();
  }
});

test('search builder: result parameters are known, and names are shown encoded', async () => {
  const query = new URLSearchParams([
    ['_count', '20'],
    ['_sort', '-birthdate'],
    ['_include', 'Patient:organization'],
    ['_revinclude', 'Observation:subject'],
    ['_filter', 'name co "smi"'],
    ['_has:Observation:subject:code', '8867-4'],
    ['_summary', 'true'],
    ['_elements', 'id,name'],
    ['_total', 'accurate'],
    ['na&me', 'x'],
  ]).toString();
  const page = await open(`/docs/tools/search-builder#type=Patient&query=${encodeURIComponent(query)}`);
  await page.locator('.fhir-tool[data-ready]').waitFor();
  const names = await page.getByTestId('search-row-name').allTextContents();
  assert.deepEqual(names, [
    '_count',
    '_sort',
    '_include',
    '_revinclude',
    '_filter',
    '_has:Observation:subject:code',
    '_summary',
    '_elements',
    '_total',
    'na%26me',
  ]);
  const rows = page.getByTestId('search-row');
  for (let i = 0; i < 9; i++) {
    assert.match((await rows.nth(i).locator('legend').textContent()) ?? '', /result parameter: /);
  }
  // Only the made-up name is called unknown, and it is shown the way the request carries it.
  const unknown = page.getByRole('alert').filter({ hasText: 'has no search parameter named' });
  assert.equal(((await unknown.textContent()) ?? '').match(/"[^"]+"/g)?.join(), '"na%26me"');
  const parsed = JSON.parse((await page.getByTestId('search-parsed').textContent()) ?? '{}');
  assert.equal(parsed.total, 'accurate');
  assert.deepEqual(parsed.include, [{ resourceType: 'Patient', searchParam: 'organization' }]);
  assert.deepEqual(parsed.fields, ['id', 'name']);
  assert.match((await page.getByTestId('search-url').textContent()) ?? '', /_has:Observation:subject:code=8867-4/);
  assert.match((await page.getByTestId('search-url').textContent()) ?? '', /&na%26me=x$/);

  // The list offers them too.
  const add = page.getByLabel('Search parameter to add');
  await add.selectOption('_total');
  await page.getByRole('button', { name: 'Add parameter' }).click();
  assert.equal(await page.getByTestId('search-row').count(), 11);
  await page.close();
});

const TASK_TRACE_CATEGORIES = ['disabled-by-default-devtools.timeline', 'blink.user_timing'];

/**
 * Each task on the main thread of the page that set the performance mark `mark`, from the mark
 * on, out of a Chromium trace: its CPU time and its wall time (ms). CPU time is what shows the
 * page's own work: on a two-core machine the worker's runaway evaluation, the browser and the
 * test runner all want a core, and a task the page finishes in 60 ms of work can span 240 ms of
 * wall time while its thread waits to be scheduled. Wall time, bounded far more loosely, catches a
 * task that waits without working (a synchronous request, `Atomics.wait`).
 */
function mainThreadTasks(trace: Buffer, mark: string): { cpuMs: number; wallMs: number }[] {
  type TraceEvent = { name: string; ph: string; pid: number; tid: number; ts: number; dur?: number; tdur?: number };
  const parsed = JSON.parse(trace.toString('utf8')) as { traceEvents: TraceEvent[] } | TraceEvent[];
  const events = Array.isArray(parsed) ? parsed : parsed.traceEvents;
  const start = events.find((e) => e.name === mark);
  assert.ok(start, `the trace holds the mark ${mark}`);
  return events
    .filter((e) => e.name === 'RunTask' && e.ph === 'X' && e.pid === start.pid && e.tid === start.tid)
    .filter((e) => e.ts >= start.ts && e.tdur !== undefined && e.dur !== undefined)
    .map((e) => ({ cpuMs: Math.round((e.tdur ?? 0) / 1000), wallMs: Math.round((e.dur ?? 0) / 1000) }));
}

test('FHIRPath runs off the main thread: runaway expressions hit a limit, and no task blocks the page', async () => {
  const page = await open('/docs/tools/fhirpath');
  await page.locator('.fhir-tool[data-ready]').waitFor();
  // Main-thread tasks from the mark on (page load and hydration are not measured), from a trace.
  await session.browser.startTracing(page, { categories: TASK_TRACE_CATEGORIES });
  let trace: Buffer | undefined;
  try {
    await page.evaluate(() => performance.mark('runaway-start'));
    const workers: string[] = [];
    page.on('worker', (w) => workers.push(w.url()));
    const expression = page.getByLabel('Expression', { exact: true });
    const runaway = [
      `name.given${'.select(%resource.name.given)'.repeat(12)}`,
      "('aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa!').matches('^(a+)+$')",
      Array.from({ length: 2000 }, (_, i) => i + 1).join(' | '),
    ];
    const limit = page.getByTestId('engine-limit');
    // Which limit a run meets depends on the machine's speed: a fast one may finish the union and
    // find it too large (the worker lives on), a slow one stops it at the time limit (the worker ends).
    let timedOut = 0;
    for (const expr of runaway) {
      await expression.fill(expr);
      const stopped = limit.filter({
        hasText: /Stopped: the evaluation ran past the time limit of 2 seconds|too large to show/,
      });
      await stopped.waitFor({ timeout: 15_000 });
      if (/time limit/.test((await stopped.textContent()) ?? '')) timedOut++;
      // A fresh worker answers the next edit.
      await expression.fill('gender');
      await page.getByTestId('fhirpath-result').filter({ hasText: '"value": "male"' }).waitFor({ timeout: 15_000 });
      // The page answered input while the worker was busy: the box holds what was typed.
      assert.equal(await expression.inputValue(), 'gender');
    }
    // The sample's result came from the build, so the first edit started the first worker; each
    // run stopped at the time limit ended its worker, and the edit after it started a fresh one.
    assert.ok(timedOut >= 1, 'the catastrophic regular expression is stopped at the time limit');
    assert.equal(workers.length, timedOut + 1, workers.join(', '));
    trace = await session.browser.stopTracing();
  } finally {
    // A failure above must not leave tracing on for the file's later tests.
    if (!trace) await session.browser.stopTracing().catch(() => undefined);
  }
  const tasks = mainThreadTasks(trace, 'runaway-start');
  assert.ok(tasks.length > 0, "the trace holds the page's main-thread tasks with their CPU time");
  // 200 ms of work in one task is a frame a reader sees stall; 2 s of wall time is the engine's own
  // time limit, far above any task's wait for a core on a busy machine.
  const blocking = tasks.filter((t) => t.cpuMs > 200 || t.wallMs > 2000);
  assert.deepEqual(
    blocking,
    [],
    `main-thread tasks over 200 ms of CPU or 2 s of wall time; tasks over 50 ms of CPU: ${JSON.stringify(tasks.filter((t) => t.cpuMs > 50))}`,
  );
  assert.equal(await page.getByText('This page crashed').count(), 0);
  await page.close();
});

test("the validator validates in a worker built from the site's own files", async () => {
  const page = await context.newPage();
  page.on('pageerror', (err) => pageErrors.push(`validator worker: ${err.message}`));
  const workers: string[] = [];
  page.on('worker', (w) => workers.push(w.url()));
  await page.goto(session.url('/docs/tools/validator'), { waitUntil: 'load' });
  await startApp(page);
  await page.locator('.fhir-tool[data-state="done"]').waitFor();
  // The sample's issues come from the build: no worker until the reader's own resource.
  await page.getByTestId('validator-issues').filter({ hasText: 'Patient.birthDate' }).waitFor();
  assert.equal(workers.length, 0);
  await page.getByLabel('Resource', { exact: true }).fill('{"resourceType": "Observation", "status": "final"}');
  await page.getByTestId('validator-issues').filter({ hasText: 'Observation.code' }).waitFor();
  assert.equal(workers.length, 1);
  assert.ok(workers[0].startsWith(session.url('/assets/js/')), workers[0]);
  await page.getByLabel('Resource', { exact: true }).fill('{"resourceType": "Patient", "gender": "other"}');
  await page.getByTestId('validator-valid').filter({ hasText: 'this Patient conforms' }).waitFor();
  // The same worker answered: nothing hit a limit, so none was replaced.
  assert.equal(workers.length, 1);
  await page.close();
});

/** Tool pages checked by axe, each with the selector that shows the tool has run. */
const AXE_PAGES: [string, string][] = [
  // An expression error on screen, so its contrast is checked too.
  ['/docs/tools/fhirpath?expression=name.(', '.fhir-tool-error'],
  ['/docs/tools/fhirpath', '.fhir-tool[data-ready]'],
  ['/docs/tools/validator', '.fhir-tool[data-state="done"]'],
  [
    '/docs/tools/search-builder?type=Observation&query=code%3Dhttp%3A%2F%2Floinc.org%7C8867-4%26date%3Dge2024-01-01',
    '.fhir-tool[data-ready]',
  ],
];

test('the tool pages have no serious or critical axe violations once the tools have loaded', async () => {
  const problems: string[] = [];
  // Messages and results included: the validator's default resource shows its error list.
  for (const [scheme, route, ready] of (['light', 'dark'] as const).flatMap((scheme) =>
    AXE_PAGES.map(([route, ready]) => [scheme, route, ready] as const),
  )) {
    const ctx = await offlineContext(session, { colorScheme: scheme });
    const page = await ctx.context.newPage();
    await page.goto(session.url(route), { waitUntil: 'load' });
    await startApp(page);
    await page.locator(ready).waitFor();
    // Evaluated, not added as a <script>: the page's Content-Security-Policy refuses inline scripts.
    await page.evaluate(fs.readFileSync(axePath, 'utf8'));
    const violations = (await page.evaluate(async () => {
      const axe = (
        window as unknown as { axe: { run(ctx: Document, opts: object): Promise<{ violations: unknown[] }> } }
      ).axe;
      return (await axe.run(document, { resultTypes: ['violations'] })).violations;
    })) as { id: string; impact: string | null; help: string; nodes: { target: unknown }[] }[];
    for (const v of violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')) {
      problems.push(`${route} [${scheme}]: ${v.impact} ${v.id} — ${v.help} at ${JSON.stringify(v.nodes[0]?.target)}`);
    }
    offOrigin.push(...ctx.offOrigin);
    await ctx.context.close();
  }
  assert.deepEqual(problems, []);
});

/**
 * The scripts and definitions a page fetches once its app runs: each JavaScript file's text, and
 * every request for the tools' FHIR definitions (fhir-tools/).
 */
async function fetchedWithApp(route: string): Promise<{ scripts: string[]; definitions: string[] }> {
  const page = await context.newPage();
  const bodies: Promise<string>[] = [];
  const definitions: string[] = [];
  page.on('response', (res) => {
    const url = res.url();
    if (url.includes('/fhir-tools/')) definitions.push(url);
    if (/\.js(\?|$)/.test(url)) bodies.push(res.text().catch(() => ''));
  });
  await page.goto(session.url(route), { waitUntil: 'load' });
  await startApp(page);
  // Chunks a page loads after it renders (lazy components) are requested within the next moments.
  await page.waitForLoadState('networkidle');
  const scripts = await Promise.all(bodies);
  await page.close();
  return { scripts, definitions };
}

test('a guide page, with its app running, downloads neither the tool code nor any definitions', async () => {
  // The tools' frame (ToolSection) renders this class: its code is in the chunks a tool page loads.
  const toolCode = (text: string) => text.includes('fhir-tool-section');
  // The guide first: nothing of a tool is in the browser's cache yet, so every file it needs is fetched.
  const guide = await fetchedWithApp('/docs/search');
  const tool = await fetchedWithApp('/docs/tools/fhirpath');
  assert.ok(tool.scripts.some(toolCode), 'the FHIRPath tool page loads the tool code (the check can see it)');
  assert.ok(guide.scripts.length > 0, 'the guide page loaded its app');
  assert.equal(guide.scripts.filter(toolCode).length, 0, 'a guide page loaded tool code');
  assert.deepEqual(guide.definitions, []);
});

test('nothing left the origin and no page logged an error', () => {
  assert.deepEqual(offOrigin, []);
  assert.deepEqual(pageErrors, []);
});
