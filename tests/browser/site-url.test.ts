/**
 * `npm test` builds without SITE_URL, as a developer does: then no page may publish the
 * placeholder address as its canonical or Open Graph URL, and there is no sitemap (it would list
 * the placeholder). Pages rendered in the browser must not add those tags back either.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { BUILD_DIR, builtRoutes, startSession, type Session } from './helpers';

const PLACEHOLDER = 'http://localhost:3000';

let session: Session;
before(async () => {
  session = await startSession();
});
after(async () => session?.close());

test('without SITE_URL no built page names the placeholder address in its head, and no sitemap is written', () => {
  assert.equal(process.env.SITE_URL, undefined, 'run the browser tests on a build made without SITE_URL');
  assert.ok(!fs.existsSync(path.join(BUILD_DIR, 'sitemap.xml')), 'sitemap.xml lists absolute URLs; it needs SITE_URL');
  const offenders: string[] = [];
  for (const route of builtRoutes()) {
    const rel = route.replace(/^\//, '');
    const file = [`${rel}.html`, path.join(rel, 'index.html')]
      .map((f) => path.join(BUILD_DIR, f))
      .find((f) => fs.existsSync(f));
    assert.ok(file, `no HTML file for ${route}`);
    const html = fs.readFileSync(file, 'utf8');
    const head = html.slice(0, html.indexOf('</head>'));
    if (head.includes(PLACEHOLDER) || /rel=["']?canonical/.test(head)) offenders.push(route);
  }
  assert.deepEqual(offenders.slice(0, 10), [], `${offenders.length} pages`);
});

test('after hydration the head still has no canonical or og:url tag', async () => {
  const page = await session.browser.newPage();
  await page.goto(`${session.origin}/docs/fhir-basics`);
  await page.waitForFunction(() => document.readyState === 'complete');
  await page.locator('[data-search-ready]').waitFor();
  const tags = await page.evaluate(() =>
    Array.from(
      document.head.querySelectorAll('link[rel="canonical"], meta[property="og:url"], meta[property="og:image"]'),
    ).map((el) => el.outerHTML),
  );
  assert.deepEqual(tags, []);
  await page.close();
});
