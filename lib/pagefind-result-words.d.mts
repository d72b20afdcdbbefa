/** Makes the `pagefind-worker.js` Pagefind wrote in `outDir` send each search result without its match positions (lib/pagefind-result-words.mjs). */
export function emptyResultWords(outDir: string): void;
