/**
 * A phone's CPU hydrates only what a reader can use. A guide's body stays the server's
 * HTML (plugins/markdown/static-body), and the desktop sidebar, which CSS hides on a narrow screen, is
 * adopted as it is rather than walked by React and then removed (src/theme/DocSidebar). What a
 * reader uses still works: the drawer's sidebar on a phone, the live sidebar on a wide screen,
 * copy buttons and links in the body.
 *
 * "Hydrated" is read from React's own marks: React keeps a `__reactFiber$…` property on every DOM
 * node it hydrated or created.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { offlineContext, startApp, startSession, type Session, waitForPage } from '../../lib/browser';

let session: Session;
before(async () => {
  session = await startSession();
});
after(async () => session?.close());

const GUIDE = '/docs/search/chained-search';

/** Keeps the server's first sidebar link and first body paragraph before any script runs. */
const KEEP_SERVER_NODES = `document.addEventListener('DOMContentLoaded', () => {
  window.__serverSidebarLink = document.querySelector('.theme-doc-sidebar-container a.menu__link');
  window.__serverBodyParagraph = document.querySelector('[data-static-body] p');
});`;

/** The page's app starts on a reader's first action (plugins/bundle/boot-on-intent): start it as one would. */
async function hydrated(page: import('playwright-core').Page): Promise<void> {
  await startApp(page);
  await waitForPage(page, () => document.documentElement.hasAttribute('data-has-hydrated'));
}

test('on a phone the guide body and the hidden desktop sidebar are never hydrated; the drawer has the sidebar', async () => {
  const { context, offOrigin } = await offlineContext(session, {
    viewport: { width: 412, height: 823 },
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  await page.addInitScript({ content: KEEP_SERVER_NODES });
  await page.goto(session.url(GUIDE));
  await hydrated(page);
  // A window: a late hydration of the body or the hidden sidebar would happen within it.
  await page.waitForTimeout(300);
  // A string, not a function: the test's compiler would add helpers the page does not have.
  const marks = (await page.evaluate(`(() => {
    const fiber = (el) => (el ? Object.keys(el).some((k) => k.startsWith('__reactFiber')) : null);
    return {
      sidebarLink: fiber(window.__serverSidebarLink),
      bodyParagraph: fiber(window.__serverBodyParagraph),
      bodyStillServers: window.__serverBodyParagraph ? window.__serverBodyParagraph.isConnected : false,
      navbarHydrated: fiber(document.querySelector('.navbar')),
    };
  })()`)) as {
    sidebarLink: boolean | null;
    bodyParagraph: boolean | null;
    bodyStillServers: boolean;
    navbarHydrated: boolean | null;
  };
  assert.equal(marks.navbarHydrated, true, 'the page did not hydrate at all');
  assert.equal(marks.sidebarLink, false, 'React walked the desktop sidebar a phone never shows');
  assert.equal(marks.bodyParagraph, false, 'React walked the static guide body');
  assert.equal(marks.bodyStillServers, true, 'the server body was replaced instead of adopted');

  await page.locator('button.navbar__toggle').click();
  const drawerLink = page.locator('.navbar-sidebar .menu__list a', { hasText: 'Chained search' }).first();
  await drawerLink.waitFor();
  assert.equal(await drawerLink.getAttribute('aria-current'), 'page');
  await page.locator('.navbar-sidebar .menu__list a', { hasText: 'Basic search' }).first().click();
  await page.waitForURL('**/docs/search/basic-search');
  await page
    .locator('h1', { hasText: /search/i })
    .first()
    .waitFor();
  assert.deepEqual(errors, []);
  assert.deepEqual(offOrigin, []);
  await context.close();
});

test('on a wide screen the sidebar is live: categories toggle and links navigate in place', async () => {
  const { context, offOrigin } = await offlineContext(session, { viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  await page.goto(session.url(GUIDE));
  await hydrated(page);
  const sidebar = page.locator('.theme-doc-sidebar-container');
  await sidebar.locator('a.menu__link--active', { hasText: 'Chained search' }).waitFor();
  assert.equal(await page.locator('.adopted-html').count(), 0, 'the adopted sidebar was not replaced by the live one');
  const collapsed = sidebar.locator('li.menu__list-item--collapsed').first();
  const label = (await collapsed.locator('.menu__link').first().innerText()).trim();
  await collapsed.locator('.menu__caret, .menu__link--sublist-caret').first().click();
  await sidebar
    .locator('li:not(.menu__list-item--collapsed) > div > .menu__link', { hasText: label })
    .first()
    .waitFor();
  await page.evaluate(() => ((window as unknown as { __samePage: boolean }).__samePage = true));
  await sidebar.locator('a.menu__link', { hasText: 'Basic search' }).first().click();
  await page.waitForURL('**/docs/search/basic-search');
  assert.equal(
    await page.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage),
    true,
    'the sidebar link reloaded the page',
  );
  assert.deepEqual(errors, []);
  assert.deepEqual(offOrigin, []);
  await context.close();
});

test('arriving at a guide from the front page renders its sidebar at once, not empty', async () => {
  const { context } = await offlineContext(session, { viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto(session.url('/'));
  await hydrated(page);
  await page.evaluate(() => ((window as unknown as { __samePage: boolean }).__samePage = true));
  await page
    .locator(`a[href="${session.href('/docs')}"]`)
    .first()
    .click();
  await page.waitForURL(session.url('/docs'));
  await page.locator('.theme-doc-sidebar-container a.menu__link').first().waitFor();
  assert.equal(await page.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage), true);
  assert.equal(await page.locator('.adopted-html').count(), 0);
  await context.close();
});

test('the FHIR resources index: rows are the server HTML, filtering hides rows, a row link navigates in place', async () => {
  const { context, offOrigin } = await offlineContext(session, {
    viewport: { width: 412, height: 823 },
    isMobile: true,
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.addInitScript({
    content: `document.addEventListener('DOMContentLoaded', () => { window.__serverRow = document.querySelector('.fhir-index tbody tr'); });`,
  });
  await page.goto(session.url('/docs/api/fhir/resources'));
  await hydrated(page);
  const rowState = (await page.evaluate(
    `({ fiber: Object.keys(window.__serverRow).some((k) => k.startsWith('__reactFiber')), kept: window.__serverRow.isConnected })`,
  )) as { fiber: boolean; kept: boolean };
  assert.deepEqual(rowState, { fiber: false, kept: true }, 'hydration walked or replaced the table rows');
  const rows = page.locator('.fhir-index tbody tr');
  const total = await rows.count();
  assert.ok(total > 100, `${total} rows`);
  await page.locator('.fhir-index input[type=search]').fill('medicationrequest');
  await page.locator('.fhir-index-count', { hasText: `1 of ${total}` }).waitFor();
  const visible = page.locator('.fhir-index tbody tr:not([hidden])');
  assert.equal(await visible.count(), 1);
  assert.equal((await visible.locator('a').innerText()).trim(), 'MedicationRequest');
  assert.equal(await page.locator('.fhir-index tbody tr[hidden]').first().isVisible(), false, 'hidden rows still show');
  await page.locator('.fhir-index input[type=search]').fill('');
  await page.locator('.fhir-index-count', { hasText: `${total} of ${total}` }).waitFor();
  await page.evaluate(() => ((window as unknown as { __samePage: boolean }).__samePage = true));
  await page.locator('.fhir-index tbody a', { hasText: /^Patient$/ }).click();
  await page.waitForURL('**/docs/api/fhir/resources/patient');
  await page.locator('h1', { hasText: 'Patient' }).waitFor();
  assert.equal(
    await page.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage),
    true,
    'the row link reloaded the page',
  );
  assert.deepEqual(errors, []);
  assert.deepEqual(offOrigin, []);
  await context.close();
});
