/**
 * Marks a page's body as static (see ./index.ts): its content is wrapped in
 * `<div data-static-body="<file>" class="markdown">`, which the client build then leaves out of
 * the page's JavaScript, so hydration never walks it.
 *
 * Any page under docs/ qualifies, hand-written or generated, when its body uses no component
 * other than `GeneratedHtml` (pre-rendered HTML) and `StaticDiagram` (a diagram drawn at build
 * time) and otherwise plain HTML and Markdown elements: anything interactive (a tool, a live demo,
 * an endpoint's request panel, tabs) keeps its React tree. Code blocks' copy buttons and links are
 * served by the static body's delegated click handler.
 */
import path from 'node:path';
import type { Root, RootContent } from 'hast';
import type { VFile } from 'vfile';

/**
 * `Details` is what Docusaurus's MDX loader turns `<details>` into (every hand-written page ends
 * with one, its "last verified" line). The theme renders it on the server with no inline styles,
 * so the browser's own `<details>` opens and closes it, arrow included (theme-common's Details
 * CSS turns the arrow on `[open]` until a page is hydrated).
 */
const STATIC_COMPONENTS = new Set([
  'GeneratedHtml',
  'StaticDiagram',
  'Details',
  // An API endpoint's method, path and tables (src/components/Endpoint): presentational only.
  'Endpoint',
  // The docs home's area cards: links, which the static body's handler follows client-side.
  'AreaCards',
]);
/** Lower-case elements the theme swaps for components that need the browser: `mermaid` (drawn in
 * the browser by `npm start`). */
const INTERACTIVE_ELEMENTS = new Set(['mermaid']);

/** The key a page's body is found by: its path under docs/, or null when the page is not static. */
export function staticBodyKey(docsDir: string, file: string): string | null {
  const rel = path.relative(docsDir, file).split(path.sep).join('/');
  if (rel.startsWith('..') || !/\.mdx?$/.test(rel)) return null;
  // Partials (`_name.mdx`) are imported into pages, not pages themselves.
  return rel.split('/').some((part) => part.startsWith('_')) ? null : rel;
}

function usesOnlyStaticComponents(nodes: RootContent[]): boolean {
  return nodes.every((node) => {
    if (node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') {
      const name = node.name ?? '';
      const isElement = /^[a-z]/.test(name);
      if (isElement ? INTERACTIVE_ELEMENTS.has(name) : !STATIC_COMPONENTS.has(name)) return false;
    }
    return !('children' in node) || usesOnlyStaticComponents(node.children as RootContent[]);
  });
}

export function rehypeStaticBody({ docsDir }: { docsDir: string }) {
  return (tree: Root, file: VFile) => {
    const key = file.path ? staticBodyKey(docsDir, file.path) : null;
    if (!key) return;
    const body = tree.children.filter((node) => node.type !== 'mdxjsEsm');
    if (body.length === 0 || !usesOnlyStaticComponents(body)) return;
    const wrapper: RootContent = {
      type: 'element',
      tagName: 'div',
      properties: { dataStaticBody: key, className: ['markdown'] },
      children: body as never,
    };
    tree.children = [...tree.children.filter((node) => node.type === 'mdxjsEsm'), wrapper];
  };
}
