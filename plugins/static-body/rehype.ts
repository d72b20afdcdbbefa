/**
 * Marks a generated reference page's body as static (see ./index.ts): its content is wrapped in
 * `<div data-static-body="<file>" class="markdown">`, which the client build then leaves out of
 * the page's JavaScript.
 *
 * Only pages in the static directories whose body uses no component other than `GeneratedHtml`
 * (pre-rendered HTML) and plain HTML elements qualify: anything interactive keeps its React tree.
 */
import path from 'node:path';
import type { Root, RootContent } from 'hast';
import type { VFile } from 'vfile';
import { GENERATED_DOC_DIRS } from '../../site.settings';

/**
 * All generated families. React component pages with a live demo use a component, so the check
 * below keeps their React tree; the rest of that family is plain content.
 */
export const STATIC_BODY_DIRS = GENERATED_DOC_DIRS;

const STATIC_COMPONENTS = new Set(['GeneratedHtml']);
/** Lower-case elements the theme swaps for interactive components (collapsible details, diagrams). */
const INTERACTIVE_ELEMENTS = new Set(['details', 'mermaid']);

/** The key a page's body is found by: its path under docs/, or null when the page is not static. */
export function staticBodyKey(docsDir: string, file: string): string | null {
  const rel = path.relative(docsDir, file).split(path.sep).join('/');
  if (rel.startsWith('..') || !/\.mdx?$/.test(rel)) return null;
  return STATIC_BODY_DIRS.some((dir) => rel.startsWith(`${dir}/`)) ? rel : null;
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
