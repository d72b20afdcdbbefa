/**
 * The generated SDK reference against the package it documents: every export reachable, the
 * named shapes complete, constant values equal to the package at runtime, links resolving, and
 * bad declarations failing with the symbol's name.
 *
 * On Node 20 run with NODE_OPTIONS=--experimental-websocket (this file imports @medplum/core);
 * scripts/test-unit.sh sets it there.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { before, describe, test } from 'node:test';
import ts from 'typescript';
import { buildReference } from '../../plugins/generate/fhir-reference/generate';
import { pageRoute } from '../../plugins/generate/fhir-reference/links';
import { fhirLinkMap, generateSdkReference, type SdkResult } from '../../plugins/generate/sdk-reference/generate';
import { NAMED_SHAPES } from '../../plugins/generate/sdk-reference/groups';
import { buildApiSidebar } from '../../sidebars/build';
import { readRuntimeExports } from '../../plugins/generate/sdk-reference/runtime';
import { parseDocComment } from '../../plugins/generate/sdk-reference/docs';
import type { Nodes } from 'mdast';
import { toString } from 'mdast-util-to-string';
import { allNodes, readerView } from './mdx-reader';

const siteDir = path.resolve(__dirname, '..', '..');
const pkgDir = path.join(siteDir, 'node_modules', '@medplum', 'core');
const dtsPath = path.join(pkgDir, 'dist', 'esm', 'index.d.ts');
const fixtures = path.join(siteDir, 'tests', 'fixtures', 'sdk');
const definitionsDir = path.join(siteDir, 'node_modules', '@medplum', 'definitions', 'dist', 'fhir', 'r4');

interface Page {
  file: string;
  route: string;
  title: string;
  body: string;
  anchors: Set<string>;
}

let outDir: string;
let result: SdkResult;
const pages = new Map<string, Page>(); // route → page

/** Exports of the declaration file as the TypeScript checker sees them (types included). */
function declaredExports(): { checker: ts.TypeChecker; symbols: ts.Symbol[] } {
  const program = ts.createProgram([dtsPath], { noEmit: true, skipLibCheck: true, types: [] });
  const checker = program.getTypeChecker();
  const moduleSymbol = checker.getSymbolAtLocation(program.getSourceFile(dtsPath)!)!;
  return { checker, symbols: checker.getExportsOfModule(moduleSymbol) };
}

function readPages(dir: string): void {
  for (const rel of fs.readdirSync(dir, { recursive: true }) as string[]) {
    if (!rel.endsWith('.mdx')) continue;
    const text = fs.readFileSync(path.join(dir, rel), 'utf8');
    const slug = /^slug: "(.*)"$/m.exec(text)?.[1];
    const title = /^title: "(.*)"$/m.exec(text)?.[1];
    assert.ok(slug && title, `${rel} has a slug and a title`);
    const body = text.replace(/^---\n[\s\S]*?\n---\n/, '');
    // Heading ids are written `\{#id}` (the serializer escapes the brace; Docusaurus reads both).
    const anchors = new Set([...body.matchAll(/^#{2,6} .*? \\?\{#([\w-]+)\}$/gm)].map((m) => m[1]));
    pages.set(`/docs${slug}`, { file: rel, route: `/docs${slug}`, title, body, anchors });
  }
}

/** The MDX of one symbol's section on a topic page (from its heading to the next `## `). */
function section(page: Page, anchor: string): string {
  const start = page.body.search(new RegExp(`^## .*? \\\\?\\{#${anchor}\\}$`, 'm'));
  assert.ok(start >= 0, `${page.route} has a section #${anchor}`);
  const rest = page.body.slice(start + 3);
  const end = rest.search(/^## /m);
  return end < 0 ? rest : rest.slice(0, end);
}

before(async () => {
  // Written as `<tmp>/docs/sdk`, as the build writes it, so the sidebar builder can read it.
  outDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'sdk-reference-')), 'docs', 'sdk');
  // A site folder where the FHIR reference generator "exists", so FHIR types are linked.
  const fakeSite = fs.mkdtempSync(path.join(os.tmpdir(), 'sdk-site-'));
  fs.mkdirSync(path.join(fakeSite, 'plugins', 'generate', 'fhir-reference'), { recursive: true });
  fs.writeFileSync(path.join(fakeSite, 'plugins', 'generate', 'fhir-reference', 'generate.ts'), '');
  fs.symlinkSync(path.join(siteDir, 'node_modules'), path.join(fakeSite, 'node_modules'));
  result = await generateSdkReference({
    dtsPath,
    sourceMapPath: path.join(pkgDir, 'dist', 'esm', 'index.mjs.map'),
    outDir,
    runtime: readRuntimeExports('@medplum/core', siteDir),
    version: '5.2.13',
    fhirLinks: fhirLinkMap(fakeSite),
  });
  readPages(outDir);
});

describe('SDK reference coverage', () => {
  test('every runtime and type-only export of @medplum/core has a page or an anchor', async () => {
    const runtime = Object.keys(await import('@medplum/core'));
    const declared = declaredExports().symbols.map((s) => s.name);
    const names = new Set([...runtime, ...declared]);
    assert.ok(runtime.length > 300 && declared.length > runtime.length, 'both export lists were read');
    const redirects = new Map(result.redirects.map((r) => [r.from, r.to]));
    for (const name of names) {
      const ownRoute = `/docs/sdk/core.${name.toLowerCase()}`;
      const own = pages.get(ownRoute);
      if (own && own.title === name) continue;
      const loc = result.locations.find((l) => l.name === name);
      assert.ok(loc?.anchor, `${name} is placed on a page`);
      const page = pages.get(loc.page);
      assert.ok(page, `${name}: page ${loc.page} was written`);
      assert.ok(page.anchors.has(loc.anchor), `${name}: ${loc.page} has #${loc.anchor}`);
      assert.match(section(page, loc.anchor), new RegExp(`^${name} \\\\?\\{#`), `${name}: section heading names it`);
      // The short URL leads to the anchor (names differing only in case share one URL).
      const to = redirects.get(ownRoute);
      assert.ok(to, `${ownRoute} redirects somewhere`);
      const [toPage, toAnchor] = to.split('#');
      assert.ok(pages.get(toPage)?.anchors.has(toAnchor), `${ownRoute} → ${to} resolves`);
    }
  });

  test('redirects never shadow a page and every target exists', () => {
    for (const r of result.redirects) {
      assert.equal(pages.has(r.from), false, `${r.from} is not also a page`);
      const [toPage, anchor] = r.to.split('#');
      assert.ok(pages.has(toPage), `${r.to} page exists`);
      if (anchor) assert.ok(pages.get(toPage)!.anchors.has(anchor), `${r.to} anchor exists`);
    }
  });

  test('route count stays modest', () => {
    assert.ok(pages.size <= 150, `${pages.size} SDK routes`);
    assert.ok(pages.has('/docs/sdk/core'), 'overview at /docs/sdk/core');
    assert.ok(pages.has('/docs/sdk/core.medplumclient'));
  });

  test('the "TypeScript SDK" sidebar category links to the overview', () => {
    const sidebar = buildApiSidebar(path.dirname(outDir)) as unknown as { label?: string; link?: { id?: string } }[];
    const sdk = sidebar.find((item) => item.label === 'TypeScript SDK');
    assert.equal(sdk?.link?.id, 'sdk/index');
  });

  test('the overview is the folder index page, so it is the sidebar category link', () => {
    const index = fs.readFileSync(path.join(outDir, 'index.mdx'), 'utf8');
    assert.match(index, /^slug: "\/sdk\/core"$/m);
    for (const label of [
      'Client',
      'Auth and login',
      'Search',
      'FHIRPath',
      'Bots',
      'HL7',
      'Formatting',
      'Utilities',
      'Types and constants',
    ]) {
      assert.match(index, new RegExp(`^## ${label} \\\\?\\{#`, 'm'), `overview has a ${label} section`);
    }
  });
});

describe('named shapes', () => {
  test('each named shape has its own page listing every field, inherited ones included', () => {
    const { checker, symbols } = declaredExports();
    for (const name of NAMED_SHAPES) {
      const sym = symbols.find((s) => s.name === name);
      assert.ok(sym, `${name} is exported by @medplum/core`);
      const page = pages.get(`/docs/sdk/core.${name.toLowerCase()}`);
      assert.ok(page && page.title === name, `${name} has its own page`);
      const props = checker.getPropertiesOfType(checker.getDeclaredTypeOfSymbol(sym));
      assert.ok(props.length > 0, `${name} has fields`);
      for (const p of props) {
        assert.match(page.body, new RegExp(`^\\| \`${p.name}\``, 'm'), `${name}.${p.name} is listed`);
      }
    }
  });

  test('LoginRequest redirects to EmailPasswordLoginRequest, which explains the rename', () => {
    const r = result.redirects.find((x) => x.from === '/docs/sdk/core.loginrequest');
    assert.equal(r?.to, '/docs/sdk/core.emailpasswordloginrequest');
    assert.match(
      pages.get('/docs/sdk/core.emailpasswordloginrequest')!.body,
      /name the email-and-password login shape `LoginRequest`/,
    );
  });

  test('MedplumClient documents every public method under a task section with a table of contents', () => {
    const { checker, symbols } = declaredExports();
    const client = symbols.find((s) => s.name === 'MedplumClient')!;
    const decl = client.declarations![0] as ts.ClassDeclaration;
    const page = pages.get('/docs/sdk/core.medplumclient')!;
    const publicMethods = decl.members.filter(
      (m) =>
        ts.isMethodDeclaration(m) && !(ts.getModifiers(m) ?? []).some((x) => x.kind === ts.SyntaxKind.PrivateKeyword),
    );
    assert.ok(publicMethods.length > 100);
    const toc = page.body.slice(
      page.body.indexOf('## Methods by task'),
      page.body.indexOf('\n## ', page.body.indexOf('## Methods by task') + 5),
    );
    for (const m of publicMethods) {
      const name = (m.name as ts.Identifier).text;
      assert.ok(page.anchors.has(name.toLowerCase()), `MedplumClient.${name} has a heading`);
      assert.ok(toc.includes(`(#${name.toLowerCase()})`), `MedplumClient.${name} is in the table of contents`);
    }
    for (const section of [
      'read',
      'create',
      'update',
      'delete',
      'search',
      'batch',
      'binary-and-media',
      'auth-and-login',
      'bots',
      'graphql',
      'caching',
      'events',
    ]) {
      assert.ok(page.anchors.has(`${section}-methods`), `section ${section}`);
    }
    // The constructor options are listed on the client page, each one, and linked to their page.
    const optionsSym = symbols.find((s) => s.name === 'MedplumClientOptions')!;
    const optionsBlock = page.body.slice(
      page.body.indexOf('{#constructor-options}'),
      page.body.indexOf('\n## ', page.body.indexOf('{#constructor-options}')),
    );
    for (const p of checker.getPropertiesOfType(checker.getDeclaredTypeOfSymbol(optionsSym))) {
      assert.match(optionsBlock, new RegExp(`^\\| \`${p.name}\``, 'm'), `constructor option ${p.name} is listed`);
    }
    assert.match(page.body, /\[`MedplumClientOptions`\]\(\/docs\/sdk\/core\.medplumclientoptions\)/);
  });
});

describe('constants', () => {
  test('values shown on the pages equal the package at runtime', async () => {
    const core = (await import('@medplum/core')) as Record<string, unknown>;
    let checked = 0;
    for (const loc of result.locations.filter((l) => l.kind === 'variable')) {
      const value = core[loc.name];
      if (value === undefined || typeof value === 'function') continue;
      const text = section(pages.get(loc.page)!, loc.anchor!);
      if (value instanceof RegExp) {
        assert.ok(text.includes(`**Value at runtime:**\n\n\`\`\`js\n${value.toString()}\n\`\`\``), `${loc.name} regex`);
        checked++;
        continue;
      }
      const expected = JSON.parse(JSON.stringify(value, (_k, v: unknown) => (v instanceof RegExp ? v.toString() : v)));
      const block = /\*\*Value at runtime\*\* \(read from the installed package\):\n\n```json\n([\s\S]*?)\n```/.exec(
        text,
      );
      if (block) {
        assert.deepEqual(JSON.parse(block[1]), expected, `${loc.name} value`);
      } else {
        const summary = /an (object|array) (?:with|of) (\d+) entries/.exec(text);
        assert.ok(summary, `${loc.name} shows its value or its size`);
        assert.equal(Number(summary[2]), Object.keys(expected).length, `${loc.name} size`);
      }
      checked++;
    }
    assert.ok(checked >= 40, `${checked} constants checked`);
    const searchPage = pages.get('/docs/sdk/core.search-functions')!;
    assert.match(
      section(searchPage, 'default_search_count'),
      new RegExp(`\`\`\`json\\n${core.DEFAULT_SEARCH_COUNT}\\n\`\`\``),
    );
  });
});

describe('links and MDX', () => {
  test('every SDK link resolves to a generated page and anchor', () => {
    for (const page of pages.values()) {
      for (const m of page.body.matchAll(/\]\((\/docs\/sdk\/[^)#\s]+)(?:#([^)\s]+))?\)/g)) {
        const target = pages.get(m[1]);
        assert.ok(target, `${page.route} links to missing ${m[1]}`);
        if (m[2]) assert.ok(target.anchors.has(m[2]), `${page.route} links to missing ${m[1]}#${m[2]}`);
      }
      for (const m of page.body.matchAll(/\]\(#([^)\s]+)\)/g)) {
        assert.ok(page.anchors.has(m[1]), `${page.route} links to missing #${m[1]}`);
      }
    }
  });

  test('FHIR types link only to pages the FHIR reference generator writes', () => {
    // The pages buildReference writes, read from the definitions on their own.
    const written = new Set(buildReference(siteDir, definitionsDir, { validateExamples: false }).map(pageRoute));
    const fhirLinks = [...pages.values()].flatMap((p) => [
      ...p.body.matchAll(/\]\((\/docs\/api\/fhir\/\w+\/[\w-]+)\)/g),
    ]);
    assert.ok(fhirLinks.length > 50, 'FHIR types are linked');
    for (const [, route] of fhirLinks) assert.ok(written.has(route), `${route} is a FHIR reference page`);
    const bot = pages.get('/docs/sdk/core.botevent')!;
    assert.match(bot.body, /\[`Bot`\]\(\/docs\/api\/fhir\/medplum\/bot\)/);
    assert.match(bot.body, /\[`Reference`\]\(\/docs\/api\/fhir\/datatypes\/reference\)/);
  });

  test('without the FHIR generator, FHIR types are shown as code, not links', () => {
    assert.equal(fhirLinkMap(fs.mkdtempSync(path.join(os.tmpdir(), 'no-fhir-'))).size, 0);
  });

  test('every generated page parses as MDX, and the only JSX in it is the <small> the generator writes', () => {
    for (const page of pages.values()) {
      let nodes: Nodes[] = [];
      assert.doesNotThrow(() => (nodes = allNodes(readerView(page.body))), page.file);
      const kinds = new Set(nodes.map((n) => n.type));
      for (const kind of ['mdxjsEsm', 'mdxFlowExpression', 'mdxTextExpression', 'mdxJsxFlowElement', 'html'])
        assert.ok(!kinds.has(kind as never), `${page.file}: no ${kind}`);
      const jsx = nodes.flatMap((n) => (n.type === 'mdxJsxTextElement' && n.name !== 'small' ? [n.name] : []));
      assert.deepEqual(jsx, [], page.file);
    }
  });
});

describe('bad and tricky input', () => {
  const run = async (file: string): Promise<{ out: SdkResult; dir: string }> => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sdk-fixture-'));
    const out = await generateSdkReference({
      dtsPath: path.join(fixtures, file),
      outDir: dir,
      runtime: {},
      version: '0.0.0',
      fhirLinks: new Map([['Patient', '/docs/api/fhir/resources/patient']]),
    });
    return { out, dir };
  };

  test('an unsupported declaration fails naming the symbol', async () => {
    await assert.rejects(
      run('bad-namespace.d.ts'),
      /cannot render BrokenNamespace: ModuleDeclaration declarations are not supported/,
    );
  });

  test('a type the renderer cannot show fails naming the symbol', async () => {
    await assert.rejects(run('bad-type.d.ts'), /cannot render brokenParam: unsupported type syntax JSDocNullableType/);
  });

  test('doc comments full of MDX-significant characters keep their text and their Markdown', async () => {
    const { out, dir } = await run('tricky.d.ts');
    const loc = out.locations.find((l) => l.name === 'trickyFunction')!;
    const text = fs.readFileSync(path.join(dir, loc.file), 'utf8');
    const tree = readerView(text);
    const nodes = allNodes(tree);
    const paragraphs = nodes.filter((n) => n.type === 'paragraph').map((n) => toString(n));
    // Text, not JSX or expressions: the reader sees the characters as written.
    assert.ok(
      paragraphs.includes(
        'Doc text that MDX would misread if copied as is: an object literal { a: 1 }, a generic\nArray<string>, a tag <div>, an autolink https://example.com/x, and a line that starts with\nimport or\nexport followed by a space. See Helper and a missing symbol.',
      ),
      paragraphs.join('\n---\n'),
    );
    // A heading in a doc comment becomes a bold line, so it stays out of the page outline.
    const bold = tree.children.find((n) => n.type === 'paragraph' && toString(n) === 'A heading inside the comment');
    assert.ok(bold && bold.type === 'paragraph' && bold.children[0].type === 'strong');
    // {@link} to a symbol in the file becomes a link around its name as code; an unknown target stays code.
    const links = nodes.filter((n) => n.type === 'link');
    assert.ok(
      links.some(
        (l) =>
          l.url === '/docs/sdk/core.resource-utilities#helper' &&
          l.children[0].type === 'inlineCode' &&
          l.children[0].value === 'Helper',
      ),
    );
    assert.ok(nodes.some((n) => n.type === 'inlineCode' && n.value === 'a missing symbol'));
    // The autolink stays a link.
    assert.ok(links.some((l) => l.url === 'https://example.com/x'));
    // The deprecation is a warning admonition holding the link.
    const warning = tree.children.find((n) => n.type === 'containerDirective');
    assert.ok(warning && warning.type === 'containerDirective' && warning.name === 'warning');
    assert.equal(toString(warning.children[1]), 'Use Helper instead.');
    // Fenced code and the example are code blocks, as written.
    const codes = nodes.filter((n) => n.type === 'code').map((n) => n.type === 'code' && `${n.lang}: ${n.value}`);
    assert.ok(codes.includes("ts: const x = { a: '<b>' };"), codes.join('\n'));
    assert.ok(codes.includes("ts: trickyFunction({ a: '1' });"), codes.join('\n'));
    // A union inside a table cell is code with its pipe; the FHIR type is linked.
    const cells = nodes.filter((n) => n.type === 'tableCell').map((n) => toString(n));
    assert.ok(cells.includes("'a' | 'b'"), cells.join(' / '));
    assert.match(text, /\[`Patient`\]\(\/docs\/api\/fhir\/resources\/patient\)/);
  });

  test('<script>, {x}, import lines, | * and _ in a doc comment come out as literal text', async () => {
    const { out, dir } = await run('tricky.d.ts');
    const loc = out.locations.find((l) => l.name === 'literalFunction')!;
    const text = fs.readFileSync(path.join(dir, loc.file), 'utf8');
    const start = text.search(/^## literalFunction /m);
    const tree = readerView(text.slice(start, text.indexOf('\n## ', start + 3)));
    const nodes = allNodes(tree);
    const kinds = new Set(nodes.map((n) => n.type));
    for (const kind of ['mdxjsEsm', 'mdxFlowExpression', 'mdxTextExpression', 'mdxJsxFlowElement', 'html'])
      assert.ok(!kinds.has(kind as never), `no ${kind}`);
    assert.deepEqual(
      nodes.flatMap((n) => (n.type === 'mdxJsxTextElement' ? [n.name] : [])),
      ['small'],
      'no JSX but the kind line',
    );
    const paragraphs = tree.children.filter((n) => n.type === 'paragraph').map((n) => toString(n));
    assert.ok(
      paragraphs.includes(
        "Loads <script>alert(1)</script> with {x}, a | pipe, a * star and snake_case_name.\nimport x from 'y'",
      ),
      paragraphs.join('\n---\n'),
    );
    // A paragraph that starts with `import ` is text too, not an ES module statement.
    assert.ok(paragraphs.includes("import y from 'z'"), paragraphs.join('\n---\n'));
    // The Markdown the authors wrote keeps its structure: a list, emphasis and code.
    const list = tree.children.find((n) => n.type === 'list');
    assert.ok(list && list.type === 'list' && list.children.length === 2);
    assert.deepEqual(
      list.children.map((item) => toString(item)),
      ['a first item', 'a second item with a|b'],
    );
    assert.ok(allNodes(list).some((n) => n.type === 'emphasis' && toString(n) === 'first'));
    assert.ok(allNodes(list).some((n) => n.type === 'inlineCode' && n.value === 'a|b'));
    // In a table cell too.
    const row = nodes.find((n) => n.type === 'tableRow' && toString(n.children[0]) === 'value');
    assert.ok(row && row.type === 'tableRow');
    assert.equal(toString(row.children[3]), 'Either <b>one</b> | {two} * three_four.');
  });
});

test("Medplum's own site metadata (<head>…</head>) is dropped from every part of a doc comment", () => {
  const doc = parseDocComment(
    [
      '/**',
      ' * Client.',
      ' * <head><meta name="x" content="1" /></head>',
      ' * @example',
      ' * Read:',
      ' * ```ts',
      ' * read();',
      ' * ```',
      ' *',
      ' * <head>',
      ' *   <meta name="algolia:pageRank" content="100" />',
      ' * </head>',
      ' */',
    ].join('\n'),
  );
  assert.equal(doc.summary, 'Client.');
  assert.equal(doc.examples.length, 1);
  assert.doesNotMatch(doc.examples[0], /head|meta/);
  assert.match(doc.examples[0], /read\(\);/);
});
