/**
 * Generated reference pages keep their body in HTML only (plugins/static-body). A reader must not
 * notice: the body is there on first load and after client-side navigation, links inside it
 * navigate without a reload, copy buttons copy, and the page's JavaScript does not carry the body.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Page } from 'playwright-core';
import { offlineContext, startSession, type Session } from './helpers';

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
  const loads = countDocumentLoads(page);
  // Sidebar (a <Link>) -> the SDK overview, a static page fetched on navigation.
  await page.locator(`.theme-doc-sidebar-container a[href="${session.href('/docs/sdk/core')}"]`).first().click();
  await page.waitForURL(session.url('/docs/sdk/core'));
  await page.locator(`${body} a[href="${session.href('/docs/sdk/core.medplumclient')}"]`).first().click();
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
  const loads = countDocumentLoads(page);
  await page.locator(`main a[href="${session.href('/docs/api/fhir/resources/patient')}"]`).first().click();
  await page.waitForURL(session.url('/docs/api/fhir/resources/patient'));
  await page.locator(`${body} table`).first().waitFor();
  assert.ok((await page.locator(`${body} table`).count()) >= 3);
  // The generated tables link types under the base too, and those links navigate in place.
  await page.locator(`${body} table a[href="${session.href('/docs/api/fhir/datatypes/humanname')}"]`).first().click();
  await page.waitForURL(session.url('/docs/api/fhir/datatypes/humanname'));
  await page.locator('h1', { hasText: 'HumanName' }).waitFor();
  assert.equal(loads(), 0);
  await context.close();
});

test('a long SDK page skips drawing what is off screen, and a link to a member still lands on it', async () => {
  const { context } = await offlineContext(session, { viewport: { width: 412, height: 823 } });
  const page = await context.newPage();
  await page.goto(session.url('/docs/sdk/core.medplumclient#notifyresourcemodified'), { waitUntil: 'load' });
  const body = page.locator('[data-static-body] > *').first();
  assert.equal(await body.evaluate((el) => getComputedStyle(el).contentVisibility), 'auto');
  // Blocks above the member are drawn at their estimated size; the member's heading is still
  // where the browser put it, just under the navbar.
  await page.waitForTimeout(300);
  const heading = page.locator('h3#notifyresourcemodified');
  const top = await heading.evaluate((el) => el.getBoundingClientRect().top);
  assert.ok(top >= 0 && top < 150, `the heading is ${top}px from the top of the window`);
  assert.ok(await heading.isVisible());
  await context.close();
});
