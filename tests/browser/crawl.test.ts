/**
 * Every built page (or, on a large site, every template plus a sample) loads with status 200,
 * shows its title, logs no console error, requests nothing from another host or outside the
 * base URL, and links nowhere on this host outside the base. The app is started (as a reader's
 * first action starts it) on one page of each template and every 5th page of the rest; the
 * other pages are checked as served, which is what a reader sees before any action. The server
 * sends the site's security headers, so a Content-Security-Policy violation, with the app
 * started or not, fails the crawl too. CRAWL_ALL=1 visits every page and starts the app on each
 * (about 13 minutes here: too long for `npm test`; run it after a change to the boot script,
 * the policy or a template).
 *
 * One tab: a visit is CPU work more than waiting (a second tab made the crawl slower on two cores).
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';
import type { Page } from 'playwright-core';
import {
  BUILD_DIR,
  builtRoutes,
  cspViolations,
  appStartSample,
  crawlPlan,
  isOnSite,
  offlineContext,
  startSession,
  visit,
  type PageVisit,
  type Session,
} from './helpers';

let session: Session;
before(async () => {
  session = await startSession();
});
after(async () => session?.close());

test('every page loads, shows its title and stays on this origin, under the base', async () => {
  const all = builtRoutes();
  assert.ok(all.length >= 3, `expected the build to contain pages, found ${all.length}`);
  const everything = process.env.CRAWL_ALL === '1';
  const plan = everything ? { routes: all, note: `crawling all ${all.length} pages (CRAWL_ALL=1)` } : crawlPlan(all);
  const started = everything ? new Set(all) : appStartSample(plan.routes, 5);
  console.log(`# ${plan.note}; the app is started on ${started.size} of them`);

  const { context, offOrigin } = await offlineContext(session);
  const failures: string[] = [];
  const visits: PageVisit[] = [];
  const check = async (page: Page, route: string) => {
    const v = await visit(context, session.site, route, page, { start: started.has(route) });
    visits.push(v);
    if (v.status !== 200) failures.push(`${route}: HTTP ${v.status}`);
    if (v.h1 === '') failures.push(`${route}: no <h1> heading rendered`);
    // Docusaurus titles pages "<page title> | <site title>"; the landing page is the site title.
    else if (!v.title.startsWith(v.h1) && route !== '/')
      failures.push(`${route}: <title> "${v.title}" does not start with its heading "${v.h1}"`);
    for (const e of v.consoleErrors) failures.push(`${route}: console error: ${e}`);
    for (const u of v.offOrigin) failures.push(`${route}: request to another host or outside the base: ${u}`);
    // Links to this host must stay under the base (a root-absolute href skips it).
    const hrefs = await page.evaluate(() =>
      Array.from(document.querySelectorAll('a[href]'), (a) => (a as HTMLAnchorElement).href),
    );
    for (const href of new Set(hrefs)) {
      if (href.startsWith(`${session.origin}/`) && !isOnSite(session.site, href))
        failures.push(`${route}: link outside the base: ${href}`);
    }
  };
  const crawlStarted = Date.now();
  const page = await context.newPage();
  for (const route of plan.routes) await check(page, route);
  await context.close();
  for (const u of offOrigin) failures.push(`request to another host (blocked): ${u}`);
  // Served with the Content-Security-Policy `npm run serve` sends.
  for (const v of cspViolations) failures.push(`CSP violation: ${v}`);
  console.log(`# visited ${visits.length} pages in ${Math.round((Date.now() - crawlStarted) / 1000)} s`);
  assert.deepEqual(failures, [], `problems found:\n${failures.join('\n')}`);
});

test('an unknown address shows the 404 page with search, not a blank page', async () => {
  const { context } = await offlineContext(session);
  const page = await context.newPage();
  const response = await page.goto(session.url('/docs/fhir-basicz'));
  assert.equal(response?.status(), 404);
  await page.getByRole('heading', { name: 'Page not found' }).waitFor();
  const box = page.getByRole('searchbox', { name: 'Search the docs' });
  assert.equal(await box.inputValue(), 'fhir basicz');
  await box.fill('fhir basics');
  await page
    .locator(`a[href="${session.href('/docs/fhir-basics')}"]`)
    .first()
    .waitFor({ timeout: 10_000 });
  await context.close();
});

test('an unknown address outside /docs gets the 404 page, in the static HTML and after hydration', async () => {
  // Lighthouse and readers without JavaScript see build/404.html as served: it must not be empty.
  const html = fs.readFileSync(path.join(BUILD_DIR, '404.html'), 'utf8');
  assert.match(html, /<h1>Page not found<\/h1>/);
  const { context } = await offlineContext(session);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && !m.text().includes('status of 404') && errors.push(m.text()));
  page.on('pageerror', (e) => errors.push(e.message));
  const response = await page.goto(session.url('/no-such-page'));
  assert.equal(response?.status(), 404);
  await page.locator('main code', { hasText: session.href('/no-such-page') }).waitFor();
  await page.getByRole('searchbox', { name: 'Search the docs' }).waitFor();
  assert.deepEqual(errors, []);
  await context.close();
});
