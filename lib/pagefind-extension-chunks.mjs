/**
 * Patch `pagefind-extension-chunks` (patches/manifest.json): Pagefind matches each query word as
 * a prefix ("see" also finds "seed", "seen", "seeing") over the index chunks it has loaded, and it
 * loads, for each word, the chunk holding that word. When the word's extensions run on into the
 * next chunk, those are matched only if an earlier search happened to load that chunk. So the
 * same query gave different results, and a different order, depending on what the reader had
 * searched before ("patient can see other patients' records": the answer third on a fresh page,
 * sixth after other searches). This rewrites the search in the two files Pagefind writes (the
 * worker's and the page's fallback) so it also loads, for each word, the chunk that holds the
 * word's last possible extension (the word followed by "zzzzzzzz"): every extension of the word
 * is then loaded before it is matched, and a query's results no longer depend on earlier ones.
 * Extensions with a letter past "z" (an accented letter) may still fall outside; index words are
 * nearly all ASCII. Each replacement must apply exactly once, or the build fails naming the patch.
 */
import { replaceInScripts } from './pagefind-batch-release.mjs';

const PATCH = 'pagefind-extension-chunks (patches/manifest.json; re-read it after a Pagefind upgrade)';

const REQUEST = 'let index_resp=this.backend.request_indexes(ptr,term);let index_array=JSON.parse(index_resp);';
const REQUEST_WITH_ENDS =
  'let index_array=[...new Set([term,term.split(/\\s+/).filter(Boolean).map((w)=>w+"zzzzzzzz").join(" ")].flatMap((t)=>JSON.parse(this.backend.request_indexes(ptr,t))))];';

/** Rewrites the chunk request in `<outDir>/pagefind.js` and `<outDir>/pagefind-worker.js` in place. */
export function loadExtensionChunks(outDir) {
  replaceInScripts(outDir, REQUEST, REQUEST_WITH_ENDS, PATCH);
}
