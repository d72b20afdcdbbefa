/**
 * The pagefind-batch-release, pagefind-extension-chunks, pagefind-native-gunzip and
 * pagefind-fragment-copy patches (lib/pagefind-*.mjs) apply to what the installed Pagefind writes,
 * and each fails naming itself when it does not.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { batchReleases, replaceOnce } from '../../lib/pagefind-batch-release.mjs';
import { loadExtensionChunks } from '../../lib/pagefind-extension-chunks.mjs';
import { copyFragments } from '../../lib/pagefind-fragment-copy.mjs';
import { CALLS, inflateNatively } from '../../lib/pagefind-native-gunzip.mjs';

/** Runs `check` on a folder holding what the installed Pagefind writes for a one-page site. */
async function withPagefindOutput(check: (outDir: string) => void): Promise<void> {
  // Pagefind is an ES module only (no `require` entry).
  const pagefind = await import('pagefind');
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pagefind-patch-'));
  try {
    const { index } = await pagefind.createIndex({ forceLanguage: 'en' });
    assert.ok(index);
    await index.addHTMLFile({
      sourcePath: 'a.html',
      content: '<html><body><main><h1>Bots</h1><p>Run a bot.</p></main></body></html>',
    });
    await index.writeFiles({ outputPath: outDir });
    await pagefind.close();
    check(outDir);
  } finally {
    fs.rmSync(outDir, { recursive: true, force: true });
  }
}

test("the installed Pagefind's page and worker scripts take the batched release", () =>
  withPagefindOutput((outDir) => {
    batchReleases(outDir);
    const page = fs.readFileSync(path.join(outDir, 'pagefind.js'), 'utf8');
    const worker = fs.readFileSync(path.join(outDir, 'pagefind-worker.js'), 'utf8');
    assert.match(page, /releaseSoon\(this\.instanceId,dataId\)/);
    assert.doesNotMatch(page, /"releaseData",\[dataId\]/);
    assert.match(worker, /case"releaseData":\{for\(const dataId of\[\]\.concat\(args\[0\]\)\)/);
    // Run twice, the patch no longer finds what it replaces, and says which patch to re-read.
    assert.throws(() => batchReleases(outDir), /pagefind-batch-release/);
  }));

test("the installed Pagefind's page and worker scripts also load the chunk of each word's last extension", () =>
  withPagefindOutput((outDir) => {
    loadExtensionChunks(outDir);
    for (const name of ['pagefind.js', 'pagefind-worker.js']) {
      const text = fs.readFileSync(path.join(outDir, name), 'utf8');
      assert.match(text, /map\(\(w\)=>w\+"zzzzzzzz"\)/, name);
      assert.doesNotMatch(text, /let index_resp=this\.backend\.request_indexes\(ptr,term\)/, name);
    }
    assert.throws(() => loadExtensionChunks(outDir), /pagefind-extension-chunks/);
  }));

test("the installed Pagefind's worker inflates every file it loads natively", () =>
  withPagefindOutput((outDir) => {
    inflateNatively(outDir);
    const worker = fs.readFileSync(path.join(outDir, 'pagefind-worker.js'), 'utf8');
    assert.equal(worker.split('await this.decompressNative(new Uint8Array(').length - 1, CALLS);
    assert.doesNotMatch(worker, /[^.]this\.decompress\(new Uint8Array\(/);
    assert.match(worker, /new DecompressionStream\("gzip"\)/);
    // The patched worker still parses as a script.
    assert.doesNotThrow(() => new Function(worker));
    assert.throws(() => inflateNatively(outDir), /pagefind-native-gunzip/);
  }));

test("the installed Pagefind's page and worker scripts return each search its own copy of a fragment", () =>
  withPagefindOutput((outDir) => {
    // After the other patches, as the build applies them.
    batchReleases(outDir);
    loadExtensionChunks(outDir);
    inflateNatively(outDir);
    copyFragments(outDir);
    for (const name of ['pagefind.js', 'pagefind-worker.js']) {
      const text = fs.readFileSync(path.join(outDir, name), 'utf8');
      assert.match(text, /this\.excerptEllipsis\);return\{\.\.\.fragment\};\}/, name);
      assert.doesNotMatch(text, /return fragment;\}/, name);
    }
    // The worker, a classic script, still parses (the page script is a module).
    const worker = fs.readFileSync(path.join(outDir, 'pagefind-worker.js'), 'utf8');
    assert.doesNotThrow(() => new Function(worker));
    assert.throws(() => copyFragments(outDir), /pagefind-fragment-copy/);
  }));

test('a replacement that matches twice is refused', () => {
  assert.throws(() => replaceOnce('ab ab', 'ab', 'x', 'f.js'), /f\.js: expected exactly one "ab"/);
  assert.equal(replaceOnce('a b', 'b', 'c', 'f.js'), 'a c');
});
