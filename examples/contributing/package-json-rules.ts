/**
 * The conventions every package.json in the medplum/medplum monorepo follows, as one function a
 * fork can run in CI: the repository itself has no check that enforces them (only review, the
 * release script that rewrites versions, and `npm ci --strict-peer-deps`).
 */

/** The parts of a workspace package.json the rules look at. */
export interface WorkspacePackage {
  name: string;
  version: string;
  license?: string;
  type?: string;
  sideEffects?: boolean | string[];
  engines?: { node?: string };
  repository?: { type?: string; url?: string; directory?: string };
  exports?: unknown;
  files?: string[];
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
}

/** What is the same for every package of one release. */
export interface RepoRules {
  /** The release every workspace package carries, e.g. '5.1.12'. */
  version: string;
  /** The npm scope of the monorepo's own packages, e.g. '@medplum'. */
  scope: string;
  /** The root package.json's engines.node, repeated in each package. */
  nodeRange: string;
  license: string;
  repositoryUrl: string;
}

// #region check
const EXACT = /^\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?$/;

/**
 * Returns the rules a package breaks, one sentence each; an empty list means it conforms.
 * `folder` is the package's path in the repository, e.g. 'packages/core'.
 */
export function checkPackageJson(pkg: WorkspacePackage, folder: string, rules: RepoRules): string[] {
  const problems: string[] = [];
  if (pkg.version !== rules.version) {
    problems.push(`version is ${pkg.version}, not the release version ${rules.version}`);
  }
  for (const section of ['dependencies', 'devDependencies', 'peerDependencies'] as const) {
    for (const [name, spec] of Object.entries(pkg[section] ?? {})) {
      if (name.startsWith(`${rules.scope}/`)) {
        if (spec !== rules.version) {
          problems.push(`${section}.${name} is ${spec}; sibling packages are pinned to ${rules.version}`);
        }
      } else if (section !== 'peerDependencies' && !EXACT.test(spec)) {
        problems.push(`${section}.${name} is the range ${spec}; pin an exact version`);
      }
    }
  }
  if (pkg.engines?.node !== rules.nodeRange) {
    problems.push(`engines.node is ${pkg.engines?.node ?? 'missing'}, expected ${rules.nodeRange}`);
  }
  if (pkg.license !== rules.license) {
    problems.push(`license is ${pkg.license ?? 'missing'}, expected ${rules.license}`);
  }
  if (pkg.repository?.url !== rules.repositoryUrl || pkg.repository?.directory !== folder) {
    problems.push(`repository must be { url: ${rules.repositoryUrl}, directory: ${folder} }`);
  }
  if (pkg.exports) {
    // A library: ESM first, tree-shakable, and only the build output published.
    if (pkg.type !== 'module') {
      problems.push('a library sets "type": "module"');
    }
    if (pkg.sideEffects === undefined) {
      problems.push('a library declares sideEffects (false, or the CSS files it has)');
    }
    if (!pkg.files?.length || pkg.files.some((f) => !f.startsWith('dist') && !f.startsWith('.env'))) {
      problems.push('files lists only build output (dist/...)');
    }
    for (const path of conditionsWithoutTypesFirst(pkg.exports, 'exports')) {
      problems.push(`${path} must list "types" first`);
    }
  }
  return problems;
}

/** Export conditions objects that have a "types" key anywhere but first (TypeScript reads them in order). */
function conditionsWithoutTypesFirst(node: unknown, path: string): string[] {
  if (!node || typeof node !== 'object') {
    return [];
  }
  const keys = Object.keys(node);
  const here = keys.includes('types') && keys[0] !== 'types' ? [path] : [];
  return here.concat(
    ...keys.map((k) => conditionsWithoutTypesFirst((node as Record<string, unknown>)[k], `${path}["${k}"]`)),
  );
}
// #endregion check
