/**
 * A result's excerpt is page text a reader can read there: never the hidden words that
 * steer ranking (a guide's keywords and reader questions, the synonyms of its words), never the collapsed "Checked
 * against the source" list of files, never the generated HTTP, curl or Python example panels.
 * Used by tests/browser/search-quality.test.ts on every result it sees; the check itself is
 * unit-tested in tests/unit/search-excerpts.test.ts.
 */
import { decodeHTML } from 'entities';
import type { Page } from 'playwright-core';
import { SYNONYMS } from '../../lib/search-fields.mjs';

export interface PageTexts {
  /** The article's text without the parts below. */
  readable: string;
  /** Each item of the "Checked against the source" list, and its summary line. */
  sources: string[];
  /** Each line of the generated HTTP, curl and Python panels. */
  panels: string[];
  /** The front matter keywords (the `keywords` meta tag). */
  keywords: string[];
  /** The front matter reader questions (not in the served page; see lib/search-questions.mjs). */
  questions?: string[];
}

/**
 * The texts of built pages, read in the browser from the HTML the server sends, all in one call
 * (one round trip, the pages fetched side by side). A string, not a function: the test's compiler
 * would add helpers the page does not have.
 */
const READ_PAGES = `(async (hrefs) => Promise.all(hrefs.map(async (href) => {
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
})))`;

/** The texts of each page (`hrefs` as the result links give them, without anchors), by href. */
export async function readPages(page: Page, hrefs: string[]): Promise<Map<string, PageTexts>> {
  const unique = [...new Set(hrefs)];
  const texts = (await page.evaluate(`${READ_PAGES}(${JSON.stringify(unique)})`)) as PageTexts[];
  return new Map(unique.map((href, i) => [href, texts[i]]));
}

/** Plain text (a page's textContent, a list item) in one case, its spaces collapsed. */
const normalizeText = (text: string) =>
  text
    .replace(/[\s\u00a0]+/g, ' ')
    .trim()
    .toLowerCase();

/** An excerpt's HTML as the reader sees it: tags gone, entities decoded, then as normalizeText. */
const normalize = (html: string) => normalizeText(decodeHTML(html.replace(/<[^>]+>/g, '')));

/** Every run of `n` consecutive words of a text (all of it when shorter). */
function windows(text: string, n: number): string[] {
  const words = normalizeText(text).split(' ').filter(Boolean);
  if (words.length <= n) return words.length > 0 ? [words.join(' ')] : [];
  return words.slice(0, words.length - n + 1).map((_, i) => words.slice(i, i + n).join(' '));
}

/** What of an excerpt comes from hidden text: runs of it that the page's readable text lacks. */
export function hiddenTextIn(excerpt: string, texts: PageTexts): string[] {
  const shown = normalize(excerpt);
  // Text, not HTML: a page that shows `<Type>` would lose everything up to the next `>`.
  const readable = normalizeText(texts.readable);
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
  // A reader question, whole, that the page text does not say.
  check('questions', (texts.questions ?? []).map(normalizeText));
  return found;
}
