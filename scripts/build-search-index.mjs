#!/usr/bin/env node
/**
 * Indexes the built site with Pagefind (its binary ships in the npm package, so this runs
 * offline) and writes a chunked index to <build>/pagefind/ (build/ unless a folder is given). Only the article body of each page is
 * indexed: navigation and footers would otherwise match every query.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as pagefind from 'pagefind';

/**
 * Generated reference pages repeat words like "FHIR", "resource" and "reference" hundreds of
 * times, so they would outrank the guide that explains a concept. Their body text counts for
 * less; their titles and headings still match, so `patient` or `MedplumClient` find them first.
 */
const GENERATED = /^docs\/(sdk\/|api\/fhir\/(resources|datatypes|medplum)\/|api\/react-(components|hooks)\/)/;
const REFERENCE_BODY_WEIGHT = '0.5';
/** See forIndex: a guide's description and keywords, and a reference page's member names. */
const HAND_WRITTEN_SUMMARY_WEIGHT = '4';
const SYNONYMS_WEIGHT = '1';
const MEMBER_NAMES_WEIGHT = '4';
const DEFINED_TERMS_WEIGHT = '10';

/**
 * Words readers use for the same thing. A guide that uses one of them is also indexed under the
 * others (hand-written pages only), so "log in with the CLI" finds a page that says "sign in".
 * Groups are of everyday equivalents, not of one page's vocabulary.
 */
const SYNONYMS = [
  ['sign in', 'signs in', 'log in', 'login', 'signin'],
  ['sign out', 'log out', 'logout', 'signout'],
  ['expire', 'expires', 'expired', 'expiry', 'expiration', 'lifetime'],
  ['delete', 'remove', 'erase', 'purge'],
  ['fails', 'failed', 'failure', 'stopped working', 'not working', 'broken'],
  ['permission', 'permissions', 'access rights', 'authorization'],
  ['translate', 'map', 'mapping', 'convert'],
  ['assign', 'assigned', 'owner', 'performer'],
  ['member', 'membership', 'account', 'user'],
  ['webhook', 'rest-hook', 'callback'],
  ['download link', 'presigned url', 'signed url', 'file link'],
  ['cli', 'command line', 'command-line', 'terminal'],
];

const siteDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// `node scripts/build-search-index.mjs [buildDir]`: the folder `docusaurus build --out-dir` wrote (build/).
const buildDir = path.resolve(siteDir, process.argv[2] ?? 'build');
if (!fs.existsSync(path.join(buildDir, 'index.html'))) {
  throw new Error(
    `pagefind: ${buildDir}/index.html is missing; build the site into ${path.relative(siteDir, buildDir)} first`,
  );
}

const started = Date.now();
const outDir = path.join(buildDir, 'pagefind');
fs.rmSync(outDir, { recursive: true, force: true });
const { index, errors } = await pagefind.createIndex({
  rootSelector: 'main',
  excludeSelectors: [
    'nav',
    '.theme-doc-toc-mobile',
    '.theme-doc-footer',
    '.pagination-nav',
    '.theme-doc-breadcrumbs',
    '.hash-link',
  ],
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
const written = await index.writeFiles({ outputPath: outDir });
if (written.errors.length > 0) throw new Error(`pagefind: ${written.errors.join('; ')}`);
await pagefind.close();

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
 *   what the page answers: "429", "CORS", "logged out") are indexed with extra weight, so a
 *   question finds the guide before reference pages that merely mention its words; so are the
 *   everyday synonyms of words it uses (SYNONYMS).
 * - A generated page's body counts for less, but the names of its members (headings) count as
 *   much as a guide's keywords, so `searchResources` finds the MedplumClient page.
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

function forIndex(sourcePath, html) {
  const spaced = html.replace(/<(td|th|tr|li|dt|dd)\b/g, ' <$1');
  const body = 'class="theme-doc-markdown markdown">';
  if (!spaced.includes(body)) return spaced;
  if (!GENERATED.test(sourcePath)) {
    const main = spaced.slice(spaced.indexOf(body));
    const summary = [metaContent(html, 'description'), metaContent(html, 'keywords')].filter(Boolean).join('. ');
    const synonyms = synonymsFor(main).join(', ');
    if (!summary && !synonyms) return spaced;
    // The catalogue is searched on its own too (src/components/Search/pagefind.ts).
    const filter = sourcePath.startsWith('docs/troubleshooting/')
      ? ' data-pagefind-filter="section:troubleshooting"'
      : '';
    // Synonyms count as much as body text, not as much as the summary: a long page that mentions
    // many terms in passing collects many synonyms, and weighting them like the page's own
    // description let such pages outrank the page about the term.
    const weighted = [
      summary && `<p data-pagefind-weight="${HAND_WRITTEN_SUMMARY_WEIGHT}">${escapeHtml(summary)}</p>`,
      synonyms && `<p data-pagefind-weight="${SYNONYMS_WEIGHT}">${escapeHtml(synonyms)}</p>`,
    ].join('');
    // The summary is also a metadata field, which the search client weights like a second title
    // (metaWeights in src/components/Search/pagefind.ts): a guide whose own description names the
    // query's subject ranks above long pages that only mention its words.
    const meta = summary ? ` data-pagefind-meta="summary:${escapeHtml(summary)}"` : '';
    return spaced.replace(body, `class="theme-doc-markdown markdown"${filter}${meta}>${definedTerms(main)}${weighted}`);
  }
  const members = [...html.matchAll(/<h[23][^>]*\bid=[^>]*>([^<]+)/g)].map((m) => m[1].trim()).filter(Boolean);
  const names = members.length > 0 ? `<p data-pagefind-weight="${MEMBER_NAMES_WEIGHT}">${members.join(' ')}</p>` : '';
  // The reference page's own name (its h1, lower case) as the filter `named`: a one-word query
  // such as `patient` asks which page is named that, however many guides use the word more
  // often (src/components/Search/pagefind.ts).
  const title = /<h1[^>]*>([^<]+)<\/h1>/.exec(html)?.[1]?.trim();
  const named = title ? ` data-pagefind-filter="named:${escapeHtml(title.toLowerCase())}"` : '';
  return spaced.replace(
    body,
    `class="theme-doc-markdown markdown" data-pagefind-weight="${REFERENCE_BODY_WEIGHT}"${named}>${names}`,
  );
}

/**
 * Names a page defines in its tables: cells that hold nothing but one `<code>` identifier (a
 * config key, its environment variable, a parameter). They count as much as the page's
 * keywords, so `maxJsonSize` or `MEDPLUM_BASE_URL` finds the table that explains it.
 */
function definedTerms(html) {
  const names = [...html.matchAll(/<td>\s*<code>([^<]{2,80})<\/code>\s*(?=<td|<\/td|<tr|<\/tr|<\/tbody)/g)].map(
    (m) => m[1],
  );
  const unique = [...new Set(names)];
  if (unique.length === 0) return '';
  // Each name is also a value of the filter `defines` (lower case), so a query that is exactly
  // an identifier can ask which pages define it (src/components/Search/pagefind.ts).
  const filters = unique.map((n) => `<span data-pagefind-filter="defines">${n.toLowerCase()}</span>`).join(' ');
  return `<p data-pagefind-weight="${DEFINED_TERMS_WEIGHT}">${filters}</p>`;
}

/** The content of `<meta name=…>` in Docusaurus's minified head (quoted or not). */
function metaContent(html, name) {
  const tag = new RegExp(`<meta[^>]*\\bname=["']?${name}["']?[^>]*>`).exec(html)?.[0];
  const value = tag && /\bcontent=(?:"([^"]*)"|'([^']*)'|([^\s>]+))/.exec(tag);
  return value ? (value[1] ?? value[2] ?? value[3]) : '';
}

function escapeHtml(text) {
  return text.replace(/&(?![#\w]+;)/g, '&amp;').replace(/</g, '&lt;');
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
