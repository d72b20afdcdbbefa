/** `text` with `from` replaced by `to`; throws, naming `patch` (default: this file's), unless `from` occurs exactly once (lib/pagefind-batch-release.mjs). */
export function replaceOnce(text: string, from: string, to: string, file: string, patch?: string): string;
/** Replaces `from` by `to` exactly once in each of `outDir`'s `pagefind.js` and `pagefind-worker.js`, or throws naming `patch` (lib/pagefind-batch-release.mjs). */
export function replaceInScripts(outDir: string, from: string, to: string, patch: string): void;
/** Rewrites the `pagefind.js` and `pagefind-worker.js` Pagefind wrote in `outDir` (lib/pagefind-batch-release.mjs). */
export function batchReleases(outDir: string): void;
/** Rewrites `outDir`'s `pagefind-worker.js` with `rewrite`, or throws naming `patch` when the result does not parse (lib/pagefind-batch-release.mjs). */
export function rewriteWorker(outDir: string, patch: string, rewrite: (text: string, file: string) => string): void;
