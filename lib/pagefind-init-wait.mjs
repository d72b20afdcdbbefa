/**
 * Patch `pagefind-init-wait` (patches/manifest.json): a search that arrives while Pagefind is
 * still starting (its metadata and wasm loading) waits in `getPtr`, which checks whether the start
 * has finished every 50 ms. A reader who types at once, as the search panel lets them (the runtime
 * starts loading when they reach for search), could wait up to 50 ms more after the index was
 * ready, on the first query only. The rewrite checks every 5 ms: one cheap timer callback per
 * 5 ms for each waiting search (a query sends about a dozen), only while the runtime starts. Applied to the worker and to the page script (which
 * searches on the main thread where workers are unavailable). Results are unchanged.
 */
import { replaceInScripts } from './pagefind-batch-release.mjs';

const PATCH = 'pagefind-init-wait (patches/manifest.json; re-read it after a Pagefind upgrade)';

const WAIT =
  'async getPtr(){while(this.raw_ptr===null){if(this.initError){throw this.initError;}await asyncSleep(50);}';

/** How often, in ms, a search waiting for the runtime checks again. */
export const CHECK_MS = 5;

/** Rewrites `<outDir>/pagefind.js` and `<outDir>/pagefind-worker.js` in place. */
export function waitLessForInit(outDir) {
  replaceInScripts(outDir, WAIT, WAIT.replace('asyncSleep(50)', `asyncSleep(${CHECK_MS})`), PATCH);
}
