/**
 * Loads the Pagefind runtime once. A module of its own, and small, because the navbar's search
 * button (src/theme/SearchBar), which is on every page, starts the load when the reader reaches for
 * search (the shortcut, the pointer or focus on the button): the runtime, its worker, the wasm and
 * the index's metadata then arrive while the search panel's own code loads and the reader types,
 * instead of after the panel is on screen.
 */
import type { PagefindApi } from './pagefind';

/**
 * How much a query word found in each metadata field lifts a page (Pagefind's `ranking.metaWeights`:
 * a page whose field holds query words gets a boost set by the field's weight). `title` is the
 * page's h1; the others are the fields scripts/build-search-index.mjs writes where no excerpt can
 * reach them: a guide's description and keywords (`summary`), the everyday synonyms of its words
 * (`synonyms`), the identifiers its tables define (`terms`), a reference page's member names
 * (`members`).
 */
export const META_WEIGHTS = { title: 10, summary: 6, synonyms: 1, terms: 10, members: 4 };

let loading: Promise<PagefindApi> | undefined;

/** Loads (once) and initialises Pagefind from `<baseUrl>pagefind/`. */
export function loadPagefind(baseUrl: string): Promise<PagefindApi> {
  loading ??= (async () => {
    const url = `${baseUrl}pagefind/pagefind.js`;
    // webpackIgnore: the file is produced after the bundle, by the search indexing step.
    const api = (await import(/* webpackIgnore: true */ /* @vite-ignore */ url)) as PagefindApi;
    await api.options({ baseUrl, excerptLength: 24, ranking: { metaWeights: META_WEIGHTS } });
    await api.init();
    return api;
  })();
  loading.catch(() => {
    loading = undefined;
  });
  return loading;
}
