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
];

/** Why an entry cannot be used by a maintainer outside the team, or undefined when it can. */
export function unusableSourceReason(text: string): string | undefined {
  for (const { pattern, why } of UNUSABLE) {
    if (pattern.test(text)) {
      return `${why}: cite "medplum/medplum@<commit> <path> (symbols)", or "medplum/medplum <path> (read YYYY-MM-DD; symbols)" where no commit is known`;
    }
  }
  return undefined;
}

/**
 * Why an entry names a file a maintainer cannot open as such: a source map is a bundle of many
 * files, so the entry must name the TypeScript file inside it (`src/client.ts`), which is the
 * path a maintainer finds in the package's map and in the repository (`packages/core/src/client.ts`).
 */
export function sourceMapReason(entry: SourceEntry): string | undefined {
  if (entry.kind !== 'package' || !entry.path?.endsWith('.map')) return undefined;
  return `names the source map ${entry.path}: name the source file inside it, e.g. "${entry.name}@${entry.version} src/client.ts (symbols)"`;
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
  if (entry.kind === 'package') return entry.path ? `${entry.name}@${entry.version} ${entry.path}` : `\u0000${entry.name}@${entry.version} ${entry.note ?? ''}`;
  return `\u0000${entry.text}`;
}
