/**
 * The troubleshooting catalogue: one YAML file of entries per group in
 * docs/troubleshooting/entries/. Each entry is an error text (exactly as the server, SDK or CLI
 * prints it) or a symptom, with its cause, how to confirm it, the fix and the guides to read.
 * Read here once for the build (plugins/markdown/remark-troubleshooting) and for the unit tests.
 */
import fs from 'node:fs';
import path from 'node:path';
import yaml from 'js-yaml';
import { readFrontMatter } from '../docs-frontmatter-check/check';
import { unusableSourceReason } from '../docs-frontmatter-check/sources';

export const ENTRIES_DIR = path.join('docs', 'troubleshooting', 'entries');

export interface TroubleshootingEntry {
  id: string;
  /** The exact text as printed, for an error; absent for a symptom. */
  message?: string;
  /** A symptom in a reader's words, for an entry without a message. */
  symptom?: string;
  /**
   * Which case of a shared message this entry explains ("the route needs a super admin"), for
   * messages such as `Forbidden` that several causes print. Shown after the message.
   */
  title?: string;
  status?: number;
  where: string;
  cause: string;
  confirm: string;
  fix: string;
  /** Guide routes that explain more, e.g. `/docs/bots/bot-basics`. */
  see: string[];
  sources: string[];
  /** File and line the entry was read from, for error messages. */
  at: string;
}

export interface Catalogue {
  /** Entries by group (the YAML file name without extension), in file order. */
  groups: Map<string, TroubleshootingEntry[]>;
}

const ID = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** Reads and checks every group file; throws one error listing every problem with file:line. */
/** The last catalogue read, with the file names, sizes and times it was read from. */
let cached: { key: string; catalogue: Catalogue } | undefined;

/**
 * The catalogue, read again only when a YAML file was added, removed or changed. Every
 * hand-written page asks for it (twice per build: server and client), and the dev server must
 * still see an edit without a restart; one `stat` per file answers both.
 */
export function loadCatalogue(siteDir: string): Catalogue {
  const dir = path.join(siteDir, ENTRIES_DIR);
  const key = fs.existsSync(dir)
    ? fs
        .readdirSync(dir)
        .sort()
        .map((name) => {
          const stat = fs.statSync(path.join(dir, name));
          return `${name}:${stat.size}:${stat.mtimeMs}`;
        })
        .join('|')
    : '';
  if (cached?.key !== `${dir}#${key}`) cached = { key: `${dir}#${key}`, catalogue: readCatalogue(siteDir) };
  return cached.catalogue;
}

function readCatalogue(siteDir: string): Catalogue {
  const dir = path.join(siteDir, ENTRIES_DIR);
  const groups = new Map<string, TroubleshootingEntry[]>();
  const problems: string[] = [];
  if (!fs.existsSync(dir)) return { groups };
  for (const name of fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.yaml'))
    .sort()) {
    const file = path.join(ENTRIES_DIR, name);
    const text = fs.readFileSync(path.join(dir, name), 'utf8');
    let data: unknown;
    try {
      data = yaml.load(text);
    } catch (err) {
      const e = err as { mark?: { line: number }; reason?: string; message: string };
      problems.push(`${file}:${(e.mark?.line ?? 0) + 1}: invalid YAML: ${e.reason ?? e.message}`);
      continue;
    }
    const list = (data as { entries?: unknown } | null)?.entries;
    if (!Array.isArray(list) || list.length === 0) {
      problems.push(`${file}:1: expected a non-empty "entries:" list`);
      continue;
    }
    const lines = text.split(/\r?\n/);
    const entries: TroubleshootingEntry[] = [];
    list.forEach((raw: Record<string, unknown>, i: number) => {
      const line = lineOfEntry(lines, raw?.id, i);
      const at = `${file}:${line}`;
      const entry = checkEntry(raw, at, problems);
      if (entry) entries.push(entry);
    });
    groups.set(name.replace(/\.yaml$/, ''), entries);
  }
  // Ids are anchors and must be unique across pages too: a link names only the id.
  const seenIds = new Map<string, string>();
  const seenHeadings = new Map<string, string>();
  const byMessage = new Map<string, TroubleshootingEntry[]>();
  for (const entry of [...groups.values()].flat()) {
    const other = seenIds.get(entry.id);
    if (other) problems.push(`${entry.at}: id "${entry.id}" is already used at ${other}`);
    seenIds.set(entry.id, entry.at);
    const key = headingOf(entry).toLowerCase();
    const again = seenHeadings.get(key);
    if (again) problems.push(`${entry.at}: "${headingOf(entry)}" is already catalogued at ${again}`);
    seenHeadings.set(key, entry.at);
    if (entry.message) byMessage.set(entry.message, [...(byMessage.get(entry.message) ?? []), entry]);
  }
  // A message that several causes print needs each case named, or readers cannot tell them apart.
  for (const [message, entries] of byMessage) {
    if (entries.length < 2) continue;
    for (const e of entries.filter((x) => !x.title)) {
      problems.push(`${e.at}: "${message}" has ${entries.length} entries: give each a "title" saying which case it is`);
    }
  }
  if (problems.length > 0) throw new Error(`Troubleshooting catalogue:\n  ${problems.join('\n  ')}`);
  return { groups };
}

function checkEntry(raw: Record<string, unknown>, at: string, problems: string[]): TroubleshootingEntry | undefined {
  const before = problems.length;
  const text = (field: string, required = true): string | undefined => {
    const value = raw?.[field];
    if (value === undefined || value === null) {
      if (required) problems.push(`${at}: entry is missing "${field}"`);
      return undefined;
    }
    if (typeof value !== 'string' || value.trim() === '') {
      problems.push(`${at}: "${field}" must be non-empty text`);
      return undefined;
    }
    return value.trim();
  };
  const id = text('id');
  if (id !== undefined && !ID.test(id)) problems.push(`${at}: id "${id}" must be lowercase words joined by "-"`);
  const message = text('message', false);
  const symptom = text('symptom', false);
  const title = text('title', false);
  if ((message === undefined) === (symptom === undefined)) {
    problems.push(`${at}: give exactly one of "message" (an error text) or "symptom" (no message)`);
  }
  const status = raw?.status;
  if (status !== undefined && status !== null && (typeof status !== 'number' || status < 100 || status > 599)) {
    problems.push(`${at}: "status" must be an HTTP status number`);
  }
  const where = text('where');
  const cause = text('cause');
  const confirm = text('confirm');
  const fix = text('fix');
  const see = raw?.see;
  if (!Array.isArray(see) || see.length === 0 || !see.every((s) => typeof s === 'string' && s.startsWith('/docs/'))) {
    problems.push(`${at}: "see" must list one or more guide routes starting with /docs/`);
  }
  const sources = raw?.sources;
  if (!Array.isArray(sources) || sources.length === 0 || !sources.every((s) => typeof s === 'string')) {
    problems.push(`${at}: "sources" must list where the text and behaviour were checked`);
  } else {
    for (const s of sources as string[]) {
      const why = unusableSourceReason(s);
      if (why) problems.push(`${at}: source ${JSON.stringify(s.slice(0, 60))}: ${why}`);
    }
  }
  if (problems.length > before) return undefined;
  return {
    id: id as string,
    message,
    symptom,
    title,
    status: typeof status === 'number' ? status : undefined,
    where: where as string,
    cause: cause as string,
    confirm: confirm as string,
    fix: fix as string,
    see: see as string[],
    sources: sources as string[],
    at,
  };
}

/** The heading an entry is shown under: its message (with its case, if shared) or its symptom. */
export function headingOf(entry: Pick<TroubleshootingEntry, 'message' | 'symptom' | 'title' | 'id'>): string {
  const base = entry.message ?? entry.symptom ?? entry.id;
  return entry.title ? `${base} (${entry.title})` : base;
}

/** The 1-based line of an entry's `- id:` in its file (the i-th list item when it has no id). */
function lineOfEntry(lines: string[], id: unknown, index: number): number {
  if (typeof id === 'string') {
    const at = lines.findIndex((l) => new RegExp(`^\\s*-?\\s*id:\\s*['"]?${escapeRegExp(id)}['"]?\\s*(#.*)?$`).test(l));
    if (at !== -1) return at + 1;
  }
  let seen = -1;
  for (let i = 0; i < lines.length; i++)
    if (/^\s*-\s/.test(lines[i]) && /^\s{0,4}-/.test(lines[i]) && ++seen === index) return i + 1;
  return 1;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The route of a hand-written page file: docs/a/b.mdx → /docs/a/b, docs/a/index.mdx → /docs/a. */
export function routeOfDoc(docsDir: string, file: string): string {
  const rel = path
    .relative(docsDir, file)
    .split(path.sep)
    .join('/')
    .replace(/\.mdx?$/, '');
  const route = `/docs/${rel}`.replace(/\/index$/, '');
  return route === '/docs/index' ? '/docs' : route;
}

/** The doc file behind a route, or undefined when there is none. */
export function docFileOfRoute(docsDir: string, route: string): string | undefined {
  const rel = route.replace(/^\/docs\/?/, '').split('#')[0];
  const candidates =
    rel === '' ? ['index.mdx', 'index.md'] : [`${rel}.mdx`, `${rel}.md`, `${rel}/index.mdx`, `${rel}/index.md`];
  return candidates.map((c) => path.join(docsDir, c)).find((f) => fs.existsSync(f));
}

/**
 * The title a catalogue entry's `see:` link shows for `route`: the page's front matter `title`,
 * else the route itself; undefined when no page of `docsDir` has that route.
 */
export function seeTitleOf(docsDir: string, route: string): string | undefined {
  const file = docFileOfRoute(docsDir, route);
  if (!file) return undefined;
  const title = readFrontMatter(file, fs.readFileSync(file, 'utf8'))?.title;
  return typeof title === 'string' ? title : route;
}
