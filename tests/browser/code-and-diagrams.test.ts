/**
 * Code blocks are coloured at build time (no highlighter in the browser) and keep a working copy
 * button and both colour modes; Mermaid diagrams still render; the browser bundle carries no
 * absolute build path.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { BUILD_DIR, SITE_DIR, offlineContext, startSession, type Session } from '../../lib/browser';

let session: Session;
before(async () => {
  session = await startSession();
});
after(async () => session?.close());

const GUIDE_WITH_CODE = '/docs/fhir-basics';

test('code blocks are static, coloured HTML with a working copy button', async () => {
  const { context } = await offlineContext(session, { colorScheme: 'light' });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: session.origin });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  await page.goto(session.url(GUIDE_WITH_CODE), { waitUntil: 'networkidle' });

  const block = page.locator('.code-block').first();
  await block.waitFor();
  assert.ok((await block.locator('pre.shiki span[style]').count()) > 0, 'no coloured tokens in the first code block');
  const shown = (await block.locator('pre').innerText()).replace(/\n$/, '');

  await block.hover();
  await block.getByRole('button', { name: 'Copy code to clipboard' }).click();
  await block.getByRole('button', { name: 'Copied' }).waitFor();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  assert.equal(copied, shown, 'the copy button did not copy the block as shown');

  // Dark mode switches every token to its dark colour.
  const tokenColour = () =>
    block
      .locator('pre.shiki span[style]')
      .first()
      .evaluate((el) => getComputedStyle(el).color);
  const light = await tokenColour();
  await page.evaluate(() => document.documentElement.setAttribute('data-theme', 'dark'));
  assert.notEqual(await tokenColour(), light, 'token colour did not change in dark mode');
  assert.deepEqual(errors, []);
  await context.close();
});

test('Mermaid diagrams are SVG in the page HTML, one per colour mode, and no Mermaid or @medplum/core code runs', async () => {
  // An area's index page (docs/<area>/index.mdx): hand-written, so never being regenerated.
  const source = fs
    .readdirSync(path.join(SITE_DIR, 'docs'))
    .map((area) => path.join(area, 'index.mdx'))
    .find((f) => {
      const file = path.join(SITE_DIR, 'docs', f);
      return fs.existsSync(file) && fs.readFileSync(file, 'utf8').includes('```mermaid');
    });
  assert.ok(source, 'no area index page with a Mermaid diagram');
  const route = `/docs/${path.dirname(source)}`;
  // In the HTML as served, before any script: drawn at build time (plugins/markdown/mermaid-static).
  const html = await (await fetch(session.url(route))).text();
  // (The build minifies HTML: attribute quotes are optional.)
  assert.match(html, /<figure class="?mermaid-static"? data-mermaid=/);
  assert.match(html, /<div class="?mermaid-static-light"?><svg [^>]*aria-roledescription=/);
  assert.match(html, /<div class="?mermaid-static-dark"?><svg /);

  const { context } = await offlineContext(session);
  const page = await context.newPage();
  const scripts: string[] = [];
  page.on('request', (r) => r.resourceType() === 'script' && scripts.push(r.url()));
  await page.goto(session.url(route), { waitUntil: 'load' });
  const visible = page.locator('.mermaid-static svg:visible');
  assert.equal(await visible.count(), await page.locator('.mermaid-static').count());
  const lightId = await visible.first().getAttribute('id');
  await page.evaluate(() => document.documentElement.setAttribute('data-theme', 'dark'));
  assert.notEqual(await visible.first().getAttribute('id'), lightId, 'dark mode shows the dark drawing');
  // No chunk of the Mermaid library was fetched, and no global from it exists.
  await page.waitForLoadState('networkidle');
  assert.equal(await page.evaluate(() => 'mermaid' in window), false);
  const js = await Promise.all(scripts.map(async (url) => (await fetch(url)).text().then((text) => ({ url, text }))));
  // The library names its API object; a page chunk holding a drawn SVG does not.
  const withMermaid = js.filter((f) => /mermaidAPI/.test(f.text));
  assert.deepEqual(
    withMermaid.map((f) => f.url),
    [],
  );
  // Nor @medplum/core (its error class is in every build of it): a guide page runs none of it.
  assert.deepEqual(
    js.filter((f) => /OperationOutcomeError/.test(f.text)).map((f) => f.url),
    [],
  );
  await context.close();
});

test('no absolute build path in the browser bundle', () => {
  const js = path.join(BUILD_DIR, 'assets', 'js');
  const hits = fs.readdirSync(js).filter((f) => fs.readFileSync(path.join(js, f), 'utf8').includes(SITE_DIR));
  assert.deepEqual(hits, [], `files containing ${SITE_DIR}`);
});
