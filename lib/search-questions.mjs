/**
 * The reader questions of each hand-written page (front matter `questions:`), keyed by the built
 * HTML file that page becomes, for scripts/build-search-index.mjs. They are the words a reader
 * types for what the page answers ("bot can't find a module", "back up the database") when the
 * page itself uses other words; the index gives them their own metadata field, so they steer
 * ranking and never show (a result's excerpt is cut from the body).
 *
 * The front matter check (plugins/markdown/docs-frontmatter-check) rejects a malformed list with
 * its file and line before the build starts; this module only reads lists that passed it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { load as loadYaml } from 'js-yaml';

/**
 * The built file of a hand-written page, relative to the build folder. Page ids equal file names
 * (the front matter check enforces it), so `docs/bots/bot-runtimes.mdx` is built as
 * `docs/bots/bot-runtimes.html`, an area's `index.mdx` as `docs/bots.html`, and `docs/index.mdx`
 * as `docs.html`.
 */
export function builtFileOf(relSource) {
  const withoutExt = relSource
    .split(path.sep)
    .join('/')
    .replace(/\.mdx?$/, '');
  return `${withoutExt.replace(/\/index$/, '')}.html`;
}

/** The `questions:` of a page's front matter, or undefined when it has none. */
export function questionsOf(text) {
  const lines = text.split(/\r?\n/);
  if (lines[0] !== '---') return undefined;
  const end = lines.indexOf('---', 1);
  if (end === -1) return undefined;
  const data = loadYaml(lines.slice(1, end).join('\n'));
  const questions = data && typeof data === 'object' ? data.questions : undefined;
  return Array.isArray(questions) ? questions.filter((q) => typeof q === 'string') : undefined;
}

/**
 * A question or a query reduced to its words, for comparing the two: lower case, every run of
 * letters and digits kept and joined by single spaces, everything else (punctuation, `$`, `_`,
 * dots, quotes, brackets) dropped. "Sign agent release artifacts" and "sign agent-release
 * artifacts!" both become "sign agent release artifacts".
 */
export function questionWords(text) {
  return (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).join(' ');
}

/** Map of built file (`docs/bots/bot-runtimes.html`) to { source, questions } for every page of `docsDir` with questions. */
export function readQuestions(siteDir, docsDir = path.join(siteDir, 'docs')) {
  const found = new Map();
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.mdx?$/.test(entry.name) && !entry.name.startsWith('_')) {
        const source = path.relative(siteDir, full);
        const text = fs.readFileSync(full, 'utf8');
        // Most files (the generated reference among them) have no list: no YAML to parse.
        if (!/^questions:/m.test(text)) continue;
        let questions;
        try {
          questions = questionsOf(text);
        } catch (err) {
          throw new Error(`search questions: ${source}: ${err.message}`);
        }
        if (questions?.length) found.set(builtFileOf(source), { source, questions });
      }
    }
  };
  walk(docsDir);
  return found;
}
