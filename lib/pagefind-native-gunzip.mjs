/**
 * Patch `pagefind-native-gunzip` (patches/manifest.json): Pagefind stores its index chunks,
 * fragments, metadata and wasm gzipped, and its worker inflates each one in JavaScript (a bundled
 * gunzip) before use. On a freshly loaded page that JavaScript is not yet optimised, and a first
 * search inflates every chunk and fragment it reads: a profile of the worker showed the inflate
 * among its largest costs. This rewrites the worker so each file goes through the browser's own
 * `DecompressionStream('gzip')`, which runs natively; where a browser has none, Pagefind's own
 * inflate runs as before. The page's `pagefind.js` (used only where workers are unavailable) is
 * left as it is. Each replacement must apply as counted, or the build fails naming the patch.
 */
import { replaceOnce, rewriteWorker } from './pagefind-batch-release.mjs';

const PATCH = 'pagefind-native-gunzip (patches/manifest.json; re-read it after a Pagefind upgrade)';

/** Each file the worker loads is read, then inflated, inside an async method: loadMeta, the wasm, chunks, fragment groups and fragments. */
const CALL = 'this.decompress(new Uint8Array(';
const CALL_NATIVE = 'await this.decompressNative(new Uint8Array(';
export const CALLS = 5;

const METHOD = 'decompress(data,file="unknown file"){';
/**
 * Same contract as Pagefind's `decompress` (strip the `pagefind_dcd` signature), inflated natively.
 * The bytes are streamed from a `Response`, not a `Blob`: in Chromium a `new Blob` (a worker's too)
 * registers its bytes with the browser process, and a CPU profile of first searches (2026-12-07)
 * gave the `Blob` constructor 80 ms of the worker's time per query, its largest single cost, for
 * the 10 to 33 files (about 20) a first query inflates. The signature is cut off as a view
 * (`subarray`), not a copy: every caller only reads the bytes and none uses the view's `.buffer`
 * (the metadata is copied with `new Uint8Array(…)`, the wasm compiled from the view, a chunk copied
 * into the wasm's memory, a fragment decoded as text). Where there is no `DecompressionStream`, or
 * the file is stored uncompressed, Pagefind's own `decompress` runs, copies and all.
 */
export const NATIVE_METHOD =
  'async decompressNative(data,file="unknown file"){' +
  'if(typeof DecompressionStream==="undefined"||this.decoder.decode(data.slice(0,12))==="pagefind_dcd"){return this.decompress(data,file);}' +
  'const out=new Uint8Array(await new Response(new Response(data).body.pipeThrough(new DecompressionStream("gzip"))).arrayBuffer());' +
  'if(this.decoder.decode(out.slice(0,12))!=="pagefind_dcd"){console.error(`Decompressing ${file} appears to have failed: Missing signature`);return out;}' +
  'return out.subarray(12);}';

/** Rewrites `<outDir>/pagefind-worker.js` in place. */
export function inflateNatively(outDir) {
  // An `await` outside an async function would not parse: rewriteWorker fails the build then.
  rewriteWorker(outDir, PATCH, (text, file) => {
    const calls = text.split(CALL).length - 1;
    if (calls !== CALLS) {
      throw new Error(
        `${file}: expected ${CALLS} calls ${JSON.stringify(CALL)}, found ${calls}: patch ${PATCH} no longer applies`,
      );
    }
    return replaceOnce(text, METHOD, NATIVE_METHOD + METHOD, file, PATCH)
      .split(CALL)
      .join(CALL_NATIVE);
  });
}
