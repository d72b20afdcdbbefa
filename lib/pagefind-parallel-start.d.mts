/** The page script's hand-off helper for the index entry `entry` (lib/pagefind-parallel-start.mjs). */
export function pageHelper(entry: unknown): string;
/** The worker script's hand-off helpers (lib/pagefind-parallel-start.mjs). */
export const WORKER_HELPER: string;
/** Makes the page fetch the metadata and wasm beside the worker and hand them over with the entry (lib/pagefind-parallel-start.mjs). */
export function startInParallel(outDir: string): void;
