/**
 * Rewrites the `sources:` lists of hand-written pages (front matter of docs/**\/*.mdx and the
 * troubleshooting entries' YAML) into the form the front matter check accepts: an entry that
 * names a package's source map becomes one entry per source file named inside it, and entries
 * naming the same file are merged. Everything else in the files is left byte for byte.
 *
 *   npm run normalize-sources            rewrite in place, then list entries to fix by hand
 *
 * An entry whose map note names no source file is kept as `src/index.ts` and listed, so a person
 * can name the right file.
 */
import fs from 'node:fs';
import path from 'node:path';
import { listDocFiles } from '../plugins/docs-frontmatter-check/check';
import { normalizeSourceEntries } from '../plugins/docs-frontmatter-check/sources';
import { GENERATED_DOC_DIRS } from '../site.settings';

/** Reads one YAML list item written on one line (quoted or plain). */
function unquote(value: string): string {
  const v = value.trim();
  if (v.startsWith('"') && v.endsWith('"')) return JSON.parse(v) as string;
  if (v.startsWith("'") && v.endsWith("'")) return v.slice(1, -1).replace(/''/g, "'");
  return v;
}

/**
 * Rewrites every `sources:` list (items `- …` one per line, at any indent) in a text.
 * Returns the new text and the entries that fell back to `src/index.ts` with a note.
 */
export function normalizeText(text: string): { text: string; guessed: string[] } {
  const lines = text.split('\n');
  const out: string[] = [];
  const guessed: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    out.push(lines[i]);
    const head = /^(\s*)(?:- )?sources:\s*$/.exec(lines[i]);
    if (!head) continue;
    const items: string[] = [];
    let indent = '';
    let j = i + 1;
    for (; j < lines.length; j++) {
      const item = /^(\s*)- (.*)$/.exec(lines[j]);
      if (!item || item[1].length < head[1].length) break;
      indent = item[1];
      items.push(unquote(item[2]));
    }
    const normal = normalizeSourceEntries(items);
    for (const entry of normal) {
      if (/ src\/index\.ts \(/.test(entry) && !items.includes(entry)) guessed.push(entry);
      out.push(`${indent}- ${JSON.stringify(entry)}`);
    }
    i = j - 1;
  }
  return { text: out.join('\n'), guessed };
}

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
