/**
 * Checks the front matter of every hand-written page before Docusaurus builds anything, so a
 * page with a missing title or broken YAML fails the build with the file and line to fix.
 */
import fs from 'node:fs';
import path from 'node:path';
import yaml from 'js-yaml';
import { parseSourceEntry, sourceFileKey, unusableSourceReason } from './sources';

/** Fields every hand-written page must set. */
export const REQUIRED_FIELDS = ['id', 'title', 'description', 'sources', 'last_verified'] as const;

export interface FrontmatterProblem {
  file: string;
  line: number;
  message: string;
}

/** Lists `.md`/`.mdx` files below `dir`, skipping `_partials` and folders in `skipDirs`. */
export function listDocFiles(dir: string, skipDirs: string[] = []): string[] {
  const out: string[] = [];
  const walk = (d: string): void => {
    for (const entry of fs.readdirSync(d, { withFileTypes: true })) {
      const full = path.join(d, entry.name);
      if (entry.isDirectory()) {
        if (!skipDirs.includes(path.relative(dir, full))) walk(full);
      } else if (/\.mdx?$/.test(entry.name) && !entry.name.startsWith('_')) {
        out.push(full);
      }
    }
  };
  walk(dir);
  return out.sort();
}

/**
 * A page's front matter as this check reads it: the YAML between a first line `---` and the next
 * `---` line (it starts on line 2 of the file), the page's lines and the index of the closing
 * line; or why there is none. The reference generators read their Markdown notes with it too.
 */
export function frontMatterBlock(
  text: string,
): { lines: string[]; end: number; yaml: string } | { line: number; message: string } {
  const lines = text.split(/\r?\n/);
  if (lines[0] !== '---') {
    return { line: 1, message: 'the page has no front matter: it must start with a "---" line' };
  }
  const end = lines.indexOf('---', 1);
  if (end === -1) return { line: 1, message: 'the front matter is not closed by a "---" line' };
  return { lines, end, yaml: lines.slice(1, end).join('\n') };
}

/**
 * A page's front matter fields, read as this check reads them (`frontMatterBlock`, then js-yaml):
 * the one reader for every other place that needs a field (sidebar labels, link titles, the
 * `sources:` of `npm run check-sources`). Undefined when the page has no front matter; broken YAML
 * throws with the file and line.
 */
export function readFrontMatter(file: string, text: string): Record<string, unknown> | undefined {
  const block = frontMatterBlock(text);
  if ('message' in block) return undefined;
  let data: unknown;
  try {
    data = yaml.load(block.yaml);
  } catch (err) {
    const e = err as { mark?: { line: number }; reason?: string; message: string };
    throw new Error(`${file}:${e.mark ? e.mark.line + 2 : 2}: invalid YAML in front matter: ${e.reason ?? e.message}`);
  }
  return data !== null && typeof data === 'object' && !Array.isArray(data) ? (data as Record<string, unknown>) : {};
}

/**
 * Returns the problems in one page's front matter; an empty list means it is valid. `today` is
 * the date `last_verified` may not be later than (default: the current UTC date). Generated
 * pages skip `last_verified`: they are rebuilt from the pinned packages on every build, so there
 * is no hand check to date.
 */
export function checkFrontmatter(
  file: string,
  text: string,
  today: Date = new Date(),
  { generated = false }: { generated?: boolean } = {},
): FrontmatterProblem[] {
  const block = frontMatterBlock(text);
  if ('message' in block) return [{ file, line: block.line, message: block.message }];
  const { lines, end } = block;
  let data: unknown;
  try {
    data = yaml.load(block.yaml);
  } catch (err) {
    const e = err as { mark?: { line: number }; reason?: string; message: string };
    // js-yaml counts lines from 0 within the block; the block starts on file line 2.
    const line = e.mark ? e.mark.line + 2 : 2;
    return [{ file, line, message: `invalid YAML in front matter: ${e.reason ?? e.message}` }];
  }
  if (data === null || typeof data !== 'object' || Array.isArray(data)) {
    return [{ file, line: 2, message: 'the front matter must be a YAML mapping of fields' }];
  }
  const fields = data as Record<string, unknown>;
  const problems: FrontmatterProblem[] = [];
  for (const field of REQUIRED_FIELDS) {
    if (generated && field === 'last_verified') continue;
    const value = fields[field];
    const line = lineOfField(lines, end, field);
    if (value === undefined || value === null) {
      problems.push({ file, line: 1, message: `front matter is missing the required field "${field}"` });
    } else if (field === 'sources') {
      if (
        !Array.isArray(value) ||
        value.length === 0 ||
        !value.every((v) => typeof v === 'string' && v.trim() !== '')
      ) {
        problems.push({
          file,
          line,
          message: '"sources" must be a non-empty list of what the page was checked against',
        });
      } else {
        const seen = new Set<string>();
        for (const entry of value as string[]) {
          const key = sourceFileKey(parseSourceEntry(entry));
          const why =
            unusableSourceReason(entry) ??
            (seen.has(key) ? 'names a file already listed: list each file once, with all its notes' : undefined);
          seen.add(key);
          if (why)
            problems.push({
              file,
              line: lineOfEntry(lines, end, entry, line),
              message: `source entry ${JSON.stringify(entry.slice(0, 80))}: ${why}`,
            });
        }
      }
    } else if (field === 'last_verified') {
      const message = lastVerifiedProblem(value, today);
      if (message) problems.push({ file, line, message });
    } else if (typeof value !== 'string' || value.trim() === '') {
      problems.push({ file, line, message: `front matter field "${field}" must be a non-empty string` });
    }
  }
  const position = fields.sidebar_position;
  if (position !== undefined && (typeof position !== 'number' || !Number.isFinite(position))) {
    problems.push({
      file,
      line: lineOfField(lines, end, 'sidebar_position'),
      message: `front matter field "sidebar_position" must be a number (got ${JSON.stringify(position)}); a list item placed after it is read as part of its value`,
    });
  }
  problems.push(...questionsProblems(file, lines, end, fields.questions));
  problems.push(...backslashProblems(file, lines, end, fields));
  const id = fields.id;
  if (typeof id === 'string' && id !== path.basename(file).replace(/\.mdx?$/, '')) {
    problems.push({
      file,
      line: lineOfField(lines, end, 'id'),
      message: `front matter id "${id}" must equal the file name "${path.basename(file)}" without its extension, so doc ids and URLs stay predictable`,
    });
  }
  return problems;
}

/**
 * Why a `last_verified` value is unacceptable, or undefined when it is a real calendar date
 * (YYYY-MM-DD) that is not in the future. YAML turns an unquoted `2026-11-23` into a Date at UTC
 * midnight under some YAML loaders (js-yaml 3, which gray-matter uses) and a string under
 * js-yaml 5 (used here), so both forms are accepted; a date with a time is not.
 */
export function lastVerifiedProblem(value: unknown, today: Date): string | undefined {
  let day: string | undefined;
  if (value instanceof Date && !Number.isNaN(value.getTime())) {
    day = value.toISOString().endsWith('T00:00:00.000Z') ? value.toISOString().slice(0, 10) : undefined;
  } else if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value.trim())) {
    const parsed = new Date(`${value.trim()}T00:00:00Z`);
    // Date accepts 2026-02-30 and rolls it over; a round trip catches days that do not exist.
    if (!Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value.trim()) day = value.trim();
  }
  if (day === undefined) {
    return `front matter field "last_verified" must be the date the page was last checked against its sources, as YYYY-MM-DD (got ${JSON.stringify(value instanceof Date ? value.toISOString() : value)})`;
  }
  const todayUtc = today.toISOString().slice(0, 10);
  if (day > todayUtc) {
    return `front matter field "last_verified" is ${day}, which is in the future (today is ${todayUtc} UTC): set it to the day the page was actually checked`;
  }
  return undefined;
}

/**
 * Front matter text with a backslash in it (after YAML's own escapes: `"\\w"` is `\w`). Docusaurus's
 * MDX loader copies the front matter into the page's module as JavaScript object source
 * (stringify-object), which does not escape backslashes: `\x` or `\u` without hex digits after it
 * stops the build with a bare "Bad character escape sequence" naming no page (a backslash at the
 * end of the text stops it too), and no backslash survives as written (`\w` becomes `w`, `\x00` a
 * control character).
 */
function backslashProblems(
  file: string,
  lines: string[],
  end: number,
  fields: Record<string, unknown>,
): FrontmatterProblem[] {
  const problems: FrontmatterProblem[] = [];
  const visit = (field: string, value: unknown): void => {
    if (Array.isArray(value)) value.forEach((v) => visit(field, v));
    else if (value !== null && typeof value === 'object') Object.values(value).forEach((v) => visit(field, v));
    else if (typeof value === 'string' && value.includes('\\')) {
      // The raw line holds the text before the backslash (quoted YAML may escape other characters).
      const before = value.slice(0, value.indexOf('\\')).slice(-30);
      let line = lineOfField(lines, end, field);
      for (let i = 1; i < end; i++)
        if (lines[i].includes(before) && lines[i].includes('\\')) {
          line = i + 1;
          break;
        }
      problems.push({
        file,
        line,
        message: `front matter text ${JSON.stringify(value.slice(0, 80))} holds a backslash: the docs build copies front matter into the page's code without escaping backslashes, so no backslash reaches the page as written: a "\\x" or "\\u" without hex digits after it breaks the build, and "\\w" becomes "w"; say it without one (name the escape in words, or write a Windows path with /)`,
      });
    }
  };
  for (const [field, value] of Object.entries(fields)) visit(field, value);
  return problems;
}

/** The line of a list entry in the front matter (it may be quoted), or `fallback`. */
function lineOfEntry(lines: string[], end: number, entry: string, fallback: number): number {
  // Entries often share a long start (the same repository and commit): match as much as a line holds.
  for (const length of [entry.length, 120, 40]) {
    const head = entry.slice(0, length);
    for (let i = 1; i < end; i++) if (lines[i].trimStart().startsWith('-') && lines[i].includes(head)) return i + 1;
  }
  return fallback;
}

/** Most reader questions one page may list, and the longest one (front matter `questions:`). */
export const MAX_QUESTIONS = 12;
export const MAX_QUESTION_LENGTH = 120;

/**
 * Problems in the optional `questions:` list: the words readers search with for what the page
 * answers, which the search index weights and never shows (lib/search-questions.mjs). A list of
 * distinct short strings; anything else would be dropped from the index without a word.
 */
function questionsProblems(file: string, lines: string[], end: number, value: unknown): FrontmatterProblem[] {
  if (value === undefined) return [];
  const line = lineOfField(lines, end, 'questions');
  if (!Array.isArray(value) || value.length === 0 || value.length > MAX_QUESTIONS) {
    return [{ file, line, message: `"questions" must be a list of 1 to ${MAX_QUESTIONS} reader questions` }];
  }
  const problems: FrontmatterProblem[] = [];
  const seen = new Set<string>();
  value.forEach((q, i) => {
    const at = typeof q === 'string' ? lineOfEntry(lines, end, q, line) : line;
    if (typeof q !== 'string' || q.trim() === '') {
      problems.push({ file, line: at, message: `question ${i + 1} must be non-empty text (got ${JSON.stringify(q)})` });
    } else if (q.length > MAX_QUESTION_LENGTH) {
      problems.push({ file, line: at, message: `question ${i + 1} is over ${MAX_QUESTION_LENGTH} characters` });
    } else if (seen.has(q.trim().toLowerCase())) {
      problems.push({ file, line: at, message: `question ${JSON.stringify(q)} is listed twice` });
    }
    if (typeof q === 'string') seen.add(q.trim().toLowerCase());
  });
  return problems;
}

function lineOfField(lines: string[], end: number, field: string): number {
  for (let i = 1; i < end; i++) if (lines[i].startsWith(`${field}:`)) return i + 1;
  return 1;
}

/** Checks every page under `docsDir`; throws one error listing every problem found. */
export function assertValidFrontmatter(docsDir: string, skipDirs: string[] = []): void {
  const problems = listDocFiles(docsDir, skipDirs).flatMap((file) =>
    checkFrontmatter(path.relative(process.cwd(), file), fs.readFileSync(file, 'utf8')),
  );
  if (problems.length > 0) {
    const list = problems.map((p) => `  ${p.file}:${p.line}: ${p.message}`).join('\n');
    throw new Error(
      `Invalid front matter in ${problems.length === 1 ? 'one page' : `${problems.length} places`}:\n${list}`,
    );
  }
}
