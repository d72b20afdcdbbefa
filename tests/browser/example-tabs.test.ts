/**
 * The HTTP, curl and Python tabs of the code examples on the built site: the curl tab
 * shows the recorded requests, the choice is remembered on the next guide page, and the page's
 * Markdown twin carries the HTTP form as a fenced block right after the TypeScript.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import {
  readRegionRecording,
  regionSeed,
  type RegionRecording,
} from '../../plugins/markdown/remark-example-code/http-recordings';
import { toCurl, toHttp } from '../../plugins/markdown/remark-example-code/http-snippets';
import { offlineContext, SITE_DIR, startApp, startSession, type Session } from '../../lib/browser';

let session: Session;
before(async () => {
  session = await startSession();
});
after(async () => session?.close());

/** The first example fence of a page that has a recording, read from the page's source, and its region's seed. */
function firstRecorded(page: string): { rec: RegionRecording; seed: string } {
  const source = fs.readFileSync(path.join(SITE_DIR, page), 'utf8');
  for (const m of source.matchAll(/^```tsx?\s[^\n]*\bfile=(examples\/[^\s#]+)(?:#(\S+))?/gm)) {
    const rec = readRegionRecording(SITE_DIR, m[1], m[2], page);
    if (rec) return { rec, seed: regionSeed(m[1], m[2]) };
  }
  throw new Error(`${page}: no example on this page has an HTTP recording`);
}

const FIRST = { route: '/docs/fhir-datastore/create', file: 'docs/fhir-datastore/create.mdx' };
const SECOND = { route: '/docs/search/basic-search', file: 'docs/search/basic-search.mdx' };
/** A page in FIRST's sidebar category, reached by a sidebar link. */
const THIRD = { route: '/docs/fhir-datastore/read-update', file: 'docs/fhir-datastore/read-update.mdx' };

describe('example tabs', () => {
  test('the curl tab shows the recorded requests, and the choice holds on the next guide page', async () => {
    const { context, offOrigin } = await offlineContext(session);
    const page = await context.newPage();
    await page.goto(session.url(FIRST.route));
    const group = page.locator('.example-tabs').first();
    await group.getByRole('tab', { name: 'curl', exact: true }).click();
    await group.locator('[role="tab"][aria-selected="true"]', { hasText: 'curl' }).waitFor();
    const panel = group.locator('[role="tabpanel"].example-tab-curl');
    assert.equal(await panel.isVisible(), true, 'the curl panel is shown');
    const shown = (await panel.locator('pre').innerText()).trim();
    const { rec, seed } = firstRecorded(FIRST.file);
    assert.equal(shown, toCurl(rec, seed).trim(), 'the curl tab is the recording, command by command');
    const first = rec.requests[0];
    assert.ok(shown.includes(`'${first.path}'`) || shown.includes(first.path), `shows the recorded path ${first.path}`);
    if (first.method !== 'GET') assert.ok(shown.startsWith(`curl -X ${first.method} `), 'shows the recorded method');

    // Another guide page: its example tabs open on curl (kept in localStorage under the theme's key),
    // as it is parsed: the boot script applies the choice before the page's app has started.
    const later = await context.newPage();
    await later.goto(session.url(SECOND.route), { waitUntil: 'load' });
    const next = later.locator('.example-tabs').first();
    assert.equal(
      await later.evaluate('document.documentElement.dataset.boot ?? null'),
      null,
      'the app has not started',
    );
    assert.equal(await next.locator('[role="tab"][aria-selected="true"]').textContent(), 'curl');
    assert.equal(await next.locator('[role="tabpanel"].example-tab-curl').isVisible(), true);
    assert.equal(await next.locator('[role="tabpanel"].example-tab-ts').isVisible(), false);
    // And it holds once the app has started (its client module applies the same choice).
    await startApp(later);
    assert.equal(await next.locator('[role="tab"][aria-selected="true"]').textContent(), 'curl');
    assert.equal(await next.locator('[role="tabpanel"].example-tab-curl').isVisible(), true);
    assert.deepEqual(offOrigin, []);
    await context.close();
  });

  test('after client-side navigation the generated panels are there, fetched from the page HTML', async () => {
    const { context, offOrigin } = await offlineContext(session);
    const page = await context.newPage();
    await page.goto(session.url(FIRST.route));
    await page.locator('[role="tablist"]').first().waitFor();
    // Links are plain navigations until the app runs (plugins/bundle/boot-on-intent): start it first.
    await startApp(page);
    // The panels' HTML is not in the page's JavaScript: a page reached without a reload gets it
    // from its own HTML file (plugins/markdown/remark-example-code/panels.ts).
    await page
      .locator(`nav a[href="${session.href(THIRD.route)}"]`)
      .first()
      .click();
    await page.waitForURL(new RegExp(`${THIRD.route}$`));
    // The address changes first; the previous page stays on screen until the new one renders.
    await page.locator('h1', { hasText: 'Reading and updating' }).waitFor();
    const group = page.locator('.example-tabs').first();
    await group.getByRole('tab', { name: 'curl', exact: true }).click();
    const shown = (await group.locator('[role="tabpanel"].example-tab-curl pre').innerText()).trim();
    const third = firstRecorded(THIRD.file);
    assert.equal(shown, toCurl(third.rec, third.seed).trim());
    await group.getByRole('tab', { name: 'HTTP', exact: true }).click();
    const http = (await group.locator('[role="tabpanel"].example-tab-http pre').innerText()).trim();
    assert.equal(http, toHttp(third.rec, third.seed).trim());
    assert.deepEqual(offOrigin, []);
    await context.close();
  });

  test('the Markdown twin has the HTTP form as a fence after the TypeScript one', async () => {
    const res = await fetch(`${session.url(FIRST.route)}.md`);
    assert.equal(res.status, 200);
    const text = await res.text();
    const { rec, seed } = firstRecorded(FIRST.file);
    const fences = [...text.matchAll(/^```(\w*)\n([\s\S]*?)\n```$/gm)].map((m) => ({ lang: m[1], body: m[2] }));
    const http = fences.findIndex((f) => f.lang === 'http' && f.body === toHttp(rec, seed));
    assert.ok(http > 0, 'the first recorded example has its HTTP fence');
    assert.equal(fences[http - 1].lang, 'ts', 'right after the TypeScript fence');
    assert.ok(!fences.some((f) => f.lang === 'python'), 'no Python tabs in the twin');
    assert.ok(!text.includes('curl -X'), 'no curl tabs in the twin');
  });
});
