/**
 * What a reader of a generated page gets: the MDX parsed as Docusaurus parses it (heading ids
 * and `:::kind Title` escaped first, then MDX, GFM and directives), for tests that check text
 * from the declarations shows as it was written.
 */
import { admonitionTitleToDirectiveLabel, escapeMarkdownHeadingIds } from '@docusaurus/utils';
import type { Nodes, Root } from 'mdast';
import { directiveFromMarkdown } from 'mdast-util-directive';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { mdxFromMarkdown } from 'mdast-util-mdx';
import { directive } from 'micromark-extension-directive';
import { gfm } from 'micromark-extension-gfm';
import { mdxjs } from 'micromark-extension-mdxjs';

export function readerView(mdx: string): Root {
  return fromMarkdown(admonitionTitleToDirectiveLabel(escapeMarkdownHeadingIds(mdx), ['warning']), {
    extensions: [mdxjs(), gfm(), directive()],
    mdastExtensions: [mdxFromMarkdown(), gfmFromMarkdown(), directiveFromMarkdown()],
  });
}

/** Every node of `tree`, depth first. */
export function allNodes(tree: Nodes): Nodes[] {
  return [tree, ...('children' in tree ? tree.children.flatMap((c) => allNodes(c)) : [])];
}
