/**
 * package-lock.json holds every platform's native packages, so `npm ci` accepts it on Linux, macOS
 * and Windows. npm lists a package's native builds (`@swc/html-darwin-arm64`, `@rspack/binding-*`,
 * `lightningcss-*`, …) as optionalDependencies with an `os`/`cpu`; when the lock has no entry for
 * one of them, `npm ci` stops with "Missing: <package>@ from lock file", on every platform.
 * This is what happens when the registry a lock is written against lacks another platform's build:
 * package.json's `overrides` then pins a version whose builds all exist.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';

interface LockEntry {
  version?: string;
  optional?: boolean;
  os?: string[];
  cpu?: string[];
  optionalDependencies?: Record<string, string>;
}

const ROOT = path.join(__dirname, '..', '..');
const lock = JSON.parse(fs.readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8')) as {
  lockfileVersion: number;
  packages: Record<string, LockEntry>;
};

/** The lock key Node would load `name` from when required by the package at `from` (`node_modules/a/node_modules/b`). */
export function resolveInLock(packages: Record<string, LockEntry>, from: string, name: string): string | undefined {
  let dir = from;
  for (;;) {
    const key = dir ? `${dir}/node_modules/${name}` : `node_modules/${name}`;
    if (key in packages) return key;
    if (!dir) return undefined;
    const up = dir.lastIndexOf('/node_modules/');
    dir = up === -1 ? '' : dir.slice(0, up);
  }
}

/** `pkg lists dep@range` for each optional dependency of a locked package that has no lock entry. */
export function missingOptionalEntries(packages: Record<string, LockEntry>): string[] {
  const missing: string[] = [];
  for (const [key, entry] of Object.entries(packages)) {
    for (const [name, range] of Object.entries(entry.optionalDependencies ?? {})) {
      if (!resolveInLock(packages, key, name))
        missing.push(`${key || '(root)'}@${entry.version ?? ''} lists ${name}@${range}`);
    }
  }
  return missing;
}

test('the lock is npm 7+ format (lockfileVersion 3)', () => {
  assert.equal(lock.lockfileVersion, 3);
});

test('every optional dependency of a locked package has a lock entry (other platforms included)', () => {
  const missing = missingOptionalEntries(lock.packages);
  assert.ok(
    missing.length === 0,
    `package-lock.json lacks these optional (platform) packages, so npm ci refuses it:\n  ${missing.join('\n  ')}`,
  );
});

test('platform packages of every desktop OS are locked', () => {
  const platformEntries = Object.values(lock.packages).filter((e) => e.os);
  for (const os of ['linux', 'darwin', 'win32']) {
    assert.ok(
      platformEntries.some((e) => e.os!.includes(os)),
      `no locked package for ${os}: the lock was written for one platform only`,
    );
  }
  // The native builds the site's build loads: Rspack, SWC's HTML minifier, Lightning CSS, esbuild, Pagefind.
  for (const prefix of ['@rspack/binding-', '@swc/html-', 'lightningcss-', '@esbuild/', '@pagefind/']) {
    for (const os of ['linux', 'darwin', 'win32']) {
      assert.ok(
        Object.entries(lock.packages).some(([key, e]) => key.includes(`node_modules/${prefix}`) && e.os?.includes(os)),
        `package-lock.json has no ${prefix}* package for ${os}`,
      );
    }
  }
});

test('the check finds a missing platform package and names it', () => {
  const packages: Record<string, LockEntry> = {
    '': {},
    'node_modules/@swc/html': {
      version: '1.16.21',
      optionalDependencies: { '@swc/html-darwin-arm64': '1.16.21', '@swc/html-linux-x64-gnu': '1.16.21' },
    },
    'node_modules/@swc/html-linux-x64-gnu': { version: '1.16.21', os: ['linux'], cpu: ['x64'], optional: true },
    'node_modules/a': { version: '1.0.0' },
    'node_modules/a/node_modules/b': { version: '1.0.0', optionalDependencies: { c: '1' } },
    'node_modules/c': { version: '1.0.0', optional: true },
  };
  assert.deepEqual(missingOptionalEntries(packages), [
    'node_modules/@swc/html@1.16.21 lists @swc/html-darwin-arm64@1.16.21',
  ]);
});
