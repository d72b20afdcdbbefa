/**
 * The @medplum/react-hooks reference generator (plugins/react-hooks-reference):
 * - a declaration it cannot document (overloads, a type that does not resolve, a function-typed
 *   constant of an unknown shape, an export no page lists) fails generation, naming the export;
 * - every function exported by the installed package gets a page or an anchored section with
 *   its signature, parameters, return value and an example fence;
 * - the pages pass the front matter check and use no components, so their bodies are static.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { before, describe, test } from 'node:test';
import { checkFrontmatter } from '../../plugins/docs-frontmatter-check/check';
import { HooksReferenceError } from '../../plugins/react-hooks-reference/extract';
import { hookHref, PAGES, placementOf } from '../../plugins/react-hooks-reference/families';
import { type GeneratedPage, generateHooksReference } from '../../plugins/react-hooks-reference/generate';
import { GENERATED_DOC_DIRS } from '../../site.settings';

const siteDir = path.resolve(__dirname, '../..');
const fixtures = path.join(siteDir, 'tests', 'fixtures', 'react-hooks');
const packageDts = path.join(siteDir, 'node_modules', '@medplum', 'react-hooks', 'dist', 'esm', 'index.d.ts');

function tmpDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'react-hooks-reference-'));
}

function failsNaming(fixture: string, symbol: string, reason: RegExp): void {
  assert.throws(
    () => generateHooksReference({ siteDir, dtsFile: path.join(fixtures, fixture), outDir: tmpDir() }),
    (err: unknown) => {
      assert.ok(err instanceof HooksReferenceError, `expected a HooksReferenceError, got ${String(err)}`);
      assert.equal(err.symbol, symbol);
      assert.match(err.message, new RegExp(`"${symbol}"`));
      assert.match(err.message, reason);
      return true;
    },
  );
}

describe('declarations the generator cannot document', () => {
  test('an overloaded hook fails generation and names it', () => {
    failsNaming('overloaded.d.ts', 'useOverloaded', /overloaded\.d\.ts:\d+.*overloaded \(2 signatures\)/);
  });

  test('a parameter type that does not resolve fails generation and names the hook', () => {
    failsNaming('broken-param.d.ts', 'useBrokenOptions', /"MissingOptions" of parameter 1 does not resolve/);
  });

  test('a function-typed constant whose parameters are not written out fails generation', () => {
    failsNaming('callable-const.d.ts', 'useHidden', /callable type "Callable"/);
  });

  test('an export that no page lists fails generation and says where to add it', () => {
    failsNaming('unlisted.d.ts', 'useNotOnAnyPage', /families\.ts/);
  });

  test('a valid declaration file produces its page and skips constants', () => {
    const outDir = tmpDir();
    const pages = generateHooksReference({ siteDir, dtsFile: path.join(fixtures, 'valid.d.ts'), outDir });
    assert.deepEqual(
      pages.map((p) => [p.slug, p.functions]),
      [
        ['medplum-context', ['useMedplum']],
        ['index', []],
      ],
    );
    const page = fs.readFileSync(path.join(outDir, 'medplum-context.mdx'), 'utf8');
    assert.match(page, /^\| `options` \| `FixtureOptions` \| no \| Tuning\. \|$/m);
    assert.match(page, /^\| `delayMs` \| `number` \| no \| How long to wait, in milliseconds\. \|$/m);
    assert.match(page, /`string`: The client name\./);
  });
});

describe('the installed @medplum/react-hooks', () => {
  let pages: GeneratedPage[];
  let outDir: string;
  before(() => {
    outDir = tmpDir();
    pages = generateHooksReference({ siteDir, outDir });
  });

  test('every exported function has a page, listed once', () => {
    // Read from the declarations as text, independently of the generator's compiler walk.
    const dts = fs.readFileSync(packageDts, 'utf8');
    const exported = [
      ...[...dts.matchAll(/^export declare function (\w+)/gm)].map((m) => m[1]),
      ...[...dts.matchAll(/^export declare const (\w+): \(/gm)].map((m) => m[1]),
    ];
    const unique = [...new Set(exported)].sort();
    assert.ok(unique.length >= 46, `expected at least 46 exported functions, found ${unique.length}`);
    const documented = pages.flatMap((p) => p.functions).sort();
    assert.deepEqual(documented, unique);
    for (const name of unique) {
      const page = pages.find((p) => p.functions.includes(name))!;
      const text = fs.readFileSync(page.file, 'utf8');
      const anchor = placementOf(name)!.anchor;
      if (anchor) assert.ok(text.includes(`## ${name} {#${anchor}}`), `${name} has a section on ${page.slug}`);
      assert.ok(text.includes(`function ${name}`), `${name}'s signature is on ${page.slug}`);
    }
  });

  test('every page has a signature, parameters, return value and an example fence', () => {
    for (const page of pages.filter((p) => p.slug !== 'index')) {
      const text = fs.readFileSync(page.file, 'utf8');
      for (const heading of ['Signature', 'Parameters', 'Returns']) {
        assert.match(text, new RegExp(`^#{2,4} ${heading} \\{#`, 'm'), `${page.slug} has ${heading}`);
      }
      assert.match(text, /^```tsx? file=examples\/react-hooks\/[\w-]+\.tsx?#[\w-]+$/m, `${page.slug} shows an example`);
    }
  });

  test('every page and the overview pass the front matter check, and use no components', () => {
    assert.ok(pages.some((p) => p.slug === 'index'));
    for (const page of pages) {
      const text = fs.readFileSync(page.file, 'utf8');
      const problems = checkFrontmatter(page.file, text, undefined, { generated: true });
      assert.deepEqual(problems, [], `${page.slug} front matter`);
      // Static bodies (plugins/static-body): no imports, no JSX components.
      assert.doesNotMatch(text, /^import /m, `${page.slug} imports nothing`);
      assert.doesNotMatch(
        text.replace(/```[\s\S]*?```/g, '').replace(/`[^`\n]*`/g, ''),
        /<[A-Z]/,
        `${page.slug} uses no components`,
      );
      // Links go through Docusaurus (Markdown links), never raw root-absolute HTML.
      assert.doesNotMatch(text, /href="\//, `${page.slug} has no raw root-absolute link`);
    }
  });

  test('the overview links every page and lists every export under a purpose group', () => {
    const overview = fs.readFileSync(path.join(outDir, 'index.mdx'), 'utf8');
    for (const page of PAGES)
      assert.ok(overview.includes(`/docs/api/react-hooks/${page.slug}`), `overview links ${page.slug}`);
    for (const name of pages.flatMap((p) => p.functions))
      assert.ok(overview.includes(`](${hookHref(name)})`), `overview lists ${name}`);
    assert.match(overview, /```tsx file=examples\/react-hooks\/context\.tsx#provider/);
  });

  test('the output folder is a generated folder that git ignores', () => {
    assert.ok(GENERATED_DOC_DIRS.includes('api/react-hooks'));
    const ignore = fs.readFileSync(path.join(siteDir, '.gitignore'), 'utf8');
    assert.match(ignore, /^docs\/api\/react-hooks\/$/m);
  });
});
