/**
 * Client-only webpack loader, run after the MDX loader (see ./panels.ts). The HTTP, curl and
 * Python panels of an example's tab group (./http-tabs.ts) are static HTML: in the client build
 * each `<div data-example-panel="<key>">` and its compiled JSX are replaced by `<ExamplePanel>`
 * (src/components/ExamplePanel), which keeps the server-rendered HTML on first load; on
 * client-side navigation the page module waits until the panels are fetched from the page's own
 * HTML file. So the generated panels cost the page's JavaScript a few bytes each.
 */
const acorn = require('acorn');
const walk = require('acorn-walk');

const ATTRIBUTE = 'data-example-panel';

function transform(source, file) {
  if (!source.includes(`"${ATTRIBUTE}"`)) return source;
  // A page whose whole body is static (plugins/static-body) keeps its panels with the rest of it.
  if (source.includes('"data-static-body"')) return source;
  const ast = acorn.parse(source, { ecmaVersion: 'latest', sourceType: 'module' });
  const panels = [];
  walk.simple(ast, {
    CallExpression(node) {
      const props = node.arguments[1];
      if (!props || props.type !== 'ObjectExpression') return;
      const key = props.properties.find(
        (p) => p.type === 'Property' && p.key.type === 'Literal' && p.key.value === ATTRIBUTE,
      );
      if (key && key.value.type === 'Literal') panels.push({ start: node.start, end: node.end, id: key.value.value });
    },
  });
  if (panels.length === 0) {
    throw new Error(
      `${file}: compiled MDX mentions ${ATTRIBUTE} but no element carries it; the example panels cannot be made static`,
    );
  }
  const metadataSource = ast.body
    .filter((n) => n.type === 'ExportNamedDeclaration' && n.source)
    .find((n) => n.specifiers.some((s) => s.exported.name === 'metadata'))?.source.value;
  if (!metadataSource)
    throw new Error(`${file}: compiled MDX has no metadata export; the example panels cannot be made static`);
  let out = source;
  for (const panel of [...panels].sort((a, b) => b.start - a.start)) {
    out = `${out.slice(0, panel.start)}__panelJsx(__ExamplePanel, { id: ${JSON.stringify(panel.id)} })${out.slice(panel.end)}`;
  }
  return `${out}
import { jsx as __panelJsx } from 'react/jsx-runtime';
import { ExamplePanel as __ExamplePanel, loadExamplePanels as __loadExamplePanels } from '@site/src/components/ExamplePanel';
import __panelMetadata from ${JSON.stringify(metadataSource)};
await __loadExamplePanels(${JSON.stringify(panels.map((p) => p.id))}, __panelMetadata.permalink);
`;
}

module.exports = function examplePanelsLoader(source) {
  return transform(source, this.resourcePath);
};
module.exports.transform = transform;
