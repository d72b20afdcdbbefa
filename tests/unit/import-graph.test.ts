/**
 * Who may import whom: build-time code (plugins/) and browser code (src/) meet only at the seams
 * CONTRIBUTING.md lists; scripts/ and lib/ never import from tests/, and tests/ and lib/ never
 * import from scripts/ (what tests and scripts both need lives in lib/; a test runs a script as a
 * command, not as a module). Imports are read from the source text, including import statements that generators and
 * loaders write into pages, since those make the same dependency.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';

const SITE = path.resolve(__dirname, '..', '..');
const CODE = /\.(ts|tsx|js|mjs|cjs|mts)$/;

function filesUnder(dir: string): string[] {
  const out: string[] = [];
  const walk = (rel: string) => {
    for (const e of fs.readdirSync(path.join(SITE, rel), { withFileTypes: true })) {
      const child = path.posix.join(rel, e.name);
      if (e.isDirectory()) {
        if (!['node_modules', 'build', '.docusaurus'].includes(e.name)) walk(child);
      } else if (CODE.test(e.name)) out.push(child);
    }
  };
  walk(dir);
  return out;
}

/**
 * Where `@theme/<Name>` resolves in this site, as Docusaurus resolves it: the site's own
 * `src/theme/<Name>` (a swizzled component) first, then the `theme/<Name>` folder of one of this
 * site's plugins (a plugin's `getThemePath()`); undefined when a theme package provides it.
 */
export function themeTarget(name: string, site = SITE): string | undefined {
  const exists = (rel: string) =>
    fs.existsSync(path.join(site, rel)) ||
    ['.ts', '.tsx', '.js'].some((ext) => fs.existsSync(path.join(site, rel + ext)));
  if (exists(`src/theme/${name}`)) return `src/theme/${name}`;
  for (const kind of fs.readdirSync(path.join(site, 'plugins'), { withFileTypes: true })) {
    if (!kind.isDirectory()) continue;
    for (const plugin of fs.readdirSync(path.join(site, 'plugins', kind.name), { withFileTypes: true })) {
      const rel = `plugins/${kind.name}/${plugin.name}/theme/${name}`;
      if (plugin.isDirectory() && exists(rel)) return rel;
    }
  }
  return undefined;
}

/**
 * Every module a file names (`from '…'`, `import('…')`, `require('…')`, `import '…'`), as a path in
 * the site; packages are skipped. `@theme/<Name>` counts as the file it resolves to (themeTarget).
 */
export function importsOf(file: string, text: string): string[] {
  const specs = [
    ...text.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|\brequire\s*\(\s*|^\s*import\s+)['"]([^'"]+)['"]/gm),
  ].map((m) => m[1]);
  const out: string[] = [];
  for (const spec of specs) {
    let target: string | undefined;
    if (spec.startsWith('@site/')) target = spec.slice('@site/'.length);
    else if (spec.startsWith('@theme/')) target = themeTarget(spec.slice('@theme/'.length));
    else if (spec.startsWith('.')) target = path.posix.normalize(path.posix.join(path.posix.dirname(file), spec));
    if (target) out.push(target.replace(CODE, ''));
  }
  return out;
}

/** The seams CONTRIBUTING.md lists: "- `from file` → `to module`: reason". */
function listedSeams(): Set<string> {
  const text = fs.readFileSync(path.join(SITE, 'CONTRIBUTING.md'), 'utf8');
  const seams = [...text.matchAll(/^- `([^`]+)` → `([^`]+)`: \S/gm)].map((m) => `${m[1]} → ${m[2]}`);
  return new Set(seams);
}

const top = (p: string) => p.split('/')[0];

test('the import reader resolves relative, @site, @theme and loader-written imports, and skips packages', () => {
  const text = [
    "import a from '../../src/components/X';",
    "import type { B } from '@site/plugins/y/z';",
    'const c = require("./c.js");',
    "const d = () => import('react');",
    "out.push(`import E from '@site/src/components/E';`);",
    "import { StaticBody } from '@theme/StaticBody';",
    "import Layout from '@theme/Layout';",
  ].join('\n');
  assert.deepEqual(importsOf('plugins/p/q.ts', text), [
    'src/components/X',
    'plugins/y/z',
    'plugins/p/c',
    'src/components/E',
    'plugins/markdown/static-body/theme/StaticBody',
  ]);
});

test('plugins/ and src/ import each other only through the seams CONTRIBUTING.md lists', () => {
  const seams = listedSeams();
  assert.ok(seams.size >= 10, `CONTRIBUTING.md lists ${seams.size} seams`);
  const used = new Set<string>();
  const unlisted: string[] = [];
  for (const file of [...filesUnder('plugins'), ...filesUnder('src')]) {
    for (const target of importsOf(file, fs.readFileSync(path.join(SITE, file), 'utf8'))) {
      if (!['plugins', 'src'].includes(top(target)) || top(target) === top(file)) continue;
      const seam = `${file} → ${target.replace(/\/index$/, '')}`;
      used.add(seam);
      if (!seams.has(seam)) unlisted.push(seam);
    }
  }
  assert.deepEqual(unlisted, [], 'imports across plugins/ and src/ that CONTRIBUTING.md does not list');
  // A listed seam that no longer exists is removed from the list, so the list stays the truth.
  assert.deepEqual(
    [...seams].filter((s) => !used.has(s)),
    [],
    'seams CONTRIBUTING.md lists that no file uses',
  );
});

test('scripts/ and lib/ never import from tests/', () => {
  const offenders: string[] = [];
  for (const file of [...filesUnder('scripts'), ...filesUnder('lib')]) {
    for (const target of importsOf(file, fs.readFileSync(path.join(SITE, file), 'utf8'))) {
      if (top(target) === 'tests') offenders.push(`${file} → ${target}`);
    }
  }
  assert.deepEqual(offenders, []);
});

test('tests/ and lib/ never import from scripts/', () => {
  const offenders: string[] = [];
  for (const file of [...filesUnder('tests'), ...filesUnder('lib')]) {
    for (const target of importsOf(file, fs.readFileSync(path.join(SITE, file), 'utf8'))) {
      if (top(target) === 'scripts') offenders.push(`${file} → ${target}`);
    }
  }
  assert.deepEqual(offenders, [], 'move what both need into lib/');
});
