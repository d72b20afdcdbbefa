/** How many times the worker inflates a file it loaded (lib/pagefind-native-gunzip.mjs). */
export const CALLS: number;
/** Makes the `pagefind-worker.js` Pagefind wrote in `outDir` inflate natively (lib/pagefind-native-gunzip.mjs). */
export function inflateNatively(outDir: string): void;
