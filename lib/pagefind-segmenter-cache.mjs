/**
 * Patch `pagefind-segmenter-cache` (patches/manifest.json): before each search, Pagefind's worker
 * splits the query into graphemes with a new `Intl.Segmenter`, and tests each against a Unicode
 * property regex. Every search built its own segmenter, and a query runs a dozen searches (all its
 * words, each word, the filters). The first segmenter a worker builds also loads the browser's
 * text-break data: 20 to 70 ms of worker time, paid by the reader's first query, before any index
 * chunk was asked for. This rewrites the worker so it keeps one segmenter per language and
 * granularity, and builds the grapheme one (and runs the regex once) as soon as `init` has asked
 * for the index metadata and wasm, while the worker waits for them. Results are unchanged. Worker
 * only, as `pagefind-native-gunzip`: the page script searches only where workers are unavailable,
 * and warming there would take the page's main thread. Each replacement must apply exactly once,
 * or the build fails naming the patch.
 */
import { replaceOnce, rewriteWorker } from './pagefind-batch-release.mjs';

const PATCH = 'pagefind-segmenter-cache (patches/manifest.json; re-read it after a Pagefind upgrade)';

const GRAPHEME = 'new Intl.Segmenter(trueLanguage,{granularity:"grapheme"})';
const WORD = 'new Intl.Segmenter(trueLanguage,{granularity:"word"})';
const CACHED_GRAPHEME = 'cachedSegmenter(trueLanguage,"grapheme")';
const CACHED_WORD = 'cachedSegmenter(trueLanguage,"word")';

/** Where `init` has started loading the metadata (and, after it, the wasm). */
const INIT = 'this.loadedLanguage=language;let resources=[this.loadMeta(index.hash)];';
/** A timer, so the warm-up runs once `init` is waiting on the network, not before its requests. */
const INIT_WARM = `${INIT}setTimeout(()=>warmSegmenters(language),0);`;

/**
 * Prepended to the worker (a classic script): the cache, and the warm-up, which mirrors how
 * `search` normalises a term (canonical locale, grapheme segmenter, the punctuation regex) and
 * swallows any error, since a failed warm-up only means the first search pays as before.
 */
export const HELPERS =
  'var segmenters=new Map();' +
  'function cachedSegmenter(language,granularity){const key=language+" "+granularity;let segmenter=segmenters.get(key);if(!segmenter){segmenter=new Intl.Segmenter(language,{granularity});segmenters.set(key,segmenter);}return segmenter;}' +
  'function warmSegmenters(language){try{const trueLanguage=Intl.getCanonicalLocales(language)[0];if(!trueLanguage||typeof Intl.Segmenter==="undefined")return;' +
  'for(const{segment}of cachedSegmenter(trueLanguage,"grapheme").segment("a-b")){/^\\p{Pd}|\\p{Pe}|\\p{Pf}|\\p{Pi}|\\p{Po}|\\p{Ps}$/u.test(segment);}}catch(err){}}\n';

/** Rewrites `<outDir>/pagefind-worker.js` in place. */
export function cacheSegmenters(outDir) {
  rewriteWorker(outDir, PATCH, (original, file) => {
    // The names prepended must not already be taken in the worker's top-level scope.
    for (const name of ['segmenters', 'cachedSegmenter', 'warmSegmenters']) {
      if (new RegExp(`\\b${name}\\b`).test(original))
        throw new Error(`${file}: the worker already uses the name ${name}: patch ${PATCH} no longer applies`);
    }
    let text = replaceOnce(original, GRAPHEME, CACHED_GRAPHEME, file, PATCH);
    text = replaceOnce(text, WORD, CACHED_WORD, file, PATCH);
    return HELPERS + replaceOnce(text, INIT, INIT_WARM, file, PATCH);
  });
}
