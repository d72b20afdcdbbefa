#!/usr/bin/env node
/**
 * Indexes the built site with Pagefind (its binary ships in the npm package, so this runs
 * offline) and writes a chunked index to <build>/pagefind/ (build/ unless a folder is given). Only the article body of each page is
 * indexed: navigation and footers would otherwise match every query.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { load as loadYaml } from 'js-yaml';
import * as pagefind from 'pagefind';
import { NOT_INDEXED, SYNONYMS } from '../lib/search-fields.mjs';
import { batchReleases } from '../lib/pagefind-batch-release.mjs';
import { patchSearchResults } from '../lib/pagefind-patches.mjs';
import { cacheSegmenters } from '../lib/pagefind-segmenter-cache.mjs';
import { splitExcerptsOnce } from '../lib/pagefind-excerpt-split.mjs';
import { emptyResultWords } from '../lib/pagefind-result-words.mjs';
import { dropFilterCounts } from '../lib/pagefind-filter-counts.mjs';
import { waitLessForInit } from '../lib/pagefind-init-wait.mjs';
import { readQuestions } from '../lib/search-questions.mjs';

/**
 * Generated reference pages repeat words like "FHIR", "resource" and "reference" hundreds of
 * times, so they would outrank the guide that explains a concept. Their body text counts for
 * less; their titles and headings still match, so `patient` or `MedplumClient` find them first.
 */
const GENERATED = /^docs\/(sdk\/|api\/fhir\/(resources|datatypes|medplum)\/|api\/react-(components|hooks)\/)/;
const REFERENCE_BODY_WEIGHT = '0.5';

/**
 * The generated pages that may group several symbols under one title (SDK, React components and
 * hooks). An SDK page also documents a class's methods under headings of its own (MedplumClient's
 * `searchResources`); those are the class's members, not symbols of the group (symbolRouteLandsOn).
 */
const SYMBOL_PAGES = /^docs\/(sdk\/|api\/react-(components|hooks)\/)/;

/** The SDK pages, whose symbols each have a route of their own (symbolRouteLandsOn). */
const SDK_PAGES = /^docs\/sdk\//;

/** A symbol's name as its heading writes it: one identifier with a lower-case letter before a capital. */
const SYMBOL_NAME = /^[A-Za-z_$][\w$]*[a-z][A-Z][\w$]*$/;

/**
 * Pages that list what many other pages explain, a line each: the release notes and the
 * reference's index pages (the API reference home; the lists of FHIR operations, resources,
 * datatypes and Medplum resources; the React component and hook lists). A question's words are
 * all on them, so they would come before the guide that answers it ("Bot runAsUser has no effect
 * when executed via $execute" found the React hooks list first); the search client ranks them
 * with the reference pages.
 */
const DIGEST =
  /^docs\/(releases\/|api\.html$|api\/fhir\/(operations|resources|datatypes|medplum)\.html$|api\/react-(components|hooks)\.html$)/;

/**
 * The server and CDK settings tables: a line for every setting, so like the digest pages they hold
 * a question's words; but they are the answer to a question about configuration. `kind: settings`
 * lets the search client tell the two apart (src/components/Search/pagefind.ts, asksAboutSettings).
 */
const SETTINGS = /^docs\/self-hosting\/(config-settings|cdk-settings)\.html$/;

/** The `message` filter values written while indexing (forIndex): every catalogue message, lower case. */
const messagePatterns = new Set();

const siteDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// `node scripts/build-search-index.mjs [buildDir]`: the folder `docusaurus build --out-dir` wrote (build/).
const buildDir = path.resolve(siteDir, process.argv[2] ?? 'build');
if (!fs.existsSync(path.join(buildDir, 'index.html'))) {
  throw new Error(
    `pagefind: ${buildDir}/index.html is missing; build the site into ${path.relative(siteDir, buildDir)} first`,
  );
}

const started = Date.now();
// Front matter `questions:` of the hand-written pages, by the built file each becomes; every list
// must reach the index (checked after the loop): a page the build did not write fails the index,
// naming its source file, instead of losing its questions without a word.
const questionsByFile = readQuestions(siteDir);
const questionsIndexed = new Set();
const outDir = path.join(buildDir, 'pagefind');
fs.rmSync(outDir, { recursive: true, force: true });
const { index, errors } = await pagefind.createIndex({
  rootSelector: 'main',
  excludeSelectors: NOT_INDEXED,
  forceLanguage: 'en',
});
if (errors.length > 0 || !index) throw new Error(`pagefind: ${errors.join('; ')}`);

// Client-side redirect stubs (a meta refresh and no content) are left out: they would show up
// as empty results. So is the 404 page.
let pageCount = 0;
for (const file of listHtml(buildDir)) {
  const content = fs.readFileSync(file, 'utf8');
  if (/<meta http-equiv="refresh"/i.test(content.slice(0, 600)) || path.basename(file) === '404.html') continue;
  const sourcePath = path.relative(buildDir, file);
  const added = await index.addHTMLFile({ sourcePath, content: forIndex(sourcePath, content) });
  if (added.errors.length > 0) throw new Error(`pagefind: ${path.relative(siteDir, file)}: ${added.errors.join('; ')}`);
  pageCount++;
}
if (pageCount === 0) throw new Error(`pagefind: no pages found in ${buildDir}; did the build finish?`);
for (const [file, { source }] of questionsByFile) {
  if (!questionsIndexed.has(file))
    throw new Error(`pagefind: ${source}: its questions were not indexed: the build has no page ${file}`);
}
const written = await index.writeFiles({ outputPath: outDir });
if (written.errors.length > 0) throw new Error(`pagefind: ${written.errors.join('; ')}`);
await pagefind.close();

batchReleases(outDir);
patchSearchResults(outDir);
// Speed only: the built site alone gets these; `npm start`'s index (plugins/site/dev-search/write-index.mjs)
// skips them. Results and excerpts are the same; results carry empty `words` and searches empty
// filter counts, which the panel never reads.
cacheSegmenters(outDir);
splitExcerptsOnce(outDir);
emptyResultWords(outDir);
dropFilterCounts(outDir);
waitLessForInit(outDir);
writeMessagePatterns(outDir);

// The browser loads this file first; an empty one would break every search.
const entry = path.join(outDir, 'pagefind-entry.json');
if (!fs.existsSync(entry) || fs.statSync(entry).size === 0) throw new Error(`pagefind: ${entry} was not written`);

console.log(
  `[search] indexed ${pageCount} pages into ${path.relative(siteDir, outDir)} in ${((Date.now() - started) / 1000).toFixed(1)}s`,
);

/**
 * The HTML Pagefind reads (the served file is not changed):
 * - The minified build leaves no space between table cells (`<td><code>maxBatchSize</code><td>`),
 *   and Pagefind would index `maxbatchsizestring` as one word: a space before each cell and row
 *   keeps the words apart.
 * - A hand-written page's description and front matter `keywords` (the words readers use for
 *   what the page answers: "429", "CORS", "logged out") are its `summary` field, so a question
 *   finds the guide before reference pages that merely mention its words; the everyday synonyms
 *   of words it uses (SYNONYMS) are its `synonyms` field, and the identifiers its tables define
 *   its `terms` field, and its front matter `questions:` (how readers ask for what it answers,
 *   lib/search-questions.mjs) its `questions` field (hiddenFields).
 * - A generated page's body counts for less, but the names of its members (headings) are its
 *   `members` field, so `searchResources` finds the MedplumClient page.
 */
/** The synonyms a page's text earns: every term of each group the text uses one term of. */
function synonymsFor(html) {
  const text = html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .toLowerCase();
  const has = (term) =>
    new RegExp(`(^|[^a-z0-9])${term.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}([^a-z0-9]|$)`).test(text);
  return SYNONYMS.filter((group) => group.some(has)).flat();
}

/** The page body without the collapsed source list, which is not page text (NOT_INDEXED). */
function readableBody(html) {
  return html.replace(/<details class="verified-line"[\s\S]*?<\/details>/g, '');
}

/**
 * What steers ranking without being page text a reader sees: a guide's description and front
 * matter keywords (`summary`), the everyday synonyms of words it uses (`synonyms`), the
 * identifiers its tables define (`terms`), and a reference page's member names (`members`). Each
 * is a Pagefind metadata field, never body text, so a result's excerpt (always cut from the
 * body) cannot show it; the search client weights the fields (metaWeights in
 * src/components/Search/pagefind.ts).
 *
 * hiddenFields writes them into an element Pagefind does not index (so no excerpt can come from
 * it) as metadata fields and filter values, which Pagefind still reads inside
 * `data-pagefind-ignore`.
 */
function hiddenFields(fields, filters = []) {
  const metas = Object.entries(fields)
    .filter(([, value]) => value)
    .map(([key, value]) => `<span data-pagefind-meta="${key}:${escapeAttr(value)}"></span>`);
  if (metas.length === 0 && filters.length === 0) return '';
  return `<div data-pagefind-ignore hidden>${metas.join('')}${filters.join('')}</div>`;
}

/**
 * The catalogue messages, lower case as their `message` filter values, into
 * <pagefind>/message-patterns.json. A reader pastes a message as the server printed it
 * (`Unknown search parameter: condition`, or `Deploy error: ` and a message), which no filter
 * value equals: the search client matches the query against these patterns and asks the filter
 * for the entry's own message (src/components/Search/pagefind.ts, messagePatternsMatching).
 */
function writeMessagePatterns(dir) {
  if (![...messagePatterns].some((m) => m.includes('…')))
    throw new Error('pagefind: no catalogue message with a variable part (…) was indexed');
  fs.writeFileSync(path.join(dir, 'message-patterns.json'), JSON.stringify([...messagePatterns].sort()));
}

/** The messages of the catalogue entries a built troubleshooting group page (docs/troubleshooting/<group>.html) shows, from docs/troubleshooting/entries/<group>.yaml. */
function catalogueMessages(sourcePath) {
  const group = /^docs[\\/]troubleshooting[\\/]([^/\\]+?)(?:[\\/]index)?\.html$/.exec(sourcePath)?.[1];
  const file = group && path.join(siteDir, 'docs', 'troubleshooting', 'entries', `${group}.yaml`);
  if (!file || !fs.existsSync(file)) return [];
  const entries = loadYaml(fs.readFileSync(file, 'utf8'))?.entries ?? [];
  return [...new Set(entries.map((e) => e.message).filter((m) => typeof m === 'string' && m.trim()))];
}

function forIndex(sourcePath, html) {
  const spaced = html.replace(/<(td|th|tr|li|dt|dd)\b/g, ' <$1');
  const body = 'class="theme-doc-markdown markdown">';
  if (!spaced.includes(body)) return spaced;
  const main = readableBody(spaced.slice(spaced.indexOf(body)));
  if (!GENERATED.test(sourcePath)) {
    const summary = [metaContent(html, 'description'), metaContent(html, 'keywords')].filter(Boolean).join('. ');
    const synonyms = synonymsFor(main).join(', ');
    const terms = definedTerms(main);
    // The catalogue is searched on its own too (src/components/Search/pagefind.ts).
    const filter = sourcePath.startsWith('docs/troubleshooting/')
      ? ' data-pagefind-filter="section:troubleshooting"'
      : '';
    // Each name a table defines is also a value of the filter `defines` (lower case), so a query
    // that is exactly an identifier can ask which pages define it (src/components/Search/pagefind.ts).
    const defines = terms.map((n) => `<span data-pagefind-filter="defines">${n.toLowerCase()}</span>`);
    // Each catalogue entry's message (lower case) is a value of the filter `message`: a pasted
    // message asks which group page holds it, however many pages use its words more often.
    const messageValues = catalogueMessages(sourcePath).map((m) => m.toLowerCase());
    for (const m of messageValues) messagePatterns.add(m);
    const messages = messageValues.map((m) => `<span data-pagefind-filter="message">${escapeAttr(m)}</span>`);
    // Digest pages (release notes, the reference's lists) name nearly every feature in a line each:
    // the filter `kind: digest` lets the search client rank them after the guides for a question,
    // as it does reference pages (rerank in src/components/Search/pagefind.ts); the settings
    // tables are `kind: settings`, ranked the same way unless a question is about configuration.
    const kind = DIGEST.test(sourcePath) ? 'digest' : SETTINGS.test(sourcePath) ? 'settings' : undefined;
    const digest = kind ? [`<span data-pagefind-filter="kind">${kind}</span>`] : [];
    // Each one-word front matter keyword (lower case) is a value of the filter `keyword`, so a
    // one-word query can ask which guides list it as theirs: Pagefind matches the last word of a
    // query as a prefix, and `cors` alone also finds every page that says "correlation" or "core".
    const keywords = keywordFilters(metaContent(html, 'keywords'));
    const operations = operationFilters(sourcePath, html);
    const questions = questionsByFile.get(sourcePath)?.questions.join('. ') ?? '';
    if (questions) questionsIndexed.add(sourcePath);
    const hidden = hiddenFields({ summary, synonyms, terms: terms.join(' '), questions }, [
      ...defines,
      ...messages,
      ...digest,
      ...keywords,
      ...operations,
    ]);
    return spaced.replace(body, `class="theme-doc-markdown markdown"${filter}>${hidden}`);
  }
  const members = [...html.matchAll(/<h[23][^>]*\bid=[^>]*>([^<]+)/g)].map((m) => m[1].trim()).filter(Boolean);
  // The reference page's own name (its h1, lower case) as the filter `named`: a one-word query
  // such as `patient` asks which page is named that, however many guides use the word more
  // often (src/components/Search/pagefind.ts).
  const title = h1Of(html);
  const named = title ? ` data-pagefind-filter="named:${escapeAttr(title.toLowerCase())}"` : '';
  // An SDK or React page may document several symbols, one heading each, under a title that names
  // the group ("Patient header and summary"): each symbol whose heading is such a name (`ContentType`,
  // `PatientSummary`, `useSearchOne`) names the page too, so a query that writes it finds the page
  // that defines it. On an SDK page only a symbol whose own route redirects to that heading counts:
  // a class's methods (MedplumClient's `searchResources`, Hl7Message's `toString`) have no route
  // of their own and are found by the field `members`; as names they would also tie pages
  // (`validateResource` is a MedplumClient method and a function documented on "Type schema and
  // validation", `toString` a method of five classes).
  const symbols = SYMBOL_PAGES.test(sourcePath)
    ? [...new Set(members.filter((m) => SYMBOL_NAME.test(m)).map((m) => m.toLowerCase()))]
        .filter((m) => !SDK_PAGES.test(sourcePath) || symbolRouteLandsOn(sourcePath, m))
        .map((m) => `<span data-pagefind-filter="named">${escapeAttr(m)}</span>`)
    : [];
  return spaced.replace(
    body,
    // The filter `kind: reference` lets the search client tell these pages from guides without
    // loading each result (rerank in src/components/Search/pagefind.ts).
    `class="theme-doc-markdown markdown" data-pagefind-weight="${REFERENCE_BODY_WEIGHT}"${named}>${hiddenFields(
      { members: members.join(' ') },
      ['<span data-pagefind-filter="kind">reference</span>', ...symbols],
    )}`,
  );
}

/**
 * Names a page defines in its tables: cells that hold nothing but one `<code>` identifier (a
 * config key, its environment variable, a parameter), so `maxJsonSize` or `MEDPLUM_BASE_URL`
 * finds the table that explains it.
 */
function definedTerms(html) {
  const names = [...html.matchAll(/<td>\s*<code>([^<]{2,80})<\/code>\s*(?=<td|<\/td|<tr|<\/tr|<\/tbody)/g)].map(
    (m) => m[1],
  );
  return [...new Set(names)];
}

/** The content of `<meta name=…>` in Docusaurus's minified head (quoted or not). */
/** The `keyword` filter values of a page's keywords meta tag (comma-separated): its one-word keywords, lower case. */
function keywordFilters(keywords) {
  const words = keywords
    .split(',')
    .map((k) => k.trim().toLowerCase())
    .filter((k) => /^\S+$/.test(k));
  return [...new Set(words)].map((k) => `<span data-pagefind-filter="keyword">${escapeAttr(k)}</span>`);
}

/**
 * An operation page's name (its h1, `PlanDefinition/$apply` or `$reindex`) as values of the filter
 * `operation`, lower case: the name as written, and `$apply` alone. A question that names an
 * operation ("PlanDefinition $apply for ServiceRequest") asks for that page, whose words are
 * otherwise as common as any guide's (src/components/Search/pagefind.ts, operationPages).
 */
function operationFilters(sourcePath, html) {
  if (!/^docs\/api\/fhir\/operations\/[^/]+\.html$/.test(sourcePath)) return [];
  const title = h1Of(html) ?? '';
  const name = /^(?:([A-Za-z]+)\/)?(\$[a-z][\w-]*)/.exec(title);
  if (!name)
    throw new Error(`pagefind: ${sourcePath}: the operation page's h1 "${title}" does not start with [Resource/]$name`);
  const values = [name[2], ...(name[1] ? [`${name[1]}/${name[2]}`] : [])].map((v) => v.toLowerCase());
  return values.map((v) => `<span data-pagefind-filter="operation">${escapeAttr(v)}</span>`);
}

/** The text of a page's h1, trimmed, or undefined when it has none. */
function h1Of(html) {
  return /<h1[^>]*>([^<]+)<\/h1>/.exec(html)?.[1]?.trim();
}

function metaContent(html, name) {
  const tag = new RegExp(`<meta[^>]*\\bname=["']?${name}["']?[^>]*>`).exec(html)?.[0];
  const value = tag && /\bcontent=(?:"([^"]*)"|'([^']*)'|([^\s>]+))/.exec(tag);
  return value ? (value[1] ?? value[2] ?? value[3]) : '';
}

/**
 * True when the SDK symbol `name` (lower case) has its own route, the redirect stub
 * <build>/docs/sdk/core.<name>/index.html, and it leads to a heading of the built page
 * `sourcePath` (`core.contenttype` to `/docs/sdk/core.constants#contenttype`).
 */
function symbolRouteLandsOn(sourcePath, name) {
  // The stub sits beside the page: <build>/docs/sdk/core.<name>/index.html for docs/sdk/core.constants.html.
  const stub = path.join(buildDir, path.dirname(sourcePath), `core.${name}`, 'index.html');
  if (!fs.existsSync(stub)) return false;
  const target = /<meta http-equiv="refresh" content="0; url=([^"#]*)#/i.exec(fs.readFileSync(stub, 'utf8'))?.[1];
  return target !== undefined && target.endsWith(`/${sourcePath.replace(/\.html$/, '')}`);
}

/** Text for a double-quoted attribute (entities already in it are kept). */
function escapeAttr(text) {
  return text
    .replace(/&(?![#\w]+;)/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/"/g, '&quot;');
}

function listHtml(dir) {
  const out = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'assets' && entry.name !== 'pagefind') out.push(...listHtml(full));
    } else if (entry.name.endsWith('.html')) out.push(full);
  }
  return out.sort();
}
