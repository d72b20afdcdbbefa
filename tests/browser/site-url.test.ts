/**
 * What a build says about its public address, for both kinds of build `npm test` makes:
 * - with SITE_URL (the subpath build): every page's canonical and og:url is SITE_URL + base +
 *   route, the sitemap lists only such URLs, robots.txt names the sitemap, and llms.txt links
 *   twins at that address;
 * - without SITE_URL (the root smoke build, as a developer builds): no page publishes the
 *   placeholder address as its canonical or Open Graph URL, there is no sitemap (it would list
 *   the placeholder) and robots.txt has no Sitemap line. Pages rendered in the browser must not
 *   add those tags back either.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';
import {
  BUILD_DIR,
  builtRoutes,
  builtSiteUrl,
  startApp,
  startSession,
  withBase,
  type Session,
  waitForPage,
} from '../../lib/browser';
import { builtFileOf } from '../../lib/built-html';

const PLACEHOLDER = 'http://localhost:3000';

let session: Session;
before(async () => {
  session = await startSession();
});
after(async () => session?.close());

const siteUrl = builtSiteUrl();

/** The head of a route's built HTML file. */
function headOf(route: string): string {
  const html = fs.readFileSync(builtFileOf(BUILD_DIR, route), 'utf8');
  return html.slice(0, html.indexOf('</head>'));
}

test('robots.txt allows the site, and names the sitemap exactly when the build has SITE_URL', async () => {
  const res = await fetch(session.url('/robots.txt'));
  assert.equal(res.status, 200);
  const text = await res.text();
  assert.match(text, /^User-agent: \*$/m);
  const sitemapLines = text.split('\n').filter((l) => l.startsWith('Sitemap:'));
  if (siteUrl) assert.deepEqual(sitemapLines, [`Sitemap: ${siteUrl}${session.baseUrl}sitemap.xml`]);
  else assert.deepEqual(sitemapLines, []);
});

if (siteUrl) {
  test(`with SITE_URL (${siteUrl}) every page's canonical URL and every sitemap entry is under SITE_URL and the base`, async () => {
    const public_ = (route: string) => siteUrl + withBase(session.baseUrl, route);
    const wrong: string[] = [];
    for (const route of builtRoutes()) {
      const canonical = /<link[^>]*\brel="?canonical"?[^>]*\bhref="?([^"\s>]+)/.exec(headOf(route))?.[1];
      if (canonical !== public_(route)) wrong.push(`${route}: canonical ${canonical}`);
    }
    assert.deepEqual(wrong.slice(0, 10), [], `${wrong.length} pages`);
    const sitemap = await (await fetch(session.url('/sitemap.xml'))).text();
    const locs = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    assert.ok(locs.length > 100, `sitemap lists ${locs.length} URLs`);
    assert.ok(locs.includes(public_('/')), 'the sitemap lists the front page at the base');
    assert.deepEqual(
      locs.filter((loc) => !loc.startsWith(`${siteUrl}${session.baseUrl}`)),
      [],
      'sitemap URLs outside the base',
    );
    const llms = await (await fetch(session.url('/llms.txt'))).text();
    assert.ok(llms.includes(`](${public_('/docs/fhir-basics.md')})`), 'llms.txt links twins at SITE_URL + base');
  });
} else {
  test('without SITE_URL no built page names the placeholder address in its head, and no sitemap is written', () => {
    assert.ok(
      !fs.existsSync(path.join(BUILD_DIR, 'sitemap.xml')),
      'sitemap.xml lists absolute URLs; it needs SITE_URL',
    );
    const offenders = builtRoutes().filter((route) => {
      const head = headOf(route);
      return head.includes(PLACEHOLDER) || /rel=["']?canonical/.test(head);
    });
    assert.deepEqual(offenders.slice(0, 10), [], `${offenders.length} pages`);
  });

  test('after hydration the head still has no canonical or og:url tag', async () => {
    const page = await session.browser.newPage();
    await page.goto(session.url('/docs/fhir-basics'));
    await waitForPage(page, () => document.readyState === 'complete');
    await startApp(page);
    await page.locator('[data-search-ready]').waitFor();
    const tags = await page.evaluate(() =>
      Array.from(
        document.head.querySelectorAll('link[rel="canonical"], meta[property="og:url"], meta[property="og:image"]'),
      ).map((el) => el.outerHTML),
    );
    assert.deepEqual(tags, []);
    await page.close();
  });
}
