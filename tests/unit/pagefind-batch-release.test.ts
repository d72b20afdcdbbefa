/**
 * The pagefind-batch-release, pagefind-extension-chunks, pagefind-native-gunzip,
 * pagefind-fragment-copy, pagefind-segmenter-cache, pagefind-excerpt-split, pagefind-result-words and
 * pagefind-init-wait patches (lib/pagefind-*.mjs) apply to what the installed Pagefind writes,
 * and each fails naming itself when it does not.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import zlib from 'node:zlib';
import { batchReleases, replaceOnce } from '../../lib/pagefind-batch-release.mjs';
import { loadExtensionChunks } from '../../lib/pagefind-extension-chunks.mjs';
import { copyFragments } from '../../lib/pagefind-fragment-copy.mjs';
import { CALLS, NATIVE_METHOD, inflateNatively } from '../../lib/pagefind-native-gunzip.mjs';
import { cacheSegmenters } from '../../lib/pagefind-segmenter-cache.mjs';
import { ORIGINAL, PATCHED, splitExcerptsOnce } from '../../lib/pagefind-excerpt-split.mjs';
import { emptyResultWords } from '../../lib/pagefind-result-words.mjs';
import { PARSE, WITHOUT_COUNTS, dropFilterCounts } from '../../lib/pagefind-filter-counts.mjs';
import { CHECK_MS, waitLessForInit } from '../../lib/pagefind-init-wait.mjs';

/** Runs `check` on a folder holding what the installed Pagefind writes for a one-page site. */
async function withPagefindOutput(check: (outDir: string) => void | Promise<void>): Promise<void> {
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
    await check(outDir);
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
    // Streamed from a Response: a worker's Blob registers its bytes with the browser process.
    assert.doesNotMatch(worker, /new Blob\(/);
    // The patched worker still parses as a script.
    assert.doesNotThrow(() => new Function(worker));
    assert.throws(() => inflateNatively(outDir), /pagefind-native-gunzip/);
  }));

test('the native inflate returns what Pagefind stored, for every gzipped file of an index', () =>
  withPagefindOutput(async (outDir) => {
    // The rewritten method alone, on an object with what it uses of Pagefind's instance; the
    // fallback to Pagefind's own inflate must not be taken where DecompressionStream exists.
    const { decompressNative } = new Function(`return {${NATIVE_METHOD}}`)() as {
      decompressNative: (data: Uint8Array, file: string) => Promise<Uint8Array<ArrayBuffer>>;
    };
    const instance = {
      decoder: new TextDecoder(),
      decompress: () => assert.fail('the JavaScript inflate was used'),
    };
    const files = fs
      .readdirSync(outDir, { recursive: true, encoding: 'utf8' })
      .filter((f) => /\.pf_(meta|index|filter|fragment)$|^wasm\..*\.pagefind$/.test(f));
    assert.ok(files.some((f) => f.endsWith('.pf_fragment')) && files.some((f) => f.startsWith('wasm.')));
    for (const file of files) {
      const data = new Uint8Array(fs.readFileSync(path.join(outDir, file)));
      const out = await decompressNative.call(instance, data, file);
      assert.deepEqual(Buffer.from(out), zlib.gunzipSync(data).subarray(12), file);
      // The signature is cut as a view: the wasm must compile from it as it is handed over.
      if (file.startsWith('wasm.')) assert.ok((await WebAssembly.compile(out)) instanceof WebAssembly.Module, file);
    }
  }));

test("the native inflate leaves a file to Pagefind's where there is no DecompressionStream or it is stored raw", async () => {
  // `DecompressionStream` shadowed by an undefined parameter, as in a browser without one.
  const methods = (ds: unknown) =>
    new Function('DecompressionStream', `return {${NATIVE_METHOD}}`)(ds) as {
      decompressNative: (data: Uint8Array, file: string) => Promise<unknown>;
    };
  const calls: string[] = [];
  const instance = {
    decoder: new TextDecoder(),
    decompress: (_data: Uint8Array, file: string) => (calls.push(file), 'inflated by Pagefind'),
  };
  const gzipped = new Uint8Array(zlib.gzipSync(Buffer.from('pagefind_dcd{}')));
  assert.equal(await methods(undefined).decompressNative.call(instance, gzipped, 'no stream'), 'inflated by Pagefind');
  const raw = new Uint8Array(Buffer.from('pagefind_dcd{}'));
  assert.equal(await methods(DecompressionStream).decompressNative.call(instance, raw, 'raw'), 'inflated by Pagefind');
  assert.deepEqual(calls, ['no stream', 'raw']);
  // A file that is not gzip rejects, as Pagefind's inflate throws, for the caller's catch.
  await assert.rejects(methods(DecompressionStream).decompressNative.call(instance, new Uint8Array([1, 2, 3]), 'bad'));
});

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

test("the installed Pagefind's worker keeps one segmenter per language and warms it at init", () =>
  withPagefindOutput((outDir) => {
    // After the other patches, as the build applies them.
    batchReleases(outDir);
    loadExtensionChunks(outDir);
    inflateNatively(outDir);
    copyFragments(outDir);
    cacheSegmenters(outDir);
    const worker = fs.readFileSync(path.join(outDir, 'pagefind-worker.js'), 'utf8');
    assert.doesNotMatch(worker, /new Intl\.Segmenter\(trueLanguage/);
    assert.match(worker, /const graphemeSegmenter=cachedSegmenter\(trueLanguage,"grapheme"\)/);
    assert.match(worker, /const wordSegmenter=cachedSegmenter\(trueLanguage,"word"\)/);
    assert.match(
      worker,
      /let resources=\[this\.loadMeta\(index\.hash\)\];setTimeout\(\(\)=>warmSegmenters\(language\),0\);/,
    );
    // The worker still parses, and the helpers it gained work: one segmenter per key, and a
    // warm-up that fills the cache and never throws.
    assert.doesNotThrow(() => new Function(worker));
    const helpers = new Function(
      `${worker.slice(0, worker.indexOf('\n'))}; return { cachedSegmenter, warmSegmenters, segmenters };`,
    )() as {
      cachedSegmenter: (language: string, granularity: string) => Intl.Segmenter;
      warmSegmenters: (language: unknown) => void;
      segmenters: Map<string, Intl.Segmenter>;
    };
    assert.equal(helpers.cachedSegmenter('en', 'grapheme'), helpers.cachedSegmenter('en', 'grapheme'));
    assert.notEqual(helpers.cachedSegmenter('en', 'grapheme'), helpers.cachedSegmenter('en', 'word'));
    helpers.warmSegmenters('fr');
    assert.ok(helpers.segmenters.has('fr grapheme'));
    assert.doesNotThrow(() => helpers.warmSegmenters('not a locale!'));
    assert.throws(() => cacheSegmenters(outDir), /pagefind-segmenter-cache/);
  }));

test("the installed Pagefind's scripts take the excerpt rewrite, once", () =>
  withPagefindOutput((outDir) => {
    splitExcerptsOnce(outDir);
    for (const name of ['pagefind.js', 'pagefind-worker.js']) {
      const text = fs.readFileSync(path.join(outDir, name), 'utf8');
      assert.ok(text.includes(PATCHED), name);
      assert.ok(!text.includes(ORIGINAL), name);
    }
    const worker = fs.readFileSync(path.join(outDir, 'pagefind-worker.js'), 'utf8');
    assert.doesNotThrow(() => new Function(worker));
    assert.throws(() => splitExcerptsOnce(outDir), /pagefind-excerpt-split/);
  }));

test("the rewritten build_excerpt returns what Pagefind's returns, on generated pages", () => {
  type BuildExcerpt = (
    content: string,
    start: number,
    length: number,
    locations: number[],
    notBefore?: number,
    notFrom?: number,
    ellipsis?: string,
  ) => { excerpt: string; plain_excerpt: string };
  // Each in its own scope, with Pagefind's word separator, as the scripts define it.
  const load = (code: string) =>
    new Function(`var word_separators=/[^\\S\\uFEFF]+/g;${code}return build_excerpt;`)() as BuildExcerpt;
  const original = load(ORIGINAL);
  const patched = load(PATCHED);
  // A fixed 32-bit pseudo-random sequence: the same cases on every run.
  let seed = 7;
  const next = (n: number) => {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    return (seed >>> 8) % n;
  };
  const odd = [0.5, -1.5, Number.NaN, Number.POSITIVE_INFINITY, -0];
  const words = ['bot', 'token', '<mark>x', '', 'é', 'a\u200Bb', 'the', '&lt;id&gt;'];
  const seen = { marked: 0, duplicates: 0, outside: 0, zws: 0, clamped: 0, odd: 0 };
  for (let page = 0; page < 4000; page++) {
    const count = next(80);
    const parts = Array.from({ length: count }, () => words[next(words.length)]);
    const zws = next(5) === 0;
    const content = zws ? parts.join('\u200B') : parts.join([' ', '  ', '\n', '\t'][next(4)]);
    // Several calls on one text, each with its own window and matches, as Pagefind makes for a
    // page's excerpt and then each heading's; one in five with an odd number somewhere.
    for (let call = 0; call < 5; call++) {
      const isOdd = next(5) === 0;
      const pick = (n: number) => (isOdd && next(4) === 0 ? odd[next(odd.length)] : n);
      const start = pick(next(count + 10) - 3);
      const length = pick(next(30) - 2);
      const locations = Array.from({ length: next(10) }, () => pick(next(count + 20) - 3));
      if (next(3) === 0 && locations.length > 0) locations.push(locations[0]);
      const notBefore = next(3) ? undefined : pick(next(count + 5));
      const notFrom = next(3) ? undefined : pick(next(count + 40));
      const ellipsis = next(2) ? '…' : undefined;
      const expected = original(content, start, length, [...locations], notBefore, notFrom, ellipsis);
      assert.deepEqual(
        patched(content, start, length, [...locations], notBefore, notFrom, ellipsis),
        expected,
        JSON.stringify({ content, start, length, locations, notBefore, notFrom, ellipsis }),
      );
      if (expected.excerpt.includes('<mark>')) seen.marked++;
      if (new Set(locations).size < locations.length) seen.duplicates++;
      if (locations.some((l) => l < 0 || l >= count)) seen.outside++;
      if (zws) seen.zws++;
      if (notFrom !== undefined && notFrom < count) seen.clamped++;
      if (isOdd) seen.odd++;
    }
  }
  // The cases cover what the rewrite treats differently from Pagefind's code.
  for (const [what, times] of Object.entries(seen)) assert.ok(times >= 500, `${what}: ${times} cases`);
  // Positions given as strings ("01" is no array index, "1" is one) take the original's path too.
  const strings = ['01', '1', '-0'] as unknown as number[];
  assert.deepEqual(
    patched('a b c', 0, 3, strings, undefined, undefined, '…'),
    original('a b c', 0, 3, strings, undefined, undefined, '…'),
  );
});

test("the installed Pagefind's worker sends search results without their match positions", () =>
  withPagefindOutput((outDir) => {
    emptyResultWords(outDir);
    const worker = fs.readFileSync(path.join(outDir, 'pagefind-worker.js'), 'utf8');
    assert.match(
      worker,
      /case"search":\{[^}]*const result=results\.results\[i2\];result\.words=\[\];const dataFn=result\.data;/,
    );
    // Only the search handler: the debounced one, which the panel does not call, is left as it is.
    assert.equal(worker.split('result.words=[];').length - 1, 1);
    assert.doesNotThrow(() => new Function(worker));
    assert.throws(() => emptyResultWords(outDir), /pagefind-result-words/);
  }));

test("the installed Pagefind's worker parses a search's answer without its filter counts", () =>
  withPagefindOutput((outDir) => {
    const page = fs.readFileSync(path.join(outDir, 'pagefind.js'), 'utf8');
    dropFilterCounts(outDir);
    const worker = fs.readFileSync(path.join(outDir, 'pagefind-worker.js'), 'utf8');
    assert.ok(worker.includes(PARSE.replace('JSON.parse(result)', `JSON.parse(${WITHOUT_COUNTS}(result))`)));
    assert.ok(!worker.includes(PARSE));
    // The page script, searching where workers are unavailable, is left as it is.
    assert.equal(fs.readFileSync(path.join(outDir, 'pagefind.js'), 'utf8'), page);
    assert.doesNotThrow(() => new Function(worker));
    assert.throws(() => dropFilterCounts(outDir), /pagefind-filter-counts/);
  }));

test('the counts are cut from the answer and the results parse as before, quotes in values included', () => {
  const cut = new Function(`return ${WITHOUT_COUNTS}`)() as (raw: string) => string;
  const results = [{ p: 'en_1', g: '', s: 1.5, l: [{ w: 12, s: 1, l: 3 }] }];
  const raw = JSON.stringify({
    filtered_counts: { defines: { '"results":[': 0, 'a "b"': 1 }, results: { x: 1 } },
    total_counts: { named: { results: 2 } },
    results,
    unfiltered_total: 7,
  });
  assert.deepEqual(JSON.parse(cut(raw)), { filtered_counts: {}, total_counts: {}, results, unfiltered_total: 7 });
  // Another shape is parsed whole.
  const other = JSON.stringify({ results, filtered_counts: { named: { x: 1 } } });
  assert.equal(cut(other), other);
});

test("the installed Pagefind's scripts check for a started runtime every few milliseconds", () =>
  withPagefindOutput((outDir) => {
    waitLessForInit(outDir);
    for (const name of ['pagefind.js', 'pagefind-worker.js']) {
      const text = fs.readFileSync(path.join(outDir, name), 'utf8');
      assert.ok(text.includes(`throw this.initError;}await asyncSleep(${CHECK_MS});}`), name);
      assert.ok(!text.includes('throw this.initError;}await asyncSleep(50);}'), name);
    }
    assert.doesNotThrow(() => new Function(fs.readFileSync(path.join(outDir, 'pagefind-worker.js'), 'utf8')));
    assert.throws(() => waitLessForInit(outDir), /pagefind-init-wait/);
  }));

test('a replacement that matches twice is refused', () => {
  assert.throws(() => replaceOnce('ab ab', 'ab', 'x', 'f.js'), /f\.js: expected exactly one "ab"/);
  assert.equal(replaceOnce('a b', 'b', 'c', 'f.js'), 'a c');
});
