/** `text` with `from` replaced by `to`; throws, naming `patch` (default: this file's), unless `from` occurs exactly once (lib/pagefind-batch-release.mjs). */
export function replaceOnce(text: string, from: string, to: string, file: string, patch?: string): string;
/** Rewrites the `pagefind.js` and `pagefind-worker.js` Pagefind wrote in `outDir` (lib/pagefind-batch-release.mjs). */
export function batchReleases(outDir: string): void;
