/**
 * Every hand-written page compiles as MDX (lib/mdx-compile.ts): a `<url>` in prose or a stray `{`
 * fails here, naming the page, line and column, instead of minutes into the build.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { compileProblem, compileProblems, formatProblems, listPages } from '../../lib/mdx-compile';
import { GENERATED_DOC_DIRS } from '../../site.settings';

const SITE = path.join(__dirname, '..', '..');
const FRONT_MATTER = ['---', 'id: page', 'title: A page', '---', ''];

test('an unclosed tag and an unclosed expression are reported at their line, front matter counted', async () => {
  const tag = await compileProblem('docs/a.mdx', [...FRONT_MATTER, 'Intro.', '', 'see <url> here', ''].join('\n'));
  assert.deepEqual([tag?.line, tag?.column], [8, 1]);
  assert.match(tag?.message ?? '', /Expected a closing tag for `<url>` \(8:5-8:10\)/);
  const brace = await compileProblem('docs/b.mdx', [...FRONT_MATTER, 'A { stray brace.', '', 'More.', ''].join('\n'));
  assert.equal(brace?.line, 6);
  assert.match(brace?.message ?? '', /expected a corresponding closing brace for `\{`/);
});

test("Docusaurus's own syntax compiles: heading ids, titled admonitions, HTML comments, GFM tables", async () => {
  const page = [
    ...FRONT_MATTER,
    '## Setup {#setup}',
    '',
    ':::note A title',
    'Body <!-- a comment -->.',
    ':::',
    '',
    '| a | b |',
    '| - | - |',
    '| 1 | 2 |',
    '',
  ];
  assert.equal(await compileProblem('docs/c.mdx', page.join('\n')), undefined);
  // An id anywhere else is an expression to MDX, as in the build; a page whose front matter says
  // `format: md` is read as CommonMark, where `<url>` is text.
  assert.equal((await compileProblem('docs/c.mdx', 'Text {#setup} here.\n'))?.line, 1);
  assert.equal(await compileProblem('docs/d.mdx', '---\nformat: md\n---\nsee <url> here\n'), undefined);
});

test('every bad page is listed, with its file, line and column', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mdx-'));
  fs.writeFileSync(path.join(dir, 'a.mdx'), 'see <url> here\n');
  fs.writeFileSync(path.join(dir, 'b.md'), '# B\n\nA { stray\n');
  fs.writeFileSync(path.join(dir, 'ok.mdx'), '# Fine\n');
  const problems = await compileProblems(listPages(dir), dir);
  fs.rmSync(dir, { recursive: true });
  assert.deepEqual(
    problems.map((p) => `${p.file}:${p.line}:${p.column}`),
    ['a.mdx:1:1', 'b.md:3:10'],
  );
  assert.match(
    formatProblems(problems),
    /^a\.mdx:1:1: Expected a closing tag for `<url>`.*\nb\.md:3:10: Unexpected end of file in expression/,
  );
});

test('every hand-written page compiles as MDX', async () => {
  const pages = [
    ...listPages(path.join(SITE, 'docs'), GENERATED_DOC_DIRS),
    ...listPages(path.join(SITE, 'src', 'pages')),
  ];
  assert.ok(pages.length > 100, `only ${pages.length} pages found`);
  const problems = await compileProblems(pages, SITE);
  assert.equal(problems.length, 0, `${problems.length} page(s) do not compile as MDX:\n${formatProblems(problems)}`);
});
