/**
 * Patch `pagefind-result-words` (patches/manifest.json): Pagefind's worker answers a search with
 * every matching page, and each result carries `words`, the position of every match on that page.
 * A query runs a dozen searches, common words match hundreds of pages, and the browser copies all
 * of those lists from the worker to the page (and the page's main thread reads them in) before the
 * panel can use a single result. The panel never reads `words`: excerpts and headings come from
 * each result's data, which the worker builds from its own copy of the positions. The rewrite
 * sends `words` empty. Worker only: the page script, searching on the main thread where workers
 * are unavailable, copies nothing.
 */
import { replaceOnce, rewriteWorker } from './pagefind-batch-release.mjs';

const PATCH = 'pagefind-result-words (patches/manifest.json; re-read it after a Pagefind upgrade)';

/** The worker's `search` message handler, where each result's data function becomes an id. */
const LOOP =
  'case"search":{const pagefindInstance=getInstance(instanceId);const[term,options]=args;const results=await pagefindInstance.search(term,options);if(results&&results.results){for(let i2=0;i2<results.results.length;i2++){const result=results.results[i2];';
const NEXT = 'const dataFn=result.data;';

/** Rewrites `<outDir>/pagefind-worker.js` in place. */
export function emptyResultWords(outDir) {
  rewriteWorker(outDir, PATCH, (text, file) =>
    replaceOnce(text, LOOP + NEXT, `${LOOP}result.words=[];${NEXT}`, file, PATCH),
  );
}
