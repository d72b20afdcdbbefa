/** Where Pagefind's worker parses the wasm's answer to a search (lib/pagefind-filter-counts.mjs). */
export const PARSE: string;
/** The function expression the rewrite applies to that answer before parsing it. */
export const WITHOUT_COUNTS: string;
/** Makes the `pagefind-worker.js` Pagefind wrote in `outDir` parse each search's answer without its filter counts (lib/pagefind-filter-counts.mjs). */
export function dropFilterCounts(outDir: string): void;
