/** Pagefind's own `build_excerpt`, as its scripts hold it (lib/pagefind-excerpt-split.mjs). */
export const ORIGINAL: string;
/** The rewritten `build_excerpt`, with its cache (lib/pagefind-excerpt-split.mjs). */
export const PATCHED: string;
/** Makes both scripts Pagefind wrote in `outDir` split a page's text once per run of excerpts (lib/pagefind-excerpt-split.mjs). */
export function splitExcerptsOnce(outDir: string): void;
