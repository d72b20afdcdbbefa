/**
 * Patch `pagefind-fragment-copy` (patches/manifest.json): Pagefind keeps one object per page
 * fragment (its cache), and each `loadFragment` call writes its own search's excerpt, match
 * locations and sub-results (the headings the matches fall under) onto that shared object before
 * returning it. The result reaches the page a few awaits later. When two searches ask for the same
 * page while its fragment is still loading (a query's search of all its words and its word-by-word
 * searches, on a freshly loaded page), both calls resume when it arrives: the first returns the
 * object, the second overwrites it, and both results then carry the second search's excerpt and
 * headings. A result could show another search's excerpt, or lack the heading named by the query
 * (which decides where a catalogue entry opens, and whether it is listed). Each call now returns
 * a shallow copy taken as soon as its own values are written. Applied to the worker and to the page
 * script (which searches on the main thread where workers are unavailable).
 */
import { replaceInScripts } from './pagefind-batch-release.mjs';

const PATCH = 'pagefind-fragment-copy (patches/manifest.json; re-read it after a Pagefind upgrade)';

const RETURN =
  'fragment.sub_results=calculate_sub_results(fragment,this.excerptLength,this.excerptEllipsis);return fragment;}';
const RETURN_COPY =
  'fragment.sub_results=calculate_sub_results(fragment,this.excerptLength,this.excerptEllipsis);return{...fragment};}';

/** Rewrites `<outDir>/pagefind.js` and `<outDir>/pagefind-worker.js` in place. */
export function copyFragments(outDir) {
  replaceInScripts(outDir, RETURN, RETURN_COPY, PATCH);
}
