/**
 * The bench's "scripts removed" copy of a page (lib/bench-noscript.ts) keeps everything but
 * scripts: the side-by-side comparison is only fair if the copy is the same page.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { htmlFileFor, removeNoScriptCopies, stripScripts, writeNoScriptCopies } from '../../lib/bench-noscript';

const PAGE = [
  '<!doctype html><html><head><link rel=stylesheet href=/assets/css/a.css />',
  '<script src=/assets/js/runtime~main.js defer></script><link rel=preload href=/assets/js/b.js as=script>',
  '<link rel="prefetch" href="/assets/js/c.js"><link rel=modulepreload href=/x.js></head>',
  '<body><script>document.documentElement.dataset.x=1</script><main><h1>Title</h1><p>Text &lt;script&gt;</p></main>',
  '<svg><style>.a{fill:red}</style></svg></body></html>',
].join('');

test('stripScripts drops scripts and script preloads, and keeps styles and content', () => {
  const out = stripScripts(PAGE);
  assert.doesNotMatch(out, /<script/i);
  assert.doesNotMatch(out, /\.js/);
  assert.match(out, /<link rel=stylesheet href=\/assets\/css\/a\.css \/>/);
  assert.match(out, /<h1>Title<\/h1><p>Text &lt;script&gt;<\/p>/);
  assert.match(out, /<style>\.a\{fill:red\}<\/style>/);
});

test('each template gets a stripped copy under bench-noscript, removed afterwards', () => {
  const build = fs.mkdtempSync(path.join(os.tmpdir(), 'noscript-'));
  fs.mkdirSync(path.join(build, 'docs', 'search'), { recursive: true });
  fs.writeFileSync(path.join(build, 'docs', 'search', 'chained-search.html'), PAGE);
  fs.writeFileSync(path.join(build, 'index.html'), PAGE);
  assert.equal(htmlFileFor(build, '/'), path.join(build, 'index.html'));
  const routes = writeNoScriptCopies(
    build,
    new Map([
      ['guide', '/docs/search/chained-search'],
      ['landing', '/'],
      ['missing', '/docs/nowhere'],
    ]),
  );
  assert.deepEqual(
    [...routes],
    [
      ['guide', '/bench-noscript/guide'],
      ['landing', '/bench-noscript/landing'],
    ],
  );
  assert.doesNotMatch(fs.readFileSync(path.join(build, 'bench-noscript', 'guide.html'), 'utf8'), /<script/);
  removeNoScriptCopies(build);
  assert.equal(fs.existsSync(path.join(build, 'bench-noscript')), false);
  fs.rmSync(build, { recursive: true, force: true });
});
