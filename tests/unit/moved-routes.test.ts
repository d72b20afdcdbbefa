/**
 * The query sets' map of moved pages (MOVED_ROUTES in lib/search-quality.ts): an expectation of a
 * split page is met by the pages its sections went to, and every route the map names is a page a
 * reader can reach (a new page under docs/, or the old one kept or redirected).
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { MOVED_ROUTES, acceptedRoutes } from '../../lib/search-quality';
import { REDIRECTS } from '../../site.settings';

const DOCS = path.join(__dirname, '..', '..', 'docs');

/** Whether a hand-written page has this route: docs/<path>.mdx or docs/<path>/index.mdx. */
function isPage(route: string): boolean {
  const rel = route.replace(/^\/docs\/?/, '');
  return ['.mdx', '.md', '/index.mdx', '/index.md'].some((ext) => fs.existsSync(path.join(DOCS, rel + ext)));
}

test('an expected route that moved is met by the pages its sections went to, and by itself', () => {
  const [from, to] = Object.entries(MOVED_ROUTES)[0];
  const accepted = acceptedRoutes([from, '/docs/cli']);
  assert.deepEqual(accepted.slice(0, 1 + to.length), [from, ...to]);
  assert.ok(accepted.includes('/docs/cli'));
  assert.deepEqual(acceptedRoutes(['/docs/cli']), ['/docs/cli']);
});

test("an expected folder index file (/docs/x/index) is met by the folder's route, the page Docusaurus serves", () => {
  assert.deepEqual(acceptedRoutes(['/docs/labs-imaging/index']), ['/docs/labs-imaging']);
  assert.ok(isPage('/docs/labs-imaging'));
});

test('every moved route is still a page or a redirect, and every new route is a page', () => {
  const redirected = new Set(REDIRECTS.map((r) => r.from));
  for (const [from, to] of Object.entries(MOVED_ROUTES)) {
    assert.ok(isPage(from) || redirected.has(from), `${from} is neither a page nor a redirect`);
    for (const route of to) assert.ok(isPage(route), `${route} (moved from ${from}) is not a page under docs/`);
  }
});
