/**
 * A built page's app starts on the reader's first action, not at load
 * (plugins/bundle/boot-on-intent). A reader who only reads, scrolls and follows links runs no framework
 * code (links are plain navigations until the app is ready); what a reader does before the app
 * is ready still happens: the menu opens, the
 * search shortcut opens search, text typed into a filter filters. Pages that act on their
 * address (a search, a tool link with state) start at load. A tool page is built with its
 * sample's result, so it too waits for the reader.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';
import { BUILD_DIR, offlineContext, startSession, type Session, waitForPage } from '../../lib/browser';

let session: Session;
before(async () => {
  session = await startSession();
});
after(async () => session?.close());

const GUIDE = '/docs/search/chained-search';
const PHONE = { viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true };

/** What of the app has run: the boot state, Docusaurus's global, React's mark on the navbar. */
async function appState(page: Page) {
  // A string, not a function: the test's compiler would add helpers the page does not have.
  return (await page.evaluate(`({
    boot: document.documentElement.dataset.boot ?? null,
    docusaurus: typeof window.docusaurus,
    navbarHydrated: Object.keys(document.querySelector('.navbar') ?? {}).some((k) => k.startsWith('__reactFiber')),
  })`)) as { boot: string | null; docusaurus: string; navbarHydrated: boolean };
}

/** Errors a page reports, for asserting none at the end. */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  return errors;
}

/** Taps the guide's link to the includes page and waits until that page is on screen. */
async function tapIncludesLink(page: Page): Promise<void> {
  await page
    .locator(`[data-static-body] a[href="${session.href('/docs/search/includes')}"]`)
    .first()
    .tap();
  await page.waitForURL(session.url('/docs/search/includes'));
  await page.locator('h1', { hasText: 'Including related resources' }).first().waitFor();
}

/**
 * Resolves once the page has stopped scrolling (the same scroll position over three frames in a
 * row): a touch scroll flings on after the finger lifts, and a tap during the fling is a tap on a
 * scrolling page (Chromium then refuses to let it be cancelled, and says so on the console).
 */
async function scrollSettled(page: Page): Promise<void> {
  // A string, not a function: the test's compiler may wrap named inner functions in helpers that
  // exist only in Node.
  await page.evaluate(`new Promise((resolve) => {
    let last = -1;
    let same = 0;
    const frame = () => {
      same = scrollY === last ? same + 1 : 0;
      last = scrollY;
      if (same >= 3) resolve();
      else requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  })`);
}

/**
 * A finger scrolling the page up (20 px a frame): dispatched touch events, which headless
 * Chromium scrolls the page with (Input.synthesizeScrollGesture does not move it there).
 */
async function touchScroll(context: BrowserContext, page: Page): Promise<void> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: 200, y: 600 }] });
  for (let i = 1; i <= 20; i++) {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: 200, y: 600 - i * 20 }] });
    await page.waitForTimeout(16);
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
}

test('the built pages load no bundle at load: the boot script prefetches it after load and starts it', async () => {
  const html = fs.readFileSync(path.join(BUILD_DIR, `${GUIDE.slice(1)}.html`), 'utf8');
  assert.doesNotMatch(html, /<script src=[^>]* defer>/, 'a bundle script still loads with the page');
  assert.doesNotMatch(html, /<link[^>]*rel="?prefetch/, 'the HTML asks for a prefetch while the page loads');
  const { context } = await offlineContext(session, PHONE);
  const page = await context.newPage();
  await page.goto(session.url(GUIDE), { waitUntil: 'load' });
  await waitForPage(page, `document.querySelectorAll('link[rel="prefetch"][data-boot]').length > 0`);
  const prefetched = (await page.evaluate(
    `[...document.querySelectorAll('link[rel="prefetch"][data-boot]')].map((l) => l.getAttribute('href'))`,
  )) as string[];
  assert.ok(
    prefetched.some((src) => /\/assets\/js\/main\.[0-9a-f]+\.js$/.test(src)),
    `main.js is not prefetched: ${prefetched}`,
  );
  for (const src of prefetched) {
    assert.ok(src.startsWith(session.href('/assets/js/')), `${src} is not under the base`);
    assert.ok(html.includes(JSON.stringify(src).slice(1, -1)), `the boot script does not start ${src}`);
  }
  // Prefetched, not run.
  assert.equal((await appState(page)).boot, null);
  await context.close();
});

test('a page read, scrolled and left by a link runs no app code: the link opens its page as a plain navigation', async () => {
  const { context, offOrigin } = await offlineContext(session, PHONE);
  const page = await context.newPage();
  const errors = collectErrors(page);
  await page.goto(session.url(GUIDE), { waitUntil: 'load' });
  // A window: a page that starts its app by itself does so well within it.
  await page.waitForTimeout(1000);
  assert.deepEqual(await appState(page), { boot: null, docusaurus: 'undefined', navbarHydrated: false });
  // Until the app runs, a pressed link to a page of the site may be prerendered.
  assert.equal(await page.locator('script[type="speculationrules"][data-boot]').count(), 1);

  // A touch scroll is not a reason to start the app.
  await touchScroll(context, page);
  await scrollSettled(page);
  assert.ok(((await page.evaluate('scrollY')) as number) > 0, 'the touch did not scroll the page');
  await page.evaluate('window.scrollTo(0, 0)');
  await scrollSettled(page);
  assert.equal((await appState(page)).boot, null, 'a touch scroll started the app');

  // A mark on the window survives a client-side navigation, not a page load.
  await page.evaluate('window.__samePage = true');
  await tapIncludesLink(page);
  assert.equal(await page.evaluate('window.__samePage === true'), false, 'the link waited for the app to start');
  assert.deepEqual(await appState(page), { boot: null, docusaurus: 'undefined', navbarHydrated: false });
  assert.deepEqual(errors, []);
  assert.deepEqual(offOrigin, []);
  await context.close();
});

test('once a button has started the app, a tapped link navigates in place', async () => {
  const { context, offOrigin } = await offlineContext(session, PHONE);
  const page = await context.newPage();
  const errors = collectErrors(page);
  await page.goto(session.url(GUIDE), { waitUntil: 'load' });
  // The menu button needs the app: the tap starts it, and a bar shows the press was taken.
  await page.locator('button.navbar__toggle').tap();
  assert.match(String((await appState(page)).boot), /^(loading|hydrated|ready)$/);
  await waitForPage(page, `document.documentElement.dataset.boot === 'ready'`);
  // Links now navigate client-side: the rules that prerender a pressed link are gone.
  assert.equal(await page.locator('script[type="speculationrules"]').count(), 0);
  await page.locator('.navbar-sidebar__backdrop').tap({ position: { x: 400, y: 400 } });
  await page.evaluate('window.__samePage = true');
  await tapIncludesLink(page);
  assert.equal(await page.evaluate('window.__samePage === true'), true, 'the link loaded a new page');
  assert.deepEqual(errors, []);
  assert.deepEqual(offOrigin, []);
  await context.close();
});

test('if the app cannot start, a held press is let go and links still open their pages', async () => {
  const { context } = await offlineContext(session, PHONE);
  const page = await context.newPage();
  // The bundle cannot load (as on a flaky connection): the script fails, the held press is let go.
  await page.route(/\/assets\/js\/main\.[0-9a-f]+\.js$/, (route) => route.abort('connectionfailed'));
  await page.goto(session.url(GUIDE), { waitUntil: 'load' });
  await page.locator('button.navbar__toggle').tap();
  await waitForPage(page, `document.documentElement.dataset.boot === 'failed'`);
  await tapIncludesLink(page);
  await context.close();
});

test('the menu button pressed before the app runs opens the drawer with the sidebar', async () => {
  const { context } = await offlineContext(session, PHONE);
  const page = await context.newPage();
  const errors = collectErrors(page);
  await page.goto(session.url(GUIDE), { waitUntil: 'load' });
  assert.equal((await appState(page)).boot, null);
  await page.locator('button.navbar__toggle').tap();
  const current = page.locator('.navbar-sidebar .menu__list a', { hasText: 'Chained search' }).first();
  await current.waitFor();
  assert.equal(await current.getAttribute('aria-current'), 'page');
  assert.deepEqual(errors, []);
  await context.close();
});

test('text typed into the FHIR index filter before the app runs filters the rows', async () => {
  const { context } = await offlineContext(session, PHONE);
  const page = await context.newPage();
  const errors = collectErrors(page);
  await page.goto(session.url('/docs/api/fhir/resources'), { waitUntil: 'load' });
  assert.equal((await appState(page)).boot, null);
  const filter = page.locator('.fhir-index-controls input[type="search"]');
  // Focus starts the app; the keys arrive while it is still loading.
  await filter.focus();
  await page.keyboard.type('Encounter', { delay: 0 });
  await waitForPage(page, `document.documentElement.dataset.boot === 'ready'`);
  const count = page.locator('.fhir-index-count');
  // The count and the rows are updated by the same filter run, but the app may re-render the
  // rows once after it starts: wait until both show the filtered table (a table left unfiltered
  // times out here and fails).
  await waitForPage(
    page,
    `/^\\d+ of \\d+$/.test(document.querySelector('.fhir-index-count').textContent) &&
     parseInt(document.querySelector('.fhir-index-count').textContent) < 10 &&
     [...document.querySelectorAll('.fhir-index tbody tr:not([hidden])')].every((tr) => /encounter/i.test(tr.textContent))`,
  );
  const visible = await page.locator('.fhir-index tbody tr:not([hidden])').allTextContents();
  assert.ok(visible.length > 0, `no rows shown (${await count.textContent()})`);
  for (const row of visible) assert.match(row, /encounter/i);
  assert.equal(await filter.inputValue(), 'Encounter');
  assert.deepEqual(errors, []);
  await context.close();
});

test('a tool page shows its sample result without the app, and evaluates what is typed before it runs', async () => {
  const { context, offOrigin } = await offlineContext(session, PHONE);
  const page = await context.newPage();
  const errors = collectErrors(page);
  const engine: string[] = [];
  page.on('request', (r) => {
    if (/\/fhir-tools\/|worker/i.test(r.url())) engine.push(r.url());
  });
  await page.goto(session.url('/docs/tools/fhirpath'), { waitUntil: 'load' });
  // A window in which an app or engine starting by itself would have started.
  await page.waitForTimeout(500);
  // The sample and its result are in the built page; nothing of the app or the engine has run.
  assert.equal((await appState(page)).boot, null);
  const result = page.getByTestId('fhirpath-result');
  assert.match((await result.textContent()) ?? '', /"value": "Peter"[\s\S]*"value": "James"/);
  assert.equal(await page.getByTestId('fhirpath-count').textContent(), '2 values, each with its FHIRPath type:');
  assert.deepEqual(engine, []);

  // Focus starts the app; the expression typed meanwhile is handed to it and evaluated.
  const expression = page.getByLabel('Expression', { exact: true });
  await expression.focus();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('birthDate', { delay: 0 });
  await result.filter({ hasText: '"type": "date"' }).waitFor({ timeout: 20_000 });
  assert.match((await result.textContent()) ?? '', /"value": "1974-12-25"/);
  assert.equal(await expression.inputValue(), 'birthDate');
  assert.ok(engine.length > 0, 'the engine was not asked');
  assert.deepEqual(errors, []);
  assert.deepEqual(offOrigin, []);
  await context.close();
});

test('keys typed on a tool page while its app starts all reach the tool, in the order typed', async () => {
  // A reader typing across the start: the first keys land while the app loads, the next ones
  // as soon as it has hydrated, after the tool's first re-render (useHydrated) and before the
  // replay. Typed at a steady pace, keys hit that moment only now and then (without the hand-over
  // at hydration, 9 runs in 30 at 20 to 60 ms a key went wrong); typed the moment the page says
  // it has hydrated, they hit it nearly always (6 wrong in 6).
  for (let run = 1; run <= 3; run++) {
    const { context, offOrigin } = await offlineContext(session, PHONE);
    let hydrated!: () => void;
    const isHydrated = new Promise<void>((resolve) => (hydrated = resolve));
    await context.exposeBinding('__testHydrated', () => hydrated());
    // The boot state each key was typed in, for the failure message; and the moment of hydration.
    await context.addInitScript(`
      addEventListener('input', (e) => {
        if (e.isTrusted) (window.__keyPhases ??= []).push(document.documentElement.dataset.boot ?? null);
      }, true);
      new MutationObserver(() => {
        if (document.documentElement.dataset.boot === 'hydrated') window.__testHydrated();
      }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-boot'] });`);
    const page = await context.newPage();
    const errors = collectErrors(page);
    await page.goto(session.url('/docs/tools/fhirpath'), { waitUntil: 'load' });
    await page.waitForTimeout(500);
    const expression = page.getByLabel('Expression', { exact: true });
    // Focus starts the app.
    await expression.focus();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('birth');
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      isHydrated,
      new Promise((_, reject) => (timer = setTimeout(() => reject(new Error('no hydration in 20 s')), 20_000))),
    ]);
    clearTimeout(timer);
    await page.keyboard.type('Date');
    await waitForPage(page, `document.documentElement.dataset.boot === 'ready'`);
    // What the reader sees once the app is ready, before the tool has evaluated anything.
    const phases = JSON.stringify(await page.evaluate('window.__keyPhases'));
    assert.equal(await expression.inputValue(), 'birthDate', `run ${run}, keys typed in ${phases}`);
    await page.getByTestId('fhirpath-result').filter({ hasText: '"type": "date"' }).waitFor({ timeout: 20_000 });
    assert.equal(await expression.inputValue(), 'birthDate');
    assert.deepEqual(errors, []);
    assert.deepEqual(offOrigin, []);
    await context.close();
  }
});

test('a tool link with state and a search address start the app at load', async () => {
  const { context, offOrigin } = await offlineContext(session, PHONE);
  const page = await context.newPage();
  const errors = collectErrors(page);
  await page.goto(session.url('/docs/tools/fhirpath#expression=gender'), { waitUntil: 'load' });
  // No input from the test: the link's expression is evaluated because the address holds it.
  await page.getByTestId('fhirpath-result').filter({ hasText: '"value": "male"' }).waitFor({ timeout: 20_000 });
  assert.equal(await page.getByLabel('Expression', { exact: true }).inputValue(), 'gender');

  await page.goto(session.url('/search?q=patient'), { waitUntil: 'load' });
  await page
    .locator(`main a[href="${session.href('/docs/api/fhir/resources/patient')}"]`)
    .first()
    .waitFor({ timeout: 20_000 });
  assert.deepEqual(errors, []);
  assert.deepEqual(offOrigin, []);
  await context.close();
});

test('the 404 page starts nothing by itself; a tap on its button searches for the address', async () => {
  const { context, offOrigin } = await offlineContext(session, PHONE);
  const page = await context.newPage();
  const errors = collectErrors(page);
  // The host serves the site's 404 page for an unknown path under the base.
  await page.goto(session.url('/docs/search/chained-serch'), { waitUntil: 'load' });
  // An observation window: a page that starts its app by itself does so well within it (the boot
  // script runs at the end of the body; the search address of /search starts at once).
  await page.waitForTimeout(1500);
  assert.equal(await page.evaluate('document.documentElement.dataset.boot ?? null'), null, 'the app started by itself');
  await page.getByRole('button', { name: 'Search the docs for this address' }).tap();
  await waitForPage(page, `document.querySelector('[data-search-done]') !== null`, undefined, { timeout: 20_000 });
  const term = await page.locator('[data-search-done]').getAttribute('data-search-done');
  assert.match(term ?? '', /chained/);
  assert.ok((await page.locator('[data-search-done] ul a[href]').count()) > 0, 'no result for the address');
  // The tap asked for the search: its box has the focus, for the reader to edit the words.
  assert.equal(await page.evaluate(`document.activeElement?.getAttribute('type')`), 'search');
  // The address itself answers 404, which the browser reports; nothing else may.
  assert.deepEqual(
    errors.filter((e) => !/status of 404/.test(e)),
    [],
  );
  assert.deepEqual(offOrigin, []);
  await context.close();
});
