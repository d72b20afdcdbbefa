/**
 * ```mermaid blocks become diagrams drawn at build time (./render.ts): the page's HTML holds the
 * SVG, in a light and a dark version that CSS switches with the colour mode, and no Mermaid code
 * reaches the browser. A block Mermaid cannot parse fails the build with its file and line.
 *
 * Each block is replaced by `<StaticDiagram light="<svg…>" dark="<svg…>" source="…" />`
 * (src/components/StaticDiagram, registered in src/theme/MDXComponents.tsx): plain string props,
 * so React inserts each SVG as one string instead of building a tree of elements to hydrate.
 * The Markdown twins turn the figure back into a ```mermaid fence from its `data-mermaid`.
 *
 * Production builds only: `npm start` keeps theme-mermaid's in-browser rendering, which redraws
 * as a diagram is edited.
 */
import type { Code, Root } from 'mdast';
import type { MdxJsxFlowElement } from 'mdast-util-mdx-jsx';
import { renderAll } from './render';

export interface Options {
  /** Absolute path of the docs folder, whose diagrams are rendered in one batch. */
  docsDir: string;
}

interface VFileLike {
  path?: string;
}

function attribute(name: string, value: string): MdxJsxFlowElement['attributes'][number] {
  return { type: 'mdxJsxAttribute', name, value };
}

export default function remarkMermaidStatic({ docsDir }: Options) {
  return async (tree: Root, file: VFileLike): Promise<void> => {
    const blocks: { parent: { children: unknown[] }; index: number; node: Code }[] = [];
    const walk = (parent: { children?: unknown[] }): void => {
      parent.children?.forEach((child, index) => {
        const node = child as Code & { children?: unknown[] };
        if (node.type === 'code' && node.lang === 'mermaid') {
          blocks.push({ parent: parent as { children: unknown[] }, index, node });
        } else if (Array.isArray(node.children)) walk(node);
      });
    };
    walk(tree);
    if (blocks.length === 0) return;

    const outcomes = await renderAll(
      docsDir,
      blocks.map((b) => b.node.value),
    );
    blocks.forEach(({ parent, index, node }, i) => {
      const outcome = outcomes[i];
      if (!outcome.ok) {
        const line = node.position?.start.line ?? 1;
        throw new Error(
          `${file.path ?? 'unknown file'}:${line}: this Mermaid diagram cannot be drawn: ${outcome.message}`,
        );
      }
      const element: MdxJsxFlowElement = {
        type: 'mdxJsxFlowElement',
        name: 'StaticDiagram',
        attributes: [
          attribute('light', outcome.diagram.light),
          attribute('dark', outcome.diagram.dark),
          attribute('source', node.value),
        ],
        children: [],
        position: node.position,
      };
      parent.children[index] = element;
    });
  };
}
