/**
 * Hand-written guidance for the components that have a page of their own: when to reach for the
 * component, how it behaves, and what trips people up. Each fact was checked against the
 * package source embedded in @medplum/react 5.2.13's source map (dist/esm/index.mjs.map),
 * listed in `sources`. The props tables come from the declarations, not from here.
 *
 * The guidance is prose and lives beside this file, one Markdown file per component:
 * `notes/<Component>.md`, with `summary` and `sources` as YAML front matter and the sections as
 * the body. This module reads and checks them.
 */
import fs from 'node:fs';
import path from 'node:path';
import { FAMILIES } from './families';
import { checkMdx, IDENTIFIER, parseMarkdown, ProseProblems, SITE_DIR } from './prose';

export interface ComponentNotes {
  /** One sentence, used as the page description and opening line. */
  summary: string;
  /** MDX sections, starting at heading level 2, trimmed; parsed into the page's tree (mdast.ts `parseProse`). */
  body: string;
  sources: string[];
}

/** Where the notes are written, one `<Component>.md` each. */
export const NOTES_DIR = path.join(__dirname, 'notes');

/**
 * The notes in `dir`, by component name. Throws a `ProseError` listing every problem with its
 * file and line: a file that is not `<Component>.md`, a note without front matter or body, an
 * unknown or missing front matter key, a value of the wrong type, an unusable `sources:` entry,
 * a summary or body that is not valid MDX (or a summary of more than one paragraph), or a note
 * for a component that a family page documents (family pages have no place for it).
 */
export function loadNotes(dir = NOTES_DIR, families = FAMILIES): Record<string, ComponentNotes> {
  const problems = new ProseProblems();
  const notes: Record<string, ComponentNotes> = {};
  for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const file = path.relative(SITE_DIR, path.join(dir, entry.name));
    const name = entry.name.replace(/\.md$/, '');
    if (!entry.isFile() || !entry.name.endsWith('.md') || !IDENTIFIER.test(name)) {
      problems.add(`${file}:1`, 'the notes folder holds only <Component>.md files, one per component');
      continue;
    }
    const note = parseNote(file, fs.readFileSync(path.join(dir, entry.name), 'utf8'), problems);
    const family = families.find((f) => f.members.includes(name));
    if (family) {
      problems.add(
        `${file}:1`,
        `${name} is documented on the family page "${family.slug}" (families.yaml), which shows no notes: remove it from that family to give it a page of its own`,
      );
    } else if (note) notes[name] = note;
  }
  problems.done();
  return notes;
}

/** One note: front matter `summary` and `sources`, then the Markdown body. */
export function parseNote(file: string, text: string, problems: ProseProblems): ComponentNotes | undefined {
  const parsed = parseMarkdown(file, text, problems);
  if (!parsed) return undefined;
  const fields = parsed.front.record('the front matter', ['summary', 'sources']);
  if (!fields) return undefined;
  const summary = fields.summary.mdx('"summary"', 'inline');
  const sources = fields.sources.sources('"sources"');
  if (parsed.body.trim() === '') {
    problems.add(`${file}:${parsed.bodyLine}`, 'the note has no body: write its sections after the front matter');
    return undefined;
  }
  const body = parsed.body.trim();
  // Lines the trim removed before the body's first line.
  const skipped = parsed.body.slice(0, parsed.body.indexOf(body)).split('\n').length - 1;
  const valid = checkMdx(problems, file, 'the body', body, 'block', (line) => parsed.bodyLine + skipped + line - 1);
  if (summary === undefined || sources === undefined || !valid) return undefined;
  return { summary, sources, body };
}

export const COMPONENT_NOTES: Record<string, ComponentNotes> = loadNotes();
