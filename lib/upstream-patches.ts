/**
 * The patch layer's upgrade check: patches/manifest.json names, for each place this site depends
 * on an internal file of Docusaurus, MDX, the bundler, React Router or tslib, the installed
 * upstream files it was written against (package version and sha256). A dependency upgrade that
 * changes one of those files makes `checkPatches` report the patch, so it is re-read before the
 * change lands rather than found broken in the browser. Used by scripts/check-upgrade.ts and its
 * unit test.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export interface UpstreamFile {
  /** A file inside an installed package, as `<package>/<path>` (resolved from the site's folder). */
  file: string;
  /** The package's version when the patch was last read against this file. */
  version?: string;
  /** sha256 of the file's bytes then. */
  sha256?: string;
}

export interface PatchEntry {
  id: string;
  /** Our files that make up the patch (paths in the site). */
  ours: string[];
  upstream: UpstreamFile[];
  /** What the patch relies on in those files. */
  relies: string;
  /** What goes wrong, and how it shows, when that changes. */
  breaks: string;
}

export interface Manifest {
  about?: string;
  patches: PatchEntry[];
}

export interface StaleFile {
  file: string;
  reason: string;
}

export interface StalePatch {
  entry: PatchEntry;
  files: StaleFile[];
}

export const MANIFEST_FILE = path.join('patches', 'manifest.json');

/** The installed copy of `<package>/<path>`: scoped and unscoped names. */
export function packageOf(file: string): { name: string; rest: string } {
  const parts = file.split('/');
  const n = file.startsWith('@') ? 2 : 1;
  return { name: parts.slice(0, n).join('/'), rest: parts.slice(n).join('/') };
}

export interface Installed {
  path: string;
  version: string;
  sha256: string;
}

/** Reads an upstream file as installed for the site in `siteDir`, or undefined when it is gone. */
export function readInstalled(siteDir: string, file: string): Installed | undefined {
  const { name, rest } = packageOf(file);
  // Packages whose `exports` hide package.json cannot be resolved by name: read the site's copy.
  const pkgJson = path.join(siteDir, 'node_modules', name, 'package.json');
  if (!fs.existsSync(pkgJson)) return undefined;
  const full = path.join(path.dirname(pkgJson), rest);
  if (!fs.existsSync(full)) return undefined;
  const version = (JSON.parse(fs.readFileSync(pkgJson, 'utf8')) as { version: string }).version;
  const sha256 = crypto.createHash('sha256').update(fs.readFileSync(full)).digest('hex');
  return { path: full, version, sha256 };
}

/** Patches whose upstream files differ from what the manifest records, with what differs. */
export function checkPatches(
  manifest: Manifest,
  read: (file: string) => Installed | undefined,
  exists: (ourFile: string) => boolean,
): StalePatch[] {
  const stale: StalePatch[] = [];
  for (const entry of manifest.patches) {
    const files: StaleFile[] = [];
    for (const ours of entry.ours) {
      if (!exists(ours)) files.push({ file: ours, reason: 'our file named by the entry does not exist' });
    }
    for (const up of entry.upstream) {
      const installed = read(up.file);
      if (!installed) files.push({ file: up.file, reason: 'not installed any more' });
      else if (!up.sha256 || !up.version) files.push({ file: up.file, reason: 'no recorded hash or version' });
      else if (installed.version !== up.version) {
        files.push({ file: up.file, reason: `version ${up.version} -> ${installed.version}` });
      } else if (installed.sha256 !== up.sha256) files.push({ file: up.file, reason: 'file content changed' });
    }
    if (files.length > 0) stale.push({ entry, files });
  }
  return stale;
}

/** The report a maintainer reads: each patch to re-read, why, and what it relies on. */
export function formatStale(stale: StalePatch[]): string {
  const lines = [`${stale.length} patch(es) to re-read before this upgrade lands (${MANIFEST_FILE}):`];
  for (const { entry, files } of stale) {
    lines.push('', `patch "${entry.id}" (${entry.ours.join(', ')})`);
    for (const f of files) lines.push(`  ${f.file}: ${f.reason}`);
    lines.push(`  relies on: ${entry.relies}`, `  if it changed: ${entry.breaks}`);
  }
  lines.push(
    '',
    'Re-read each upstream file, fix the patch, then record the new state with',
    '`npm run check-upgrade -- --accept <id>[,<id>...]`.',
  );
  return lines.join('\n');
}

/** The manifest with the installed version and hash recorded for the named entries. */
export function accept(manifest: Manifest, ids: Set<string>, read: (file: string) => Installed | undefined): Manifest {
  const unknown = [...ids].filter((id) => id !== 'all' && !manifest.patches.some((p) => p.id === id));
  if (unknown.length > 0) throw new Error(`${MANIFEST_FILE}: no patch with id ${unknown.join(', ')}`);
  return {
    ...manifest,
    patches: manifest.patches.map((entry) => {
      if (!ids.has('all') && !ids.has(entry.id)) return entry;
      return {
        ...entry,
        upstream: entry.upstream.map((up) => {
          const installed = read(up.file);
          if (!installed)
            throw new Error(`${MANIFEST_FILE}: patch "${entry.id}" names ${up.file}, which is not installed`);
          return { file: up.file, version: installed.version, sha256: installed.sha256 };
        }),
      };
    }),
  };
}
