/** Rewrites the index chunk request in the `pagefind.js` and `pagefind-worker.js` Pagefind wrote in `outDir` (lib/pagefind-extension-chunks.mjs). */
export function loadExtensionChunks(outDir: string): void;
