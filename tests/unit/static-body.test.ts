/**
 * plugins/markdown/static-body: which pages lose their body from JavaScript, and what the client build
 * keeps of a compiled page (exports, table of contents) and drops (the body and its data).
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import type { Root } from 'hast';
import { rehypeStaticBody, staticBodyKey } from '../../plugins/markdown/static-body';
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { transform, stylesheetsOf } = require('../../plugins/markdown/static-body/loader.js');

const DOCS = path.join('/site', 'docs');

test('every page under docs/ can qualify; partials and files outside docs/ do not', () => {
  assert.equal(staticBodyKey(DOCS, `${DOCS}/sdk/client/core.medplumclient.mdx`), 'sdk/client/core.medplumclient.mdx');
  assert.equal(staticBodyKey(DOCS, `${DOCS}/api/fhir/resources/patient.mdx`), 'api/fhir/resources/patient.mdx');
  assert.equal(staticBodyKey(DOCS, `${DOCS}/api/react-components/index.mdx`), 'api/react-components/index.mdx');
  assert.equal(staticBodyKey(DOCS, `${DOCS}/search/chained-search.mdx`), 'search/chained-search.mdx');
  assert.equal(staticBodyKey(DOCS, `${DOCS}/api/fhir/resources/_data/patient.json`), null);
  assert.equal(staticBodyKey(DOCS, `${DOCS}/bots/_shared-steps.mdx`), null);
  assert.equal(staticBodyKey(DOCS, `/site/src/pages/index.mdx`), null);
});

const esm = { type: 'mdxjsEsm', value: "import data from './_data/x.json'" } as never;
const heading = {
  type: 'element',
  tagName: 'h2',
  properties: {},
  children: [{ type: 'text', value: 'Elements' }],
} as never;
const generated = { type: 'mdxJsxFlowElement', name: 'GeneratedHtml', attributes: [], children: [] } as never;
const run = (children: unknown[], file = `${DOCS}/api/fhir/resources/x.mdx`) => {
  const tree = { type: 'root', children } as Root;
  rehypeStaticBody({ docsDir: DOCS })(tree, { path: file } as never);
  return tree;
};

test('a qualifying body is wrapped once, after the imports', () => {
  const tree = run([esm, heading, generated]);
  assert.equal(tree.children.length, 2);
  assert.equal(tree.children[0], esm);
  const wrapper = tree.children[1] as { tagName: string; properties: Record<string, unknown>; children: unknown[] };
  assert.equal(wrapper.tagName, 'div');
  assert.deepEqual(wrapper.properties, { dataStaticBody: 'api/fhir/resources/x.mdx', className: ['markdown'] });
  assert.deepEqual(wrapper.children, [heading, generated]);
});

test('a body with an interactive component or a browser-drawn diagram keeps its React tree', () => {
  const demo = { type: 'mdxJsxFlowElement', name: 'ReactDemo', attributes: [], children: [] } as never;
  const tabs = { type: 'mdxJsxFlowElement', name: 'Tabs', attributes: [], children: [] } as never;
  const diagram = { type: 'mdxJsxFlowElement', name: 'mermaid', attributes: [], children: [] } as never;
  assert.equal(run([heading, diagram]).children.length, 2);
  assert.equal(run([heading, demo]).children.length, 2);
  assert.equal(run([heading, { type: 'element', tagName: 'p', properties: {}, children: [tabs] }]).children.length, 2);
});

test('an API page drawn with <Endpoint> is static: the component has no state or handlers', () => {
  const endpoint = { type: 'mdxJsxFlowElement', name: 'Endpoint', attributes: [], children: [] } as never;
  assert.equal(run([esm, heading, endpoint], `${DOCS}/api/oauth/token.mdx`).children.length, 2);
  assert.equal(
    (run([esm, heading, endpoint], `${DOCS}/api/oauth/token.mdx`).children[1] as { tagName: string }).tagName,
    'div',
  );
});

test('a guide with a build-time diagram, an admonition and a <details> line is static', () => {
  const drawn = { type: 'mdxJsxFlowElement', name: 'StaticDiagram', attributes: [], children: [] } as never;
  const note = { type: 'mdxJsxFlowElement', name: 'admonition', attributes: [], children: [] } as never;
  // Every hand-written page ends with a collapsed "last verified" line (`<details>`, which the MDX
  // loader names `Details`): the browser's own <details> opens it without JavaScript.
  const details = { type: 'mdxJsxFlowElement', name: 'Details', attributes: [], children: [] } as never;
  const tree = run([esm, heading, drawn, note, details], `${DOCS}/access/index.mdx`);
  assert.equal(tree.children.length, 2);
  const wrapper = tree.children[1] as { properties: Record<string, unknown>; children: unknown[] };
  assert.equal(wrapper.properties.dataStaticBody, 'access/index.mdx');
  assert.deepEqual(wrapper.children, [heading, drawn, note, details]);
});

const COMPILED = `import {jsx as _jsx, jsxs as _jsxs} from "react/jsx-runtime";
import {useMDXComponents as _provideComponents} from "@mdx-js/react";
import GeneratedHtml from '@site/src/components/fhir/GeneratedHtml';
import data from './_data/patient.json';
export const frontMatter = {"id": "patient"};
export const contentTitle = undefined;
export {default as metadata} from '@site/.docusaurus/docs/site-docs-patient-mdx.json'
export const toc = [{"value": "Elements", "id": "elements", "level": 2}];
function _createMdxContent(props) {
  const _components = {div: "div", h2: "h2", ..._provideComponents(), ...props.components};
  return _jsx(_components.div, {"data-static-body": "api/fhir/resources/patient.mdx", className: "markdown", children: [_jsx(_components.h2, {id: "elements", children: "Elements"}), _jsx(GeneratedHtml, {html: data.elements})]});
}
export default function MDXContent(props = {}) {
  const {wrapper: MDXLayout} = {..._provideComponents(), ...props.components};
  return MDXLayout ? _jsx(MDXLayout, {...props, children: _jsx(_createMdxContent, {...props})}) : _createMdxContent(props);
}
`;

test('the client copy of a marked page renders <StaticBody> and drops the body and its data', () => {
  const out: string = transform(COMPILED, 'patient.mdx');
  assert.doesNotMatch(out, /_data\/patient\.json|GeneratedHtml|data\.elements/);
  assert.match(out, /export const toc = \[\{"value": "Elements"/);
  assert.match(out, /export \{default as metadata\} from/);
  assert.match(out, /function _createMdxContent\(\) \{ return __staticJsx\(__StaticBody, \{ id: __staticKey \}\); \}/);
  assert.match(out, /const __staticKey = "api\/fhir\/resources\/patient\.mdx";/);
  assert.match(out, /await __loadStaticHtml\(__staticKey, __staticMetadata\.permalink\)/);
  // The component comes from the plugin's own theme folder (getThemePath), not from src/.
  assert.match(
    out,
    /import \{ StaticBody as __StaticBody, loadStaticHtml as __loadStaticHtml \} from '@theme\/StaticBody';/,
  );
  assert.match(out, /import __staticMetadata from "@site\/\.docusaurus\/docs\/site-docs-patient-mdx\.json";/);
});

test("a dropped component's stylesheets stay: the server-rendered HTML still uses their classes", () => {
  const withEndpoint = COMPILED.replace(
    "import GeneratedHtml from '@site/src/components/fhir/GeneratedHtml';",
    "import GeneratedHtml from '@site/src/components/fhir/GeneratedHtml';\nimport Endpoint from '@site/src/components/Endpoint';",
  );
  const asked: string[] = [];
  const out: string = transform(withEndpoint, 'token.mdx', (request: string) => {
    asked.push(request);
    return request === '@site/src/components/Endpoint' ? ['/site/src/components/Endpoint/styles.module.css'] : [];
  });
  assert.doesNotMatch(out, /import Endpoint/);
  assert.match(out, /^import "\/site\/src\/components\/Endpoint\/styles\.module\.css";$/m);
  // Only dropped imports are asked about (here every one of them; this stub finds CSS for Endpoint only).
  assert.deepEqual(asked.sort(), [
    './_data/patient.json',
    '@site/src/components/Endpoint',
    '@site/src/components/fhir/GeneratedHtml',
  ]);
});

test('the stylesheets of a component are found through its own imports; a `.css` request naming a script is not one', () => {
  const site = path.resolve(__dirname, '..', '..');
  const read: string[] = [];
  const found: string[] = stylesheetsOf('@site/src/components/Endpoint', path.join(site, 'docs'), site, (f: string) =>
    read.push(f),
  );
  assert.deepEqual(found, [path.join(site, 'src/components/Endpoint/styles.module.css')]);
  assert.ok(read.includes(path.join(site, 'src/components/Endpoint/index.tsx')), 'the component is a dependency');
  assert.deepEqual(
    stylesheetsOf('./_data/patient.json', path.join(site, 'docs'), site, () => undefined),
    [],
  );
  // GeneratedHtml imports its stylesheet directly.
  const fhirCss = path.join(site, 'src/components/fhir/fhir-reference.css');
  assert.ok(stylesheetsOf('@site/src/components/fhir/GeneratedHtml', site, site, () => undefined).includes(fhirCss));
  // `./tool.css` is the module tool.css.ts: no stylesheet to keep.
  assert.deepEqual(
    stylesheetsOf('@site/src/components/tools/ToolSection', site, site, () => undefined),
    [],
  );
  // A package's stylesheet stays as the request, which the bundler resolves.
  assert.deepEqual(
    stylesheetsOf('some-package/styles.css', site, site, () => undefined),
    ['some-package/styles.css'],
  );
});

test('an unmarked page passes through; a marked one the loader cannot read fails naming the file', () => {
  const plain = COMPILED.replace('"data-static-body": "api/fhir/resources/patient.mdx", ', '');
  assert.equal(transform(plain, 'x.mdx'), plain);
  const noMetadata = COMPILED.replace(/export \{default as metadata\}[^\n]*\n/, '');
  assert.throws(
    () => transform(noMetadata, '/site/docs/x.mdx'),
    /\/site\/docs\/x\.mdx: compiled MDX has no _createMdxContent or metadata export/,
  );
});

/** A page compiled by the installed Docusaurus MDX loader, with this site's static-body rehype step. */
async function compileWithInstalledLoader(source: string, file: string): Promise<string> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { mdxLoader } = require('@docusaurus/mdx-loader/lib/loader.js');
  const site = path.resolve(__dirname, '..', '..');
  const docsDir = path.join(site, 'docs');
  const options = {
    siteDir: site,
    staticDirs: [],
    admonitions: true,
    remarkPlugins: [],
    rehypePlugins: [() => rehypeStaticBody({ docsDir })],
    beforeDefaultRemarkPlugins: [],
    beforeDefaultRehypePlugins: [],
    metadataPath: () => path.join(site, '.docusaurus', 'docs', 'site-docs-x-mdx.json'),
    markdownConfig: {
      format: 'mdx',
      mermaid: false,
      emoji: true,
      mdx1Compat: { comments: true, admonitions: true, headingIds: true },
      anchors: { maintainCase: false },
      hooks: { onBrokenMarkdownLinks: 'throw', onBrokenMarkdownImages: 'throw' },
      parseFrontMatter: (p: { defaultParseFrontMatter: (x: unknown) => unknown }) => p.defaultParseFrontMatter(p),
    },
  };
  const resourcePath = path.join(docsDir, file);
  return new Promise((resolve, reject) => {
    mdxLoader.call(
      {
        resource: resourcePath,
        resourcePath,
        getOptions: () => options,
        addDependency: () => undefined,
        _compiler: { name: 'client' },
        async: () => (err: Error | null, out: string) => (err ? reject(err) : resolve(out)),
      },
      source,
    );
  });
}

test("a page compiled by the installed MDX loader is adopted: the compiler's output still has the shape the loader reads", async () => {
  const compiled = await compileWithInstalledLoader(
    '---\nid: x\n---\n\n## Elements\n\nText only the server renders.\n',
    'api/fhir/resources/x.mdx',
  );
  assert.match(compiled, /"data-static-body": "api\/fhir\/resources\/x\.mdx"/, 'the rehype step marked the body');
  const out: string = transform(compiled, 'x.mdx');
  assert.doesNotMatch(out, /Text only the server renders/);
  assert.match(out, /function _createMdxContent\(\) \{ return __staticJsx\(__StaticBody, \{ id: __staticKey \}\); \}/);
  assert.match(out, /export const toc = \[\{\s*"value": "Elements"/);
  assert.match(out, /import __staticMetadata from "@site\/\.docusaurus\/docs\/site-docs-x-mdx\.json";/);
});
