/** Makes Pagefind's `loadFragment` return a copy per call in `outDir`'s scripts (lib/pagefind-fragment-copy.mjs). */
export function copyFragments(outDir: string): void;
