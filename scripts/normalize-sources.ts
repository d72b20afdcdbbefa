/**
 * `npm run normalize-sources`: rewrites the `sources:` lists of hand-written pages (front matter of
 * docs/**\/*.mdx and the troubleshooting entries' YAML) in place into the form the front matter
 * check accepts (lib/normalize-sources.ts), then lists the entries to fix by hand.
 */
import fs from 'node:fs';
import path from 'node:path';
import { normalizeText } from '../lib/normalize-sources';
import { listDocFiles } from '../plugins/markdown/docs-frontmatter-check/check';
import { GENERATED_DOC_DIRS } from '../site.settings';

function main(): void {
  const files = [
    ...listDocFiles('docs', GENERATED_DOC_DIRS),
    ...fs
      .readdirSync(path.join('docs', 'troubleshooting', 'entries'))
      .map((f) => path.join('docs', 'troubleshooting', 'entries', f)),
  ];
  let changed = 0;
  for (const file of files) {
    const before = fs.readFileSync(file, 'utf8');
    const { text, guessed } = normalizeText(before);
    for (const g of guessed) console.log(`${file}: name the file inside the map: ${g}`);
    if (text !== before) {
      fs.writeFileSync(file, text);
      changed++;
    }
  }
  console.log(`normalize-sources: ${changed} files rewritten`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(__filename)) main();
