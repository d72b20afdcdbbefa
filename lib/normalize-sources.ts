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
import { normalizeSourceEntries } from '../plugins/markdown/docs-frontmatter-check/sources';

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
