/**
 * The site under its Content-Security-Policy (lib/security-headers.ts), served with the
 * headers `npm run serve` sends (and each page's meta policy too in a CSP_META=1 build):
 * - pages loaded with their app started raise no `securitypolicyviolation` event and no console
 *   error: crawl.test.ts checks that on the ~400 pages it visits (the app started on one page of
 *   each template and every 5th page), and on every page with CRAWL_ALL=1;
 * - each of the policy's hashed inline scripts runs (colour mode, anchor mark, boot, redirect);
 * - every FHIR tool page runs its sample, through its worker where it has one, with no violation
 *   or error in the page or the worker.
 * Search, example tabs, copy buttons, diagrams, the colour-mode toggle and client-side navigation
 * are tested in their own files (search, example-tabs, code-and-diagrams, color-mode, navigation),
 * which run under the same headers; every browser test file fails on any violation it meets
 * (lib/browser.ts: offlineContext records them, a session refuses to close over them).
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Page } from 'playwright-core';
import { readPolicy } from '../../lib/security-headers';
import {
  BUILD_DIR,
  builtRoutes,
  cspViolations,
  offlineContext,
  startApp,
  startSession,
  waitForPage,
  type Session,
} from '../../lib/browser';

let session: Session;
before(async () => {
  session = await startSession();
});
after(async () => session?.close());

/** Console errors and CSP violations of a page, from the moment this is called. */
function watch(page: Page, label: () => string) {
  const errors: string[] = [];
  page.on(
    'console',
    (m) =>
      m.type() === 'error' &&
      !m.text().includes('status of 404') &&
      errors.push(`${label()}: console error: ${m.text()}`),
  );
  page.on('pageerror', (e) => errors.push(`${label()}: uncaught: ${e.message}`));
  page.on('worker', (w) =>
    w.on('console', (m) => m.type() === 'error' && errors.push(`${label()}: worker ${w.url()}: ${m.text()}`)),
  );
  return errors;
}

test('the policy is the one the build computed, with a hash for each inline script kind it found', () => {
  const policy = readPolicy(BUILD_DIR);
  assert.deepEqual(
    policy.scriptHashes.map((s) => s.name),
    ['colour mode', 'anchor mark', 'boot on intent', 'early keys', 'speculation rules', 'client redirect'],
  );
});

test("the policy's inline scripts run: colour mode, anchor mark, boot, and a redirect stub's script", async () => {
  const { context } = await offlineContext(session);
  const page = await context.newPage();
  const errors = watch(page, () => page.url());
  // Colour mode from the query string, set by the colour-mode script before the app starts.
  await page.goto(`${session.url('/docs/fhir-basics')}?docusaurus-theme=dark#references`, { waitUntil: 'load' });
  assert.equal(await page.evaluate('document.documentElement.dataset.theme'), 'dark');
  assert.equal(await page.evaluate(`document.documentElement.hasAttribute('data-arrived-on-anchor')`), true);
  // A query string starts the app at once (plugins/bundle/boot-on-intent): the boot script ran.
  await waitForPage(page, `document.documentElement.dataset.boot === 'ready'`);
  // A renamed page's stub sends the reader on, search and hash kept, by its (constant) script.
  await page.goto(`${session.url('/docs/api/fhir/medplum/passwordchangerequest')}?x=1#y`, { waitUntil: 'commit' });
  await page.waitForURL((u) => u.pathname === session.href('/docs/api/fhir/medplum/usersecurityrequest'));
  assert.equal(new URL(page.url()).search, '?x=1', 'the script forwarded the query (the meta refresh does not)');
  await context.close();
  assert.deepEqual(errors, []);
  assert.deepEqual(cspViolations, []);
});

test('every FHIR tool page runs a sample through its worker under the policy', async () => {
  const { context, offOrigin } = await offlineContext(session);
  const tools = builtRoutes().filter((r) => r.startsWith('/docs/tools/'));
  assert.deepEqual(
    tools,
    ['/docs/tools/fhirpath', '/docs/tools/search-builder', '/docs/tools/validator'],
    'a new tool needs a case here',
  );
  const errors: string[] = [];
  const workers: string[] = [];
  const open = async (route: string) => {
    const page = await context.newPage();
    const own = watch(page, () => route);
    page.on('worker', (w) => workers.push(`${route}: ${w.url()}`));
    await page.goto(session.url(route), { waitUntil: 'load' });
    await startApp(page);
    return { page, own };
  };

  const fhirpath = await open('/docs/tools/fhirpath');
  await fhirpath.page.getByLabel('Expression', { exact: true }).fill("name.where(use = 'official').family");
  await fhirpath.page.getByTestId('fhirpath-result').filter({ hasText: 'Chalmers' }).waitFor();

  const validator = await open('/docs/tools/validator');
  await validator.page
    .getByLabel('Resource', { exact: true })
    .fill('{"resourceType": "Observation", "status": "final"}');
  await validator.page.getByTestId('validator-issues').filter({ hasText: 'Observation.code' }).waitFor();

  const builder = await open('/docs/tools/search-builder');
  await builder.page.locator('.fhir-tool[data-ready]').waitFor();

  assert.ok(
    workers.some((w) => w.startsWith('/docs/tools/fhirpath: ')),
    `the FHIRPath tool ran in a worker: ${workers.join(', ')}`,
  );
  assert.ok(
    workers.some((w) => w.startsWith('/docs/tools/validator: ')),
    `the validator ran in a worker: ${workers.join(', ')}`,
  );
  for (const w of workers)
    assert.ok(w.includes(session.url('/assets/js/')), `a worker from the site's own files: ${w}`);
  errors.push(...fhirpath.own, ...validator.own, ...builder.own);
  await context.close();
  assert.deepEqual([...errors, ...offOrigin], []);
  assert.deepEqual(cspViolations, []);
});
