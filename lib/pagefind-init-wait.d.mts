/** How often, in ms, a search waiting for the runtime checks again (lib/pagefind-init-wait.mjs). */
export const CHECK_MS: number;
/** Makes both scripts Pagefind wrote in `outDir` check every CHECK_MS whether the runtime has started (lib/pagefind-init-wait.mjs). */
export function waitLessForInit(outDir: string): void;
