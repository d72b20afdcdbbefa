import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import remarkExampleCode, { extractRegion } from '../../plugins/markdown/remark-example-code';

const source = [
  'import x from "y";',
  '',
  'export function f() {',
  '  // #region body',
  '  const a = 1;',
  '    return a;',
  '  // #endregion body',
  '}',
  '',
].join('\n');

test('a region keeps only its lines, without markers or shared indent', () => {
  assert.equal(extractRegion(source, 'body', 'here'), 'const a = 1;\n  return a;');
});

test('no region means the whole file, trimmed', () => {
  assert.equal(extractRegion(source, undefined, 'here').split('\n')[0], 'import x from "y";');
});

test('a missing region names where it was asked for', () => {
  assert.throws(() => extractRegion(source, 'nope', 'docs/a.mdx:3'), /docs\/a\.mdx:3: region "nope" not found/);
});

test('the plugin fills an empty code block from the file and keeps the other meta', () => {
  const site = fs.mkdtempSync(path.join(os.tmpdir(), 'ex-'));
  fs.mkdirSync(path.join(site, 'examples'));
  fs.writeFileSync(path.join(site, 'examples', 'a.ts'), source);
  const node = {
    type: 'code',
    lang: 'ts',
    meta: 'file=examples/a.ts#body title="Example"',
    value: '',
    position: { start: { line: 7 } },
  };
  const tree = { type: 'root', children: [node] };
  remarkExampleCode({ siteDir: site })(tree, { path: path.join(site, 'docs', 'p.mdx') });
  assert.equal(node.value, 'const a = 1;\n  return a;');
  assert.equal(node.meta, 'title="Example"');

  const missing = { ...node, meta: 'file=examples/none.ts', value: '' };
  assert.throws(
    () =>
      remarkExampleCode({ siteDir: site })(
        { type: 'root', children: [missing] },
        { path: path.join(site, 'docs', 'p.mdx') },
      ),
    /docs\/p\.mdx:7: example file "examples\/none\.ts" does not exist/,
  );
});
