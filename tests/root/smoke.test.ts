/**
 * A short check of a build at the root of a host (BASE_URL unset), the easy case: `npm test` runs
 * the full browser suite on a build under a path, then this on a root build in build-root/
 * (`BUILD_DIR=build-root`). The front page, a guide, search and a twin work, and no request
 * fails or leaves the origin.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { offlineContext, startApp, startSession, type Session } from '../../lib/browser';

let session: Session;
before(async () => {
  session = await startSession();
});
after(async () => session?.close());

test('the build is at the root', () => {
  assert.equal(session.baseUrl, '/', 'run on a build made without BASE_URL (BUILD_DIR=build-root)');
});

test('front page, a guide reached from it, search and a twin: no failed request, nothing off the origin', async () => {
  const { context, offOrigin } = await offlineContext(session);
  const page = await context.newPage();
  const failed: string[] = [];
  const errors: string[] = [];
  // A link followed before the page's app is ready is a plain navigation, which cancels the
  // bundle the mouse started loading (plugins/bundle/boot-on-intent): aborted, not failed.
  page.on(
    'requestfailed',
    (r) => r.failure()?.errorText !== 'net::ERR_ABORTED' && failed.push(`${r.url()}: ${r.failure()?.errorText}`),
  );
  page.on('response', (r) => r.status() >= 400 && failed.push(`${r.url()}: HTTP ${r.status()}`));
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));

  await page.goto(session.url('/'));
  await page.getByRole('heading', { name: 'Medplum Docs', level: 1 }).waitFor();
  await page.getByRole('region', { name: 'New to FHIR?' }).getByRole('link', { name: 'FHIR basics' }).click();
  await page.waitForURL(session.url('/docs/fhir-basics'));
  await page.locator('article h1', { hasText: 'FHIR basics' }).waitFor();

  await startApp(page);
  await page.locator('[data-search-ready]').waitFor();
  await page.keyboard.press('Control+K');
  const dialog = page.getByRole('dialog', { name: 'Search the docs' });
  await dialog.getByRole('searchbox').fill('chained search');
  await dialog.locator('a[href="/docs/search/chained-search"]').first().waitFor({ timeout: 15_000 });
  await page.keyboard.press('Escape');

  const twin = await fetch(session.url('/docs/fhir-basics.md'));
  assert.equal(twin.status, 200);
  assert.match(await twin.text(), /^# FHIR basics/);

  assert.deepEqual(failed, []);
  assert.deepEqual(errors, []);
  assert.deepEqual(offOrigin, []);
  await context.close();
});
