/**
 * The @medplum/react reference generator (plugins/react-reference):
 * - a declaration it cannot document fails generation, naming the component;
 * - every component exported by the installed package gets a page or an anchored section, and
 *   every prop the compiler reports for it appears on that page;
 * - demo pages embed the demo island, and the generated pages pass the front matter check.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { before, describe, test } from 'node:test';
import { checkFrontmatter } from '../../plugins/docs-frontmatter-check/check';
import { type ComponentDoc, extractComponents, ReactReferenceError } from '../../plugins/react-reference/extract';
import { FAMILIES, placementOf } from '../../plugins/react-reference/families';
import { type GeneratedPage, generateReactReference } from '../../plugins/react-reference/generate';
import { DEMO_CATALOG } from '../../src/components/react-demos/catalog';

const siteDir = path.resolve(__dirname, '../..');
const fixtures = path.join(siteDir, 'tests', 'fixtures', 'react');
const packageDts = path.join(siteDir, 'node_modules', '@medplum', 'react', 'dist', 'esm', 'index.d.ts');

function tmpDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'react-reference-'));
}

describe('declarations the generator cannot document', () => {
  test('an undeclared props type fails generation and names the component', () => {
    const outDir = tmpDir();
    assert.throws(
      () => generateReactReference({ siteDir, dtsFile: path.join(fixtures, 'broken-props-type.d.ts'), outDir }),
      (err: unknown) => {
        assert.ok(err instanceof ReactReferenceError, `expected a ReactReferenceError, got ${String(err)}`);
        assert.equal(err.symbol, 'BrokenCard');
        assert.match(err.message, /"BrokenCard"/);
        assert.match(err.message, /broken-props-type\.d\.ts:\d+/);
        return true;
      },
    );
  });

  test('a prop whose type does not resolve fails generation and names the component and prop', () => {
    assert.throws(
      () => generateReactReference({ siteDir, dtsFile: path.join(fixtures, 'broken-prop.d.ts'), outDir: tmpDir() }),
      (err: unknown) => {
        assert.ok(err instanceof ReactReferenceError);
        assert.equal(err.symbol, 'HalfBrokenList');
        assert.match(err.message, /prop "renderer"/);
        return true;
      },
    );
  });

  test('a valid declaration file produces a page with its props, and skips non-components', () => {
    const outDir = tmpDir();
    const pages = generateReactReference({ siteDir, dtsFile: path.join(fixtures, 'valid.d.ts'), outDir });
    const documented = pages.flatMap((p) => p.components);
    assert.deepEqual(documented, ['Greeting']);
    const page = fs.readFileSync(path.join(outDir, 'greeting.mdx'), 'utf8');
    assert.match(page, /^\| `name` \| `string` \| yes \| Who to greet\. \|$/m);
    assert.match(page, /^\| `emphasis` \| `number` \| no \| How many exclamation marks to add\. Default 1\. \|$/m);
  });
});

describe('reference for the installed @medplum/react', () => {
  let components: ComponentDoc[];
  let pages: GeneratedPage[];
  let outDir: string;

  before(() => {
    outDir = tmpDir();
    pages = generateReactReference({ siteDir, dtsFile: packageDts, outDir });
    components = extractComponents(packageDts);
  });

  test('finds every PascalCase function component the declarations export', () => {
    // An independent text scan: `export declare function Name(props: …): JSX.Element…`.
    const text = fs.readFileSync(packageDts, 'utf8');
    const scanned = [
      ...text.matchAll(
        /^export declare function ([A-Z][A-Za-z0-9]*)(?:<[^(]*>)?\((?:props|\{[^}]*\})[^)]*\): JSX\.Element/gm,
      ),
    ].map((m) => m[1]);
    assert.ok(scanned.length > 50, `the scan should find many components, found ${scanned.length}`);
    const found = new Set(components.map((c) => c.name));
    const missing = scanned.filter((name) => !found.has(name));
    assert.deepEqual(missing, [], 'components the generator did not document');
  });

  test('every component has a page or an anchored section listing every prop', () => {
    for (const c of components) {
      const placement = placementOf(c.name);
      const page = pages.find((p) => p.components.includes(c.name));
      assert.ok(page, `${c.name} has no page`);
      assert.equal(page.slug, placement.slug);
      const text = fs.readFileSync(page.file, 'utf8');
      let section = text;
      if (placement.anchor) {
        const start = text.indexOf(`## ${c.name} {#${placement.anchor}}`);
        assert.ok(start >= 0, `${c.name} has no "## ${c.name} {#${placement.anchor}}" section on ${page.slug}`);
        const next = text.indexOf('\n## ', start + 1);
        section = text.slice(start, next === -1 ? undefined : next);
      }
      for (const prop of c.props) {
        const row = new RegExp(`^\\| \`${prop.name.replace(/[$]/g, '\\$')}\` \\| `, 'm');
        assert.match(section, row, `${c.name}: prop "${prop.name}" is not in its props table`);
      }
      for (const group of c.inherited) {
        if (group.packageName === '@types/react' && group.names.length > 10) {
          assert.ok(
            section.includes(`**${group.names.length}** standard props`),
            `${c.name}: DOM attribute count missing`,
          );
        } else {
          for (const name of group.names) {
            assert.ok(
              section.includes(`\`${name}\``),
              `${c.name}: inherited prop "${name}" from ${group.packageName} not listed`,
            );
          }
        }
      }
    }
  });

  test('every prop in the tables was reported by the compiler (no invented rows)', () => {
    for (const page of pages.filter((p) => p.components.length === 1)) {
      const c = components.find((x) => x.name === page.components[0])!;
      const text = fs.readFileSync(page.file, 'utf8');
      const table = text.slice(text.indexOf('| Prop | Type |'));
      const rows = [...table.matchAll(/^\| `([^`]+)` \| /gm)].map((m) => m[1]);
      assert.deepEqual(rows.sort(), c.props.map((p) => p.name).sort(), `${c.name}: table rows differ from its props`);
    }
  });

  test('each family lists only components that exist, and no component is in two families', () => {
    const names = new Set(components.map((c) => c.name));
    const seen = new Map<string, string>();
    for (const family of FAMILIES) {
      for (const member of family.members) {
        assert.ok(names.has(member), `${family.slug} lists ${member}, which @medplum/react does not export`);
        assert.ok(!seen.has(member), `${member} is in both ${seen.get(member)} and ${family.slug}`);
        seen.set(member, family.slug);
      }
    }
  });

  test('demo pages embed the island for their component, and only they do', () => {
    for (const page of pages) {
      const text = fs.readFileSync(page.file, 'utf8');
      const demos = [...text.matchAll(/<ReactDemo component="([^"]+)" \/>/g)].map((m) => m[1]);
      const expected = DEMO_CATALOG.filter(
        (d) => page.components.length === 1 && d.component === page.components[0],
      ).map((d) => d.component);
      assert.deepEqual(demos, expected, `${page.slug}: unexpected demos`);
      assert.equal(
        text.includes('react-demos'),
        expected.length > 0,
        `${page.slug}: island import does not match demos`,
      );
    }
    assert.ok(DEMO_CATALOG.length >= 10, 'at least ten components have live demos');
  });

  test('route count stays modest and every page passes the front matter check', () => {
    assert.ok(pages.length <= 120, `${pages.length} pages is more than the ~120 route budget`);
    for (const page of pages) {
      const problems = checkFrontmatter(page.file, fs.readFileSync(page.file, 'utf8'), undefined, { generated: true });
      assert.deepEqual(problems, [], `${page.slug} front matter`);
      assert.ok(fs.statSync(page.file).size > 1200, `${page.slug} is under 1.2 KB`);
    }
  });
});
