/** The sidebar a reader sees matches the section they are in, and the navbar switches sections. */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { offlineContext, startApp, startSession, type Session, waitForPage } from '../../lib/browser';

let session: Session;
before(async () => {
  session = await startSession();
});
after(async () => session?.close());

const sidebar = '.theme-doc-sidebar-container';

test('a guide page shows the main guide sidebar with the page marked active', async () => {
  const { context } = await offlineContext(session);
  const page = await context.newPage();
  await page.goto(session.url('/docs/fhir-basics'));
  const active = page.locator(`${sidebar} a.menu__link--active`);
  assert.equal(await active.getAttribute('href'), session.href('/docs/fhir-basics'));
  // Section titles are html sidebar items.
  assert.ok(
    (await page.locator(`${sidebar} .sidebar-section-title`).count()) > 0,
    'no section titles in the guide sidebar',
  );
  await page.locator('.navbar__link--active', { hasText: 'Docs' }).waitFor();
  await context.close();
});

test('breadcrumbs trace the sidebar path down to the page (sidebar links carry docId as a flag)', async () => {
  const { context } = await offlineContext(session);
  const page = await context.newPage();
  await page.goto(session.url('/docs/sdk/core.medplumclient'));
  const crumbs = (await page.locator('.breadcrumbs__item').allTextContents()).map((t) => t.trim()).filter(Boolean);
  assert.deepEqual(crumbs, ['TypeScript SDK', 'Client', 'MedplumClient']);
  await context.close();
});

test('the navbar switches between Docs and Reference, each with its own sidebar', async () => {
  const { context } = await offlineContext(session);
  const page = await context.newPage();
  await page.goto(session.url('/docs/fhir-basics'));
  await page.locator('.navbar').getByRole('link', { name: 'Reference', exact: true }).click();
  await page.waitForURL(
    (url) => url.pathname.startsWith(session.href('/docs/api')) || url.pathname.startsWith(session.href('/docs/sdk')),
  );
  // Client-side navigation: wait for the re-rendered navbar and sidebar, not just the new URL.
  await page.locator('.navbar__link--active', { hasText: 'Reference' }).waitFor();
  await page.locator(`${sidebar} .menu__link`, { hasText: 'API overview' }).first().waitFor();
  const labels = await page.locator(`${sidebar} .menu__link`).allTextContents();
  assert.ok(labels.includes('API overview'), `reference sidebar shows: ${labels.join(', ')}`);
  assert.ok(!labels.includes('FHIR basics'), 'the guide sidebar leaked into the reference');
  await page.locator('.navbar').getByRole('link', { name: 'Docs', exact: true }).click();
  await page.waitForURL((url) => url.pathname === session.href('/docs'));
  await page.locator('.navbar__link--active', { hasText: 'Docs' }).waitFor();
  await page.locator(`${sidebar} .menu__link`, { hasText: 'FHIR basics' }).first().waitFor();
  const guideLabels = await page.locator(`${sidebar} .menu__link`).allTextContents();
  assert.ok(guideLabels.includes('FHIR basics'), `guide sidebar shows: ${guideLabels.join(', ')}`);
  await context.close();
});

test('sidebar categories collapse and expand', async () => {
  const { context } = await offlineContext(session);
  const page = await context.newPage();
  await page.goto(session.url('/docs'));
  const selector = `${sidebar} .theme-doc-sidebar-item-category-level-1`;
  // A locator, not an element: once the app runs, the live sidebar replaces the server's.
  const category = page.locator(selector).first();
  await category.waitFor();
  const toggle = category.locator('.menu__caret, button.clean-btn').first();
  const collapsed = (want: boolean) =>
    waitForPage(
      page,
      ([sel, w]) => document.querySelector(sel as string)!.classList.contains('menu__list-item--collapsed') === w,
      [selector, want] as const,
    );
  assert.equal(
    await category.evaluate((el) => el.classList.contains('menu__list-item--collapsed')),
    true,
    'categories start collapsed on the home page',
  );
  // The first press starts the page's app (plugins/bundle/boot-on-intent) and is replayed on the live sidebar.
  await toggle.click();
  await collapsed(false);
  assert.ok((await category.locator('ul .menu__link').count()) > 0, 'an expanded category lists its pages');
  await toggle.click();
  await collapsed(true);
  await context.close();
});

test('links in view fetch nothing; pointing at a link loads its page, and the click navigates in place', async () => {
  const { context } = await offlineContext(session);
  const page = await context.newPage();
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (/\/assets\/js\//.test(r.url())) scripts.push(r.url());
  });
  await page.goto(session.url('/docs/search'), { waitUntil: 'load' });
  await startApp(page);
  // A window in which a prefetch of the links in view would have been requested.
  await page.waitForTimeout(500);
  // The sidebar and the page show dozens of links; none of them made the page prefetch anything
  // (the page's own bundle, prefetched for its start by plugins/bundle/boot-on-intent, aside).
  assert.equal(await page.locator('link[rel="prefetch"]:not([data-boot])').count(), 0);
  const atLoad = scripts.length;
  const target = page.locator(`${sidebar} a.menu__link[href="${session.href('/docs/fhir-basics')}"]`);
  // Wait for the request itself: the page reached "networkidle" before the hover, so waiting for
  // that state again returns at once and raced the preload.
  const preload = page.waitForRequest((r) => /\/assets\/js\//.test(r.url()), { timeout: 10_000 }).catch(() => null);
  await target.hover();
  await preload;
  assert.ok(scripts.length > atLoad, 'hovering a link loaded none of its page');
  // Client-side navigation: the document is not reloaded.
  await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
  await target.click();
  await page.waitForURL(session.url('/docs/fhir-basics'));
  await page.locator('h1', { hasText: 'FHIR' }).first().waitFor();
  assert.equal(await page.evaluate(() => (window as unknown as { marker?: number }).marker), 1);
  await context.close();
});
