/**
 * Every built page is checked as served, from its HTML file: it has a heading, its title starts
 * with it, and it names no address on this host outside the base and loads nothing from another
 * host. A sample is then opened in Chromium: the app is started (as a reader's first action
 * starts it) on every page of the crawl plan whose body React renders (tabs, demos, tools), one
 * page of each template and every 10th page of the plan, and one page of each template and every
 * 10th page of the rest is opened as served. A visit fails on an HTTP error, a missing heading, a
 * console error, a request that leaves the base or a link outside it. The server sends the site's
 * security headers, so a Content-Security-Policy violation fails the crawl too. A template decides
 * which scripts run and which components hydrate, so the sample catches a template's errors; the
 * components in a page's body cause the errors tied to one page's content, so each page with such a
 * body is started; the every-10th pages catch the rest. CRAWL_ALL=1 opens every page and starts the app on each (about 13 minutes here: too
 * long for `npm test`; run it after a change to the boot script, the policy or a template).
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';
import type { Page } from 'playwright-core';
import { builtFileOf, servedFacts } from '../../lib/built-html';
import {
  BUILD_DIR,
  builtRoutes,
  cspViolations,
  appStartSample,
  crawlPlan,
  isOnSite,
  offlineContext,
  startSession,
  templateOf,
  visit,
  type PageVisit,
  type Session,
} from '../../lib/browser';

let session: Session;
before(async () => {
  session = await startSession();
});
after(async () => session?.close());

test('every built page, as served, has its heading and title and names nothing outside the base', () => {
  const routes = builtRoutes();
  assert.ok(routes.length >= 3, `expected the build to contain pages, found ${routes.length}`);
  // Any origin will do: what matters is which addresses resolve to the site's own host.
  const site = `http://site.invalid${session.baseUrl.replace(/\/$/, '')}`;
  const failures: string[] = [];
  for (const route of routes) {
    const facts = servedFacts(fs.readFileSync(builtFileOf(BUILD_DIR, route), 'utf8'));
    if (facts.h1 === '') failures.push(`${route}: no <h1> heading in the HTML`);
    // Docusaurus titles pages "<page title> | <site title>"; the landing page is the site title.
    else if (!facts.title.startsWith(facts.h1) && route !== '/')
      failures.push(`${route}: <title> "${facts.title}" does not start with its heading "${facts.h1}"`);
    for (const { where, value, loads } of facts.addresses) {
      let url: URL;
      try {
        url = new URL(value, `${site}${route === '/' ? '/' : route}`);
      } catch {
        failures.push(`${route}: ${where} is not an address: ${value}`);
        continue;
      }
      if (!['http:', 'https:'].includes(url.protocol)) {
        if (loads && !['data:', 'blob:'].includes(url.protocol)) failures.push(`${route}: ${where} loads ${value}`);
        continue;
      }
      const onHost = url.origin === 'http://site.invalid';
      if (loads && !isOnSite(site, url.href)) failures.push(`${route}: ${where} loads from outside the base: ${value}`);
      else if (!loads && onHost && !isOnSite(site, url.href))
        failures.push(`${route}: ${where} links outside the base: ${value}`);
    }
  }
  console.log(`# read ${routes.length} built pages`);
  assert.deepEqual(failures, [], `problems found:\n${failures.join('\n')}`);
});

test('a sample of pages loads in the browser, shows its title and stays on this origin, under the base', async () => {
  const all = builtRoutes();
  const everything = process.env.CRAWL_ALL === '1';
  const plan = everything ? { routes: all, note: `opening all ${all.length} pages (CRAWL_ALL=1)` } : crawlPlan(all);
  // A page whose body is not kept as server HTML (no `data-static-body`) renders it with React.
  const interactive = (route: string) =>
    !fs.readFileSync(builtFileOf(BUILD_DIR, route), 'utf8').includes('data-static-body=');
  const started = everything ? new Set(all) : appStartSample(plan.routes, 10, interactive);
  const interactiveCount = plan.routes.filter(interactive).length;
  const seenTemplate = new Set<string>();
  const notStarted = plan.routes.filter((r) => !started.has(r));
  const asServed = everything
    ? []
    : notStarted.filter((r, i) => {
        const first = !seenTemplate.has(templateOf(r));
        seenTemplate.add(templateOf(r));
        return first || i % 10 === 0;
      });
  const routes = everything ? all : [...started, ...asServed].sort();
  console.log(
    `# ${plan.note}; opening ${routes.length}, the app started on ${started.size} of them (every one of the ${interactiveCount} whose body React renders)`,
  );

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
  for (const route of routes) await check(page, route);
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
  await page.getByRole('button', { name: 'Search the docs for this address' }).click();
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
  await page.getByRole('button', { name: 'Search the docs for this address' }).click();
  await page.locator('main code', { hasText: session.href('/no-such-page') }).waitFor();
  await page.getByRole('searchbox', { name: 'Search the docs' }).waitFor();
  assert.deepEqual(errors, []);
  await context.close();
});
