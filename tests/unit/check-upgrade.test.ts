/**
 * The patch layer's upgrade check (patches/manifest.json, lib/upstream-patches.ts,
 * `npm run check-upgrade`): the recorded upstream files match what is installed, a changed one
 * fails the check with its patch named, and every file that reaches into a dependency's internals
 * is declared in the manifest.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { MANIFEST_FILE, checkPatches, formatStale, readInstalled, type Manifest } from '../../lib/upstream-patches';

const SITE = path.resolve(__dirname, '..', '..');
const manifest = JSON.parse(fs.readFileSync(path.join(SITE, MANIFEST_FILE), 'utf8')) as Manifest;
const read = (file: string) => readInstalled(SITE, file);
const exists = (ours: string) => fs.existsSync(path.join(SITE, ours));

test('every recorded upstream file matches the installed one', () => {
  assert.deepEqual(
    checkPatches(manifest, read, exists).map(
      (s) => `${s.entry.id}: ${s.files.map((f) => `${f.file} ${f.reason}`).join('; ')}`,
    ),
    [],
  );
});

test('a changed upstream hash fails the check, naming the patch and the file', () => {
  const target = manifest.patches.find((p) => p.id === 'client-component-creator');
  assert.ok(target, 'the manifest has the ComponentCreator patch');
  const fake: Manifest = {
    patches: [
      ...manifest.patches.filter((p) => p !== target),
      {
        ...target,
        upstream: target.upstream.map((u, i) => (i === 0 ? { ...u, sha256: '0'.repeat(64) } : u)),
      },
    ],
  };
  const stale = checkPatches(fake, read, exists);
  assert.deepEqual(
    stale.map((s) => [s.entry.id, s.files.map((f) => [f.file, f.reason])]),
    [
      [
        'client-component-creator',
        [['@docusaurus/core/lib/client/exports/ComponentCreator.js', 'file content changed']],
      ],
    ],
  );
  const report = formatStale(stale);
  assert.match(report, /patch "client-component-creator" \(plugins\/bundle\/client-bundle\/component-creator\.js/);
  assert.match(report, /relies on: ComponentCreator's output/);

  // The command npm test runs exits non-zero with the same report.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'check-upgrade-'));
  const file = path.join(dir, 'manifest.json');
  fs.writeFileSync(file, JSON.stringify(fake));
  let failure: { status: number; stderr: string } | undefined;
  try {
    execFileSync(
      process.execPath,
      [require.resolve('tsx/cli'), path.join(SITE, 'scripts/check-upgrade.ts'), '--manifest', file],
      {
        cwd: SITE,
        stdio: 'pipe',
      },
    );
  } catch (err) {
    failure = { status: (err as { status: number }).status, stderr: String((err as { stderr: Buffer }).stderr) };
  }
  fs.rmSync(dir, { recursive: true });
  assert.equal(failure?.status, 1);
  assert.match(failure.stderr, /patch "client-component-creator"/);
});

test('a version change alone is reported, and so is a missing file', () => {
  const entry = manifest.patches[0];
  const fake: Manifest = {
    patches: [
      {
        ...entry,
        ours: [...entry.ours, 'plugins/no-such-file.js'],
        upstream: [{ ...entry.upstream[0], version: '0.0.1' }],
      },
    ],
  };
  const [stale] = checkPatches(fake, read, exists);
  assert.deepEqual(
    stale.files.map((f) => f.reason),
    ['our file named by the entry does not exist', `version 0.0.1 -> ${read(entry.upstream[0].file)?.version}`],
  );
});

/** Site files under `dir` whose text matches `pattern`. */
function filesMatching(dir: string, pattern: RegExp): string[] {
  return fs
    .readdirSync(path.join(SITE, dir), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && /\.(ts|tsx|js|mjs)$/.test(e.name))
    .map((e) => path.relative(SITE, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
    .filter((f) => pattern.test(fs.readFileSync(path.join(SITE, f), 'utf8')));
}

test('every swizzled theme component and every file that imports a dependency internal is declared', () => {
  const declared = new Set(manifest.patches.flatMap((p) => p.ours));
  const swizzled = fs
    .readdirSync(path.join(SITE, 'src/theme'), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && (e.name.endsWith('.tsx') || e.name === 'prism-include-languages.ts'))
    .map((e) => path.relative(SITE, path.join(e.parentPath, e.name)).split(path.sep).join('/'));
  const internals = [
    ...filesMatching('plugins', /@docusaurus\/[a-z-]+\/lib\/|NormalModuleReplacementPlugin|tslib\.es6/),
    ...filesMatching('src', /@docusaurus\/[a-z-]+\/lib\/|@theme-original\//),
  ];
  assert.deepEqual(
    [...new Set([...swizzled, ...internals])].filter((f) => !declared.has(f)).sort(),
    [],
    `add these files to an entry of ${MANIFEST_FILE}`,
  );
});
