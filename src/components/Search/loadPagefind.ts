/**
 * Loads the Pagefind search runtime that `npm run build` writes to build/pagefind/. It is fetched
 * only when a reader first reaches for search: src/theme/SearchBar imports this small module on
 * the first sign (pointer, focus, shortcut) beside the search panel's code, so the runtime (script,
 * worker, wasm, metadata) loads while the panel's code does instead of after it.
 */

export interface PagefindSubResult {
  title: string;
  url: string;
  excerpt: string;
}

export interface PagefindResultData {
  url: string;
  excerpt: string;
  /** `questions`: the page's reader questions, one sentence each (scripts/build-search-index.mjs). */
  /** `summary`: the page's description and keywords (scripts/build-search-index.mjs), read by the reordering model. */
  meta: { title?: string; questions?: string; summary?: string };
  sub_results?: PagefindSubResult[];
}

/** A result as the panel uses it; its `words` (match positions) are left out on purpose: the built site's worker sends them empty (lib/pagefind-result-words.mjs). */
interface PagefindResult {
  id: string;
  score: number;
  data(): Promise<PagefindResultData>;
}

export interface PagefindApi {
  options(opts: Record<string, unknown>): Promise<void>;
  init(): Promise<void>;
  preload(term: string): Promise<void>;
  search(term: string | null, opts?: { filters?: Record<string, unknown> }): Promise<{ results: PagefindResult[] }>;
}

/**
 * How much a query word found in each metadata field lifts a page (Pagefind's `ranking.metaWeights`:
 * a page whose field holds query words gets a boost set by the field's weight). `title` is the
 * page's h1; the others are the fields scripts/build-search-index.mjs writes where no excerpt can
 * reach them: a guide's description and keywords (`summary`), the everyday synonyms of its words
 * (`synonyms`), the identifiers its tables define (`terms`), the questions readers ask in their own
 * words that it answers (front matter `questions:`, `questions`), a reference page's member names
 * (`members`). The title weighs 24 since the questions were indexed: every value between 18 and
 * 30 put more spent-set answers first than 10 did (269 of 429 at 24, against 258 at 10).
 */
export const META_WEIGHTS = { title: 24, summary: 6, synonyms: 1, terms: 10, questions: 4, members: 4 };

let loading: Promise<PagefindApi> | undefined;

/** The catalogue messages, per loaded index (see messagePatternsMatching in ./pagefind). */
const messagePatterns = new WeakMap<PagefindApi, Promise<string[]>>();

/** Loads (once) and initialises Pagefind from `<baseUrl>pagefind/`. */
export function loadPagefind(baseUrl: string): Promise<PagefindApi> {
  loading ??= (async () => {
    const url = `${baseUrl}pagefind/pagefind.js`;
    // Written beside the index by scripts/build-search-index.mjs (`npm start`'s index, which has
    // no catalogue filters, holds an empty list); a missing or unreadable one means no patterns.
    const patterns = fetch(`${baseUrl}pagefind/message-patterns.json`)
      .then((r) => (r.ok ? (r.json() as Promise<string[]>) : []))
      .catch(() => []);
    // webpackIgnore: the file is produced after the bundle, by the search indexing step.
    const api = (await import(/* webpackIgnore: true */ /* @vite-ignore */ url)) as PagefindApi;
    await api.options({ baseUrl, excerptLength: 24, ranking: { metaWeights: META_WEIGHTS } });
    await api.init();
    messagePatterns.set(api, patterns);
    return api;
  })();
  loading.catch(() => {
    loading = undefined;
  });
  return loading;
}

/** The catalogue messages that `api`'s index was written with (empty while unknown). */
export function messagePatternsOf(api: PagefindApi): Promise<string[]> {
  return messagePatterns.get(api) ?? Promise.resolve([]);
}
