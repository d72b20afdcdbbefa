/**
 * Every `localeCompare` and `Intl.Collator` in the site's code names its locale as a string
 * literal. Without one, the order follows the default locale of whatever runs it: the build
 * machine's for generated pages (so two machines could build different tables from the same
 * packages), the reader's for the search builder's parameter list (so it could differ from the
 * list the built page shows before the worker runs). `examples/` is left out: it is code for
 * readers to copy into their own programs, where the reader's locale may be what they want.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import ts from 'typescript';

const ROOT = path.join(__dirname, '..', '..');
const ROOT_CONFIGS = ['docusaurus.config.ts', 'sidebars.ts', 'site.settings.ts'];

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(full);
    return /\.[cm]?[jt]sx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

/** Where `code` calls `localeCompare` or builds an `Intl.Collator` without a literal locale. */
function unnamedLocales(file: string, code: string): { calls: number; unnamed: string[] } {
  const source = ts.createSourceFile(file, code, ts.ScriptTarget.Latest, true);
  let calls = 0;
  const unnamed: string[] = [];
  const visit = (node: ts.Node): void => {
    if ((ts.isCallExpression(node) || ts.isNewExpression(node)) && ts.isPropertyAccessExpression(node.expression)) {
      const name = node.expression.name.text;
      const args = node.arguments ?? ts.factory.createNodeArray();
      const locale = name === 'localeCompare' ? args[1] : name === 'Collator' ? args[0] : null;
      if (locale !== null) {
        calls++;
        if (locale === undefined || !ts.isStringLiteralLike(locale)) {
          const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
          unnamed.push(`${path.relative(ROOT, file)}:${line}: ${node.getText(source).replace(/\s+/g, ' ')}`);
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return { calls, unnamed };
}

test('the check sees calls split over lines, undefined locales, collators, and skips comments', () => {
  const code = [
    '// a.localeCompare(b) in a comment is not a call',
    'x.sort((a, b) =>',
    '  a.name.localeCompare(',
    '    b.name,',
    '  ),',
    ');',
    'a.localeCompare(b, undefined, { numeric: true });',
    "a.localeCompare(')', 'en');",
    'new Intl.Collator().compare(a, b);',
    "new Intl.Collator('en', { numeric: true });",
  ].join('\n');
  const found = unnamedLocales(path.join(ROOT, 'sample.ts'), code);
  assert.equal(found.calls, 5);
  assert.deepEqual(
    found.unnamed.map((u) => u.split(':')[1]),
    ['3', '7', '9'],
  );
});

test('every localeCompare and Intl.Collator in src, plugins, lib, scripts and the root configs names its locale', () => {
  const files = [
    ...['src', 'plugins', 'lib', 'scripts'].flatMap((dir) => sourceFiles(path.join(ROOT, dir))),
    ...ROOT_CONFIGS.map((name) => path.join(ROOT, name)).filter((file) => fs.existsSync(file)),
  ];
  assert.ok(files.length > 50, `${files.length} files`);
  let calls = 0;
  const unnamed: string[] = [];
  for (const file of files) {
    const found = unnamedLocales(file, fs.readFileSync(file, 'utf8'));
    calls += found.calls;
    unnamed.push(...found.unnamed);
  }
  assert.ok(calls > 5, `${calls} calls`);
  assert.deepEqual(unnamed, []);
});
