/** Applies the Pagefind patches that decide what a search returns to `outDir`'s scripts (lib/pagefind-patches.mjs). */
export function patchSearchResults(outDir: string): void;
