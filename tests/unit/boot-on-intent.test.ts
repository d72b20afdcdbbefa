/**
 * plugins/bundle/boot-on-intent rewrites each built page so its app starts on the reader's first action:
 * the bundle's script tags become one inline call to the boot script.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { deferBundle, minifiedBootScript } from '../../plugins/bundle/boot-on-intent';
import { INLINE_SCRIPTS, inlineScripts } from '../../lib/security-headers';

const PAGE = (scripts: string) =>
  `<!doctype html><html><head><title>x</title>${scripts}</head><body><div id=__docusaurus><p>body</p></div></body></html>`;
const BUNDLE =
  '<script src=/base/assets/js/runtime~main.1234abcd.js defer></script><script src="/base/assets/js/main.5678ef90.js" defer></script>';
const fakeBoot = (scripts: string[]) => `boot(${JSON.stringify(scripts)})`;

test('the bundle scripts become one boot call at the end of the body, and nothing in the head', () => {
  const out = deferBundle(PAGE(BUNDLE), 'docs/x.html', fakeBoot);
  assert.doesNotMatch(out, /defer><\/script>/);
  // The boot script prefetches the files itself once the page has loaded.
  assert.doesNotMatch(out, /<link[^>]*rel="?prefetch/);
  assert.match(out, /<title>x<\/title><\/head>/);
  assert.ok(
    out.endsWith(
      `<script>boot(["/base/assets/js/runtime~main.1234abcd.js","/base/assets/js/main.5678ef90.js"])</script></body></html>`,
    ),
  );
});

test('the page gets speculation rules for its own links under the base, before the boot script, hashed by the CSP', () => {
  const out = deferBundle(PAGE(BUNDLE), 'docs/x.html', fakeBoot);
  const m = /<script type="speculationrules" data-boot>([^<]*)<\/script><script>boot\(/.exec(out);
  assert.ok(m, 'no speculation rules right before the boot script');
  const rules = JSON.parse(m[1]);
  assert.equal(rules.prerender[0].eagerness, 'conservative');
  assert.deepEqual(rules.prerender[0].where.and[0], { href_matches: '/base/*' });
  // script-src governs inline speculation rules: the security headers hash them like scripts.
  const [script] = inlineScripts(out).filter((s) => s.text === m[1]);
  assert.ok(script, 'the CSP check does not see the rules');
  assert.equal(INLINE_SCRIPTS.find((k) => k.recognize(m[1]))?.name, 'speculation rules');
  assert.throws(
    () => deferBundle(PAGE('<script src=/base/js/main.1.js defer></script>'), 'docs/y.html', fakeBoot),
    /docs\/y\.html/,
  );
});

test('a page without the bundle (a client redirect) is left as it is', () => {
  const page = PAGE('<meta http-equiv="refresh" content="0; url=/base/docs/y">');
  assert.equal(deferBundle(page, 'docs/old.html', fakeBoot), page);
});

test('a page with the bundle but no body to write into is an error naming the file', () => {
  assert.throws(() => deferBundle(`<html><head>${BUNDLE}</head>`, 'docs/broken.html', fakeBoot), /docs\/broken\.html/);
});

test('the minified boot script is a call with the page list, which cannot close its script tag', async () => {
  const boot = await minifiedBootScript();
  const script = boot(['/base/assets/js/main.1.js', '/x</script><b>']);
  // About 1.9 KB gzip on every page, with the search keys, the stored-tab code, the prefetch
  // after paint and the typed-text hand-over at hydration that it carries; a bound, so growth is
  // a decision rather than an accident.
  assert.ok(script.length < 5100, `the boot script is ${script.length} characters`);
  assert.doesNotMatch(script, /\bimport\b|\bexport\b/, 'its modules are inlined, not imported');
  assert.ok(script.includes('docusaurus.tab.'), 'it applies the stored example-tab choice');
  assert.ok(script.includes('"/base/assets/js/main.1.js"'));
  assert.doesNotMatch(script, /<\/script/i);
  assert.ok(
    script.includes('__docsBooted') && script.includes('__docsBoot'),
    'the hooks the app and tests call are kept',
  );
});

test('with the early-keys script, it goes first in the head, after the charset, before the stylesheets', () => {
  const page = `<!doctype html><html lang="en"><head><meta charset="UTF-8"><link rel="stylesheet" href="/a.css">${BUNDLE}</head><body><p>x</p></body></html>`;
  const out = deferBundle(page, 'docs/x.html', fakeBoot, 'early()');
  assert.ok(
    out.startsWith(
      '<!doctype html><html lang="en"><head><meta charset="UTF-8"><script>early()</script><link rel="stylesheet"',
    ),
  );
  assert.match(out, /<script>boot\(\[[^\]]*\]\)<\/script><\/body><\/html>$/);
  // A page without the bundle gets neither script.
  const redirect = PAGE('<meta http-equiv="refresh" content="0; url=/base/docs/y">');
  assert.equal(deferBundle(redirect, 'docs/old.html', fakeBoot, 'early()'), redirect);
});

test('the minified early-keys script holds the search keys and hands them to the boot script', async () => {
  const { minifiedEarlyScript } = await import('../../plugins/bundle/boot-on-intent');
  const early = await minifiedEarlyScript();
  // It is in the head of every page, ahead of the stylesheets: the shortcut, and the text typed
  // after it, held in well under a kilobyte.
  assert.ok(early.length < 800, `the early-keys script is ${early.length} characters`);
  assert.ok(early.includes('Backspace'), 'the text typed after the shortcut is held too');
  assert.doesNotMatch(early, /\bimport\b|\bexport\b/);
  assert.ok(early.includes('keydown') && early.includes('__docsTakeEarlyKey'));
  const boot = (await minifiedBootScript())(['/x.js']);
  assert.ok(boot.includes('__docsTakeEarlyKey'), 'the boot script takes the held key over');
});
