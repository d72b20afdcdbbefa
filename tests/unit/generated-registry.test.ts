/**
 * Keeps plugins/generate/registry.ts the one list of generated content: every folder it names is
 * ignored by git, ESLint, Prettier and Docker (eslint.config.mjs cannot import TypeScript, so its
 * list is checked here), no ignore file names a generated folder under docs/ that the registry
 * does not, every generator on disk is registered and every registered generator exists, and no
 * other code spells a generated folder out again. Each failure names the path.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { ESLint } from 'eslint';
import {
  docsDirOf,
  GENERATED,
  generatedOutputs,
  outputsOf,
  type GeneratedFamily,
} from '../../plugins/generate/registry';
import { GENERATED_DOC_DIRS } from '../../site.settings';
import { buildSidebars } from '../../sidebars/build';

const SITE = path.resolve(__dirname, '..', '..');
const OUTPUTS = generatedOutputs();
const FAMILIES: readonly GeneratedFamily[] = GENERATED;

/** Lines of an ignore file that are patterns: no blanks, no comments. */
function patterns(file: string): string[] {
  return fs
    .readFileSync(path.join(SITE, file), 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
}

function globToRegExp(glob: string): string {
  let out = '';
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i];
    if (glob.startsWith('**/', i)) {
      out += '(?:.*/)?';
      i += 2;
    } else if (glob.startsWith('**', i)) {
      out += '.*';
      i += 1;
    } else if (c === '*') out += '[^/]*';
    else if (c === '?') out += '[^/]';
    else out += c.replace(/[.+^${}()|[\]\\]/g, '\\$&');
  }
  return out;
}

/**
 * Whether an ignore list ignores a file inside `folder` (relative to the site): some pattern
 * matches the folder or one of its parents; a later `!pattern` takes it back. `anchored`: every
 * pattern is relative to the root (.dockerignore); otherwise, as in .gitignore and
 * .prettierignore, a pattern with no slash but a trailing one matches at any depth.
 */
export function ignores(list: string[], folder: string, anchored: boolean): boolean {
  const segments = folder.split('/');
  const prefixes = segments.map((_, i) => segments.slice(0, i + 1).join('/'));
  let ignored = false;
  for (const raw of list) {
    const negated = raw.startsWith('!');
    const pattern = (negated ? raw.slice(1) : raw).replace(/\/$/, '');
    const rooted = anchored || pattern.replace(/^\//, '').includes('/');
    const re = new RegExp(`^${rooted ? '' : '(?:.*/)?'}${globToRegExp(pattern.replace(/^\//, ''))}$`);
    if (prefixes.some((p) => re.test(p))) ignored = !negated;
  }
  return ignored;
}

/** The global ignores of eslint.config.mjs (the config entry that has nothing but `ignores`). */
async function eslintIgnores(): Promise<string[]> {
  const url = pathToFileURL(path.join(SITE, 'eslint.config.mjs')).href;
  const config = ((await import(url)) as { default: { ignores?: string[] }[] }).default;
  const entry = config.find((c) => Object.keys(c).length === 1 && Array.isArray(c.ignores));
  assert.ok(entry, 'eslint.config.mjs has no global ignores entry');
  return entry.ignores as string[];
}

test('the ignore matcher follows gitignore and dockerignore rules', () => {
  assert.equal(ignores(['.generated/'], '.generated/fhir-tools', false), true);
  assert.equal(ignores(['.generated/'], 'tests/x/.generated', false), true);
  assert.equal(ignores(['.generated'], 'tests/x/.generated', true), false);
  assert.equal(ignores(['docs/sdk/'], 'docs/sdk', false), true);
  assert.equal(ignores(['docs/sdk/'], 'x/docs/sdk', false), false);
  assert.equal(ignores(['docs/api/fhir/'], 'docs/api/fhir/resources', false), true);
  assert.equal(ignores(['docs/api/fhir/resources/'], 'docs/api/fhir/operations', false), false);
  assert.equal(ignores(['tests/fixtures/**/build/'], 'tests/fixtures/a/b/build', false), true);
  assert.equal(ignores(['static/*', '!static/fhir-tools'], 'static/fhir-tools', false), false);
});

test('each registry entry is well formed', () => {
  const ids = GENERATED.map((f) => f.id);
  assert.deepEqual(
    ids.filter((id, i) => ids.indexOf(id) !== i),
    [],
    'ids must be unique',
  );
  const pkg = JSON.parse(fs.readFileSync(path.join(SITE, 'package.json'), 'utf8')) as Record<
    string,
    Record<string, string>
  >;
  const declared = new Set([...Object.keys(pkg.dependencies), ...Object.keys(pkg.devDependencies)]);
  for (const family of FAMILIES) {
    for (const out of outputsOf(family)) {
      assert.match(out, /^[.\w-]+(\/[.\w-]+)*$/, `${family.id}: ${out} is a plain relative folder`);
    }
    if (family.dataDir !== undefined)
      assert.match(family.dataDir, /^\.generated\//, `${family.id}: dataDir is under .generated/`);
    const docs = docsDirOf(family);
    if (docs !== undefined) assert.equal(family.route, `/docs/${docs}`, `${family.id}: route of a docs folder`);
    for (const name of family.packages) assert.ok(declared.has(name), `${family.id}: ${name} is not in package.json`);
  }
  // No output inside another: a generator that clears its folder would delete the other's files.
  for (const a of OUTPUTS) {
    for (const b of OUTPUTS) {
      if (a !== b) assert.ok(!b.startsWith(`${a}/`), `${b} is inside ${a}`);
    }
  }
  assert.equal(new Set(OUTPUTS).size, OUTPUTS.length, 'an output folder is listed twice');
});

test('every registered generator exists', () => {
  const missing = GENERATED.filter((f) => !fs.existsSync(path.join(SITE, f.generator))).map(
    (f) => `${f.id}: ${f.generator}`,
  );
  assert.deepEqual(missing, [], 'registry entries whose generator file does not exist');
});

test('every plugins/generate/<name>/generate.ts is registered', () => {
  const dir = path.join(SITE, 'plugins', 'generate');
  const onDisk = fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory() && fs.existsSync(path.join(dir, e.name, 'generate.ts')))
    .map((e) => `plugins/generate/${e.name}/generate.ts`);
  const registered = new Set<string>(GENERATED.map((f) => f.generator));
  assert.ok(onDisk.length >= 5, `found ${onDisk.length} generators`);
  assert.deepEqual(
    onDisk.filter((file) => !registered.has(file)),
    [],
    'generators that plugins/generate/registry.ts does not list',
  );
});

test('GENERATED_DOC_DIRS is the registry’s folders under docs/', () => {
  assert.deepEqual(
    GENERATED_DOC_DIRS,
    GENERATED.flatMap((f) => docsDirOf(f) ?? []),
  );
  assert.ok(GENERATED_DOC_DIRS.includes('api/fhir/resources'));
});

test('.gitignore ignores every registry output', () => {
  const notIgnored = OUTPUTS.filter((out) => {
    try {
      execFileSync('git', ['check-ignore', '--no-index', '-q', `${out}/any-file`], { cwd: SITE, stdio: 'ignore' });
      return false;
    } catch {
      return true;
    }
  });
  assert.deepEqual(notIgnored, [], 'registry outputs that .gitignore does not ignore');
  // The same answer from the matcher the other files are checked with.
  assert.deepEqual(
    OUTPUTS.filter((out) => !ignores(patterns('.gitignore'), out, false)),
    [],
  );
});

test('eslint.config.mjs ignores every registry output', async () => {
  const eslint = new ESLint({ cwd: SITE });
  const notIgnored: string[] = [];
  for (const out of OUTPUTS) {
    if (!(await eslint.isPathIgnored(path.join(SITE, out, 'any-file.ts')))) notIgnored.push(out);
  }
  assert.deepEqual(notIgnored, [], 'registry outputs that eslint.config.mjs does not ignore');
});

test('.prettierignore and .dockerignore ignore every registry output', () => {
  for (const [file, anchored] of [
    ['.prettierignore', false],
    ['.dockerignore', true],
  ] as const) {
    assert.deepEqual(
      OUTPUTS.filter((out) => !ignores(patterns(file), out, anchored)),
      [],
      `registry outputs that ${file} does not ignore`,
    );
  }
});

test('no ignore list names a folder under docs/ that the registry does not generate', async () => {
  const lists: [string, string[]][] = [
    ['.gitignore', patterns('.gitignore')],
    ['.prettierignore', patterns('.prettierignore')],
    ['.dockerignore', patterns('.dockerignore')],
    ['eslint.config.mjs', await eslintIgnores()],
  ];
  for (const [file, list] of lists) {
    const stale = list.map((p) => p.replace(/\/$/, '')).filter((p) => p.startsWith('docs/') && !OUTPUTS.includes(p));
    assert.deepEqual(
      stale,
      [],
      `${file} ignores folders under docs/ that are not generated (hand-written pages would be skipped)`,
    );
  }
});

test('only the registry spells out a generated folder', () => {
  const files: string[] = [];
  const walk = (rel: string) => {
    const full = path.join(SITE, rel);
    if (fs.statSync(full).isFile()) return void files.push(rel);
    for (const e of fs.readdirSync(full, { withFileTypes: true })) {
      if (['node_modules', 'build', '.docusaurus'].includes(e.name)) continue;
      const child = path.posix.join(rel, e.name);
      if (e.isDirectory()) walk(child);
      else if (/\.(ts|tsx|mjs|js)$/.test(e.name)) files.push(child);
    }
  };
  for (const rel of ['plugins', 'sidebars', 'lib', 'scripts', 'site.settings.ts', 'docusaurus.config.ts']) walk(rel);
  const literals = OUTPUTS.flatMap((out) => {
    const q = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    // 'docs/api/react-hooks', "docs/api/react-hooks/", or 'docs', 'api', 'react-hooks' in a path.join.
    return [
      { out, re: new RegExp(`(['"])${q(out)}/?\\1`) },
      {
        out,
        re: new RegExp(
          out
            .split('/')
            .map((s) => `'${q(s)}'`)
            .join(',\\s*'),
        ),
      },
    ];
  });
  const found: string[] = [];
  for (const file of files) {
    if (file === 'plugins/generate/registry.ts') continue;
    const text = fs.readFileSync(path.join(SITE, file), 'utf8');
    for (const { out, re } of literals) if (re.test(text)) found.push(`${file}: ${out}`);
  }
  assert.deepEqual([...new Set(found)], [], 'take these folders from plugins/generate/registry.ts');
});

test('the API sidebar lists every generated docs folder under its registry label', () => {
  const docs = fs.mkdtempSync(path.join(os.tmpdir(), 'registry-'));
  try {
    fs.mkdirSync(path.join(docs, 'api'), { recursive: true });
    fs.writeFileSync(path.join(docs, 'api', 'index.mdx'), '---\ntitle: API\n---\n');
    for (const dir of GENERATED_DOC_DIRS) {
      fs.mkdirSync(path.join(docs, dir), { recursive: true });
      fs.writeFileSync(path.join(docs, dir, 'index.mdx'), `---\ntitle: ${dir}\n---\n`);
    }
    const { api } = buildSidebars(docs) as Record<string, { label?: string }[]>;
    const labels = new Set(api.map((item) => item.label));
    assert.deepEqual(
      GENERATED.filter((f) => docsDirOf(f) !== undefined && !labels.has(f.label)).map((f) => f.id),
      [],
      'generated docs folders missing from the API sidebar (sidebars/build.ts)',
    );
  } finally {
    fs.rmSync(docs, { recursive: true, force: true });
  }
});
