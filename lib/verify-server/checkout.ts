/**
 * What the `<medplum checkout>` argument is: a Medplum work tree (its files are used as they are),
 * or a git directory (bare repository or `.git`), from which commit 53eba89 (release 5.1.12) is
 * exported. Either way the server's package.json must say 5.1.12: the site documents that
 * release, and a server of another version would make the example tests check the wrong thing.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { SERVER_COMMIT, SERVER_VERSION } from './args';

export type Checkout =
  | { kind: 'work-tree'; dir: string; version: string }
  | { kind: 'git-dir'; gitDir: string; commit: string; version: string };

/** Runs git and returns its stdout, or undefined when git fails (not a repository, no such object). */
export function git(gitDir: string, args: string[], input?: string): string | undefined {
  try {
    return execFileSync('git', ['--git-dir', gitDir, ...args], {
      encoding: 'utf8',
      input,
      stdio: ['pipe', 'pipe', 'ignore'],
      maxBuffer: 256 * 1024 * 1024,
    });
  } catch {
    return undefined;
  }
}

/** The git directory of `dir` (a bare repository, a `.git` folder, or a work tree's), if it is one. */
export function gitDirOf(dir: string): string | undefined {
  try {
    const out = execFileSync('git', ['-C', dir, 'rev-parse', '--absolute-git-dir'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
    return out || undefined;
  } catch {
    return undefined;
  }
}

function versionOf(packageJson: string, where: string): string {
  let version: unknown;
  try {
    version = (JSON.parse(packageJson) as { version?: unknown }).version;
  } catch {
    throw new Error(`${where} is not valid JSON`);
  }
  if (typeof version !== 'string') {
    throw new Error(`${where} has no version`);
  }
  return version;
}

function refuseOtherVersion(version: string, where: string): void {
  if (version !== SERVER_VERSION) {
    throw new Error(
      `${where} is Medplum server ${version}, not ${SERVER_VERSION}: the site documents ${SERVER_VERSION} ` +
        `(upstream commit ${SERVER_COMMIT.slice(0, 7)}); check out that release`,
    );
  }
}

/**
 * Detects what `dir` is. A directory with `packages/server/package.json` is a work tree, even when it
 * is also a git repository (the files checked out are what the user means); anything else git
 * knows is a git directory, read at SERVER_COMMIT only. Throws an Error with a message for the user.
 */
export function detectCheckout(dir: string): Checkout {
  if (!fs.existsSync(dir)) {
    throw new Error(`${dir} does not exist`);
  }
  const serverPackage = path.join(dir, 'packages', 'server', 'package.json');
  if (fs.existsSync(serverPackage)) {
    const version = versionOf(fs.readFileSync(serverPackage, 'utf8'), serverPackage);
    refuseOtherVersion(version, serverPackage);
    return { kind: 'work-tree', dir, version };
  }
  const gitDir = gitDirOf(dir);
  if (!gitDir) {
    throw new Error(`${dir} is neither a Medplum work tree (no packages/server/package.json) nor a git directory`);
  }
  const commit = git(gitDir, ['rev-parse', '--verify', '--quiet', `${SERVER_COMMIT}^{commit}`])?.trim();
  if (!commit) {
    throw new Error(`${gitDir} has no commit ${SERVER_COMMIT} (Medplum ${SERVER_VERSION}); fetch it first`);
  }
  const pkg = git(gitDir, ['show', `${commit}:packages/server/package.json`]);
  if (pkg === undefined) {
    throw new Error(`${gitDir} at ${commit.slice(0, 7)} has no packages/server/package.json: not a Medplum repository`);
  }
  const version = versionOf(pkg, `packages/server/package.json at ${commit.slice(0, 7)}`);
  refuseOtherVersion(version, `packages/server/package.json at ${commit.slice(0, 7)} of ${gitDir}`);
  return { kind: 'git-dir', gitDir, commit, version };
}
