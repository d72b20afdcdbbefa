#!/usr/bin/env node
/**
 * Indexes the built site with Pagefind (its binary ships in the npm package, so this runs
 * offline) and writes a chunked index to build/pagefind/. Only the article body of each page is
 * indexed: navigation and footers would otherwise match every query.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as pagefind from 'pagefind';

const siteDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const buildDir = path.join(siteDir, 'build');

const started = Date.now();
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

const added = await index.addDirectory({ path: buildDir, glob: '**/*.html' });
if (added.errors.length > 0) throw new Error(`pagefind: ${added.errors.join('; ')}`);
const written = await index.writeFiles({ outputPath: path.join(buildDir, 'pagefind') });
if (written.errors.length > 0) throw new Error(`pagefind: ${written.errors.join('; ')}`);
await pagefind.close();

console.log(
  `[search] indexed ${added.page_count} pages into build/pagefind in ${((Date.now() - started) / 1000).toFixed(1)}s`,
);
