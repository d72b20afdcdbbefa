/**
 * A result's excerpt is page text a reader can read there (issue 42): never the hidden words that
 * steer ranking (a guide's keywords, the synonyms of its words), never the collapsed "Checked
 * against the source" list of files, never the generated HTTP, curl or Python example panels.
 * Every query of every set in tests/search/queries.json runs through the real dialog, with a few
 * words that used to surface those lists; only the excerpts are judged here, not the ranking.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Page } from 'playwright-core';
import { SYNONYMS } from '../../scripts/search-fields.mjs';
import { loadQuerySets, openSearchDialog } from '../search/quality';
import { offlineContext, startSession, type Session } from './helpers';

let session: Session;
before(async () => {
  session = await startSession();
});
after(async () => session?.close());

/** Words whose synonym groups or keyword lists once filled result excerpts. */
const EXTRA_QUERIES = ['translate', 'mapping', 'login', 'expires', 'webhook', 'delete', 'permission', 'curl'];

interface Shown {
  query: string;
  href: string;
  excerpt: string;
}

interface PageTexts {
  /** The article's text without the parts below. */
  readable: string;
  /** Each item of the "Checked against the source" list, and its summary line. */
  sources: string[];
  /** Each line of the generated HTTP, curl and Python panels. */
  panels: string[];
  /** The front matter keywords (the `keywords` meta tag). */
  keywords: string[];
}

/**
 * The texts of a built page, read in the browser from the HTML the server sends. A string, not a
 * function: the test's compiler would add helpers the page does not have.
 */
const READ_PAGE = `(async (href) => {
  const html = await (await fetch(href)).text();
  const doc = new DOMParser().parseFromString(html, 'text/html');
  const article = doc.querySelector('.theme-doc-markdown') || doc.querySelector('main') || doc.body;
  const lines = (els) => els.flatMap((el) => (el.textContent || '').split('\\n')).map((l) => l.trim()).filter(Boolean);
  const sources = lines([...article.querySelectorAll('.verified-line li, .verified-line summary')]);
  const panels = lines([...article.querySelectorAll('.example-tab-http, .example-tab-curl, .example-tab-python')]);
  const clone = article.cloneNode(true);
  clone.querySelectorAll('.verified-line, .example-tab-http, .example-tab-curl, .example-tab-python, [data-pagefind-ignore]').forEach((el) => el.remove());
  const keywords = (doc.querySelector('meta[name="keywords"]')?.getAttribute('content') || '').split(',').map((k) => k.trim()).filter(Boolean);
  return { readable: clone.textContent || '', sources, panels, keywords };
})`;

const normalize = (text: string) =>
  text
    .replace(/<[^>]+>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/[\s\u00a0]+/g, ' ')
    .trim()
    .toLowerCase();

/** Every run of `n` consecutive words of a text (all of it when shorter). */
function windows(text: string, n: number): string[] {
  const words = normalize(text).split(' ').filter(Boolean);
  if (words.length <= n) return words.length > 0 ? [words.join(' ')] : [];
  return words.slice(0, words.length - n + 1).map((_, i) => words.slice(i, i + n).join(' '));
}

/** What of an excerpt comes from hidden text: runs of it that the page's readable text lacks. */
export function hiddenTextIn(excerpt: string, texts: PageTexts): string[] {
  const shown = normalize(excerpt);
  const readable = normalize(texts.readable);
  const found: string[] = [];
  const check = (label: string, fragments: string[]) => {
    for (const f of fragments) {
      if (f.length >= 12 && shown.includes(f) && !readable.includes(f)) found.push(`${label}: “${f}”`);
    }
  };
  // Four words in a row from a source list or a generated panel, found nowhere in the article.
  check(
    'source list',
    texts.sources.flatMap((s) => windows(s, 4)),
  );
  check(
    'generated panel',
    texts.panels.flatMap((s) => windows(s, 4)),
  );
  // Two neighbours of a keyword list or a synonym group, as the list writes them.
  const pairs = (list: string[]) => list.slice(1).map((w, i) => `${list[i]}, ${w}`.toLowerCase());
  check('keywords', pairs(texts.keywords));
  check('synonyms', SYNONYMS.flatMap(pairs));
  return found;
}

async function showAll(page: Page, queries: string[]): Promise<Shown[]> {
  const { dialog, box } = await openSearchDialog(page);
  const shown: Shown[] = [];
  for (const query of queries) {
    await box.fill(query);
    const done = query.trim().replace(/\\/g, '\\\\').replace(/"/g, '\\"');
    await dialog.locator(`[data-search-done="${done}"]`).waitFor({ timeout: 20_000 });
    const hits = await dialog.locator('ul a').evaluateAll((links) =>
      links.map((a) => ({
        href: a.getAttribute('href') ?? '',
        excerpt: a.querySelector('[class*="hitExcerpt"]')?.innerHTML ?? '',
      })),
    );
    shown.push(...hits.map((h) => ({ query, ...h })));
  }
  await page.keyboard.press('Escape');
  return shown;
}

test('no result excerpt shows a synonym or keyword list, a source list or a generated example panel', async () => {
  const sets = loadQuerySets();
  const queries = [
    ...new Set([
      ...Object.values(sets).flatMap((set) => (Array.isArray(set) ? set : []).map((q) => q.q)),
      ...EXTRA_QUERIES,
    ]),
  ];
  assert.ok(queries.length >= 140, `only ${queries.length} queries`);
  const { context } = await offlineContext(session);
  const page = await context.newPage();
  await page.goto(session.url('/docs'));
  const shown = await showAll(page, queries);
  assert.ok(shown.length >= queries.length * 3, `only ${shown.length} results shown`);
  const texts = new Map<string, PageTexts>();
  const problems: string[] = [];
  let withSources = 0;
  for (const hit of shown) {
    const pageHref = hit.href.split('#')[0];
    let t = texts.get(pageHref);
    if (!t) {
      t = (await page.evaluate(`${READ_PAGE}(${JSON.stringify(pageHref)})`)) as PageTexts;
      texts.set(pageHref, t);
      if (t.sources.length > 0) withSources += 1;
    }
    for (const p of hiddenTextIn(hit.excerpt, t)) problems.push(`${hit.query} → ${hit.href}: ${p}`);
  }
  // The check has something to find: most guides carry a source list.
  assert.ok(withSources >= 20, `only ${withSources} result pages have a source list`);
  assert.deepEqual(problems, []);
  await context.close();
});

test('the check recognises hidden text in an excerpt and lets page text through', () => {
  const texts: PageTexts = {
    readable: 'Bots run on a schedule. Use a cron expression to translate the timing.',
    sources: ['packages/server/src/workers/cron.ts at medplum/medplum@53eba89'],
    panels: ['curl -X POST "$MEDPLUM_BASE_URL/fhir/R4/Bot/123/$execute" \\'],
    keywords: ['cron', 'schedule', 'nightly'],
  };
  assert.deepEqual(hiddenTextIn('Use a cron expression to <mark>translate</mark> the timing.', texts), []);
  assert.equal(hiddenTextIn('<mark>translate</mark>, map, mapping, convert', texts).length, 3);
  assert.equal(hiddenTextIn('… packages/server/src/workers/cron.ts at medplum/medplum@53eba89', texts).length, 1);
  assert.equal(hiddenTextIn('curl -X POST "$MEDPLUM_BASE_URL/fhir/R4/Bot/123/$execute"', texts).length, 1);
  assert.equal(hiddenTextIn('… cron, schedule, nightly …', texts).length, 2);
});
