/**
 * The page side of trace.ts, bundled by it (esbuild) and run in the built site's page: for each
 * query, the results the search panel would reorder (loadedHits, the same code the panel runs) with
 * the loaded fields the model may read. A tool, not shipped with the site.
 */
import { loadPagefind } from '../../src/components/Search/loadPagefind';
import { exactTitleKey, loadedHits, namesSomething, typedWords } from '../../src/components/Search/pagefind';

const MAX = 10;

/** A result's loaded data with the fields the panel's types leave out (Pagefind sends them). */
interface Loaded {
  url: string;
  excerpt?: string;
  meta: { title?: string; questions?: string };
  word_count?: number;
  filters?: Record<string, string[]>;
  sub_results?: {
    title: string;
    url: string;
    excerpt?: string;
    locations?: number[];
    weighted_locations?: { weight: number; balanced_score: number }[];
  }[];
}
const text = (html: string) => html.replace(/<[^>]*>/g, '');

async function trace(terms: string[]) {
  const api = await loadPagefind('/');
  const out = [];
  for (const term of terms) {
    const loaded = await loadedHits(api, term, '/', MAX);
    if (!loaded) throw new Error(`no results for ${term}`);
    const { query, hits, data } = loaded;
    out.push({
      term,
      query,
      skipped: namesSomething(typedWords(query)),
      // Hits below the first ten that preferExactTitle brings to the front (a catalogue entry named
      // as the query), which byModel does not read.
      beyond: hits
        .slice(MAX)
        .map((hit) => ({ route: hit.route.split('#')[0], exactKey: exactTitleKey(hit, query) ?? null }))
        .filter((hit) => hit.exactKey !== null),
      results: hits.slice(0, MAX).map((hit, i) => {
        const d = data[i] as unknown as Loaded;
        return {
          route: hit.route.split('#')[0],
          title: hit.title,
          exactKey: exactTitleKey(hit, query) ?? null,
          url: d.url,
          meta: d.meta,
          filters: { kind: d.filters?.kind ?? [] },
          excerpt: text(d.excerpt ?? ''),
          wordCount: d.word_count ?? null,
          subResults: (d.sub_results ?? []).map((s) => ({
            title: s.title,
            url: s.url,
            excerpt: text(s.excerpt ?? ''),
            locations: s.locations?.length ?? null,
            weight: (s.weighted_locations ?? []).reduce((sum, w) => sum + w.balanced_score, 0),
          })),
        };
      }),
    });
  }
  return out;
}

(window as unknown as { searchTrace: typeof trace }).searchTrace = trace;
