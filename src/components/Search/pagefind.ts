/**
 * Ranking for the search panel: what a query is searched for in the Pagefind index (loaded by
 * ./loadPagefind), and in which order the results are shown. The index is split in chunks, so a
 * query fetches only the chunks and fragments it needs.
 */
import { messagePatternsOf, type PagefindApi, type PagefindResultData, type PagefindSubResult } from './loadPagefind';

/**
 * Pagefind reports `/docs/fhir-basics/` or `/docs/fhir-basics/index.html`; the site's routes have
 * no trailing slash.
 */
export function toRoute(url: string): string {
  const [pathPart, hash] = url.split('#');
  // Only a file named exactly index.html is a folder's page: `reindex.html` is the page `reindex`.
  let p = pathPart.replace(/(^|\/)index\.html$/, '$1').replace(/\.html$/, '');
  if (p.length > 1) p = p.replace(/\/+$/, '');
  return hash ? `${p}#${hash}` : p;
}

/**
 * A route without the site's base URL (`/medplum-docs/docs/x` -> `/docs/x`), for the checks
 * below that name the site's own sections. A route outside the base is returned as it is.
 */
export function withoutBase(route: string, baseUrl = '/'): string {
  if (baseUrl === '/' || !route.startsWith(baseUrl.replace(/\/$/, ''))) return route;
  const rest = route.slice(baseUrl.length - 1);
  return rest === '' ? '/' : rest.startsWith('/') ? rest : route;
}

/** The section of the site a result belongs to, shown beside its title. */
export function sectionOf(routeWithBase: string, baseUrl = '/'): string {
  const route = withoutBase(routeWithBase, baseUrl);
  if (route.startsWith('/docs/api/fhir/resources')) return 'FHIR resource';
  if (route.startsWith('/docs/api/fhir/datatypes')) return 'FHIR datatype';
  if (route.startsWith('/docs/api/fhir/medplum')) return 'Medplum resource';
  if (route.startsWith('/docs/sdk')) return 'SDK';
  if (route.startsWith('/docs/api')) return 'Reference';
  return 'Guide';
}

/** Words that carry no meaning in a docs query ("how do I …"); Pagefind would require them. */
// "new" says nothing about a topic ("create a new project"), yet guides use it so often ("a new
// Subscription", "the new resource") that it decides the ranking instead of the topic words.
// "this", "that", "will": every word must be on a page, and a guide need not use them ("who
// changed this resource" once matched the history page only through its hidden source list).
// "supported", "possible", "want", "need", "trying", "still", "doesn't": the frame of a question
// ("Are custom search parameters supported?", "is it possible to …", "still doesn't work"), not
// its topic; required like topic words, they kept the answering page, which never says them, out
// of the results. "enable" frames a request the same way ("how to enable agent push"): the page
// about the feature says what it does, not that it can be enabled. "not" stays: it is part of
// error texts ("exports.handler is not a function").
// "after" and "before" place a topic in time ("will not start after an upgrade"); like "from" and
// "into" they are not the topic, and in a long question, ranked word by word (blendByWords), a
// word that nearly every page holds would still count.
const STOP_WORDS = new Set([
  ...'a after an and are as at be before by can could do does for from how i in into is it its me my new of on or our should that the there these this those to use using we what when where which why will with work works would you your'.split(
    ' ',
  ),
  ...'able also any doesn don enable get getting just need possible still support supported try trying want way won'.split(
    ' ',
  ),
  // The verb an issue title opens with ("Add bulkExport support to MedplumClient", "Allow
  // configuring server default rate limits", "Implement …") asks for a change; the rest names
  // the topic. Dropping them moved 5 spent-set answers up and none down. "Provide" and "ability"
  // frame a request the same way ("Provide a helper method to …", "Ability to change …"); kept,
  // "provide" matched every page about identity providers (both stem to "provid"), and
  // "ability", rare in the guides, put first a page that uses it once in passing. Dropping the two
  // moved 2 spent-set answers up (of 1,261) and none down.
  ...'ability add allow implement provide'.split(' '),
]);

/**
 * "docs", "documentation", "readme", "tutorial": in a query they name this site, not a topic ("Docs
 * for the validate operation", "Async Batch Docs", "HL7 bot tutorial": the guide is the tutorial). Every word must be on a page, so a query that keeps
 * them finds the pages that happen to say "documentation" (compliance, C-CDA) ahead of the topic.
 * Removed before anything else sees the query, so "$rate-limits documentation" is searched, and
 * ranked, exactly as "$rate-limits". Only a word standing alone between spaces goes, with the
 * punctuation around it ("Docs:", "(docs)", "docs?"), so "Patient docs?" is "Patient" and still
 * finds the Patient page by name; a word inside a path, URL, file name or longer word (`/docs/bots`,
 * `README.md`, `docs-site`, `$docs`, "édocs") stays.
 */
const SITE_WORDS = /(?<=^|\s)[("'“‘[]*(?:docs?|documentation|readme|tutorials?)[)"'”’\]:;,.!?]*(?=\s|$)/gi;

/** The query without the words that name the site itself; the query as typed when nothing else is left. */
export function withoutSiteWords(query: string): string {
  const rest = query.replace(SITE_WORDS, ' ').replace(/\s+/g, ' ').trim();
  return /[\p{L}\p{N}]/u.test(rest) ? rest : query;
}

/**
 * The words of a pasted message as the index holds the entry's heading: split at spaces only, so
 * a package or path keeps its slash (`Could not resolve "@medplum/bot-layer"`: the heading is
 * indexed as one word `medplum/bot-layer`, which its halves, as significantWords splits them, do
 * not match). Used with the `message` filter, which already requires that entry.
 */
export function messageWords(message: string): string {
  const kept = trimmed(message.toLowerCase().split(/\s+/)).filter(worthMatching);
  return kept.length > 0 ? kept.join(' ') : significantWords(message).join(' ');
}

/**
 * `$everything`, `#anchor`, `"quoted."`: the index holds words without the punctuation around
 * them (an operation's `$` included), so a word keeps only what lies between.
 */
function trimmed(words: string[]): string[] {
  return words.map((w) => w.replace(/^[^\p{L}\p{N}_]+|[^\p{L}\p{N}_]+$/gu, '')).filter((w) => w !== '');
}

/** One letter is never worth a match: the "s" left of "user's" would match every word with an s. */
const worthMatching = (word: string) => !STOP_WORDS.has(word) && word.length > 1;

/**
 * A route as a reader pastes it from a request or a log (`/auth/mfa/disable`, `fhir/R4/Patient/$everything`):
 * at most five parts, none a file name (also as a stack trace gives it, `index.js:12:5`) or hidden
 * folder (`.medplum`), no scheme, no `node_modules`, not under a home or system folder.
 */
function isRoute(word: string): boolean {
  const path = word.replace(/^[^\w/$]+|[^\w$]+$/g, '');
  return (
    !/node_modules|:\/\/|\.[a-z]{1,4}(?::\d+){0,2}$|(?:^|\/)\./i.test(path) &&
    !/^\/(?:Users|home|root|opt|var|usr|tmp|etc)\//.test(path) &&
    path.split('/').filter(Boolean).length <= 5
  );
}

/** The words of a query that are worth matching; the query itself when all are stop words. */
export function significantWords(query: string): string[] {
  const split = query
    // A file path pasted with an error ('/Users/me/app/node_modules/@medplum/react/dist/esm/…')
    // names the asker's folders, not the topic: a word with three slashes or more is left out,
    // unless it is a server route ('/auth/mfa/disable'), whose parts are the topic.
    .replace(/\S*\/\S*\/\S*\/\S*/g, (word) => (isRoute(word) ? word : ' '))
    .toLowerCase()
    // "log in" is the verb "login": searched as "log", it finds every page about logs.
    .replace(/\blog(?:ged|ging|s)? ?in(?:to)?\b/g, 'login')
    .split(/[\s,;:!?()"'/]+/);
  const words = trimmed(split);
  const kept = words.filter(worthMatching);
  return kept.length > 0 ? kept : words;
}

export interface ScoredResult {
  id: string;
  score: number;
  data(): Promise<PagefindResultData>;
}

/**
 * Ranks pages found by searching each word on its own: pages matching more words first, then
 * by summed score. Used when no page contains every word of the query.
 */
export function mergeByWords(perWord: ScoredResult[][]): ScoredResult[] {
  const merged = new Map<string, { result: ScoredResult; words: number; score: number }>();
  for (const results of perWord) {
    for (const r of results) {
      const seen = merged.get(r.id);
      if (seen) {
        seen.words += 1;
        seen.score += r.score;
      } else {
        merged.set(r.id, { result: r, words: 1, score: r.score });
      }
    }
  }
  return [...merged.values()].sort((a, b) => b.words - a.words || b.score - a.score).map((m) => m.result);
}

/**
 * Below this many pages with every word, pages with most of the words are listed after them.
 * Tried at 6 and at 10 (so more two- and three-word queries are ranked word by word) on the 1,430
 * spent queries and not kept: 6 moved 2 answers up and 7 down (first 1,133 to 1,131, top 3 1,345
 * to 1,344), 10 moved 6 up and 11 down (first 1,133 to 1,131, top 3 1,345 to 1,343); three pages
 * holding every word already name the topic.
 */
const FEW_RESULTS = 3;

/**
 * Searches for every significant word together. A question typed in plain words often has a
 * word the answering page does not use ("newer", "nightly"), so when fewer than three pages hold
 * them all, the guides are ranked word by word (see blendByWords) and the other pages matching
 * most of the words follow them (see mergeByWords); ranking the guides by how many words they
 * hold instead put a page holding two common words ahead of the page about the rare one
 * ("calculatedExpression"). A question of BLEND_FROM words or more is ranked word by word too.
 */
export async function searchPages(api: PagefindApi, query: string): Promise<ScoredResult[]> {
  return (await searchPagesWithEveryWord(api, query)).results;
}

/** searchPages, with the pages holding every word (Pagefind's search of all the words, in its order) beside. */
export async function searchPagesWithEveryWord(
  api: PagefindApi,
  query: string,
): Promise<{ results: ScoredResult[]; together: ScoredResult[] }> {
  const words = significantWords(query);
  const eachWord = (filters?: Record<string, unknown>) =>
    Promise.all(words.map((w) => api.search(w, { filters }).then((r) => r.results)));
  // Every query of two words or more ranks its guides word by word, whatever the search of all
  // its words returns: started beside that search, not after it. Both wait on the same index
  // chunks (the worker fetches each once), so on a fresh page the query waits for one round of
  // searches instead of two. The settings tables are searched with the guides whatever the
  // question (GUIDES_AND_SETTINGS); unless it asks about configuration, their scores count for
  // less (SETTINGS_WEIGHT) in blendByWords and withRarestWordsGuide does not pick them, so their
  // ids (`damped`: one filter-only search per loaded index, settingsIds) are read beside too.
  const byWord = words.length >= 2 ? eachWord(GUIDES_AND_SETTINGS) : undefined;
  const damped = byWord && !asksAboutSettings(query) ? settingsIds(api) : Promise.resolve(new Set<string>());
  // Awaited below, unless the search of all words fails first: a handler now keeps its own failure
  // from being reported as an unhandled rejection then.
  byWord?.catch(() => undefined);
  damped.catch(() => undefined);
  const all = await api.search(words.join(' '));
  const together = all.results;
  if (!byWord) return { results: together, together };
  if (words.length >= BLEND_FROM) return { results: blendByWords(together, await byWord, await damped), together };
  if (together.length >= FEW_RESULTS)
    return { results: withRarestWordsGuide(together, withoutIds(await byWord, await damped)), together };
  // Few pages hold every word: the guides are ranked word by word, as a long question is (a rare
  // word counts for more than a common one), and the other pages follow, most words first.
  const [inGuides, inAll, settings] = await Promise.all([byWord, eachWord(), damped]);
  const blended = blendByWords(together, inGuides, settings);
  const seen = new Set(blended.map((r) => r.id));
  return { results: [...blended, ...mergeByWords(inAll).filter((r) => !seen.has(r.id))], together };
}

/** A word held by at most this many guides names the query's topic (withRarestWordsGuide). */
export const RARE_WORD_GUIDES = 60;

/**
 * Pages holding every word of a short query, with the guide that best matches its rarest word
 * third when it is not among the first three. A word few guides hold ("cron" in "support executing
 * bot on cron") is the query's topic, and the page about it often lacks one of the other words
 * ("executing"), so it is missing from the pages holding every word, which are pages that mention
 * the topic in passing. Placed first instead when at most 12 guides hold the word (tried on the
 * 1,430 spent queries): 4 answers up and 14 down (first 1,133 to 1,123); a pasted title's rare
 * word is as often a detail as the topic. Also tried (1,782 spent queries, traced): each word's
 * best guide, for every word at most RARE_WORD_GUIDES guides hold, placed third, fourth and on
 * (no answer up, one down) or after the first three (no answer moved).
 */
export function withRarestWordsGuide(together: ScoredResult[], perWord: ScoredResult[][]): ScoredResult[] {
  const held = perWord.filter((results) => results.length > 0);
  if (held.length === 0) return together;
  const rarest = held.reduce((a, b) => (b.length < a.length ? b : a));
  if (rarest.length > RARE_WORD_GUIDES) return together;
  return placedThird(
    together,
    rarest.reduce((a, b) => (b.score > a.score ? b : a)),
  );
}

/** `results` with `page` third, unless it is already among the first three. */
function placedThird(results: ScoredResult[], page: ScoredResult): ScoredResult[] {
  if (results.slice(0, 3).some((r) => r.id === page.id)) return results;
  const rest = results.filter((r) => r.id !== page.id);
  return [...rest.slice(0, 2), page, ...rest.slice(2)];
}

/**
 * From this many significant words on, a query is ranked by blendByWords. Four, not five: with
 * the pages' reader questions indexed, this and the two constants below (tried together) put 14
 * more of 429 spent-set answers first and 10 more in the top 3.
 */
export const BLEND_FROM = 4;

/**
 * How a page's score for one word counts, relative to the best page's: (score / best) to this
 * power. Below 1 it flattens the gap, so a page that holds a rare word a little counts nearly as
 * much as the page that holds it most; 0.7 was best between 0.3 and 1.2.
 */
const RELATIVE_SCORE_POWER = 0.7;

/**
 * The lead of pages holding every word (Pagefind's search of the whole query). Only a tie-break
 * now: a lead of 1.5 put pages that mention every word in passing ahead of the page about the
 * rarest one.
 */
const EVERY_WORD_LEAD = 1.05;

/**
 * The scale of a word's rarity (idf), ln(1 + PAGES / guides holding it). Its exact value matters
 * little: 400, about the number of guides, moved 6 of 189 answers by one place and left every
 * set's top 1 and top 3 the same.
 */
const PAGES = 1000;

/**
 * The most a word's rarity counts: ln(1 + PAGES / 52), about 3, reached by a word fewer than about
 * 50 guides hold. Past that, rarer says no more about the topic: a word five guides hold and one
 * forty hold both name it. Uncapped, one rare word the question uses in passing ("associate" in
 * "associate an access policy with a client application", "localhost") outweighed its topic words
 * together, and the page holding that word came first. Tried from 2 to 5 on the spent sets (573
 * queries): 2.75 to 3.5 put 11 to 14 more answers first and 5 to 9 more in the top 3; 3 kept the
 * most in the top 3 (52 answers moved up, 28 down).
 */
const RARITY_CAP = 3;

/**
 * Ranks the pages of a question by its words one at a time, as a reader weighs them: a rare word
 * (few pages hold it) says more about the answer than a common one. Each page scores, for each
 * word it holds, the word's rarity (at most RARITY_CAP) times its score for that word relative to
 * the best page's (RELATIVE_SCORE_POWER); pages holding every word (`together`) win ties
 * (EVERY_WORD_LEAD); the pages in `damped` (the settings tables, unless the question asks about
 * configuration) score SETTINGS_WEIGHT of that. A damped page still counts, at full weight, in a
 * word's rarity (how many pages hold it) and as its best page. The words are searched among the
 * guides and the settings tables only (`GUIDES_AND_SETTINGS`): a question's answer is a guide
 * (rerank lists reference pages after them anyway), and a common word's search over every page
 * returns most of the index, which costs the search worker as much as the rest of the query. A
 * reference page holding every word still comes, after the guides, in Pagefind's order.
 */
export function blendByWords(
  together: ScoredResult[],
  perWord: ScoredResult[][],
  damped: Set<string> = new Set(),
): ScoredResult[] {
  const scores = new Map<string, { result: ScoredResult; score: number }>();
  for (const results of perWord) {
    if (results.length === 0) continue;
    const idf = Math.min(RARITY_CAP, Math.log(1 + PAGES / results.length));
    const best = Math.max(...results.map((r) => r.score)) || 1;
    for (const r of results) {
      const seen = scores.get(r.id) ?? { result: r, score: 0 };
      seen.score += idf * Math.pow(r.score / best, RELATIVE_SCORE_POWER);
      scores.set(r.id, seen);
    }
  }
  for (const r of together) {
    const seen = scores.get(r.id) ?? { result: r, score: 0 };
    seen.score *= EVERY_WORD_LEAD;
    scores.set(r.id, seen);
  }
  for (const id of damped) {
    const seen = scores.get(id);
    if (seen) seen.score *= SETTINGS_WEIGHT;
  }
  return [...scores.values()].sort((a, b) => b.score - a.score).map((s) => s.result);
}

/** Results per word without the pages in `ids`. */
function withoutIds(perWord: ScoredResult[][], ids: Set<string>): ScoredResult[][] {
  return ids.size === 0 ? perWord : perWord.map((results) => results.filter((r) => !ids.has(r.id)));
}

/**
 * How much a settings table's word-by-word score counts, against a guide's, in a question that
 * does not ask about configuration (asksAboutSettings). The table names every feature's setting,
 * so at full weight it would come first for most questions; left out, it was missing for those
 * only a line of it answers ("Support for Self Hosted Postgres over SSL", "bcrypt default salt
 * rounds"). At half weight, 10 spent answers moved up (3 from outside the first ten to first)
 * and 3 down one place.
 */
export const SETTINGS_WEIGHT = 0.5;

/** How many of the first results reranking reorders (the rest keep Pagefind's order after them). */
export const RERANK_DEPTH = 30;

/**
 * The pages a question lists after the guides: generated reference pages (`kind: reference`),
 * digest pages (`kind: digest`: the release notes and the reference's index pages, which name
 * every feature in a line each) and the settings tables (`kind: settings`, except for a question
 * about configuration, asksAboutSettings, or of BLEND_FROM words or more, where blendByWords
 * places them at SETTINGS_WEIGHT: searchRanked exempts them). Pagefind's filter syntax for "any of
 * these values".
 */
export const RANKED_LAST = { kind: { any: ['reference', 'digest', 'settings'] } };

/**
 * A question about configuring the server or its AWS stack: it says config, configure or
 * configuration, env or environment, names a `MEDPLUM_` variable, or names the CDK (whose every
 * option is a line of the CDK settings table: "Add CDK option for WAF logging"), or says default
 * or defaults ("Add default query timeouts", "default super admin email, password, client"),
 * since the settings tables give every setting's default (on the 1,555 spent queries this moved
 * 2 answers from outside the first ten to first and 1 from second to third). Such a question's
 * answer is often the settings table (`kind: settings`: the server and CDK settings pages), which then
 * ranks as a guide does: at full weight in the word-by-word search and not listed after them.
 * Otherwise the table, which names every feature in a line, counts for less in the word-by-word
 * blend (SETTINGS_WEIGHT); a question of BLEND_FROM words or more keeps the place that gives it,
 * and rerank lists it after the guides in a shorter one, like a digest page (unless the query
 * names an identifier, which rerank leaves in its order). "setting", singular, is such a word
 * too: a question about one setting ("Add hosted zone override setting", "Document setting
 * Postgres database parameters") asks for the line of a table that names it; on the 1,782 spent
 * queries (full dumps of one build, without and with) 3 answers moved up (third to first and to
 * second, one from outside the first ten to fourth) and 1 from second to third, top 1 1,393 to
 * 1,394, top 3 1,727 both. "settings" is not: "SMTP
 * settings per project" asks about a project, not the server, and with the plural (or "option")
 * as well, one more answer moved down and none more up. A short query (under
 * LONG_QUESTION words) with a camelCase word is such a question too: "Added fargateAutoScaling
 * description" names a line of the CDK table. When the word is a hook or a method instead
 * (`useSearch hook`), the tables only count at full weight in the word-by-word guide search,
 * which the word itself, absent from them, still decides; rerank leaves such a query as Pagefind
 * ranked it. In a longer one the word is often a project setting or a client option ("add the
 * googleClientId into the Project settings"), and ranking the tables as guides there moved 4
 * spent answers down.
 */
export function asksAboutSettings(query: string): boolean {
  if (/\b(config\w*|env|environment|MEDPLUM_\w*|cdk|defaults?|setting)\b/i.test(query)) return true;
  const typed = typedWords(query);
  // Two lower-case letters before the first capital, and not capitals to the end: `iOS`, `eCR`,
  // `macOS` and `mTLS` are names, not keys.
  return typed.length < LONG_QUESTION && typed.some((word) => /^[a-z]{2,}[A-Z](?![A-Z0-9]*$)/.test(word));
}

/**
 * Pagefind's filter for the guides and the settings tables: every page but the reference and
 * digest pages. A question's words are searched among them one at a time (searchPages).
 */
const GUIDES_AND_SETTINGS = { not: { kind: { any: ['reference', 'digest'] } } };

/** The ids of the settings tables (`kind: settings`), read once per loaded index. */
function settingsIds(api: PagefindApi): Promise<Set<string>> {
  return idsMatching(api, 'settings', { kind: 'settings' });
}

/**
 * The ids of the pages a question lists after the guides (RANKED_LAST): every generated reference
 * page (FHIR resource and datatype pages, SDK symbol pages, React component and hook pages), digest
 * page and settings table, by their filter `kind` (scripts/build-search-index.mjs). Read once per
 * loaded index.
 */
function referenceIds(api: PagefindApi): Promise<Set<string>> {
  return idsMatching(api, 'ranked last', RANKED_LAST);
}

/** Ids found by a filter-only search, per loaded index and name: each is read once. */
const filteredIds = new WeakMap<PagefindApi, Map<string, Promise<Set<string>>>>();

function idsMatching(api: PagefindApi, name: string, filters: Record<string, unknown>): Promise<Set<string>> {
  let cache = filteredIds.get(api);
  if (!cache) filteredIds.set(api, (cache = new Map()));
  let ids = cache.get(name);
  if (!ids) {
    ids = api.search(null, { filters }).then((r) => new Set(r.results.map((x) => x.id)));
    ids.catch(() => cache.delete(name));
    cache.set(name, ids);
  }
  return ids;
}

/**
 * The query's words as typed (case kept), without the punctuation around them; `$` before an
 * operation's name is kept.
 */
export function typedWords(query: string): string[] {
  return query
    .split(/[\s,;:!?()"'/]+/)
    .map((w) => w.replace(/^[^\p{L}\p{N}_$]+|[^\p{L}\p{N}_]+$/gu, ''))
    .filter((w) => w.length > 1 && !STOP_WORDS.has(w.toLowerCase()));
}

/**
 * A word written as a name: `Task`, `MedplumClient`, `searchResources`, `Patient.name`,
 * `$everything`, `_count`. Plain lower-case words are not: readers write "patient" for the
 * person, "Patient" for the resource.
 */
export function isWrittenAsName(word: string): boolean {
  return /[A-Z$_.]/.test(word);
}

/** An identifier a reference page may hold as a member or path: camelCase, `a.b`, `$op`, `_x`. */
function isIdentifier(word: string): boolean {
  return /[a-z][A-Z]|[$_.]/.test(word);
}

/**
 * From this many words on (stop words aside), a query is a question even when it names an
 * identifier: "CLI no longer respects the MEDPLUM_BASE_URL environment variable" asks about the
 * CLI, and the settings table that defines the variable is not its answer.
 */
export const LONG_QUESTION = 4;

/**
 * Whether a query names something rather than asks: one word, or a short one (fewer than
 * LONG_QUESTION words) with a word written as an identifier. Such a query keeps Pagefind's order
 * (rerank) and its loaded order (byModel).
 */
export function namesSomething(typed: string[]): boolean {
  return typed.length < 2 || (typed.length < LONG_QUESTION && typed.some(isIdentifier));
}

/**
 * Reranks a multi-word query's first RERANK_DEPTH results: guides and troubleshooting entries
 * first, generated reference pages after them, each group in Pagefind's order. Such a query is a
 * question or a symptom in the reader's words, and reference pages, long and full of the same
 * words ("resource", "reference", "patient"), would otherwise fill the first places with pages
 * that define terms instead of the page that answers. A reference page the query names stays
 * where Pagefind put it (`exempt`: the Task page for "Task patient compartment"). A one-word
 * query, or a short one with an identifier in it (`createAttachment options`, `Patient.name`), is
 * left as Pagefind ranked it: it asks for a name. Digest pages (release notes, settings tables)
 * are ranked with the reference pages, unless `exempt` (searchRanked exempts the settings tables
 * in a question about configuration or of BLEND_FROM words or more).
 */
export function rerank<T extends { id: string }>(
  results: T[],
  typed: string[],
  reference: Set<string>,
  exempt: Set<string>,
): T[] {
  if (namesSomething(typed)) return results;
  const head = results.slice(0, RERANK_DEPTH);
  const demoted = (r: T) => reference.has(r.id) && !exempt.has(r.id);
  return [...head.filter((r) => !demoted(r)), ...head.filter(demoted), ...results.slice(RERANK_DEPTH)];
}

/**
 * searchPages, reranked (see rerank), with one of the few pages holding every word of a question
 * placed third (withEveryWordPage). The query's words written as names are looked up as page
 * names (the filter `named`), so the reference pages they name keep their place; in a short query
 * a page named by an identifier-shaped word is also moved up (withNamedPage).
 */
export async function searchRanked(api: PagefindApi, query: string): Promise<ScoredResult[]> {
  const typed = typedWords(query);
  const names = typed.length >= 2 ? typed.filter(isWrittenAsName) : [];
  const [{ results, together }, reference, namedByWord, settings] = await Promise.all([
    searchPagesWithEveryWord(api, query),
    typed.length >= 2 ? referenceIds(api) : Promise.resolve(new Set<string>()),
    Promise.all(names.map((n) => api.search(null, { filters: { named: n.toLowerCase() } }).then((f) => f.results))),
    // The settings tables keep their place in a question about configuration (searched as guides)
    // and in one of BLEND_FROM words or more, which searchPages ranks by blendByWords alone, with
    // the tables at SETTINGS_WEIGHT. A shorter question lists them after the guides, like a digest
    // page, also when searchPages blends it word by word (few pages hold every word).
    asksAboutSettings(query) || significantWords(query).length >= BLEND_FROM
      ? settingsIds(api)
      : Promise.resolve(new Set<string>()),
  ]);
  const exempt = new Set([...namedByWord.flat().map((r) => r.id), ...settings]);
  const ranked = withEveryWordPage(rerank(results, typed, reference, exempt), together, typed);
  if (typed.length >= LONG_QUESTION) return withSymbolPage(api, ranked, typed, names, namedByWord);
  // Only a name shaped as an identifier (SearchControl, MedplumClient) moves its page up: a
  // capitalised plain word ("Bot cron job", "Agent auto updater") names a resource in passing far
  // more often than it asks for the resource's page.
  return withNamedPage(ranked, namedByWord.filter((_, i) => CODE_WORD.test(names[i])).flat());
}

/**
 * A question that fewer than FEW_RESULTS pages hold every word of has Pagefind's first such page
 * third, unless it is already among the first three (placedThird). Few pages holding every word of
 * a question is a strong sign, but the steps before drop it: blendByWords scores a page by its share
 * of each word among the guides, so a long page that holds every word once or twice comes far down
 * ("Add automatic retry of transaction serialization errors after rollback": first of the two
 * pages holding every word, 42nd after the blend), and a reference or digest page, not searched
 * word by word, follows every guide (the `RegisterForm` component page, first of two, came 298th);
 * rerank lists the reference, digest and settings pages after the guides ("Enable RDS Performance
 * Insights": the CDK settings table, the only page with every word, second, then 30th). Run after
 * rerank, before the named-page steps, whose page comes third before it. A query that names
 * something (one word, or a short one with an identifier: namesSomething) keeps its order, as in
 * rerank and byModel: on the spent sets the step had changed 5 of 169 such lists, 4 below a first
 * place kept and one answer from fourth to fifth ("Allow users to override _total=estimate").
 * Tried for up to 12 pages holding every word (on a trace of the 1,782 spent queries) and not
 * kept: 6 answers up, 5 down by one place, top 1 and top 3 the same, held-out top 3 two fewer.
 */
export function withEveryWordPage(ranked: ScoredResult[], together: ScoredResult[], typed: string[]): ScoredResult[] {
  if (namesSomething(typed) || together.length === 0 || together.length >= FEW_RESULTS) return ranked;
  return placedThird(ranked, ranked.find((r) => r.id === together[0].id) ?? together[0]);
}

/** A word written as code: an inner capital (`setIdentifier`, `ContentType`, `useSearch`). */
const CODE_WORD = /[a-z][A-Z]/;

/**
 * A question of LONG_QUESTION words or more that writes a symbol as code ("Added setIdentifier
 * helper, the complement to getIdentifier", "normalizeOperationOutcome: take anything you can
 * throw at it") is about that symbol, but the reorder lists its reference page after every guide
 * that holds the other words. The reference page of its first such word (the page named so, else
 * the first generated reference page Pagefind finds for the word alone) is placed third unless it
 * is among the first three (withNamedPage). The word alone, not the question: the page holding
 * the symbol rarely holds the rest of the question. Screaming case (`MEDPLUM_BASE_URL`) and
 * capitalised plain words are not code words: they name a setting or a resource in passing.
 */
async function withSymbolPage(
  api: PagefindApi,
  ranked: ScoredResult[],
  typed: string[],
  names: string[],
  namedByWord: ScoredResult[][],
): Promise<ScoredResult[]> {
  const word = typed.find((w) => CODE_WORD.test(w));
  if (!word) return ranked;
  const named = namedByWord[names.indexOf(word)] ?? [];
  if (named.length > 0) return withNamedPage(ranked, named);
  // A step that only moves one page must not cost the answer: if its searches fail, the
  // question keeps the order it had.
  try {
    const [found, reference] = await Promise.all([api.search(word), symbolPageIds(api)]);
    return withNamedPage(ranked, found.results.filter((r) => reference.has(r.id)).slice(0, 1));
  } catch {
    return ranked;
  }
}

/** The ids of the generated reference pages (`kind: reference`), read once per loaded index. */
function symbolPageIds(api: PagefindApi): Promise<Set<string>> {
  return idsMatching(api, 'reference', { kind: 'reference' });
}

/**
 * A short question that writes a reference page's exact name as an identifier (`Include total in
 * SearchControl`) ranks that page within the first three: third when it is not there already (the
 * first such page, when the question names several), as withRarestWordsGuide places the guide of
 * the rarest word, which it then moves to fourth. Pagefind may rank the page anywhere, or not at
 * all when it lacks the question's other words. Pagefind's own copy of the result is kept when it
 * has one: a filter-only result has no matched words, so its excerpt is the page's first words.
 * Operation pages and headings named exactly as the query still come before it (hitsFor).
 */
export function withNamedPage(ranked: ScoredResult[], named: ScoredResult[]): ScoredResult[] {
  if (named.length === 0) return ranked;
  return placedThird(ranked, ranked.find((r) => r.id === named[0].id) ?? named[0]);
}

/** How many catalogue pages are checked for a heading named exactly as the query. */
const CATALOGUE_CANDIDATES = 3;

/** How many guides listing a one-word query as a keyword come before Pagefind's ranking. */
const KEYWORD_CANDIDATES = 2;

/**
 * Searches for every significant word together, and the troubleshooting catalogue on its own
 * (its pages carry the Pagefind filter `section: troubleshooting`). An error text pasted from a
 * log is a heading there, but its words are common ones ("Failed to login"), so the catalogue
 * page may rank below the first page of all results; looking at it separately keeps it in view.
 */
export async function searchWithCatalogue(
  api: PagefindApi,
  query: string,
): Promise<{
  results: ScoredResult[];
  catalogue: ScoredResult[];
  defining: ScoredResult[];
  operations: ScoredResult[];
}> {
  const words = significantWords(query).join(' ');
  const identifier = asIdentifier(query);
  const name = asPageName(query);
  // A plain word (not an identifier, not a phrase) is also looked up among the guides' keywords.
  const keyword = !identifier && /^[a-z][a-z0-9-]*$/i.test(query.trim()) ? query.trim().toLowerCase() : undefined;
  const [results, catalogue, messages, filled, defines, named, listing, operations] = await Promise.all([
    searchRanked(api, query),
    api
      .search(words, { filters: { section: 'troubleshooting' } })
      .then((r) => r.results.slice(0, CATALOGUE_CANDIDATES)),
    // The group pages whose entries have this exact message (scripts/build-search-index.mjs),
    // searched by its words too, so Pagefind returns the heading (sub-result) that holds them.
    api
      .search(messageWords(query), { filters: { message: query.trim().toLowerCase() } })
      .then((r) => r.results.slice(0, CATALOGUE_CANDIDATES)),
    // The same for a message pasted with its variable part filled in (`Unknown search parameter:
    // condition`): the entry's own message (`unknown search parameter: …`) is the filter value,
    // and its fixed words are the search.
    messagePatternsOf(api).then((patterns) =>
      Promise.all(
        messagePatternsMatching(query, patterns, true).map((pattern) =>
          api
            .search(messageWords(pattern.replace(/…/g, ' ')), { filters: { message: pattern } })
            .then((r) => r.results.slice(0, 1)),
        ),
      ).then((found) => found.flat()),
    ),
    identifier
      ? api.search(null, { filters: { defines: identifier } }).then((r) => r.results.slice(0, CATALOGUE_CANDIDATES))
      : Promise.resolve([]),
    name
      ? api.search(null, { filters: { named: name } }).then((r) => r.results.slice(0, CATALOGUE_CANDIDATES))
      : Promise.resolve([]),
    keyword
      ? api.search(null, { filters: { keyword } }).then((r) => r.results.slice(0, KEYWORD_CANDIDATES))
      : Promise.resolve([]),
    typedWords(query).length >= 2 ? operationPages(api, query) : Promise.resolve([]),
  ]);
  // The reference page named exactly as the query first, then pages defining the identifier; when
  // neither exists, the guides that list the word as a keyword of theirs (scripts/build-search-index.mjs).
  const defining = [...named, ...defines.filter((d) => !named.some((n) => n.id === d.id))];
  if (defining.length === 0) defining.push(...listing);
  const exact = [...messages, ...filled.filter((f) => !messages.some((m) => m.id === f.id))];
  const byMessage = [...exact, ...catalogue.filter((c) => !exact.some((m) => m.id === c.id))];
  return { results, catalogue: byMessage, defining, operations };
}

/**
 * The operations a query names: `$apply` with the resource written before it, as
 * `PlanDefinition/$apply` or `PlanDefinition $apply`, else alone; lower case, as the index's
 * filter `operation` holds them (scripts/build-search-index.mjs). A hyphenated word counts as a
 * name without its `$` ("ValueSet validate-code"): readers leave the sign out, and a hyphenated
 * word that names no operation finds no page.
 */
export function operationsNamed(query: string): { op: string; resource?: string }[] {
  const found = [
    ...query.matchAll(
      /(?:\b([A-Za-z]+)\s*\/\s*|\b([A-Z][A-Za-z]+)\s+)?(?:\$([A-Za-z][\w-]*)|(?<![\w$./-])([a-z]+(?:-[a-z]+)+)(?![\w./-]))/g,
    ),
  ];
  return found.map((m) => ({ op: `$${(m[3] ?? m[4]).toLowerCase()}`, resource: (m[1] ?? m[2])?.toLowerCase() }));
}

/**
 * The operation pages a question names (operationsNamed): the page of `Resource/$op` when the
 * query writes the resource, else the one page of `$op` when only one has that name (`$export`
 * alone names three). A question about an operation is answered by its page, but the page's
 * words are as common as a guide's, so it would rank anywhere.
 */
async function operationPages(api: PagefindApi, query: string): Promise<ScoredResult[]> {
  const byName = (name: string) => api.search(null, { filters: { operation: name } }).then((r) => r.results);
  const pages = await Promise.all(
    operationsNamed(query).map(async ({ op, resource }) => {
      const exact = resource ? await byName(`${resource}/${op}`) : [];
      if (exact.length > 0) return exact.slice(0, 1);
      const any = await byName(op);
      return any.length === 1 ? any : [];
    }),
  );
  const all = pages.flat();
  return all.filter((r, i) => all.findIndex((x) => x.id === r.id) === i);
}

/** A catalogue message's fixed text must be at least this long for its pattern to match a query. */
const PATTERN_FIXED_CHARS = 6;

/**
 * Longer queries are not matched against the patterns: every message is far shorter, and a
 * pattern's wildcards could take time that grows steeply with a long pasted text.
 */
const PATTERN_QUERY_CHARS = 300;

/**
 * A catalogue message needs at least this much fixed text (spaces aside) to be found inside a
 * longer paste (messagePatternsMatching's `within`): about two words (`Invalid token`, `Bots not
 * enabled`). Shorter ones (`Forbidden`, `Not found`) would sit inside too many ordinary questions.
 * Tried on the spent sets: 20 characters moved 4 answers to first, 14 two more, 10 four more,
 * with none moved down (30 moved 3 down).
 */
const WITHIN_FIXED_CHARS = 10;

/**
 * The catalogue messages (lower case, `…` for each variable part) that the query is an instance
 * of: `Unknown search parameter: condition` is `unknown search parameter: …`. A message that is
 * almost all variable (under six characters of fixed text) matches nothing, so it cannot claim
 * every query. With `within`, a message with enough fixed text also matches when the query holds
 * it between other words, as readers paste it: after a prefix (`Deploy error: …`, a log line's
 * time), before more output, or cut off where its last variable part begins.
 */
export function messagePatternsMatching(query: string, patterns: string[], within = false): string[] {
  const q = query.trim().toLowerCase();
  if (q.length > PATTERN_QUERY_CHARS) return [];
  return patterns.filter((pattern) => {
    const fixed = pattern.replace(/…|\s/g, '').length;
    if (pattern.includes('…') && fixed >= PATTERN_FIXED_CHARS && asPattern(pattern).test(q)) return true;
    return within && fixed >= WITHIN_FIXED_CHARS && asPatternWithin(pattern).test(q);
  });
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Each pattern's regular expressions, built once: every keystroke tests every catalogue message. */
const compiled = new Map<string, RegExp>();
const compile = (key: string, source: () => string) => {
  let re = compiled.get(key);
  if (!re) compiled.set(key, (re = new RegExp(source())));
  return re;
};

/** A message or heading with `…` for its variable parts, as a regular expression over a whole query. */
function asPattern(text: string): RegExp {
  return compile(`whole:${text}`, () => `^${text.split('…').map(escapeRegExp).join('.+?')}$`);
}

/**
 * The same, found anywhere in a query between word boundaries, and without a trailing variable
 * part (with the separator before it), so a paste cut off there still matches.
 */
function asPatternWithin(text: string): RegExp {
  return compile(`within:${text}`, () => {
    const parts = text
      .replace(/[\s:]*…$/, '')
      .split('…')
      .map(escapeRegExp);
    return `(?:^|[\\s:'"(\\[])${parts.join('.+?')}(?:$|[\\s:'"),.\\]])`;
  });
}

/**
 * The query in lower case when it is one identifier a page could define in a table: a config
 * key (`allowedOrigins`), an environment variable (`MEDPLUM_BASE_URL`), a parameter
 * (`_count`). Plain words are not: they would list every table that mentions them.
 */
export function asIdentifier(query: string): string | undefined {
  const q = query.trim();
  if (!/^[A-Za-z_$][\w.$-]*$/.test(q)) return undefined;
  return /_|[a-z][A-Z]|\./.test(q) ? q.toLowerCase() : undefined;
}

/**
 * The query in lower case when it could be the name of a reference page (one word or symbol:
 * `patient`, `MedplumClient`, `$everything`); those pages carry their name as the filter `named`
 * (scripts/build-search-index.mjs). Longer queries are questions, not names.
 */
export function asPageName(query: string): string | undefined {
  const q = query.trim();
  return /^\S{2,80}$/.test(q) ? q.toLowerCase() : undefined;
}

/** Words from a missing URL to search for, e.g. /docs/api/fhir/resources/patiant → "resources patiant". */
export function queryFromPath(pathnameWithBase: string, baseUrl = '/'): string {
  return withoutBase(pathnameWithBase, baseUrl)
    .split('/')
    .filter((part) => part !== '' && part !== 'docs' && part !== 'api')
    .slice(-2)
    .join(' ')
    .replace(/[-_.]+/g, ' ')
    .trim();
}

/**
 * Moves results named exactly as the query (ignoring case) to the front, keeping the rest in
 * Pagefind's order: typing `patient` should open the Patient page first. A result is named by its
 * title, or by one of its headings (`anchorTitle`): `searchResources` is a heading of the
 * MedplumClient page. Page titles win over headings, and among headings the troubleshooting
 * catalogue's come first.
 */
export function preferExactTitle<T extends { title: string; anchorTitle?: string; route?: string }>(
  hits: T[],
  query: string,
): T[] {
  const keys = hits.map((h) => exactTitleKey(h, query));
  const first = hits
    .map((hit, i) => ({ hit, i, key: keys[i] }))
    .filter((x): x is { hit: T; i: number; key: number } => x.key !== undefined)
    .sort((a, b) => a.key - b.key || a.i - b.i)
    .map((x) => x.hit);
  return first.length === 0 ? hits : [...first, ...hits.filter((h) => !first.includes(h))];
}

/**
 * Where preferExactTitle puts a result: undefined when it stays in its place; otherwise the lower
 * the key, the nearer the front (ties in their order). 0: its title is the query; then, a heading
 * that names the query (1 to 6).
 */
export function exactTitleKey(
  h: { title: string; anchorTitle?: string; route?: string },
  query: string,
): number | undefined {
  // `$everything`, `everything` and `Patient/$everything` all name the operation page;
  // `searchResources()` names the method.
  const bare = (text: string) =>
    text
      .trim()
      .toLowerCase()
      .replace(/^.*\/(?=\$)/, '')
      .replace(/^\$/, '')
      .replace(/\(\)$/, '');
  const q = bare(query);
  if (bare(h.title) === q) return 0;
  const catalogue = h.route !== undefined && isCatalogue(h.route);
  if (h.anchorTitle === undefined || !namesQuery(bare(h.anchorTitle), q, true, catalogue)) return undefined;
  // An error text named by a heading is answered best by its troubleshooting entry, which says
  // why it happens and what to do; a reference page with the same heading only defines it.
  // A heading that is the query itself before one that goes on with a case in parentheses: the
  // entry `Invalid reference` answers that text before `Invalid reference (Not found)`.
  // Then one the whole query is an instance of before one found inside a longer paste: `Invalid
  // reference: got "Patient", …` opens at its own entry, not at `Invalid reference`.
  const heading = bare(h.anchorTitle);
  const exact = heading === q ? 0 : namesQuery(heading, q) ? 1 : 2;
  return 1 + (catalogue ? 0 : 3) + exact;
}

/**
 * The heading of a result that is named exactly as the query, if any: the result then links to
 * that heading (`/docs/sdk/core.medplumclient#searchresources`).
 */
export function exactHeading(data: PagefindResultData, query: string): PagefindSubResult | undefined {
  const q = query.trim().toLowerCase().replace(/\(\)$/, '');
  const headings = data.sub_results?.filter((sub) => sub.url.includes('#')) ?? [];
  // A heading that is the message itself before one the message is an instance of (`Invalid
  // base64Binary format` has an entry of its own besides `Invalid … format`); last, on a catalogue
  // page, the longest message found inside a longer paste (the most specific one).
  const inside = () =>
    isCatalogue(data.url)
      ? headings
          .filter((sub) => namesQuery(sub.title, q, true, true))
          .sort((a, b) => b.title.length - a.title.length)[0]
      : undefined;
  return (
    headings.find((sub) => namesQuery(sub.title, q, false)) ??
    headings.find((sub) => namesQuery(sub.title, q)) ??
    inside()
  );
}

/** A troubleshooting group page, whose headings are the catalogue's messages and symptoms. */
const isCatalogue = (url: string) => url.includes('/docs/troubleshooting/');

/**
 * True when a heading is the query itself (`searchResources()` for `searchResources`), or the
 * query followed by the case it explains in parentheses: the troubleshooting entry
 * `Forbidden (the route needs a super admin)` is named by the message `Forbidden`, and the
 * section `CORS: allowedOrigins and …` by `CORS`. A catalogue heading with a variable part names
 * the message as printed: `Unknown search parameter: …` is named by `Unknown search parameter:
 * condition` (see messagePatternsMatching).
 */
function namesQuery(heading: string, q: string, patterns = true, within = false): boolean {
  const h = heading.trim().toLowerCase().replace(/\(\)$/, '');
  if (h === q || (h.startsWith(`${q} (`) && h.endsWith(')')) || h.startsWith(`${q}: `)) return true;
  if (!patterns) return false;
  // The heading, or its message without the case in parentheses that may follow it (a message
  // may end in parentheses of its own: `… maximum (got …, max …)`).
  return messagePatternsMatching(q, [h, h.replace(/ \([^()]*\)$/, '')], within).length > 0;
}

/** A result as the search panel shows it. */
export interface Hit {
  route: string;
  title: string;
  /** The page's heading named exactly as the query, when the result links to it. */
  anchorTitle?: string;
  excerpt: string;
  section: string;
}

/** Counts the searches asked for: the highest is the newest keystroke's. */
let newest = 0;
/** The search running now (settled, never rejected, so a failure does not stop the next). */
let running: Promise<unknown> = Promise.resolve();

/**
 * The results the panel shows for a query, at most `max`: pages that define the identifier typed
 * (or are named by it) first; then the ranked results (searchRanked); then a catalogue page
 * with an entry named as the query, which may rank lower; among the first `max`, a page whose
 * reader questions say nearly what the query says moves first (preferAskedQuestion); then those
 * first `max` are reordered by a small fitted score of their loaded data (byModel); a result
 * named exactly as the query moves to the front (preferExactTitle). Returns null when a newer
 * keystroke superseded it.
 *
 * One search runs at a time, and it starts at once: a keystroke while one runs waits for it, and
 * of the keystrokes that waited only the newest runs (a fast typist's middle ones are skipped).
 * A superseded search stops before it loads its results' text. So the worker's queue never holds
 * more than one search, and a query typed or pasted into an idle box is searched without a pause
 * (a fixed pause, as Pagefind's debouncedSearch takes, is paid by every search, the first included).
 */
export async function findHits(api: PagefindApi, term: string, baseUrl: string, max: number): Promise<Hit[] | null> {
  const ticket = ++newest;
  await running;
  if (ticket !== newest) return null;
  const run = hitsFor(api, term, baseUrl, max, () => ticket !== newest);
  running = run.catch(() => undefined);
  return run;
}

async function hitsFor(
  api: PagefindApi,
  term: string,
  baseUrl: string,
  max: number,
  superseded: () => boolean,
): Promise<Hit[] | null> {
  const loaded = await loadedHits(api, term, baseUrl, max, superseded);
  if (!loaded) return null;
  const { query, hits, data } = loaded;
  // Then the model's order (byModel) of the first `max`, each read with its loaded data.
  const head = hits.slice(0, max);
  const modeled = [...byModel(head, data.slice(0, max), query), ...hits.slice(max)];
  return preferExactTitle(modeled, query).slice(0, max);
}

/**
 * The hits of findHits before its last two steps (byModel, preferExactTitle), each with its loaded
 * data at the same index; null when superseded. Also read by the model's fit
 * (scripts/search-fit/trace.ts), so it is fitted on what the panel reorders.
 */
export async function loadedHits(
  api: PagefindApi,
  term: string,
  baseUrl: string,
  max: number,
  superseded: () => boolean = () => false,
): Promise<{ query: string; hits: Hit[]; data: PagefindResultData[] } | null> {
  const query = withoutSiteWords(term);
  const found = await searchWithCatalogue(api, query);
  if (superseded()) return null;
  const [data, catalogue, defining, operations] = await Promise.all([
    Promise.all(found.results.slice(0, max).map((r) => r.data())),
    Promise.all(found.catalogue.map((r) => r.data())),
    Promise.all(found.defining.map((r) => r.data())),
    Promise.all(found.operations.map((r) => r.data())),
  ]);
  const named = catalogue.filter((d) => exactHeading(d, query));
  // A page found twice keeps its first place, but the copy that holds a heading named as the
  // query (a filter-only lookup returns no headings) wins, so the result still opens at it.
  // An operation the question names comes before the ranked results (see operationPages).
  const all = [...defining, ...operations, ...data, ...named];
  const ordered = all
    .filter((d, i) => all.findIndex((x) => x.url === d.url) === i)
    .map((d) => all.find((x) => x.url === d.url && exactHeading(x, query)) ?? d);
  const hits = ordered.map((d) => {
    const heading = exactHeading(d, query);
    const route = toRoute(heading?.url ?? d.url);
    const page = toRoute(d.url);
    return {
      route,
      title: d.meta.title ?? page,
      anchorTitle: heading?.title,
      excerpt: heading?.excerpt ?? d.excerpt,
      section: sectionOf(page, baseUrl),
    };
  });
  // The first `max` hits are weighed by their reader questions and headings, as many as are shown.
  const questions = ordered.slice(0, max).map(askedOf);
  const asked = [...preferAskedQuestion(hits.slice(0, max), questions, query), ...hits.slice(max)];
  const dataOf = new Map(hits.map((hit, i) => [hit, ordered[i]]));
  return { query, hits: asked, data: asked.map((hit) => dataOf.get(hit)!) };
}

/**
 * What preferAskedQuestion weighs a loaded result by, one sentence each: the page's reader
 * questions and the headings its matches fall under (Pagefind's sub-results; the page's title
 * when matches come before its first heading). A heading names its section in a reader's terms
 * ("A new signed URL on every read"), as a question does. Tried on the 1,430 spent queries against
 * the questions alone: 7 answers up and 4 down (first 1,133 to 1,136, top 3 1,345 to 1,346); with
 * the title added every time, the same totals (8 up, 5 down).
 */
export function askedOf(d: Pick<PagefindResultData, 'meta' | 'sub_results'>): string {
  return [d.meta.questions ?? '', ...(d.sub_results ?? []).map((sub) => sub.title)].filter(Boolean).join('. ');
}

/**
 * Two words name the same thing: equal, or one begins the other and the shorter has four letters
 * or more ("deploy" and "deploying", "token" and "tokens"; not "in" and "invite").
 */
export function sameWord(a: string, b: string): boolean {
  if (a === b) return true;
  const [short, long] = a.length < b.length ? [a, b] : [b, a];
  return short.length >= 4 && long.startsWith(short);
}

/** A query of fewer significant words is not matched against the pages' questions. */
const ASKED_MIN_WORDS = 3;

/**
 * How closely one of a page's reader questions (front matter `questions:`, indexed as the meta
 * field `questions`, one sentence each) says what the query says, from 0 to 1: the best, over its
 * questions, of the balance (F1) between the share of the query's words the question holds and
 * the share of the question's words the query holds.
 */
export function questionMatch(query: string, questions: string): number {
  return matchOfWords([...new Set(significantWords(query))], questions);
}

/** questionMatch for the query's significant words, split once for every page weighed. */
function matchOfWords(words: string[], questions: string): number {
  if (words.length < ASKED_MIN_WORDS) return 0;
  let best = 0;
  for (const question of questions.split(/\.\s+/)) {
    const asked = [...new Set(significantWords(question))];
    if (asked.length === 0) continue;
    const recall = words.filter((w) => asked.some((x) => sameWord(w, x))).length / words.length;
    const precision = asked.filter((x) => words.some((w) => sameWord(w, x))).length / asked.length;
    if (recall + precision > 0) best = Math.max(best, (2 * recall * precision) / (recall + precision));
  }
  return best;
}

/** A question must match the query at least this well (questionMatch) to move its page first. */
export const ASKED_MATCH = 0.75;

/**
 * ...and this much better than the first result's best question does. 0.2, with headings counted
 * as questions (askedOf), on the 1,430 spent queries: 7 answers up and 5 down (first 1,136 to 1,138,
 * top 3 1,346 to 1,348), the losses plain questions of the first sets ("send an SMS to a patient",
 * "subscription not firing") whose sibling page has a heading in their words; not kept.
 */
export const ASKED_LEAD = 0.3;

/**
 * The results with the one whose page lists the reader's question first, when one does and the
 * first result does not: a page whose `questions:` say nearly what the query says ("deploying bots
 * on localhost" and the question "deploy bots on localhost") answers it, though a sibling page of
 * the same area may hold the query's words more often. `questions` are the results' questions and
 * headings (askedOf), in order; only the results already loaded are looked at. Tried on the spent
 * sets (717 queries, questions alone): 15 more answers first and 1 more in the top 3; thresholds
 * between 0.65 and 0.85, and leads between 0.05 and 0.3, changed that by at most 3.
 */
export function preferAskedQuestion<T>(hits: T[], questions: string[], query: string): T[] {
  const words = [...new Set(significantWords(query))];
  const scores = hits.map((_, i) => matchOfWords(words, questions[i] ?? ''));
  let at = 0;
  scores.forEach((score, i) => {
    if (score > scores[at]) at = i;
  });
  if (at === 0 || scores[at] < ASKED_MATCH || scores[at] < scores[0] + ASKED_LEAD) return hits;
  return [hits[at], ...hits.filter((_, i) => i !== at)];
}

/** A loaded result as the reordering model reads it: its data, as Pagefind returns it. */
export type ModelInput = Pick<PagefindResultData, 'url' | 'meta' | 'sub_results'> & {
  filters?: Record<string, string[]>;
};

/** A text's significant words, each once. */
export const distinctWords = (text: string) => [...new Set(significantWords(text))];

/** The share of `words` (each weighted by `weight`) that some word of `field` names (sameWord). */
export function cover(words: string[], weight: number[], field: string[]): number {
  let got = 0;
  let all = 0;
  words.forEach((w, i) => {
    all += weight[i];
    if (field.some((x) => sameWord(w, x))) got += weight[i];
  });
  return all > 0 ? got / all : 0;
}

/** The words of a result's route: its last two parts, split at hyphens and dots (`cdk-settings`). */
function slugWords(url: string): string[] {
  const parts = toRoute(url.split('#')[0])
    .split('/')
    .filter((p) => p && p !== 'docs');
  return parts
    .slice(-2)
    .flatMap((p) => p.toLowerCase().split(/[-_.]+/))
    .filter((w) => w.length > 1);
}

/** Feature names, in the order modelFeatures returns them. */
export const MODEL_FEATURES = [
  'place',
  'title',
  'titleOnly',
  'headings',
  'questions',
  'summary',
  'slug',
  'reference',
  'digest',
  'troubleshooting',
  'pairs',
] as const;

/**
 * What the reordering model reads of each loaded result, for a query's significant words:
 * its place (ln of 1 + its 0-based index), the share of the query's words its title holds
 * (each word weighted by its rarity among the results: ln(1 + n / (1 + results holding it))),
 * the share of its title's words the query holds, the shares its headings (sub-results), reader
 * questions, summary (description and keywords) and route hold, its kind, and the share of the
 * query's word pairs one of its fields holds side by side (pairsHeld).
 */
export function modelFeatures(query: string, data: ModelInput[]): number[][] {
  const words = distinctWords(query);
  const pairs = wordPairs(query);
  const fields = data.map((d) => {
    const title = distinctWords(d.meta.title ?? '');
    const headings = distinctWords(
      (d.sub_results ?? [])
        .map((s) => s.title)
        .filter((t) => t !== d.meta.title)
        .join(' . '),
    );
    const questions = distinctWords(d.meta.questions ?? '');
    const summary = distinctWords(d.meta.summary ?? '');
    const slug = slugWords(d.url);
    return { title, headings, questions, summary, slug };
  });
  const n = data.length;
  const weight = words.map((w) => {
    const held = fields.filter((f) =>
      [f.title, f.headings, f.questions, f.summary, f.slug].some((field) => field.some((x) => sameWord(w, x))),
    ).length;
    return Math.log(1 + n / (1 + held));
  });
  return data.map((d, i) => {
    const f = fields[i];
    const kind = d.filters?.kind ?? [];
    const titleOnly =
      f.title.length > 0 ? f.title.filter((x) => words.some((w) => sameWord(w, x))).length / f.title.length : 0;
    return [
      Math.log(1 + i),
      cover(words, weight, f.title),
      titleOnly,
      cover(words, weight, f.headings),
      cover(words, weight, f.questions),
      cover(words, weight, f.summary),
      cover(words, weight, f.slug),
      kind.includes('reference') ? 1 : 0,
      kind.includes('digest') || kind.includes('settings') ? 1 : 0,
      isCatalogue(d.url) ? 1 : 0,
      pairsHeld(pairs, d),
    ];
  });
}

/** The query's significant words two by two, as they follow each other ("hosted zone", "zone override"). */
function wordPairs(query: string): [string, string][] {
  const words = significantWords(query);
  return words.slice(1).map((w, i) => [words[i], w]);
}

/**
 * The share of the query's word pairs (wordPairs) that one of a result's fields holds side by
 * side and in the query's order (stop words between them do not count, as in the query): its
 * title, a heading its matches fall under, one of its reader questions, its summary. A phrase of
 * the query ("hosted zone") says more than its words found apart. The summary (description, then
 * the comma-separated keywords) is read as one run of words, so two neighbouring keywords make a
 * pair; read a keyword and a sentence at a time, it moved 3 spent answers and put one fewer first
 * (CONTRIBUTING.md, "Reordering by a fitted score").
 */
function pairsHeld(pairs: [string, string][], d: ModelInput): number {
  if (pairs.length === 0) return 0;
  const texts = [
    d.meta.title ?? '',
    ...(d.sub_results ?? []).map((s) => s.title),
    ...(d.meta.questions ?? '').split(/\.\s+/),
    d.meta.summary ?? '',
  ].map(significantWords);
  const held = pairs.filter(([a, b]) =>
    texts.some((t) => t.some((x, j) => j + 1 < t.length && sameWord(a, x) && sameWord(b, t[j + 1]))),
  ).length;
  return held / pairs.length;
}

/**
 * The weights of the reordering model, one per feature (MODEL_FEATURES, in that order): a result
 * scores the sum of its features times these, and the first results are shown by score. Refitted
 * in the thirty-ninth round (2026-12-08) with scripts/search-fit on the features of all 1,831 spent
 * queries as main's built panel loads them (a softmax over each query's first ten results, the
 * answer's share maximised, L2 0.0001), with `pairs` added, and validated leave-one-set-out on
 * holdout20 to holdout40 (each set measured with weights fitted on the 40 others): mean top 1
 * 73.4% (the thirty-fifth round's weights) to 76.7%, top 3 96.3% to 97.0%; on holdout37 to
 * holdout40, 131 to 141 of 186 first (CONTRIBUTING.md, "Reordering by a fitted score"). `place`
 * keeps the order unless the text says otherwise: the second result needs 1.32 more from the rest
 * to pass the first, the third 0.77 more to pass the second, a lower one less. `title` comes out
 * negative beside `titleOnly` and `pairs`, which count much of what a title holding the query's
 * words gives; a small L2 lets such overlapping weights apart.
 */
export const MODEL_WEIGHTS: Readonly<Record<(typeof MODEL_FEATURES)[number], number>> = {
  place: -1.9,
  title: -0.91,
  titleOnly: 0.3,
  headings: 3.11,
  questions: 2.39,
  summary: 1.96,
  slug: 4.18,
  reference: 0.57,
  digest: 0.58,
  troubleshooting: -1.31,
  pairs: 3.49,
};

/**
 * The loaded results (`hits`, with their data `data`, in the order shown) reordered by the
 * model's score (modelFeatures times MODEL_WEIGHTS), ties in their order. A query that names
 * something (one word, or a short one with an identifier: as rerank) keeps its order, and so do
 * results the model cannot read (data not one per hit, a field of the wrong shape): it falls back
 * to the order it was given rather than throw.
 */
export function byModel<T>(hits: T[], data: ModelInput[], query: string): T[] {
  const typed = typedWords(query);
  if (hits.length < 2 || namesSomething(typed)) return hits;
  if (data.length !== hits.length) return hits;
  try {
    const weights = MODEL_FEATURES.map((name) => MODEL_WEIGHTS[name]);
    const scores = modelFeatures(query, data).map((f) => f.reduce((sum, x, k) => sum + x * weights[k], 0));
    if (!scores.every(Number.isFinite)) return hits;
    return hits
      .map((hit, i) => ({ hit, i, score: scores[i] }))
      .sort((a, b) => b.score - a.score || a.i - b.i)
      .map((x) => x.hit);
  } catch {
    // A result without the data the model reads is shown in the order it had: the step only
    // reorders, so a fault in it must not leave the panel without results.
    return hits;
  }
}
