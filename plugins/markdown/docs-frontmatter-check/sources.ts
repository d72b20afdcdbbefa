/**
 * The one reading of a page's `sources:` entries, shared by the front matter check, the
 * "checked against" line at the end of each page and `npm run check-sources`.
 *
 * Accepted forms (CONTRIBUTING.md):
 *   medplum/medplum@<commit> packages/server/src/fhir/repo.ts (symbols read)
 *   medplum/medplum packages/server/src/fhir/repo.ts (read 2026-11-25; symbols read)
 *   @medplum/core@5.2.13 dist/types.d.ts (symbols read)
 *   @medplum/core@5.2.13 src/client.ts (symbols read)   a source file inside the package's source map
 */

export type SourceEntry =
  | { kind: 'repo'; repo: string; commit?: string; path: string; note?: string }
  | { kind: 'package'; name: string; version: string; path?: string; note?: string }
  | { kind: 'other'; text: string };

const REPO = /^([A-Za-z0-9][\w.-]*\/[\w.-]+)(?:@([0-9a-f]{7,40}))?\s+([^\s()]+)(?:\s+\((.*)\))?$/;
const PACKAGE = /^(@[\w.-]+\/[\w.-]+|[\w.-]+)@(\d[\w.+-]*)(?:\s+([^\s()]+))?(?:\s+\((.*)\))?$/;

export function parseSourceEntry(text: string): SourceEntry {
  const entry = text.trim();
  const pkg = PACKAGE.exec(entry);
  if (pkg && (entry.startsWith('@') || !entry.includes('/'))) {
    return { kind: 'package', name: pkg[1], version: pkg[2], path: pkg[3], note: pkg[4] };
  }
  const repo = REPO.exec(entry);
  if (repo) return { kind: 'repo', repo: repo[1], commit: repo[2], path: repo[3], note: repo[4] };
  return { kind: 'other', text: entry };
}

/**
 * Wording that points at a private look-up service or at "whatever copy we had" instead of a
 * commit a maintainer can check out. Each pattern comes with the fix to suggest.
 */
const UNUSABLE: { pattern: RegExp; why: string }[] = [
  { pattern: /\b(search-)?index (file )?id\b|\bsearch-index\b/i, why: 'a look-up service id' },
  // "a stored version" of a file in a look-up service, not "the stored version" of a resource.
  {
    pattern:
      /\b(newest|older|later|earlier|sharded|spdx-headed) stored (version|copy|copies)\b|,\s*stored (version|copy)\b|\bstored (version|copy) \((index|search)/i,
    why: '"stored version" names no commit',
  },
  { pattern: /\b(no )?commit (not )?reported\b/i, why: 'say the commit, or the path and the date read' },
  // "… a.ts (x) and packages/b.ts (y)": the reader takes the first file and reads the rest as its
  // note, so the second file is neither linked nor tracked by check-sources.
  {
    pattern: /\)\s*(?:and|;|,)\s+(?:packages|src|dist)\/[\w./-]+\s*\(/,
    why: 'one entry names two files: give each file an entry of its own',
  },
  // "… a.ts, b.ts (x)": the same, for a list of files before one note.
  {
    pattern: /^(?:[\w.-]+\/[\w.-]+@[0-9a-f]{7,40}|@[\w.-]+\/[\w.-]+@\d[\w.+-]*)\s+[^\s(),]+,\s/,
    why: 'one entry lists several files: give each file an entry of its own',
  },
];

/** Why an entry cannot be used by a maintainer outside the team, or undefined when it can. */
export function unusableSourceReason(text: string): string | undefined {
  for (const { pattern, why } of UNUSABLE) {
    if (pattern.test(text)) {
      return `${why}: cite "medplum/medplum@<commit> <path> (symbols)", or "medplum/medplum <path> (read YYYY-MM-DD; symbols)" where no commit is known`;
    }
  }
  // A source map bundles many files: the entry must name the TypeScript file inside it, the path
  // a maintainer finds in the package's map and in the repository (`packages/core/src/client.ts`).
  const map = MAP_ENTRY.exec(text.trim());
  if (map) {
    return `names the source map ${map[2]}: name the source file inside it, e.g. "${map[1]} src/client.ts (symbols)"`;
  }
  return undefined;
}

/** A package entry that names a source map (`@medplum/core@5.2.13 dist/esm/index.mjs.map …`). */
const MAP_ENTRY = /^(@[\w.-]+\/[\w.-]+@\d[\w.+-]*)\s+(\S+\.map)\b\s*(.*)$/;

/** A TypeScript path as entries write it, with or without the leading `src/`. */
const TS_PATH = String.raw`(?:src/)?[\w./-]+\.(?:tsx?|mts)`;
const PATHS_THEN_NOTE = new RegExp(`^(${TS_PATH}(?:\\s*,\\s*${TS_PATH})*)\\s*:?\\s*(.*)$`, 's');

/**
 * Rewrites entries into the form the check accepts, for generators and for `npm run
 * normalize-sources`: an entry naming a source map becomes one entry per source file it names
 * (`… index.mjs.map (src/a.ts: x; src/b.ts: y)` → `… src/a.ts (x)`, `… src/b.ts (y)`; a map named
 * with no file inside stands for the package's `src/index.ts`), and entries naming the same file
 * are merged, their notes joined. Other entries are kept as written, in order.
 */
export function normalizeSourceEntries(entries: string[]): string[] {
  const split: string[] = [];
  for (const raw of entries) {
    const match = MAP_ENTRY.exec(raw.trim());
    if (!match) {
      split.push(raw.trim());
      continue;
    }
    const [, pkg, , rest] = match;
    const inner = rest.startsWith('(') && rest.endsWith(')') ? rest.slice(1, -1) : rest;
    const files: { path: string; note: string }[] = [];
    for (const segment of inner.split(new RegExp(`;\\s+(?=${TS_PATH}(?:[:,]|\\s))`))) {
      const m = PATHS_THEN_NOTE.exec(segment.trim());
      if (m) {
        const note = m[2].trim().replace(/^\((.*)\)$/s, '$1');
        for (const p of m[1].split(',')) files.push({ path: p.trim(), note });
      } else if (files.length > 0) {
        files[files.length - 1].note += `; ${segment.trim()}`;
      } else if (segment.trim()) {
        files.push({ path: 'src/index.ts', note: segment.trim() });
      }
    }
    if (files.length === 0) files.push({ path: 'src/index.ts', note: '' });
    for (const f of files) {
      const file = f.path.startsWith('src/') ? f.path : `src/${f.path}`;
      split.push(`${pkg} ${file}${f.note ? ` (${f.note})` : ''}`);
    }
  }
  const merged = new Map<string, { head: string; notes: string[] }>();
  for (const text of split) {
    const entry = parseSourceEntry(text);
    const key = entry.kind === 'other' ? `\u0000${text}` : sourceFileKey(entry);
    const head =
      entry.kind === 'other' || !entry.note ? text : text.slice(0, text.length - entry.note.length - 3).trim();
    const seen = merged.get(key);
    const note = entry.kind === 'other' ? undefined : entry.note;
    if (!seen) merged.set(key, { head, notes: note ? [note] : [] });
    else if (note && !seen.notes.includes(note)) seen.notes.push(note);
  }
  return [...merged.values()].map(({ head, notes }) => (notes.length > 0 ? `${head} (${notes.join('; ')})` : head));
}

/** The repository path of a package's source file (`@medplum/core`, `src/client.ts` → `packages/core/src/client.ts`). */
export function packageSourcePath(entry: SourceEntry): string | undefined {
  if (entry.kind !== 'package' || !entry.name.startsWith('@medplum/') || !entry.path?.startsWith('src/')) {
    return undefined;
  }
  return `packages/${entry.name.slice('@medplum/'.length)}/${entry.path}`;
}

/** What makes two entries name the same file: each file is listed once, with all its notes. */
export function sourceFileKey(entry: SourceEntry): string {
  if (entry.kind === 'repo') return `${entry.repo}@${entry.commit ?? ''} ${entry.path}`;
  if (entry.kind === 'package')
    return entry.path
      ? `${entry.name}@${entry.version} ${entry.path}`
      : `\u0000${entry.name}@${entry.version} ${entry.note ?? ''}`;
  return `\u0000${entry.text}`;
}
