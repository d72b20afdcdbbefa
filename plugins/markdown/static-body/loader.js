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

/** The file a `@site/` or relative import names (with or without extension, or a folder's index). */
function resolveScript(request, fromDir, siteDir) {
  let base;
  if (request.startsWith('@site/')) base = path.join(siteDir, request.slice('@site/'.length));
  else if (request.startsWith('.')) base = path.resolve(fromDir, request);
  else return undefined;
  const candidates = [
    base,
    ...SCRIPT_EXTENSIONS.map((ext) => base + ext),
    ...SCRIPT_EXTENSIONS.map((ext) => path.join(base, 'index' + ext)),
  ];
  return candidates.find((c) => SCRIPT_EXTENSIONS.includes(path.extname(c)) && fs.existsSync(c));
}

const IMPORT_FROM = /^\s*import\s+(?:[^'";]*?\s+from\s+)?['"]([^'"]+)['"]/gm;

/**
 * The stylesheets (absolute paths) that the module `request` imports, directly or through its
 * own relative imports; `seen` guards against import cycles. Each file read is a dependency of the
 * page, so editing a component's styles rebuilds the pages that use it.
 */
function stylesheetsOf(request, fromDir, siteDir, addDependency, seen = new Set()) {
  if (/\.css$/.test(request)) {
    return request.startsWith('.') || request.startsWith('@site/')
      ? [request.startsWith('@site/') ? path.join(siteDir, request.slice(6)) : path.resolve(fromDir, request)]
      : [];
  }
  const file = resolveScript(request, fromDir, siteDir);
  if (!file || seen.has(file)) return [];
  seen.add(file);
  addDependency(file);
  const text = fs.readFileSync(file, 'utf8');
  return [...text.matchAll(IMPORT_FROM)].flatMap((m) =>
    stylesheetsOf(m[1], path.dirname(file), siteDir, addDependency, seen),
  );
}

module.exports = function staticBodyLoader(source) {
  const siteDir = this.rootContext;
  const fromDir = path.dirname(this.resourcePath);
  const addDependency = (f) => this.addDependency(f);
  return transform(source, this.resourcePath, (request) => stylesheetsOf(request, fromDir, siteDir, addDependency));
};
module.exports.transform = transform;
module.exports.stylesheetsOf = stylesheetsOf;
