/**
 * Webpack loaders for the client copies of `.docusaurus/registry.js` and
 * `.docusaurus/routesChunkNames.json` (see ./index.ts). Registry entries look like
 *   "0a1b2c3d": [() => import(/* webpackChunkName: "0a1b2c3d" *\/ "@site/x.mdx"), "@site/x.mdx", require.resolveWeak("@site/x.mdx")],
 * and routesChunkNames maps each route to such keys. In the client copies:
 * - the source-path string, which only server rendering reads, becomes 0;
 * - each 8-hex key becomes a short one (its rank among the sorted keys, base 36), the same in
 *   both files, since both are derived from the registry's key list; the chunk keeps the key as
 *   its name, which prefetching (`__webpack_require__.gca`) looks chunks up by.
 * If Docusaurus changes these shapes the patterns stop matching and the files stay whole
 * (bigger, still correct): a key is only renamed when found in the registry.
 */
const fs = require('node:fs');
const path = require('node:path');

const KEY = /^ {2}"([^"\n]+)": \[/gm;

/** Original key -> short key, from the registry source. */
function shortKeys(registrySource) {
  const keys = [...registrySource.matchAll(KEY)].map((m) => m[1]).sort();
  return new Map(keys.map((key, i) => [key, i.toString(36)]));
}

function registry(source) {
  const short = shortKeys(source);
  return source
    .replace(KEY, (match, key) => `  "${short.get(key)}": [`)
    .replace(
      /\/\* webpackChunkName: "([^"\n]*)" \*\//g,
      (match, key) => `/* webpackChunkName: "${short.get(key) ?? key}" */`,
    )
    .replace(/(\), )"[^"\n]*"(, require\.resolveWeak\()/g, '$10$2');
}

function routesChunkNames(source, registrySource) {
  const short = shortKeys(registrySource);
  const rename = (value) =>
    typeof value === 'string'
      ? (short.get(value) ?? value)
      : Object.fromEntries(Object.entries(value).map(([k, v]) => [k, rename(v)]));
  return JSON.stringify(rename(JSON.parse(source)));
}

module.exports = function registryLoader(source) {
  if (path.basename(this.resourcePath) === 'registry.js') return registry(source);
  const registryFile = path.join(path.dirname(this.resourcePath), 'registry.js');
  this.addDependency(registryFile);
  return routesChunkNames(source, fs.readFileSync(registryFile, 'utf8'));
};
module.exports.shortKeys = shortKeys;
