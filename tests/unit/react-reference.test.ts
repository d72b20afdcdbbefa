/**
 * The @medplum/react reference generator (plugins/generate/react-reference):
 * - a declaration it cannot document fails generation, naming the component;
 * - every component exported by the installed package gets a page or an anchored section, and
 *   every prop the compiler reports for it appears on that page;
 * - demo pages embed the demo island, and the generated pages pass the front matter check;
 * - text from the declarations (`<script>`, `{braces}`, `|pipes|`, `*stars*`, `_underscores_`)
 *   shows to the reader as written, in prose and in table cells;
 * - the hand-written prose (families.yaml, notes/<Component>.md) is refused with its file and
 *   line when a key is unknown, missing or of the wrong type, or a slug or member is repeated.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { toString } from 'mdast-util-to-string';
import { before, describe, test } from 'node:test';
import { checkFrontmatter } from '../../plugins/markdown/docs-frontmatter-check/check';
import {
  type ComponentDoc,
  extractComponents,
  ReactReferenceError,
} from '../../plugins/generate/react-reference/extract';
import { FAMILIES, type Family, parseFamilies, placementOf } from '../../plugins/generate/react-reference/families';
import { type GeneratedPage, generateReactReference } from '../../plugins/generate/react-reference/generate';
import { COMPONENT_NOTES, loadNotes, parseNote } from '../../plugins/generate/react-reference/notes';
import { ProseProblems } from '../../plugins/generate/react-reference/prose';
import { fillTemplate, serialize } from '../../plugins/generate/mdast';
import { renderFamilySection } from '../../plugins/generate/react-reference/render';
import { DEMO_CATALOG } from '../../src/components/react-demos/catalog';
import { allNodes, readerView } from './mdx-reader';
import { proseProblems } from './prose-problems';

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
        // `\{#id}`: the heading id as the serializer writes it, which Docusaurus reads as `{#id}`.
        const start = text.indexOf(`## ${c.name} \\{#${placement.anchor}}`);
        assert.ok(start >= 0, `${c.name} has no "## ${c.name} \\{#${placement.anchor}}" section on ${page.slug}`);
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

  test('every note is for a component the package exports', () => {
    const names = new Set(components.map((c) => c.name));
    const unknown = Object.keys(COMPONENT_NOTES).filter((name) => !names.has(name));
    assert.deepEqual(unknown, [], 'notes/<Component>.md files for components @medplum/react does not export');
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

describe('families.yaml', () => {
  const family = (extra = '') =>
    [
      '  - slug: timelines',
      '    title: Timeline components',
      '    description: Timelines.',
      '    intro: >-',
      '      Timelines of a resource.',
      '    members:',
      '      - Timeline',
      '      - TimelineItem',
      extra,
    ]
      .filter(Boolean)
      .join('\n');
  const file = (...families: string[]) =>
    ['families:', ...families, 'summaries:', '  Timeline: Container for a list of items.', ''].join('\n');

  test('a valid file gives its families and summaries, block scalars read as one line', () => {
    const { families, summaries } = parseFamilies(file(family()), 'families.yaml');
    assert.deepEqual(families, [
      {
        slug: 'timelines',
        title: 'Timeline components',
        description: 'Timelines.',
        intro: 'Timelines of a resource.',
        members: ['Timeline', 'TimelineItem'],
      } satisfies Family,
    ]);
    assert.deepEqual(summaries, { Timeline: 'Container for a list of items.' });
  });

  test('an unknown key is refused at its line', () => {
    assert.deepEqual(
      proseProblems(() => parseFamilies(file(family('    colour: blue')), 'families.yaml')),
      [
        'families.yaml:10: unknown key "colour" in family "timelines" (allowed: "slug", "title", "description", "intro", "members")',
      ],
    );
  });

  test('a missing key is refused at the line of its family', () => {
    const text = file(family()).replace('    intro: >-\n      Timelines of a resource.\n', '');
    assert.deepEqual(
      proseProblems(() => parseFamilies(text, 'families.yaml')),
      ['families.yaml:2: family "timelines" is missing the required key "intro"'],
    );
  });

  test('values of the wrong type are refused, each at its line, all at once', () => {
    const text = file(family())
      .replace('title: Timeline components', 'title: 42')
      .replace('    members:\n      - Timeline\n      - TimelineItem', '    members: Timeline')
      .replace('  Timeline: Container for a list of items.', '  Timeline: [a, b]');
    assert.deepEqual(
      proseProblems(() => parseFamilies(text, 'families.yaml')),
      [
        'families.yaml:3: "title" must be non-empty text',
        'families.yaml:7: "members" must be a non-empty list',
        'families.yaml:9: the summary of Timeline must be non-empty text',
      ],
    );
  });

  test('a slug used twice and a component in two families are refused', () => {
    const second = family().replace('- Timeline\n', '- ResourceTimeline\n');
    assert.deepEqual(
      proseProblems(() => parseFamilies(file(family(), second), 'families.yaml')),
      [
        'families.yaml:10: family slug "timelines" is listed twice: first at families.yaml:2',
        'families.yaml:17: component "TimelineItem" is listed twice: first at families.yaml:9',
      ],
    );
  });

  test('invalid MDX in an intro or a summary is refused at the line it is on, all at once', () => {
    const text = file(family())
      .replace('      Timelines of a resource.', '      Timelines of a resource,\n      where a < b {oops')
      .replace('  Timeline: Container for a list of items.', '  Timeline: A <b>bold</i> container.');
    assert.deepEqual(
      proseProblems(() => parseFamilies(text, 'families.yaml')),
      [
        'families.yaml:7: "intro" is not valid MDX: Unexpected end of file in expression, expected a corresponding closing brace for `{`',
        'families.yaml:12: the summary of Timeline is not valid MDX: Unexpected closing tag `</i>`, expected corresponding closing tag for `<b>` (line 12)',
      ],
    );
  });

  test('a summary of more than one paragraph is refused at the line of its second', () => {
    const text = file(family()).replace(
      '  Timeline: Container for a list of items.',
      '  Timeline: |-\n    Container for a list of items.\n\n    Second paragraph.',
    );
    assert.deepEqual(
      proseProblems(() => parseFamilies(text, 'families.yaml')),
      [
        'families.yaml:14: the summary of Timeline is not valid MDX: expected one paragraph of Markdown, found a second paragraph',
      ],
    );
  });

  test('a key written twice is a YAML error at its line', () => {
    const text = file(family()).replace('    title: Timeline components', '    title: A\n    title: B');
    const problems = proseProblems(() => parseFamilies(text, 'families.yaml'));
    assert.equal(problems.length, 1);
    assert.match(problems[0], /^families\.yaml:4: invalid YAML: duplicated mapping key/);
  });
});

describe('notes/<Component>.md', () => {
  const note = [
    '---',
    'summary: It shows a table.',
    'sources:',
    '  - "@medplum/react@5.2.13 src/ResourceTable/ResourceTable.tsx (ResourceTable)"',
    '---',
    '',
    '## How it works {#how-it-works}',
    '',
    'Text.',
    '',
  ].join('\n');
  const parse = (text: string) =>
    proseProblems(() => {
      const problems = new ProseProblems();
      parseNote('notes/ResourceTable.md', text, problems);
      problems.done();
    });

  test('a valid note gives its summary, sources and body', () => {
    const problems = new ProseProblems();
    assert.deepEqual(parseNote('notes/ResourceTable.md', note, problems), {
      summary: 'It shows a table.',
      sources: ['@medplum/react@5.2.13 src/ResourceTable/ResourceTable.tsx (ResourceTable)'],
      body: '## How it works {#how-it-works}\n\nText.',
    });
    assert.deepEqual(problems.list, []);
  });

  test('an unknown or missing front matter key is refused at its line', () => {
    assert.deepEqual(parse(note.replace('summary: It shows a table.', 'title: Table')), [
      'notes/ResourceTable.md:2: unknown key "title" in the front matter (allowed: "summary", "sources")',
      'notes/ResourceTable.md:2: the front matter is missing the required key "summary"',
    ]);
  });

  test('wrong types and unusable sources are refused at their lines', () => {
    assert.deepEqual(parse(note.replace('summary: It shows a table.', 'summary: [a]')), [
      'notes/ResourceTable.md:2: "summary" must be non-empty text',
    ]);
    assert.deepEqual(
      parse(note.replace('src/ResourceTable/ResourceTable.tsx (ResourceTable)', 'dist/esm/index.mjs.map (x)')),
      [
        'notes/ResourceTable.md:4: source entry "@medplum/react@5.2.13 dist/esm/index.mjs.map (x)": names the source map dist/esm/index.mjs.map: name the source file inside it, e.g. "@medplum/react@5.2.13 src/client.ts (symbols)"',
      ],
    );
    const twice = note.replace(
      '(ResourceTable)"',
      '(ResourceTable)"\n  - "@medplum/react@5.2.13 src/ResourceTable/ResourceTable.tsx (schema)"',
    );
    assert.deepEqual(parse(twice), [
      'notes/ResourceTable.md:5: source entry "@medplum/react@5.2.13 src/ResourceTable/ResourceTable.tsx (schema)": names the file of the entry at notes/ResourceTable.md:4: list each file once, with all its notes',
    ]);
  });

  test('a note without front matter or without a body is refused', () => {
    assert.deepEqual(parse('## How it works\n'), [
      'notes/ResourceTable.md:1: the note has no front matter: it must start with a "---" line',
    ]);
    assert.deepEqual(parse(note.slice(0, note.indexOf('## How'))), [
      'notes/ResourceTable.md:6: the note has no body: write its sections after the front matter',
    ]);
  });

  test('invalid MDX in the body of a note is refused at its line in the file', () => {
    const dir = tmpDir();
    // The body starts with blank lines, which the page drops: lines still count from the file's top.
    const body = note
      .replace('---\n\n## How', '---\n\n\n## How')
      .replace('Text.', 'Text.\n\n<details>\n\nNever closed.');
    fs.writeFileSync(path.join(dir, 'ResourceTable.md'), body);
    const problems = proseProblems(() => loadNotes(dir, []));
    assert.equal(problems.length, 1);
    assert.match(
      problems[0],
      /\/ResourceTable\.md:12: the body is not valid MDX: Expected a closing tag for `<details>` \(line 12\)$/,
    );
  });

  test('a summary that is invalid MDX or more than one paragraph is refused at its line', () => {
    assert.deepEqual(parse(note.replace('summary: It shows a table.', 'summary: It shows {a table.')), [
      'notes/ResourceTable.md:2: "summary" is not valid MDX: Unexpected end of file in expression, expected a corresponding closing brace for `{`',
    ]);
    assert.deepEqual(
      parse(note.replace('summary: It shows a table.', 'summary: |-\n  It shows a table.\n\n  ## Usage')),
      [
        'notes/ResourceTable.md:5: "summary" is not valid MDX: expected one paragraph of Markdown, found a block (heading)',
      ],
    );
  });

  test('the folder holds only notes, and none for a component a family page documents', () => {
    const dir = tmpDir();
    fs.writeFileSync(path.join(dir, 'ResourceTable.md'), note);
    fs.writeFileSync(path.join(dir, 'Timeline.md'), note);
    fs.writeFileSync(path.join(dir, 'draft.txt'), 'x');
    const families: Family[] = [{ slug: 'timelines', title: 't', description: 'd', intro: 'i', members: ['Timeline'] }];
    const problems = proseProblems(() => loadNotes(dir, families));
    assert.equal(problems.length, 2);
    assert.match(problems[0], /Timeline\.md:1: Timeline is documented on the family page "timelines"/);
    assert.match(problems[1], /draft\.txt:1: the notes folder holds only <Component>\.md files/);
  });
});

describe('overview.template.mdx', () => {
  const template = [
    '---',
    'title: React {{VERSION}}',
    'description: Version {{VERSION}}.',
    '---',
    '',
    'Version {{VERSION}}.',
    '',
  ];

  test('placeholders are filled in the front matter and the body', () => {
    const page = serialize(fillTemplate('overview.template.mdx', template.join('\n'), { VERSION: '5.2.13' }, {}));
    assert.equal(page, '---\ntitle: React 5.2.13\ndescription: Version 5.2.13.\n---\n\nVersion 5.2.13.\n');
  });

  test('unknown placeholders and invalid MDX are refused at their lines in the template file', () => {
    const text = [...template, '{{INDEX}}', '', 'Text with <details>', '']
      .join('\n')
      .replace('Version {{VERSION}}.\n---', '{{VERSOIN}}\n---');
    assert.deepEqual(
      proseProblems(() => fillTemplate('overview.template.mdx', text.replace('<details>', ''), { VERSION: '1' }, {})),
      [
        'overview.template.mdx:3: unknown placeholder {{VERSOIN}} in the front matter (known there: {{VERSION}})',
        'overview.template.mdx:8: unknown placeholder {{INDEX}} (known: {{VERSION}})',
      ],
    );
    assert.deepEqual(
      proseProblems(() => fillTemplate('overview.template.mdx', text, { VERSION: '1' }, { INDEX: [] })),
      [
        'overview.template.mdx:10: invalid MDX: Expected a closing tag for `<details>` (line 10) before the end of `paragraph`',
      ],
    );
  });
});

describe('what a reader sees of text from the declarations', () => {
  const tricky =
    'Renders <script>alert(1)</script> with {braces}, |pipes|, *stars* and _underscores_; see `a|b` and {@link ResourceTable}.';
  const shown =
    'Renders <script>alert(1)</script> with {braces}, |pipes|, *stars* and _underscores_; see a|b and ResourceTable.';
  const component: ComponentDoc = {
    name: 'Tricky',
    description: tricky,
    propsTypeName: 'TrickyProps',
    signature: 'Tricky(props: TrickyProps): JSX.Element',
    kind: 'function',
    props: [
      { name: 'value', type: 'string | { a: 1 }', required: true, description: tricky, declaredIn: 'TrickyProps' },
    ],
    inherited: [],
    noProps: false,
    deprecated: 'Use <Other> {instead} *now*.',
  };
  const tree = readerView(serialize(renderFamilySection(component)));
  const nodes = allNodes(tree);

  test('prose shows as literal text: no JSX, expressions, emphasis or HTML', () => {
    const kinds = new Set(nodes.map((n) => n.type));
    for (const kind of ['mdxJsxFlowElement', 'mdxJsxTextElement', 'mdxFlowExpression', 'mdxTextExpression'])
      assert.ok(!kinds.has(kind as never), `no ${kind}`);
    for (const kind of ['emphasis', 'strong', 'html']) assert.ok(!kinds.has(kind as never), `no ${kind}`);
    const description = tree.children.find((n) => n.type === 'paragraph' && toString(n).startsWith('Renders'));
    assert.ok(description, 'the description is a paragraph');
    assert.equal(toString(description), shown);
    assert.deepEqual(
      nodes.filter((n) => n.type === 'inlineCode' && ['a|b', 'ResourceTable'].includes(n.value)).length,
      4,
      'code spans and {@link} targets are code, in the description and the props table',
    );
  });

  test('the heading keeps its id, the deprecation is a warning admonition', () => {
    const heading = tree.children.find((n) => n.type === 'heading' && n.depth === 2);
    assert.equal(heading && toString(heading), 'Tricky {#tricky}');
    const warning = tree.children.find((n) => n.type === 'containerDirective');
    assert.ok(warning && warning.type === 'containerDirective' && warning.name === 'warning');
    assert.deepEqual(
      warning.children.map((c) => toString(c)),
      ['Deprecated', 'Use <Other> {instead} *now*.'],
    );
  });

  test('a props table row shows the name, type and description as written', () => {
    const table = tree.children.find((n) => n.type === 'table');
    assert.ok(table && table.type === 'table');
    assert.deepEqual(
      table.children[1].children.map((cell) => toString(cell)),
      ['value', 'string | { a: 1 }', 'yes', shown],
    );
  });
});
