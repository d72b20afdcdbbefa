#!/usr/bin/env node
/**
 * Writes a Pagefind index of the docs' source text for the development server. Run by
 * plugins/site/dev-search in a child process: Pagefind is ESM-only, and the site config that loads
 * the plugin runs in a CommonJS sandbox that cannot import it.
 *
 * Usage: node write-index.mjs <docs.json> <outDir>, where docs.json lists { title, permalink, file }.
 */
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { patchSearchResults } from '../../../lib/pagefind-patches.mjs';
import { questionsOf } from '../../../lib/search-questions.mjs';

/**
 * Reduces an MDX page to the words a reader sees, well enough for a development index:
 * front matter, imports, exports, JSX tags and Markdown punctuation go; words stay.
 */
export function mdxToText(source) {
  return source
    .replace(/^---\n[\s\S]*?\n---\n/, '')
    .replace(/^(import|export)\s.*$/gm, '')
    .replace(/```[^\n]*\n/g, '\n')
    .replace(/<\/?[A-Za-z][^>]*>/g, ' ')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/^:::\w*.*$/gm, '')
    .replace(/[#*_`|>]+/g, ' ')
    .replace(/[ \t]+/g, ' ')
    .replace(/\n{2,}/g, '\n')
    .trim();
}

export async function writeIndex(docs, outDir) {
  const pagefind = await import('pagefind');
  const { index, errors } = await pagefind.createIndex({ forceLanguage: 'en' });
  if (!index) throw new Error(`dev-search: ${errors.join('; ')}`);
  for (const doc of docs) {
    const source = fs.readFileSync(doc.file, 'utf8');
    // The page's reader questions weigh as in the built site's index (metadata, never shown).
    const questions = questionsOf(source)?.join('. ');
    const added = await index.addCustomRecord({
      url: doc.permalink,
      content: `${doc.title}\n${mdxToText(source)}`,
      language: 'en',
      meta: questions ? { title: doc.title, questions } : { title: doc.title },
    });
    if (added.errors.length > 0) throw new Error(`dev-search: ${doc.file}: ${added.errors.join('; ')}`);
  }
  fs.rmSync(outDir, { recursive: true, force: true });
  const written = await index.writeFiles({ outputPath: outDir });
  if (written.errors.length > 0) throw new Error(`dev-search: ${written.errors.join('; ')}`);
  await pagefind.close();
  // The same results for a query whatever was searched before, as in the built site.
  patchSearchResults(outDir);
  // This index has no catalogue `message` filter, so no message patterns to match against
  // (scripts/build-search-index.mjs writes the built site's); an empty list, not a missing file,
  // so the search client's request for it does not fail.
  fs.writeFileSync(`${outDir}/message-patterns.json`, '[]');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [docsJson, outDir] = process.argv.slice(2);
  await writeIndex(JSON.parse(fs.readFileSync(docsJson, 'utf8')), outDir);
}
