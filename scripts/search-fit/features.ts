/**
 * Step 2 of the byModel fit: the features. Reads trace.ts's output and writes, for every query,
 * the model's features of each traced result (modelFeatures, the code the panel runs), then
 * candidate features being tried (CANDIDATES, not read by the panel), with which results answer
 * the query, whether byModel skips the query, and where preferExactTitle puts each result.
 *
 * usage: npx tsx scripts/search-fit/features.ts <trace.json> <features.json>
 */
import fs from 'node:fs';
import {
  MODEL_FEATURES,
  askedOf,
  cover,
  distinctWords as distinct,
  modelFeatures,
  questionMatch,
  sameWord,
  type ModelInput,
} from '../../src/components/Search/pagefind';

interface Traced extends ModelInput {
  route: string;
  exactKey: number | null;
  excerpt: string;
  wordCount: number | null;
  subResults: { title: string; excerpt: string; locations: number | null; weight: number }[];
}

const holds = (field: string[], w: string) => field.some((x) => sameWord(w, x));

/**
 * Candidate features tried and not kept (CONTRIBUTING.md, "Reordering by a fitted score"), each a
 * function of the query and the ten results (one number per result). A candidate that LOSO keeps
 * moves into modelFeatures, so the panel computes it.
 */
const CANDIDATES: Record<string, (query: string, rs: Traced[]) => number[]> = {
  // The share of the query's words (rarity-weighted as modelFeatures) in the heading of the
  // sub-result Pagefind matched most (highest balanced score).
  bestHeading: (query, rs) => {
    const words = distinct(query);
    const weight = rarity(words, rs);
    return rs.map((r) => {
      const best = [...r.subResults].sort((a, b) => b.weight - a.weight)[0];
      return best ? cover(words, weight, distinct(best.title)) : 0;
    });
  },
  // The share of the query's words in the excerpt Pagefind returned for the page.
  excerpt: (query, rs) => {
    const words = distinct(query);
    const weight = rarity(words, rs);
    return rs.map((r) => cover(words, weight, distinct(r.excerpt)));
  },
  // Whether the rarest query word among the ten results (fewest of their titles, headings, excerpts
  // holding it) is in the result's title or route.
  rareTitle: (query, rs) => {
    const words = distinct(query);
    if (words.length === 0) return rs.map(() => 0);
    const texts = rs.map((r) =>
      distinct([r.meta.title ?? '', ...r.subResults.map((s) => s.title + ' ' + s.excerpt), r.excerpt].join(' ')),
    );
    const count = words.map((w) => texts.filter((t) => holds(t, w)).length);
    const rarest = words[count.indexOf(Math.min(...count))];
    return rs.map((r) =>
      holds(distinct(r.meta.title ?? ''), rarest) ||
      holds(distinct(r.route.split('/').slice(-2).join(' ').replace(/[-_.]/g, ' ')), rarest)
        ? 1
        : 0,
    );
  },
  // How many matches Pagefind found on the page (its sub-results' locations), ln(1 + n).
  matches: (_query, rs) => rs.map((r) => Math.log(1 + r.subResults.reduce((s, x) => s + (x.locations ?? 0), 0))),
  // The page's length in words, ln.
  words: (_query, rs) => rs.map((r) => Math.log(1 + (r.wordCount ?? 0))),
  // Thirty-ninth round's candidates (s92-refit), each from data the panel has loaded.
  // How well the page's best reader question or matched heading says what the query says
  // (questionMatch over askedOf, the score preferAskedQuestion reads; 0 under three words).
  asked: (query, rs) => rs.map((r) => questionMatch(query, askedOf({ meta: r.meta, sub_results: subs(r) } as never))),
  // The rarity-weighted share of the query's words any of the model's fields holds.
  anyField: (query, rs) => {
    const words = distinct(query);
    const weight = rarity(words, rs);
    return rs.map((r) => cover(words, weight, fieldsOf(r)));
  },
  // The first place, and the second, as indicators (the place's effect need not be ln-shaped).
  first: (_query, rs) => rs.map((_, i) => (i === 0 ? 1 : 0)),
  second: (_query, rs) => rs.map((_, i) => (i === 1 ? 1 : 0)),
  // How many headings Pagefind matched on the page, ln(1 + n).
  subCount: (_query, rs) => rs.map((r) => Math.log(1 + r.subResults.length)),
  // The rarity-weighted share of the query's words the sub-results' excerpts hold.
  subExcerpts: (query, rs) => {
    const words = distinct(query);
    const weight = rarity(words, rs);
    return rs.map((r) => cover(words, weight, distinct(r.subResults.map((s) => s.excerpt).join(' '))));
  },
  // Whether the rarest query word among the ten results' model fields is in the result's fields.
  rareField: (query, rs) => {
    const words = distinct(query);
    if (words.length === 0) return rs.map(() => 0);
    const held = rs.map(fieldsOf);
    const count = words.map((w) => held.filter((f) => holds(f, w)).length);
    const rarest = words[count.indexOf(Math.min(...count))];
    return held.map((f) => (holds(f, rarest) ? 1 : 0));
  },
};

const subs = (r: Traced) => r.subResults.map((s) => ({ title: s.title, url: r.url, excerpt: s.excerpt }));

/** The words of the fields the model reads: title, headings, questions, summary, route. */
function fieldsOf(r: Traced): string[] {
  return distinct(
    [
      r.meta.title ?? '',
      ...r.subResults.map((s) => s.title),
      r.meta.questions ?? '',
      r.meta.summary ?? '',
      r.route.replace(/[-/_.]/g, ' '),
    ].join(' '),
  );
}

function rarity(words: string[], rs: Traced[]): number[] {
  const fields = rs.map(fieldsOf);
  return words.map((w) => Math.log(1 + rs.length / (1 + fields.filter((f) => holds(f, w)).length)));
}

function main() {
  const [input, out] = process.argv.slice(2);
  if (!input || !out) throw new Error('usage: features.ts <trace.json> <features.json>');
  const trace = JSON.parse(fs.readFileSync(input, 'utf8')) as Record<
    string,
    {
      term: string;
      query: string;
      skipped: boolean;
      answers: boolean[];
      results: Traced[];
      beyond?: { exactKey: number }[];
      beyondAnswers?: boolean[];
    }[]
  >;
  const sets: Record<string, unknown[]> = {};
  for (const [name, queries] of Object.entries(trace)) {
    sets[name] = queries.map((t) => {
      // The loaded data as byModel reads it (sub_results: title and url).
      const data = t.results.map((r) => ({
        ...r,
        sub_results: r.subResults.map((s) => ({ title: s.title, url: r.url, excerpt: s.excerpt })),
      }));
      const base = data.length > 0 ? modelFeatures(t.query, data) : [];
      const extra = Object.values(CANDIDATES).map((f) => f(t.query, t.results));
      return {
        q: t.term,
        skipped: t.skipped,
        answers: t.answers,
        exactKey: t.results.map((r) => r.exactKey),
        beyond: (t.beyond ?? []).map((b, i) => ({ exactKey: b.exactKey, answer: t.beyondAnswers?.[i] ?? false })),
        x: base.map((row, i) => [...row, ...extra.map((e) => e[i])]),
      };
    });
  }
  fs.writeFileSync(out, JSON.stringify({ features: [...MODEL_FEATURES, ...Object.keys(CANDIDATES)], sets }));
}

main();
