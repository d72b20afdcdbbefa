/**
 * After a Medplum release: which pages rest on server files that have changed since they were
 * checked?
 *
 *   npm run check-sources -- <path to a medplum/medplum checkout> [--rev <commit>] [--docs docs]
 *   npm run check-sources -- <checkout> --since <last release> [--rev <new release>]
 *
 * For every hand-written page, each `sources:` entry `medplum/medplum@<commit> <path>` is compared
 * with the same path at the checkout's HEAD (or at `--rev`, e.g. a release tag). A page is listed
 * with every cited file that differs or is gone, so a maintainer knows what to re-read. Pages
 * whose Medplum entries cite no commit are listed as unpinned, and entries whose commit the
 * checkout lacks as unknown (fetch more history, or re-pin the entry). Exits 0 after a report,
 * 2 on a usage error.
 *
 * With `--since <commit>` (the release the pages were last checked against) it answers the
 * question a maintainer has the day a release comes out instead: which pages cite a file that
 * changed between that commit and `--rev`, grouped by docs area, with the upstream commits that
 * touched each file, so each area can be re-read by one person with the change log beside it.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { listDocFiles, readFrontMatter } from '../plugins/markdown/docs-frontmatter-check/check';
import { parseSourceEntry } from '../plugins/markdown/docs-frontmatter-check/sources';
import { GENERATED_DOC_DIRS } from '../site.settings';

/** The repository whose files the pages cite; entries naming other repositories are left alone. */
const MEDPLUM_REPO = 'medplum/medplum';

export interface PageReport {
  page: string;
  /** Cited files whose content at the compared commit differs from the cited one, or that it no longer has. */
  changed: { path: string; commit: string; status: 'changed' | 'deleted' }[];
  /** Entries whose commit the checkout does not contain. */
  unknownCommits: { path: string; commit: string }[];
  /** Medplum source entries with no commit. */
  unpinned: string[];
}

export interface SourcesReport {
  head: string;
  pages: PageReport[];
  /** Pages with no pinned Medplum source at all (every entry unpinned, or none cites the repo). */
  unpinnedPages: string[];
}

function git(checkout: string, args: string[]): { ok: boolean; out: string } {
  const run = spawnSync('git', ['-C', checkout, ...args], { encoding: 'utf8' });
  return { ok: run.status === 0, out: (run.stdout ?? '').trim() };
}

/** Reads a page's `sources:` list; pages without front matter have none. */
export function readSources(file: string): string[] {
  const sources = readFrontMatter(file, fs.readFileSync(file, 'utf8'))?.sources;
  return Array.isArray(sources) ? sources.filter((s): s is string => typeof s === 'string') : [];
}

/** The full hash of a commit, tag or ref in the checkout; throws naming the checkout when it has none. */
function resolveCommit(checkout: string, rev: string): string {
  const out = git(checkout, ['rev-parse', '--verify', '--quiet', `${rev}^{commit}`]);
  if (!out.ok) throw new Error(`check-sources: ${checkout} is not a git checkout with a commit ${rev}`);
  return out.out;
}

export function checkSources(checkout: string, docsDir: string, rev = 'HEAD'): SourcesReport {
  const head = resolveCommit(checkout, rev);
  // One blob lookup per (commit, path): many pages cite the same files.
  const blobs = new Map<string, string | null>();
  const blob = (rev: string, file: string): string | null => {
    const key = `${rev}:${file}`;
    if (!blobs.has(key)) {
      const r = git(checkout, ['rev-parse', '--verify', '--quiet', `${key}`]);
      blobs.set(key, r.ok ? r.out : null);
    }
    return blobs.get(key) ?? null;
  };
  const commitKnown = new Map<string, boolean>();
  const hasCommit = (commit: string): boolean => {
    if (!commitKnown.has(commit)) {
      commitKnown.set(commit, git(checkout, ['cat-file', '-e', `${commit}^{commit}`]).ok);
    }
    return commitKnown.get(commit) ?? false;
  };

  const pages: PageReport[] = [];
  const unpinnedPages: string[] = [];
  for (const file of listDocFiles(docsDir, GENERATED_DOC_DIRS)) {
    const page = path.relative(docsDir, file);
    const report: PageReport = { page, changed: [], unknownCommits: [], unpinned: [] };
    let pinned = 0;
    for (const text of readSources(file)) {
      const entry = parseSourceEntry(text);
      if (entry.kind !== 'repo' || entry.repo !== MEDPLUM_REPO) continue;
      if (!entry.commit) {
        report.unpinned.push(entry.path);
        continue;
      }
      pinned++;
      if (!hasCommit(entry.commit)) {
        report.unknownCommits.push({ path: entry.path, commit: entry.commit });
        continue;
      }
      // A pin of history ("before 5.0.11: …", "as of v4.0.0: …") backs what an older release did,
      // which no later release changes; only its commit needs to exist.
      if (isHistoricalPin(entry.note)) continue;
      const then = blob(entry.commit, entry.path);
      const now = blob(head, entry.path);
      if (now === null) report.changed.push({ path: entry.path, commit: entry.commit, status: 'deleted' });
      else if (then !== now) report.changed.push({ path: entry.path, commit: entry.commit, status: 'changed' });
    }
    if (pinned === 0) unpinnedPages.push(page);
    if (report.changed.length + report.unknownCommits.length + report.unpinned.length > 0) pages.push(report);
  }
  return { head, pages, unpinnedPages };
}

export interface SinceReport {
  since: string;
  head: string;
  /** Area (first folder of the page path, or `(top)`) → its pages and the cited files that changed. */
  areas: { area: string; pages: { page: string; files: string[] }[] }[];
  /** Each changed file once: the commits between `since` and `head` that touched it, newest first. */
  files: { path: string; commits: string[] }[];
}

/** Pages citing a Medplum file that changed between two commits (whatever commit the page cites). */
export function changedSince(checkout: string, docsDir: string, since: string, rev = 'HEAD'): SinceReport {
  const from = resolveCommit(checkout, since);
  const head = resolveCommit(checkout, rev);
  const diff = git(checkout, ['diff', '--name-only', from, head]);
  const changed = new Set(diff.out.split('\n').filter(Boolean));
  const byArea = new Map<string, { page: string; files: string[] }[]>();
  const cited = new Set<string>();
  for (const file of listDocFiles(docsDir, GENERATED_DOC_DIRS)) {
    const page = path.relative(docsDir, file);
    const files = new Set<string>();
    for (const text of readSources(file)) {
      const entry = parseSourceEntry(text);
      if (entry.kind !== 'repo' || entry.repo !== MEDPLUM_REPO || isHistoricalPin(entry.note)) continue;
      if (changed.has(entry.path)) files.add(entry.path);
    }
    if (files.size === 0) continue;
    const area = page.includes(path.sep) ? page.split(path.sep)[0] : '(top)';
    if (!byArea.has(area)) byArea.set(area, []);
    byArea.get(area)?.push({ page, files: [...files].sort() });
    for (const f of files) cited.add(f);
  }
  const files = [...cited].sort().map((p) => ({
    path: p,
    commits: git(checkout, ['log', '--format=%h %s', `${from}..${head}`, '--', p])
      .out.split('\n')
      .filter(Boolean),
  }));
  const areas = [...byArea.keys()].sort().map((area) => ({ area, pages: byArea.get(area) ?? [] }));
  return { since: from, head, areas, files };
}

export function formatSinceReport(report: SinceReport): string {
  const pages = report.areas.reduce((n, a) => n + a.pages.length, 0);
  const out = [
    `Changed between ${report.since.slice(0, 12)} and ${report.head.slice(0, 12)}: ${report.files.length} cited files, ${pages} pages to re-read`,
  ];
  for (const { area, pages: list } of report.areas) {
    out.push('', `${area} (${list.length})`);
    for (const p of list) out.push(`  ${p.page}: ${p.files.join(', ')}`);
  }
  out.push('', 'What changed in each cited file');
  for (const f of report.files) {
    out.push(`  ${f.path}`);
    for (const c of f.commits) out.push(`    ${c}`);
  }
  return out.join('\n');
}

/**
 * True for the note of an entry that cites a file at an old commit on purpose, for a page's
 * "On servers before" note or a release's history: the note starts with "before <version>" or
 * "as of <version>" (CONTRIBUTING.md).
 */
export function isHistoricalPin(note: string | undefined): boolean {
  return /^(before|as of) v?\d+\.\d+(\.\d+)?\b/i.test(note ?? '');
}

export function formatReport(report: SourcesReport): string {
  const out: string[] = [`Compared with: ${report.head}`];
  const stale = report.pages.filter((p) => p.changed.length > 0);
  out.push('', `Pages to re-read (${stale.length}): a cited file differs there`);
  for (const p of stale) {
    out.push(`  ${p.page}`);
    for (const c of p.changed)
      out.push(`    ${c.status === 'deleted' ? 'gone' : 'changed'}: ${c.path} (cited at ${c.commit.slice(0, 12)})`);
  }
  const unknown = report.pages.filter((p) => p.unknownCommits.length > 0);
  if (unknown.length > 0) {
    out.push('', `Pages citing commits this checkout lacks (${unknown.length}): fetch full history or re-pin`);
    for (const p of unknown) {
      out.push(`  ${p.page}`);
      for (const c of p.unknownCommits) out.push(`    ${c.path} @ ${c.commit.slice(0, 12)}`);
    }
  }
  const partly = report.pages.filter((p) => p.unpinned.length > 0);
  if (partly.length > 0) {
    out.push('', `Unpinned entries (${partly.length} pages): Medplum files cited without a commit`);
    for (const p of partly) out.push(`  ${p.page}: ${p.unpinned.join(', ')}`);
  }
  out.push('', `Unpinned pages (${report.unpinnedPages.length}): no Medplum source entry with a commit`);
  for (const page of report.unpinnedPages) out.push(`  ${page}`);
  return out.join('\n');
}
