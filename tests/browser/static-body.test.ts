/**
 * Generated reference pages keep their body in HTML only (plugins/markdown/static-body). A reader must not
 * notice: the body is there on first load and after client-side navigation, links inside it
 * navigate without a reload, copy buttons copy, and the page's JavaScript does not carry the body.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Page } from 'playwright-core';
import { offlineContext, startApp, startSession, type Session, waitForPage } from '../../lib/browser';

let session: Session;
before(async () => {
  session = await startSession();
});
after(async () => session?.close());

const body = '[data-static-body]';

/** Counts full page loads (document requests) from now on. */
function countDocumentLoads(page: Page): () => number {
  let loads = 0;
  page.on('request', (r) => r.resourceType() === 'document' && loads++);
  return () => loads;
}

test('the SDK page body is in the HTML, not in the JavaScript it loads', async () => {
  const { context } = await offlineContext(session);
  const page = await context.newPage();
  const scripts: Promise<string>[] = [];
  // A script still arriving when the context closes must not reject unhandled: its text is read
  // as empty (what is checked is every script that arrived before the page settled).
  page.on('response', (r) => r.url().endsWith('.js') && scripts.push(r.text().catch(() => '')));
  await page.goto(session.url('/docs/sdk/core.medplumclient'), { waitUntil: 'networkidle' });
  await page.locator(`${body} h3#readresource`).waitFor();
  const js = (await Promise.all(scripts)).join('\n');
  // A sentence from the body (not the page description, which the page metadata carries)
  // appears in the HTML and in no script.
  const sentence = 'can also be used to integrate with other FHIR servers';
  assert.ok((await page.locator(body).innerText()).includes(sentence));
  assert.ok(!js.includes(sentence), 'the body is in the JS');
  await context.close();
});

test('client-side navigation renders a static body, links inside it navigate without a reload', async () => {
  const { context } = await offlineContext(session);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  await page.goto(session.url('/docs/api'), { waitUntil: 'networkidle' });
  // Links are plain navigations until the app runs (plugins/bundle/boot-on-intent): start it first.
  await startApp(page);
  const loads = countDocumentLoads(page);
  // Sidebar (a <Link>) -> the SDK overview, a static page fetched on navigation.
  await page
    .locator(`.theme-doc-sidebar-container a[href="${session.href('/docs/sdk/core')}"]`)
    .first()
    .click();
  await page.waitForURL(session.url('/docs/sdk/core'));
  await page
    .locator(`${body} a[href="${session.href('/docs/sdk/core.medplumclient')}"]`)
    .first()
    .click();
  await page.waitForURL(session.url('/docs/sdk/core.medplumclient'));
  await page.locator('h1', { hasText: 'MedplumClient' }).waitFor();
  await page.locator(`${body} h3#readresource`).waitFor();
  // A link to another page with an anchor lands on the anchor.
  const anchored = page.locator(`${body} a[href^="${session.href('/docs/sdk/core.typedeventtarget')}"]`).first();
  await anchored.click();
  await page.waitForURL((url) => url.pathname === session.href('/docs/sdk/core.typedeventtarget'));
  await page.locator('h1', { hasText: 'TypedEventTarget' }).waitFor();
  await page.goBack();
  await page.locator(`${body} h3#readresource`).waitFor();
  assert.equal(loads(), 0, 'a link inside a static body reloaded the page');
  assert.deepEqual(errors, []);
  await context.close();
});

test('copy buttons in a static body copy their code block', async () => {
  const { context } = await offlineContext(session, { permissions: ['clipboard-read', 'clipboard-write'] });
  const page = await context.newPage();
  await page.goto(session.url('/docs/sdk/core.medplumclient'), { waitUntil: 'networkidle' });
  const block = page.locator(`${body} .code-block`).first();
  const expected = (await block.locator('pre').innerText()).replace(/\n$/, '');
  await block.getByRole('button', { name: 'Copy code to clipboard' }).click();
  await block.getByRole('button', { name: 'Copied' }).waitFor();
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), expected);
  await context.close();
});

test('a FHIR resource page reached client-side shows its element tables', async () => {
  const { context } = await offlineContext(session);
  const page = await context.newPage();
  await page.goto(session.url('/docs/api/fhir/resources'), { waitUntil: 'networkidle' });
  // Links are plain navigations until the app runs (plugins/bundle/boot-on-intent): start it first.
  await startApp(page);
  const loads = countDocumentLoads(page);
  await page
    .locator(`main a[href="${session.href('/docs/api/fhir/resources/patient')}"]`)
    .first()
    .click();
  await page.waitForURL(session.url('/docs/api/fhir/resources/patient'));
  // The address changes first; the index stays on screen until the Patient page renders.
  await page.locator('h1', { hasText: 'Patient' }).first().waitFor();
  await page.locator(`${body} table`).first().waitFor();
  assert.ok((await page.locator(`${body} table`).count()) >= 3);
  // The generated tables link types under the base too, and those links navigate in place.
  await page
    .locator(`${body} table a[href="${session.href('/docs/api/fhir/datatypes/humanname')}"]`)
    .first()
    .click();
  await page.waitForURL(session.url('/docs/api/fhir/datatypes/humanname'));
  await page.locator('h1', { hasText: 'HumanName' }).waitFor();
  assert.equal(loads(), 0);
  await context.close();
});

test("an API page's endpoint boxes are styled before the app starts: the component's stylesheet ships with the site's CSS", async () => {
  const { context } = await offlineContext(session, { viewport: { width: 412, height: 823 } });
  const page = await context.newPage();
  await page.goto(session.url('/docs/api/oauth/token'), { waitUntil: 'load' });
  const styled = await page.evaluate(() => {
    const table = Array.from(document.querySelectorAll('table')).find((t) => t.caption?.textContent === 'Parameters');
    const badge = document.querySelector('section[aria-label^="POST "] span');
    return {
      app: document.documentElement.dataset.boot ?? null,
      layout: table ? getComputedStyle(table).tableLayout : 'no table',
      badge: badge ? getComputedStyle(badge).backgroundColor : 'no badge',
    };
  });
  assert.equal(styled.app, null, 'the app has not started');
  // A fixed layout: the columns keep their widths while rows are still arriving, so nothing moves.
  assert.equal(styled.layout, 'fixed');
  assert.notEqual(styled.badge, 'rgba(0, 0, 0, 0)', 'the method badge has its colour');
  await context.close();
});

/** `content-visibility` of each top-level block of the page's static body, in order. */
function blockVisibility(page: Page): Promise<string[]> {
  return page
    .locator('[data-static-body] > *')
    .evaluateAll((els) => els.map((el) => getComputedStyle(el).contentVisibility));
}

test('long pages draw only the blocks near the viewport: from the sixth block on, and every block of an SDK page', async () => {
  const { context } = await offlineContext(session, { viewport: { width: 412, height: 823 } });
  const page = await context.newPage();
  const visibility = () => blockVisibility(page);
  await page.goto(session.url('/docs/api/fhir/resources/patient'), { waitUntil: 'load' });
  const fhir = await visibility();
  assert.ok(fhir.length > 10, `the Patient page has ${fhir.length} blocks`);
  assert.deepEqual(fhir.slice(0, 5), Array(5).fill('visible'), 'the first five blocks are always drawn');
  assert.deepEqual(new Set(fhir.slice(5)), new Set(['auto']));
  await page.goto(session.url('/docs/sdk/core.medplumclient'), { waitUntil: 'load' });
  assert.deepEqual(new Set(await visibility()), new Set(['auto']));
  await context.close();
});

for (const [route, id] of [
  ['/docs/sdk/core.medplumclient', 'notifyresourcemodified'],
  ['/docs/api/fhir/resources/patient', 'example'],
  ['/docs/api/oauth/token', 'error-responses'],
]) {
  test(`a link to ${route.split('/').pop()}#${id} lands on it, with every block drawn, and nothing moves on screen, before or after the app starts`, async () => {
    const { context } = await offlineContext(session, { viewport: { width: 412, height: 823 } });
    const page = await context.newPage();
    await page.addInitScript(() => {
      type Shift = { value: number; startTime: number; sources?: { node?: Node | null }[] };
      const shifts: { value: number; at: number; moved: string[] }[] = [];
      (window as unknown as { __shifts: typeof shifts }).__shifts = shifts;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as unknown as Shift[]) {
          // What moved, named for the failure message: an element's tag and class (the attribute:
          // an SVG element's className is an object), or the node's name (null once it was removed).
          const moved = (entry.sources ?? []).map(({ node }) =>
            node instanceof Element
              ? `${node.tagName.toLowerCase()}.${node.getAttribute('class') ?? ''}`
              : (node?.nodeName ?? 'a removed node'),
          );
          shifts.push({ value: entry.value, at: entry.startTime, moved });
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto(session.url(`${route}#${id}`), { waitUntil: 'load' });
    // A window for a late layout shift (fonts, images) before the heading's place is read.
    await page.waitForTimeout(300);
    const heading = page.locator(`#${id}`);
    const top = () => heading.evaluate((el) => Math.round(el.getBoundingClientRect().top));
    const landed = await top();
    assert.ok(landed >= 0 && landed < 150, `the heading is ${landed}px from the top of the window`);
    // A reader who arrives on an anchor has every block drawn (src/css/custom.css), so no
    // placeholder height can make the page too short for the anchor; it stays so once the app
    // runs (a block switched back to being skipped is blank for a frame).
    const visibility = async () => new Set(await blockVisibility(page));
    assert.deepEqual(await visibility(), new Set(['visible']));
    await page.mouse.move(200, 400);
    await waitForPage(page, `document.documentElement.dataset.boot === 'ready'`);
    // A window for a shift caused by the app's first renders.
    await page.waitForTimeout(300);
    assert.deepEqual(await visibility(), new Set(['visible']));
    assert.equal(await top(), landed, 'the heading stayed where it landed');
    // Sub-pixel moves (a layout-shift score under 0.001, e.g. 0.000008 once on this page: a
    // rounding of a small element's position) are below what a reader can see, and below the
    // precision Lighthouse reports CLS at; any visible move of the parsed page fails.
    const parsed = await page.evaluate(() => performance.getEntriesByType('navigation')[0].toJSON().domInteractive);
    const shifts = (await page.evaluate('window.__shifts')) as { value: number; at: number; moved: string[] }[];
    const describe = (list: typeof shifts) =>
      list.map((s) => `${s.value} at ${Math.round(s.at)} ms (${s.moved.join(', ')})`);
    const afterParse = shifts.filter((s) => s.at >= parsed && s.value >= 0.001);
    assert.deepEqual(describe(afterParse), [], 'layout shifts once the page was parsed');
    // A slow device may paint the page before its HTML is all parsed (the parser yields mid-page):
    // a breadcrumb link drawn before its text arrived then widens, a score of about 0.001 to 0.005.
    // That is the browser streaming the page, as on any site; it must stay far under what a reader
    // notices (Lighthouse counts 0.1 as the limit of good).
    const whileParsing = shifts.filter((s) => s.at < parsed);
    const streamed = whileParsing.reduce((sum, s) => sum + s.value, 0);
    assert.ok(streamed < 0.01, `layout shifts while the page was parsed: ${describe(whileParsing).join('; ')}`);
    await context.close();
  });
}

/** Follows the page's second table-of-contents entry (a hash change, which re-renders the route); returns its hash. */
async function followTocEntry(page: Page): Promise<string> {
  const entry = page.locator('.table-of-contents a').nth(1);
  const hash = (await entry.getAttribute('href'))?.replace(/^[^#]*/, '') ?? '';
  await entry.click();
  await page.waitForURL((url) => url.hash === hash);
  return hash;
}

/** The length of each page body and generated table on the page, in order. */
function htmlLengths(page: Page): Promise<number[]> {
  return page
    .locator(`${body}, .fhir-generated`)
    .evaluateAll((els) => els.filter((el) => el.closest('[hidden]') === null).map((el) => el.innerHTML.length));
}

for (const route of [
  '/docs/search/chained-search',
  '/docs/sdk/core.medplumclient',
  '/docs/api/fhir/resources/patient',
]) {
  test(`once the app runs on ${route}, a table-of-contents link and the colour mode switch leave the body in place`, async () => {
    const { context } = await offlineContext(session, { viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(session.url(route), { waitUntil: 'load' });
    await startApp(page);
    const before = await htmlLengths(page);
    assert.ok(before.length > 0 && before.every((n) => n > 0), `no body on ${route}: ${before.join(', ')}`);
    // Both re-render the page's components: the route's location changes, then the colour mode.
    const hash = await followTocEntry(page);
    await page.locator('button[title*="mode"]').first().click();
    await page.waitForTimeout(200);
    assert.deepEqual(await htmlLengths(page), before);
    await page.locator(`${body} [id="${hash.slice(1)}"]`).waitFor();
    assert.deepEqual(errors, []);
    await context.close();
  });
}

test('a body reached client-side stays in place, its own nodes, when a table-of-contents link is followed', async () => {
  const { context } = await offlineContext(session, { viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.goto(session.url('/docs/search/chained-search'), { waitUntil: 'load' });
  await startApp(page);
  await page
    .locator(`${body} a[href="${session.href('/docs/search/includes')}"]`)
    .first()
    .click();
  await page.waitForURL(session.url('/docs/search/includes'));
  await page.locator('h1', { hasText: 'Including related resources' }).waitFor();
  const before = await htmlLengths(page);
  assert.ok(before[0] > 0);
  // The body's own nodes stay, not a copy written again (which would lose what the reader opened).
  await page.evaluate(`window.__heading = document.querySelector('[data-static-body] h2')`);
  await followTocEntry(page);
  await page.waitForTimeout(200);
  assert.deepEqual(await htmlLengths(page), before);
  assert.equal(await page.evaluate(`window.__heading.isConnected`), true, 'the body was written again');
  await context.close();
});

test('in the FHIR index, a keystroke that leaves the matches as they were keeps the other rows hidden', async () => {
  const { context } = await offlineContext(session);
  const page = await context.newPage();
  await page.goto(session.url('/docs/api/fhir/resources'), { waitUntil: 'load' });
  await startApp(page);
  const filter = page.locator('.fhir-index-controls input[type="search"]');
  const shownRows = () => page.locator('.fhir-index tbody tr:not([hidden])').allTextContents();
  await filter.fill('Encounte');
  await waitForPage(page, `parseInt(document.querySelector('.fhir-index-count').textContent) < 10`);
  const count = await page.locator('.fhir-index-count').textContent();
  const rows = await shownRows();
  assert.ok(rows.length > 0 && rows.every((row) => /encounter/i.test(row)), rows.join('\n'));
  // "Encounter" matches the same rows as "Encounte": the count stays, and so must the hidden rows.
  await filter.press('r');
  await page.waitForTimeout(200);
  assert.equal(await page.locator('.fhir-index-count').textContent(), count);
  assert.deepEqual(await shownRows(), rows);
  await context.close();
});
