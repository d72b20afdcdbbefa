/**
 * Client-only webpack loader, run after the MDX loader (see ./index.ts). A compiled page whose
 * body ./rehype.ts marked static keeps its exports (front matter, metadata, table of contents)
 * but its content function now renders `<StaticBody>`, which keeps the server-rendered HTML on
 * first load; on client-side navigation the module waits for the page's HTML before it resolves. The body's JSX and the modules
 * only it used (the page's generated data) leave the client bundle.
 */
const acorn = require('acorn');
const fs = require('node:fs');
const path = require('node:path');

const MARKER = /"data-static-body": "([^"]+)"/;

function transform(source, file, stylesOf = () => []) {
  const key = MARKER.exec(source)?.[1];
  if (!key) return source;
  const ast = acorn.parse(source, { ecmaVersion: 'latest', sourceType: 'module' });
  const content = ast.body.find((n) => n.type === 'FunctionDeclaration' && n.id?.name === '_createMdxContent');
  const metadataSource = ast.body
    .filter((n) => n.type === 'ExportNamedDeclaration' && n.source)
    .find((n) => n.specifiers.some((s) => s.exported.name === 'metadata'))?.source.value;
  if (!content || !metadataSource) {
    throw new Error(`${file}: compiled MDX has no _createMdxContent or metadata export; static-body cannot adopt it`);
  }
  let out =
    source.slice(0, content.start) +
    'function _createMdxContent() { return __staticJsx(__StaticBody, { id: __staticKey }); }' +
    source.slice(content.end);
  // Imports that only the old content used (GeneratedHtml, the page's data JSON) are dropped. The
  // stylesheets a dropped component imports stay: the server-rendered HTML carries its class names
  // (an API page's <Endpoint> tables), and without the rules they were drawn unstyled.
  const imports = ast.body.filter((n) => n.type === 'ImportDeclaration' && n.specifiers.length > 0);
  const styles = [];
  for (const node of [...imports].reverse()) {
    const text = source.slice(node.start, node.end);
    const rest = out.replace(text, '');
    const used = node.specifiers.some((s) => new RegExp(`\\b${s.local.name}\\b`).test(rest));
    if (used) continue;
    out = rest;
    styles.push(...stylesOf(node.source.value));
  }
  const styleImports = [...new Set(styles)].map((css) => `import ${JSON.stringify(css)};\n`).join('');
  return `${out}
${styleImports}import { jsx as __staticJsx } from 'react/jsx-runtime';
import { StaticBody as __StaticBody, loadStaticHtml as __loadStaticHtml } from '@theme/StaticBody';
import __staticMetadata from ${JSON.stringify(metadataSource)};
const __staticKey = ${JSON.stringify(key)};
await __loadStaticHtml(__staticKey, __staticMetadata.permalink);
`;
}

const SCRIPT_EXTENSIONS = ['.tsx', '.ts', '.jsx', '.js'];

/** The file a `@site/` or relative request names, before extensions; undefined for a package. */
function localPath(request, fromDir, siteDir) {
  if (request.startsWith('@site/')) return path.join(siteDir, request.slice('@site/'.length));
  if (request.startsWith('.')) return path.resolve(fromDir, request);
  return undefined;
}

/** The script a request names (with or without extension, or a folder's index), if it is one. */
function resolveScript(request, fromDir, siteDir) {
  const base = localPath(request, fromDir, siteDir);
  if (!base) return undefined;
  const candidates = [
    base,
    ...SCRIPT_EXTENSIONS.map((ext) => base + ext),
    ...SCRIPT_EXTENSIONS.map((ext) => path.join(base, 'index' + ext)),
  ];
  return candidates.find((c) => SCRIPT_EXTENSIONS.includes(path.extname(c)) && fs.existsSync(c));
}

/** `import … from '…'`, `import '…'` and `export … from '…'` statements: the module each names. */
const IMPORT_FROM = /^\s*(?:import|export)\s+(?:[^'";]*?\s+from\s+)?['"]([^'"]+)['"]/gm;
const BLOCK_COMMENT = /\/\*[\s\S]*?\*\//g;

/**
 * The stylesheets that the module `request` imports, directly or through its own `@site/` and
 * relative imports (`seen` guards against import cycles): a local stylesheet as its absolute path,
 * a package's (`some-package/styles.css`) as the request itself. A request ending in `.css` that
 * names no file is a script (`./tool.css` for `tool.css.ts`). Each component read is a dependency
 * of the page, so a change to what it imports recompiles the pages that use it.
 */
function stylesheetsOf(request, fromDir, siteDir, addDependency, seen = new Set()) {
  const local = localPath(request, fromDir, siteDir);
  if (request.endsWith('.css')) {
    if (!local) return [request];
    if (fs.existsSync(local) && fs.statSync(local).isFile()) return [local];
  }
  const file = resolveScript(request, fromDir, siteDir);
  if (!file || seen.has(file)) return [];
  seen.add(file);
  addDependency(file);
  return importsOf(file).flatMap((imported) =>
    stylesheetsOf(imported, path.dirname(file), siteDir, addDependency, seen),
  );
}

/**
 * Each script's import requests, read once per version of the file: the static pages that drop a
 * component (the Endpoint on every API page, the reference pages' generated HTML) would otherwise
 * read and scan the same few files again for every page. Keyed on the modification time, so the
 * development server still sees an edit.
 */
const importsRead = new Map();

function importsOf(file) {
  const modified = fs.statSync(file).mtimeMs;
  const known = importsRead.get(file);
  if (known && known.modified === modified) return known.requests;
  const text = fs.readFileSync(file, 'utf8').replace(BLOCK_COMMENT, '');
  const requests = [...text.matchAll(IMPORT_FROM)].map((m) => m[1]);
  importsRead.set(file, { modified, requests });
  return requests;
}

/**
 * `siteDir` comes from the loader's options (./index.ts): the bundler's own root (`rootContext`) is
 * the directory the build was started from, which is not always the site's.
 */
module.exports = function staticBodyLoader(source) {
  const { siteDir } = this.getOptions();
  const fromDir = path.dirname(this.resourcePath);
  const addDependency = (f) => this.addDependency(f);
  return transform(source, this.resourcePath, (request) => stylesheetsOf(request, fromDir, siteDir, addDependency));
};
module.exports.transform = transform;
module.exports.stylesheetsOf = stylesheetsOf;
