/**
 * Every hand-written page compiles as MDX (lib/mdx-compile.ts): a `<url>` in prose or a stray `{`
 * fails here, naming the page, line and column, instead of minutes into the build; so does an
 * expression that reads a name the page never defines (`{id}`), or a JSX tag no import or
 * MDXComponents provides, which MDX compiles and the build's rendering throws on; or a link whose
 * address the build's link resolver cannot parse.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { PROVIDED_COMPONENTS, compileProblems, formatProblems, listPages, pageProblems } from '../../lib/mdx-compile';
import { GENERATED_DOC_DIRS } from '../../site.settings';

const SITE = path.join(__dirname, '..', '..');
const FRONT_MATTER = ['---', 'id: page', 'title: A page', '---', ''];

test('an unclosed tag and an unclosed expression are reported at their line, front matter counted', async () => {
  const [tag] = await pageProblems('docs/a.mdx', [...FRONT_MATTER, 'Intro.', '', 'see <url> here', ''].join('\n'));
  assert.deepEqual([tag?.line, tag?.column], [8, 1]);
  assert.match(tag?.message ?? '', /Expected a closing tag for `<url>` \(8:5-8:10\)/);
  const [brace] = await pageProblems('docs/b.mdx', [...FRONT_MATTER, 'A { stray brace.', '', 'More.', ''].join('\n'));
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
  assert.deepEqual(await pageProblems('docs/c.mdx', page.join('\n')), []);
  // An id anywhere else is an expression to MDX, as in the build; a page whose front matter says
  // `format: md` is read as CommonMark, where `<url>` is text.
  assert.equal((await pageProblems('docs/c.mdx', 'Text {#setup} here.\n'))[0]?.line, 1);
  assert.deepEqual(await pageProblems('docs/d.mdx', '---\nformat: md\n---\nsee <url> here\n'), []);
});

test("a bare address the build's link resolver cannot parse is reported; one in backticks is code", async () => {
  const quoted = 'A bad value is answered with "Invalid quantity value: |http://unitsofmeasure.org|mg".';
  const [link] = await pageProblems('docs/q.mdx', [...FRONT_MATTER, 'Intro.', '', quoted, ''].join('\n'));
  assert.deepEqual([link?.line, link?.column], [8, 56]);
  assert.match(link?.message ?? '', /the build cannot parse the link address "http:\/\/unitsofmeasure\.org\|mg"/);
  const code = quoted.replace(/"(Invalid[^"]+)"/, '`$1`');
  assert.deepEqual(await pageProblems('docs/q.mdx', [...FRONT_MATTER, code, ''].join('\n')), []);
  // An image and a link definition go through the same resolver.
  const image = await pageProblems('docs/q.mdx', [...FRONT_MATTER, '![chart](http://a|b/chart.png)', ''].join('\n'));
  assert.match(image[0]?.message ?? '', /the build cannot parse the image address "http:\/\/a\|b\/chart\.png"/);
  const definition = [...FRONT_MATTER, 'See [units][u].', '', '[u]: http://a|b/units', ''].join('\n');
  assert.deepEqual(
    (await pageProblems('docs/q.mdx', definition)).map((p) => p.line),
    [8],
  );
  // Ordinary links, absolute or to a page, are fine.
  const links = 'See [units](https://unitsofmeasure.org/ucum), https://hl7.org/fhir/R4 and [a page](/docs/search).';
  assert.deepEqual(await pageProblems('docs/q.mdx', [...FRONT_MATTER, links, ''].join('\n')), []);
});

/** `file:line:column name` of each problem, the name being the first `quoted` one in the message. */
const places = (problems: { file: string; line: number; column: number; message: string }[]): string[] =>
  problems.map((p) => `${p.file}:${p.line}:${p.column} ${/`([^`]+)`/.exec(p.message)?.[1]}`);

test('a name the page never defines is reported where it is read, in text and in a JSX attribute', async () => {
  const text = await pageProblems('docs/e.mdx', [...FRONT_MATTER, 'Read Binary/{id} here.', ''].join('\n'));
  assert.deepEqual(places(text), ['docs/e.mdx:6:14 id']);
  assert.match(text[0]?.message ?? '', /^`id` is not defined: .*ReferenceError/);
  const attribute = [
    ...FRONT_MATTER,
    "import Endpoint from '@site/src/components/Endpoint';",
    '',
    'Intro.',
    '',
    '<Endpoint method="GET" path={`/fhir/R4/Binary/${id}`} />',
    '',
  ];
  assert.deepEqual(places(await pageProblems('docs/f.mdx', attribute.join('\n'))), ['docs/f.mdx:10:49 id']);
  // Every name of a page is listed, ESM included (`props` is only the content's parameter).
  const several = ['export const x = props.a;', '', '{a} and {b.c}', ''].join('\n');
  assert.deepEqual(places(await pageProblems('docs/g.mdx', several)), [
    'docs/g.mdx:1:18 props',
    'docs/g.mdx:3:2 a',
    'docs/g.mdx:3:10 b',
  ]);
});

test('imports, exports, props, parameters, globals, require and Docusaurus exports are defined', async () => {
  const page = [
    ...FRONT_MATTER,
    "import Endpoint, { methods } from '@site/src/components/Endpoint';",
    'export const base = `/fhir/R4`;',
    '',
    '# {frontMatter.title}',
    '',
    'Uses {props.name}, {methods.length}, {[1, 2].map((n) => n * 2).join(", ")} and {JSON.stringify({ base })}.',
    '',
    '<Endpoint path={`${base}/Patient`} onClick={(event) => window.alert(event.type)} {...props} />',
    '',
    "<img src={require('./diagram.png').default} alt={typeof document} />",
    '',
  ];
  assert.deepEqual(await pageProblems('docs/h.mdx', page.join('\n')), []);
  // A browser global read while rendering is not: the build renders the page in Node.
  assert.deepEqual(places(await pageProblems('docs/i.mdx', 'Here: {window.location.href}\n')), [
    'docs/i.mdx:1:8 window',
  ]);
});

test('a JSX tag is defined if the page imports it or MDXComponents provides it', async () => {
  const page = [
    "import Tabs from '@theme/Tabs';",
    '',
    '<Tabs><TabItem value="a">A</TabItem></Tabs>',
    '',
    '<Details><summary>More</summary>Text <kbd>Ctrl</kbd>.</Details>',
    '',
    '<TroubleshootingEntries group="bots" />',
    '',
    '{[1].map((Item) => <Item key={1} />)} {<Missing.Part />} <props.Slot />',
    '',
    // remark-troubleshooting replaces only a top-level tag: this one stays, and throws.
    '<Details><TroubleshootingEntries group="bots" /></Details>',
    '',
  ];
  const problems = await pageProblems('docs/j.mdx', page.join('\n'));
  assert.deepEqual(places(problems), [
    'docs/j.mdx:3:7 TabItem',
    'docs/j.mdx:9:41 Missing',
    'docs/j.mdx:11:10 TroubleshootingEntries',
  ]);
  assert.match(problems[0]?.message ?? '', /^Expected component `TabItem` to be defined/);
});

test("the provided components are MDXComponents'", () => {
  // The uppercase keys of the theme's MDXComponents object and of the site's additions to it.
  const theme = fs.readFileSync(require.resolve('@docusaurus/theme-classic/lib/theme/MDXComponents/index.js'), 'utf8');
  const themeObject = /const MDXComponents = \{([\s\S]*?)\n\};/.exec(theme)?.[1] ?? '';
  const site = fs.readFileSync(path.join(SITE, 'src', 'theme', 'MDXComponents.tsx'), 'utf8');
  const siteObject = /export default \{([^}]*)\}/.exec(site)?.[1] ?? '';
  const keys = [...`${themeObject}\n${siteObject.replace(/,/g, ',\n')}`.matchAll(/^\s*([A-Z]\w*)\s*(?:[,:]|$)/gm)].map(
    (m) => m[1],
  );
  assert.deepEqual(keys.sort(), [...PROVIDED_COMPONENTS].sort());
});

test('every bad page is listed, with its file, line and column', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mdx-'));
  fs.writeFileSync(path.join(dir, 'a.mdx'), 'see <url> here\n');
  fs.writeFileSync(path.join(dir, 'b.md'), '# B\n\nA { stray\n');
  fs.writeFileSync(path.join(dir, 'c.mdx'), '# C\n\nBinary/{id} and <Foo />\n');
  fs.writeFileSync(path.join(dir, 'ok.mdx'), '# Fine\n');
  const problems = await compileProblems(listPages(dir), dir);
  fs.rmSync(dir, { recursive: true });
  assert.deepEqual(
    problems.map((p) => `${p.file}:${p.line}:${p.column}`),
    ['a.mdx:1:1', 'b.md:3:10', 'c.mdx:3:9', 'c.mdx:3:17'],
  );
  assert.match(
    formatProblems(problems),
    /^a\.mdx:1:1: Expected a closing tag for `<url>`.*\nb\.md:3:10: Unexpected end of file in expression.*\nc\.mdx:3:9: `id` is not defined: .*\nc\.mdx:3:17: Expected component `Foo` to be defined/,
  );
});

test('every hand-written page compiles as MDX, defines what it reads and has addresses the build can parse', async () => {
  const pages = [
    ...listPages(path.join(SITE, 'docs'), GENERATED_DOC_DIRS),
    ...listPages(path.join(SITE, 'src', 'pages')),
  ];
  assert.ok(pages.length > 100, `only ${pages.length} pages found`);
  const problems = await compileProblems(pages, SITE);
  assert.equal(problems.length, 0, `${problems.length} MDX problem(s) in the pages:\n${formatProblems(problems)}`);
});
