/**
 * The front page routes a newcomer by goal: a goal's first page is one click away, and the hero
 * search works as a plain form that lands on the search page with results.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { offlineContext, startSession, type Session } from '../../lib/browser';

let session: Session;
before(async () => {
  session = await startSession();
});
after(async () => session?.close());

test('clicking a goal lands on the right area', async () => {
  const { context, offOrigin } = await offlineContext(session);
  const page = await context.newPage();
  await page.goto(session.url('/'));
  const goal = page.getByRole('region', { name: 'Sign users in and control access' });
  await goal.getByRole('link', { name: 'Authentication' }).click();
  await page.waitForURL(session.url('/docs/auth'));
  // Client-side navigation: wait for the new page's article to render.
  await page.locator('article h1', { hasText: 'Authentication' }).waitFor();
  assert.deepEqual(offOrigin, []);
  await context.close();
});

test('every goal offers at least two first pages, and "New to FHIR?" starts with FHIR basics', async () => {
  const { context } = await offlineContext(session);
  const page = await context.newPage();
  await page.goto(session.url('/'));
  const goals = page.locator('section[aria-labelledby^="goal-"]');
  const count = await goals.count();
  assert.ok(count >= 3, `goals shown: ${count}`);
  for (let i = 0; i < count; i++) {
    const links = await goals.nth(i).locator('ul a').count();
    assert.ok(links >= 2, `goal ${i} has ${links} first pages`);
  }
  const path = page.getByRole('region', { name: 'New to FHIR?' });
  assert.equal(await path.locator('a').first().getAttribute('href'), session.href('/docs/fhir-basics'));
  await context.close();
});

test('the hero search submits to the search page, which shows results', async () => {
  const { context } = await offlineContext(session);
  const page = await context.newPage();
  await page.goto(session.url('/'));
  await page.getByLabel('Search the docs').fill('chained search');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await page.waitForURL(session.url('/search?q=chained+search'));
  await page
    .locator(`main a[href="${session.href('/docs/search/chained-search')}"]`)
    .first()
    .waitFor({ timeout: 15_000 });
  await context.close();
});
