/**
 * The client route table (plugins/bundle/client-bundle/routes-loader.js): every route keeps its path,
 * flags and modules, shared modules are declared once, and input it cannot read fails loudly.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
// eslint-disable-next-line @typescript-eslint/no-require-imports
const routesLoader = require('../../plugins/bundle/client-bundle/routes-loader.js');
const { compile, parseRegistry, parseRoutes } = routesLoader;

const ROUTES = `import React from 'react';
import ComponentCreator from '@docusaurus/ComponentCreator';

export default [
  {
    path: '/docs',
    component: ComponentCreator('/docs', 'dc9'),
    routes: [
      { path: '/docs/a', component: ComponentCreator('/docs/a', '111'), exact: true, sidebar: "guide" },
      { path: '/docs/b', component: ComponentCreator('/docs/b', '222'), exact: true, sidebar: "guide" }
    ]
  },
  { path: '*', component: ComponentCreator('*') },
];
`;
const entry = (key: string, mod: string) =>
  `  "${key}": [() => import(/* webpackChunkName: "${key}" */ "${mod}"), "${mod}", require.resolveWeak("${mod}")],`;
const REGISTRY = [
  'export default {',
  entry('k1', '@theme/DocRoot'),
  entry('k2', '@theme/DocItem'),
  entry('k3', '@site/docs/a.mdx'),
  entry('k4', '@site/docs/b.mdx'),
  '};',
].join('\n');
const CHUNK_NAMES = {
  '/docs-dc9': { __comp: 'k1', __context: { plugin: 'k2' } },
  '/docs/a-111': { __comp: 'k2', content: 'k3' },
  '/docs/b-222': { __comp: 'k2', content: 'k4' },
};

test('each doc page becomes one compact leaf; shared modules are declared once', () => {
  const code: string = compile({
    routes: parseRoutes(ROUTES, 'routes.js'),
    chunkNames: CHUNK_NAMES,
    registry: parseRegistry(REGISTRY),
    file: 'routes.js',
  });
  assert.equal(code.match(/import\("@theme\/DocItem"\)/g)?.length, 1, code);
  assert.match(code, /leaf0\("\/docs\/a", \(\) => import\("@site\/docs\/a\.mdx"\), "guide"\)/);
  assert.match(code, /leaf0\("\/docs\/b", \(\) => import\("@site\/docs\/b\.mdx"\), "guide"\)/);
  assert.match(
    code,
    /component: C\("\/docs", \{"__comp": \(\) => import\("@theme\/DocRoot"\), "__context": \{"plugin": m0\}\}\)/,
  );
  assert.match(code, /component: C\("\*"\)/);
  assert.doesNotMatch(code, /webpackChunkName|resolveWeak/);
});

test('a route whose modules are not in the registry fails with the file named', () => {
  assert.throws(
    () =>
      compile({
        routes: parseRoutes(ROUTES, '/site/.docusaurus/routes.js'),
        chunkNames: { ...CHUNK_NAMES, '/docs/b-222': { __comp: 'k2', content: 'missing' } },
        registry: parseRegistry(REGISTRY),
        file: '/site/.docusaurus/routes.js',
      }),
    /\/site\/\.docusaurus\/routes\.js: route \/docs\/b needs module "missing"/,
  );
  assert.throws(
    () => parseRoutes('export default nope(', 'x/routes.js'),
    /x\/routes\.js: could not read the route table/,
  );
});

test("the installed Docusaurus's own route files (codegenRoutes) go through the loader", async () => {
  // Written by the same function `docusaurus build` calls, so a change in their shape shows here,
  // before any build, and not only as a page that fails in the browser.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { generateRouteFiles } = require('@docusaurus/core/lib/server/codegen/codegenRoutes.js');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'routes-loader-'));
  const plugin = { name: 'docusaurus-plugin-content-docs', id: 'default' };
  const doc = (name: string) => ({
    path: `/docs/${name}`,
    component: '@theme/DocItem',
    exact: true,
    sidebar: 'guide',
    modules: { content: `@site/docs/${name}.mdx` },
    plugin,
  });
  await generateRouteFiles({
    generatedFilesDir: dir,
    routes: [{ path: '/docs', component: '@theme/DocRoot', plugin, routes: [doc('a'), doc('b')] }],
  });
  const routesFile = path.join(dir, 'routes.js');
  const dependencies: string[] = [];
  const code: string = routesLoader.call(
    { resourcePath: routesFile, addDependency: (f: string) => dependencies.push(f) },
    fs.readFileSync(routesFile, 'utf8'),
  );
  fs.rmSync(dir, { recursive: true });
  assert.deepEqual(dependencies.map((f) => path.basename(f)).sort(), ['registry.js', 'routesChunkNames.json']);
  assert.equal(code.match(/import\("@theme\/DocItem"\)/g)?.length, 1, code);
  assert.match(code, /leaf0\("\/docs\/a", \(\) => import\("@site\/docs\/a\.mdx"\), "guide"\)/);
  assert.match(code, /leaf0\("\/docs\/b", \(\) => import\("@site\/docs\/b\.mdx"\), "guide"\)/);
  assert.match(code, /component: C\("\/docs", \{"__comp": \(\) => import\("@theme\/DocRoot"\)\}\)/);
  assert.match(code, /component: C\("\*"\)/);
});
