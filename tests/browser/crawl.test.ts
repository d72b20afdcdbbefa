/**
 * Every built page (or, on a large site, every template plus a sample) loads with status 200,
 * shows its title, logs no console error and requests nothing from another host.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { builtRoutes, crawlPlan, offlineContext, startSession, visit, type PageVisit, type Session } from './helpers';

let session: Session;
before(async () => {
  session = await startSession();
});
after(async () => session?.close());

test('every page loads, shows its title and stays on this origin', async () => {
  const all = builtRoutes();
  assert.ok(all.length >= 3, `expected the build to contain pages, found ${all.length}`);
  const plan = crawlPlan(all);
  console.log(`# ${plan.note}`);

  const { context, offOrigin } = await offlineContext(session);
  const page = await context.newPage();
  const failures: string[] = [];
  const visits: PageVisit[] = [];
  for (const route of plan.routes) {
    const v = await visit(context, session.origin, route, page);
    visits.push(v);
    if (v.status !== 200) failures.push(`${route}: HTTP ${v.status}`);
    if (v.h1 === '') failures.push(`${route}: no <h1> heading rendered`);
    // Docusaurus titles pages "<page title> | <site title>"; the landing page is the site title.
    else if (!v.title.startsWith(v.h1) && route !== '/')
      failures.push(`${route}: <title> "${v.title}" does not start with its heading "${v.h1}"`);
    for (const e of v.consoleErrors) failures.push(`${route}: console error: ${e}`);
    for (const u of v.offOrigin) failures.push(`${route}: request to another host: ${u}`);
  }
  await context.close();
  for (const u of offOrigin) failures.push(`request to another host (blocked): ${u}`);
  console.log(`# visited ${visits.length} pages`);
  assert.deepEqual(failures, [], `problems found:\n${failures.join('\n')}`);
});

test('an unknown address shows the 404 page with search, not a blank page', async () => {
  const { context } = await offlineContext(session);
  const page = await context.newPage();
  const response = await page.goto(`${session.origin}/docs/fhir-basicz`);
  assert.equal(response?.status(), 404);
  await page.getByRole('heading', { name: 'Page not found' }).waitFor();
  const box = page.getByRole('searchbox', { name: 'Search the docs' });
  assert.equal(await box.inputValue(), 'fhir basicz');
  await box.fill('fhir basics');
  await page.locator('a[href="/docs/fhir-basics"]').first().waitFor({ timeout: 10_000 });
  await context.close();
});
