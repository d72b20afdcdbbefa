#!/usr/bin/env node
/**
 * Indexes the built site with Pagefind (its binary ships in the npm package, so this runs
 * offline) and writes a chunked index to build/pagefind/. Only the article body of each page is
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
const GENERATED = /^docs\/(sdk\/|api\/fhir\/(resources|datatypes|medplum)\/|api\/react-components\/)/;
const REFERENCE_BODY_WEIGHT = '0.5';

const siteDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const buildDir = path.join(siteDir, 'build');

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
  const added = await index.addHTMLFile({ sourcePath, content: weighted(sourcePath, content) });
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
  `[search] indexed ${pageCount} pages into build/pagefind in ${((Date.now() - started) / 1000).toFixed(1)}s`,
);

function weighted(sourcePath, html) {
  if (!GENERATED.test(sourcePath)) return html;
  return html.replace('class="theme-doc-markdown markdown"', `class="theme-doc-markdown markdown" data-pagefind-weight="${REFERENCE_BODY_WEIGHT}"`);
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
