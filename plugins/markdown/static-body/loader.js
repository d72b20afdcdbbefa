/**
 * Client-only webpack loader, run after the MDX loader (see ./index.ts). A compiled page whose
 * body ./rehype.ts marked static keeps its exports (front matter, metadata, table of contents)
 * but its content function now renders `<StaticBody>`, which keeps the server-rendered HTML on
 * first load; on client-side navigation the module waits for the page's HTML before it resolves. The body's JSX and the modules
 * only it used (the page's generated data) leave the client bundle.
 */
const acorn = require('acorn');

const MARKER = /"data-static-body": "([^"]+)"/;

function transform(source, file) {
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
  // Imports that only the old content used (GeneratedHtml, the page's data JSON) are dropped.
  const imports = ast.body.filter((n) => n.type === 'ImportDeclaration' && n.specifiers.length > 0);
  for (const node of [...imports].reverse()) {
    const text = source.slice(node.start, node.end);
    const rest = out.replace(text, '');
    const used = node.specifiers.some((s) => new RegExp(`\\b${s.local.name}\\b`).test(rest));
    if (!used) out = rest;
  }
  return `${out}
import { jsx as __staticJsx } from 'react/jsx-runtime';
import { StaticBody as __StaticBody, loadStaticHtml as __loadStaticHtml } from '@theme/StaticBody';
import __staticMetadata from ${JSON.stringify(metadataSource)};
const __staticKey = ${JSON.stringify(key)};
await __loadStaticHtml(__staticKey, __staticMetadata.permalink);
`;
}

module.exports = function staticBodyLoader(source) {
  return transform(source, this.resourcePath);
};
module.exports.transform = transform;
