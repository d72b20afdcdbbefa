/**
 * Hand-written text for what @medplum/react-hooks ships without a doc comment: one-line
 * summaries of exports and descriptions of option and result members. Kept apart from the pages
 * (families.yaml: which pages exist and what they say) so each file stays short. Every entry was
 * written from the package source file the export's page lists in its `sources`.
 *
 * The text is prose and lives in notes.yaml beside this file; this module reads and checks it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { IDENTIFIER, ProseProblems, SITE_DIR, YamlText } from '../react-reference/prose';
import { placementOf } from './families';

/** Where the summaries and member descriptions are written. */
export const NOTES_FILE = path.join(__dirname, 'notes.yaml');

/**
 * The summaries and member descriptions in a notes.yaml text. Throws a `ProseError` listing every
 * problem with its file and line: an unknown or missing key, a value of the wrong type, a name
 * that is not an identifier, a summary for an export that no page in families.yaml lists (it
 * would never be shown), a summary or description that is not one paragraph of valid MDX.
 */
export function parseHookNotes(
  text: string,
  file = path.relative(SITE_DIR, NOTES_FILE),
): { summaries: Record<string, string>; memberNotes: Record<string, string> } {
  const problems = new ProseProblems();
  const summaries: Record<string, string> = {};
  const memberNotes: Record<string, string> = {};
  const root = YamlText.parse(file, text, problems)?.record('notes.yaml', ['summaries', 'members']);
  if (root) {
    for (const [name, value] of root.summaries.entries('"summaries"', IDENTIFIER, 'the name of an export') ?? []) {
      const summary = value.mdx(`the summary of ${name}`, 'inline');
      if (summary === undefined) continue;
      if (!placementOf(name)) value.fail(`no page in families.yaml lists ${name}, so its summary would never be shown`);
      else summaries[name] = summary;
    }
    for (const [type, members] of root.members.entries('"members"', IDENTIFIER, 'the name of a type') ?? []) {
      for (const [member, value] of members.entries(`the members of ${type}`, IDENTIFIER, 'the name of a member') ??
        []) {
        const note = value.mdx(`the description of ${type}.${member}`, 'inline');
        if (note !== undefined) memberNotes[`${type}.${member}`] = note;
      }
    }
  }
  problems.done();
  return { summaries, memberNotes };
}

const loaded = parseHookNotes(fs.readFileSync(NOTES_FILE, 'utf8'));

/**
 * One-line descriptions for exports that ship without a doc comment, written from their source
 * (listed in the page's `sources`). Used only when the declarations have no description.
 */
export const SUMMARIES: Record<string, string> = loaded.summaries;

/**
 * Descriptions for members of the package's options and result types that ship without a doc
 * comment, keyed `Type.member`, written from the source files the pages cite.
 */
export const MEMBER_NOTES: Record<string, string> = loaded.memberNotes;
