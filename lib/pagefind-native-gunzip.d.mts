/** How many times the worker inflates a file it loaded (lib/pagefind-native-gunzip.mjs). */
export const CALLS: number;
/** The `decompressNative` method the rewrite adds to the worker's Pagefind instance, as source text. */
export const NATIVE_METHOD: string;
/** Makes the `pagefind-worker.js` Pagefind wrote in `outDir` inflate natively (lib/pagefind-native-gunzip.mjs). */
export function inflateNatively(outDir: string): void;
