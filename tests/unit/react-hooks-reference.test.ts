/**
 * The @medplum/react-hooks reference generator (plugins/generate/react-hooks-reference):
 * - a declaration it cannot document (overloads, a type that does not resolve, a function-typed
 *   constant of an unknown shape, an export no page lists) fails generation, naming the export;
 * - every function exported by the installed package gets a page or an anchored section with
 *   its signature, parameters, return value and an example fence;
 * - the pages pass the front matter check and use no components, so their bodies are static;
 * - text from the declarations (`<script>`, `{braces}`, `|pipes|`, `*stars*`, `_underscores_`)
 *   shows to the reader as written; `**bold**` markers are dropped, links and fences kept;
 * - the hand-written prose (families.yaml, notes.yaml) is refused with its file and line when a
 *   key is unknown, missing or of the wrong type, a slug or export is repeated, or a page names a
 *   group that does not exist; every summary and member description it holds is shown.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { toString } from 'mdast-util-to-string';
import { before, describe, test } from 'node:test';
import { checkFrontmatter } from '../../plugins/markdown/docs-frontmatter-check/check';
import { HooksReferenceError } from '../../plugins/generate/react-hooks-reference/extract';
import { hookHref, PAGES, parseHookPages, placementOf } from '../../plugins/generate/react-hooks-reference/families';
import { type GeneratedPage, generateHooksReference } from '../../plugins/generate/react-hooks-reference/generate';
import { MEMBER_NOTES, parseHookNotes, SUMMARIES } from '../../plugins/generate/react-hooks-reference/notes';
import { serialize } from '../../plugins/generate/mdast';
import { descriptionOf, renderApi } from '../../plugins/generate/react-hooks-reference/render';
import type { FunctionDoc } from '../../plugins/generate/react-hooks-reference/extract';
import { GENERATED_DOC_DIRS } from '../../site.settings';
import { allNodes, readerView } from './mdx-reader';
import { proseProblems } from './prose-problems';

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
    failsNaming('unlisted.d.ts', 'useNotOnAnyPage', /plugins\/generate\/react-hooks-reference\/families\.yaml/);
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
      // `\{#id}`: the heading id as the serializer writes it, which Docusaurus reads as `{#id}`.
      if (anchor) assert.ok(text.includes(`## ${name} \\{#${anchor}}`), `${name} has a section on ${page.slug}`);
      assert.ok(text.includes(`function ${name}`), `${name}'s signature is on ${page.slug}`);
    }
  });

  test('every page has a signature, parameters, return value and an example fence', () => {
    for (const page of pages.filter((p) => p.slug !== 'index')) {
      const text = fs.readFileSync(page.file, 'utf8');
      for (const heading of ['Signature', 'Parameters', 'Returns']) {
        assert.match(text, new RegExp(`^#{2,4} ${heading} \\\\\\{#`, 'm'), `${page.slug} has ${heading}`);
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
      // Static bodies (plugins/markdown/static-body): no imports, no JSX components.
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

  test('every hand-written summary and member description is shown on a page', () => {
    const text = pages.map((p) => fs.readFileSync(p.file, 'utf8')).join('\n');
    const unused = [
      ...Object.entries(SUMMARIES).filter(([, s]) => !text.includes(s)),
      ...Object.entries(MEMBER_NOTES).filter(([, s]) => !text.includes(s)),
    ].map(([name]) => name);
    assert.deepEqual(
      unused,
      [],
      'notes.yaml entries no page shows (a misspelled name, or the package documents it now)',
    );
  });

  test('the output folder is a generated folder that git ignores', () => {
    assert.ok(GENERATED_DOC_DIRS.includes('api/react-hooks'));
    const ignore = fs.readFileSync(path.join(siteDir, '.gitignore'), 'utf8');
    assert.match(ignore, /^docs\/api\/react-hooks\/$/m);
  });
});

describe('families.yaml', () => {
  const page = (slug: string, member: string, extra: string[] = []) => [
    `  - slug: ${slug}`,
    `    title: ${member}`,
    '    description: >-',
    `      ${member} does one thing.`,
    '    intro: It does it well.',
    ...extra,
    '    members:',
    `      - ${member}`,
    '    group: Live updates',
    '    examples:',
    '      - file: examples/react-hooks/data.tsx',
    '        region: one',
    "        caption: 'Like this:'",
    '    sources:',
    '      - "@medplum/react-hooks@5.2.13 src/useOne/useOne.ts (useOne)"',
  ];
  const file = (...pages: string[][]) =>
    [
      'groups:',
      '  - title: Live updates',
      '    anchor: live-updates',
      '    blurb: React to changes.',
      'pages:',
      ...pages.flat(),
      '',
    ].join('\n');

  test('a valid file gives its groups and pages, notes kept as written', () => {
    const notes = ['    notes: |-', '      ## More {#more}', '', '      - a list'];
    const { groups, pages } = parseHookPages(file(page('use-one', 'useOne', notes)), 'families.yaml');
    assert.deepEqual(groups, [{ title: 'Live updates', anchor: 'live-updates', blurb: 'React to changes.' }]);
    assert.deepEqual(pages, [
      {
        slug: 'use-one',
        title: 'useOne',
        description: 'useOne does one thing.',
        intro: 'It does it well.',
        notes: '## More {#more}\n\n- a list',
        members: ['useOne'],
        group: 'Live updates',
        examples: [{ file: 'examples/react-hooks/data.tsx', region: 'one', caption: 'Like this:' }],
        sources: ['@medplum/react-hooks@5.2.13 src/useOne/useOne.ts (useOne)'],
      },
    ]);
  });

  test('an unknown key, a missing key and a wrong type are refused at their lines', () => {
    const text = file(page('use-one', 'useOne', ['    note: typo of notes']))
      .replace("        caption: 'Like this:'\n", '')
      .replace('    intro: It does it well.', '    intro: [a]');
    assert.deepEqual(
      proseProblems(() => parseHookPages(text, 'families.yaml')),
      [
        'families.yaml:10: "intro" must be non-empty text',
        'families.yaml:11: unknown key "note" in page "use-one" (allowed: "slug", "title", "description", "intro", "members", "group", "examples", "sources", "notes")',
        'families.yaml:16: an example is missing the required key "caption"',
      ],
    );
  });

  test('a page in a group that is not listed is refused at its line', () => {
    const text = file(page('use-one', 'useOne')).replace('    group: Live updates', '    group: Live update');
    assert.deepEqual(
      proseProblems(() => parseHookPages(text, 'families.yaml')),
      ['families.yaml:13: "group" "Live update" is not the title of one of the "groups"'],
    );
  });

  test('invalid MDX in a blurb, notes or a caption is refused at the line it is on', () => {
    const notes = ['    notes: |-', '      ## More {#more}', '', '      Unclosed <Tabs>']; // lines 11-14
    const text = file(page('use-one', 'useOne', notes))
      .replace('    blurb: React to changes.', '    blurb: React to {changes.')
      .replace("        caption: 'Like this:'", "        caption: 'Like </this>:'");
    assert.deepEqual(
      proseProblems(() => parseHookPages(text, 'families.yaml')),
      [
        'families.yaml:4: "blurb" is not valid MDX: Unexpected end of file in expression, expected a corresponding closing brace for `{`',
        'families.yaml:14: "notes" is not valid MDX: Expected a closing tag for `<Tabs>` (line 14) before the end of `paragraph`',
        'families.yaml:21: "caption" is not valid MDX: Unexpected closing slash `/` in tag, expected an open tag first',
      ],
    );
  });

  test('a slug, an export and a group anchor listed twice are refused', () => {
    const text = file(page('use-one', 'useOne'), page('use-one', 'useOne')).replace(
      '    blurb: React to changes.',
      '    blurb: React to changes.\n  - title: Other\n    anchor: live-updates\n    blurb: Other.',
    );
    assert.deepEqual(
      proseProblems(() => parseHookPages(text, 'families.yaml')),
      [
        'families.yaml:6: group anchor "live-updates" is listed twice: first at families.yaml:3',
        'families.yaml:23: page slug "use-one" is listed twice: first at families.yaml:9',
        'families.yaml:29: export "useOne" is listed twice: first at families.yaml:15',
      ],
    );
  });
});

describe('notes.yaml', () => {
  test('a member description of two paragraphs is refused at the line of the second', () => {
    const text = [
      'summaries: {}',
      'members:',
      '  SearchOptions:',
      '    enabled: >-',
      '      When false,',
      '',
      '',
      '      no search runs.',
      '',
    ];
    assert.deepEqual(
      proseProblems(() => parseHookNotes(text.join('\n'), 'notes.yaml')),
      [
        'notes.yaml:8: the description of SearchOptions.enabled is not valid MDX: expected one paragraph of Markdown, found a second paragraph',
      ],
    );
  });

  test('a valid file gives summaries by export and member descriptions keyed Type.member', () => {
    const text = [
      'summaries:',
      '  useWhisper: >-',
      '    Streams audio.',
      'members:',
      '  SearchOptions:',
      '    enabled: When false, no search runs.',
      '',
    ].join('\n');
    assert.deepEqual(parseHookNotes(text, 'notes.yaml'), {
      summaries: { useWhisper: 'Streams audio.' },
      memberNotes: { 'SearchOptions.enabled': 'When false, no search runs.' },
    });
  });

  test('a summary for an export no page lists, a wrong type and an unknown key are refused at their lines', () => {
    const text = [
      'summaries:',
      '  useNoSuchHook: Does nothing.',
      'members:',
      '  SearchOptions:',
      '    enabled: [true]',
      '  Bad Name:',
      '    x: y',
      'extra: 1',
      '',
    ].join('\n');
    assert.deepEqual(
      proseProblems(() => parseHookNotes(text, 'notes.yaml')),
      [
        'notes.yaml:2: no page in families.yaml lists useNoSuchHook, so its summary would never be shown',
        'notes.yaml:5: the description of SearchOptions.enabled must be non-empty text',
        'notes.yaml:6: key "Bad Name" of "members" must be the name of a type',
        'notes.yaml:8: unknown key "extra" in notes.yaml (allowed: "summaries", "members")',
      ],
    );
  });
});

describe('what a reader sees of text from the declarations', () => {
  const tricky = 'Loads <script>alert(1)</script> with {braces}, |pipes|, *stars* and _underscores_; see `a|b`.';
  const shown = 'Loads <script>alert(1)</script> with {braces}, |pipes|, *stars* and _underscores_; see a|b.';
  const f: FunctionDoc = {
    name: 'useTricky',
    kind: 'hook',
    description: [
      tricky,
      '',
      'It **always** returns, see [the spec](https://example.com/spec_1) or {@link https://example.com/x | X}:',
      '- first <item>',
      '- second {item}',
      '',
      '```ts',
      'const x = useTricky({ a: 1 });',
      '```',
    ].join('\n'),
    signature: 'function useTricky(options?: string): string',
    params: [{ name: 'options', type: 'string | { a: 1 }', optional: true, description: tricky }],
    returns: { type: 'string', description: '' },
    location: 'fixture.d.ts:1',
  };
  const tree = readerView(serialize([...descriptionOf(f), ...renderApi(f, 2)]));
  const nodes = allNodes(tree);

  test('prose shows as literal text: no JSX, expressions, emphasis or HTML', () => {
    const kinds = new Set(nodes.map((n) => n.type));
    for (const kind of ['mdxJsxFlowElement', 'mdxJsxTextElement', 'mdxFlowExpression', 'mdxTextExpression'])
      assert.ok(!kinds.has(kind as never), `no ${kind}`);
    for (const kind of ['emphasis', 'strong', 'html']) assert.ok(!kinds.has(kind as never), `no ${kind}`);
    assert.equal(toString(tree.children[0]), shown);
  });

  test('bold markers are dropped, links kept, list items and fenced code stay list and code', () => {
    assert.equal(toString(tree.children[1]), 'It always returns, see the spec or X (https://example.com/x):');
    const links = nodes.filter((n) => n.type === 'link').map((n) => n.url);
    assert.deepEqual(links, ['https://example.com/spec_1', 'https://example.com/x']);
    const list = tree.children[2];
    assert.equal(list.type, 'list');
    assert.deepEqual('children' in list ? list.children.map((item) => toString(item)) : [], [
      'first <item>',
      'second {item}',
    ]);
    assert.deepEqual(tree.children[3], {
      ...tree.children[3],
      type: 'code',
      lang: 'ts',
      value: 'const x = useTricky({ a: 1 });',
    });
  });

  test('a parameters table row shows the name, type and description as written', () => {
    const table = tree.children.find((n) => n.type === 'table');
    assert.ok(table && table.type === 'table');
    assert.deepEqual(
      table.children[1].children.map((cell) => toString(cell)),
      ['options', 'string | { a: 1 }', 'no', shown],
    );
  });
});
