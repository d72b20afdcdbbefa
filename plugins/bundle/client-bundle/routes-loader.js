/**
 * Webpack loader for the client copy of `.docusaurus/routes.js` (see ./index.ts).
 *
 * Docusaurus describes each route three times for the browser: in routes.js
 * (`ComponentCreator(path, hash)`), in routesChunkNames.json (`"<path>-<hash>": {__comp, content}`
 * naming registry keys) and in registry.js (key -> `import()`, source path, webpack module id),
 * and the runtime then maps each chunk name to an id and each id to a content hash. Every page
 * paid for all of it on every other page.
 *
 * The client copy written here says it once: each route's component is built from its loaders
 * directly, `C(path, {__comp: loader, content: loader})`, with loaders shared by many routes
 * (the doc page component, plugin data) declared once. The common docs leaf shape gets a helper.
 * ./component-creator.js is the matching ComponentCreator; registry.js and routesChunkNames.json
 * are no longer part of the client bundle. The server bundle keeps Docusaurus's own files.
 *
 * Input that does not have the expected shape fails the build with the file named, rather than
 * producing a route table with routes missing.
 */
const fs = require('node:fs');
const path = require('node:path');
const vm = require('node:vm');

const REGISTRY_ENTRY =
  /"([^"\n]+)": \[\(\) => import\(\/\* webpackChunkName: "[^"\n]*" \*\/ ("[^"\n]*")\), "[^"\n]*", require\.resolveWeak\("[^"\n]*"\)\]/g;

/** registry.js source -> Map(key -> JSON-quoted module request). */
function parseRegistry(source) {
  return new Map([...source.matchAll(REGISTRY_ENTRY)].map((m) => [m[1], m[2]]));
}

/** routes.js source -> the route tree, with each ComponentCreator call kept as {creator: [path, hash]}. */
function parseRoutes(source, file) {
  const body = source.replace(/^import .*$/gm, '').replace(/^export default /m, 'result = ');
  const sandbox = { result: undefined, ComponentCreator: (...args) => ({ creator: args }) };
  try {
    vm.runInNewContext(body, sandbox, { filename: file });
  } catch (error) {
    throw new Error(`${file}: could not read the route table (${error.message})`);
  }
  if (!Array.isArray(sandbox.result)) throw new Error(`${file}: expected \`export default [...]\``);
  return sandbox.result;
}

const flatten = (value, prefix = '') =>
  typeof value === 'string'
    ? [[prefix, value]]
    : Object.entries(value).flatMap(([k, v]) => flatten(v, prefix ? `${prefix}.${k}` : k));

function compile({ routes, chunkNames, registry, file }) {
  /** A route's chunk names (`{__comp: key, content: key, ...}`), each checked against the registry. */
  const namesOf = ([routePath, hash]) => {
    const names = chunkNames[`${routePath}-${hash}`];
    if (!names) throw new Error(`${file}: route ${routePath} (${hash}) has no entry in routesChunkNames.json`);
    for (const [, key] of flatten(names)) {
      if (!registry.has(key)) throw new Error(`${file}: route ${routePath} needs module "${key}", not in registry.js`);
    }
    return names;
  };

  // How many routes use each registry key: keys used more than once become shared constants.
  const uses = new Map();
  const count = (list) => {
    for (const r of list) {
      if (r.component.creator.length === 2) {
        for (const [, key] of flatten(namesOf(r.component.creator))) uses.set(key, (uses.get(key) ?? 0) + 1);
      }
      if (r.routes) count(r.routes);
    }
  };
  count(routes);

  const shared = new Map([...uses].filter(([, n]) => n > 1).map(([key], i) => [key, `m${i}`]));
  const loader = (key) => shared.get(key) ?? `() => import(${registry.get(key)})`;
  const chunksCode = (names) =>
    typeof names === 'string'
      ? loader(names)
      : `{${Object.entries(names)
          .map(([k, v]) => `${JSON.stringify(k)}: ${chunksCode(v)}`)
          .join(', ')}}`;

  // The docs leaf: {path, C(path, {__comp: <shared>, content: <own>}), exact: true, sidebar?}.
  const leafHelpers = new Map();
  const leafOf = (r) => {
    const keys = Object.keys(r);
    if (!r.exact || r.routes || keys.some((k) => !['path', 'component', 'exact', 'sidebar'].includes(k))) return null;
    const names = namesOf(r.component.creator);
    if (r.component.creator[0] !== r.path || Object.keys(names).join() !== '__comp,content') return null;
    if (!shared.has(names.__comp) || shared.has(names.content)) return null;
    const helper = leafHelpers.get(names.__comp) ?? `leaf${leafHelpers.size}`;
    leafHelpers.set(names.__comp, helper);
    const sidebar = r.sidebar === undefined ? '' : `, ${JSON.stringify(r.sidebar)}`;
    return `${helper}(${JSON.stringify(r.path)}, ${loader(names.content)}${sidebar})`;
  };

  const routeCode = (r) => {
    const leaf = leafOf(r);
    if (leaf) return leaf;
    const fields = Object.entries(r).map(([k, v]) => {
      if (k === 'component') {
        const [routePath, hash] = v.creator;
        const args = hash === undefined ? '' : `, ${chunksCode(namesOf(v.creator))}`;
        return `component: C(${JSON.stringify(routePath)}${args})`;
      }
      if (k === 'routes') return `routes: [\n${v.map(routeCode).join(',\n')}\n]`;
      return `${JSON.stringify(k)}: ${JSON.stringify(v)}`;
    });
    return `{${fields.join(', ')}}`;
  };

  const tree = routes.map(routeCode).join(',\n');
  return [
    "import C from '@docusaurus/ComponentCreator';",
    ...[...shared].map(([key, name]) => `const ${name} = () => import(${registry.get(key)});`),
    ...[...leafHelpers].map(
      ([key, helper]) =>
        `const ${helper} = (path, content, sidebar) => ({path, component: C(path, {__comp: ${shared.get(key)}, content}), exact: true, sidebar});`,
    ),
    `export default [\n${tree}\n];`,
  ].join('\n');
}

module.exports = function routesLoader(source) {
  const dir = path.dirname(this.resourcePath);
  const registryFile = path.join(dir, 'registry.js');
  const chunkNamesFile = path.join(dir, 'routesChunkNames.json');
  this.addDependency(registryFile);
  this.addDependency(chunkNamesFile);
  return compile({
    routes: parseRoutes(source, this.resourcePath),
    chunkNames: JSON.parse(fs.readFileSync(chunkNamesFile, 'utf8')),
    registry: parseRegistry(fs.readFileSync(registryFile, 'utf8')),
    file: this.resourcePath,
  });
};
module.exports.compile = compile;
module.exports.parseRegistry = parseRegistry;
module.exports.parseRoutes = parseRoutes;
