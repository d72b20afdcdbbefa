/** What is prepended to the worker: the segmenter cache and its warm-up (lib/pagefind-segmenter-cache.mjs). */
export const HELPERS: string;
/** Makes the `pagefind-worker.js` Pagefind wrote in `outDir` keep its segmenters and warm them at init (lib/pagefind-segmenter-cache.mjs). */
export function cacheSegmenters(outDir: string): void;
