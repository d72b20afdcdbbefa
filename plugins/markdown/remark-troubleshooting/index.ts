/**
 * Renders the troubleshooting catalogue (catalogue.ts) at build time, as plain Markdown nodes, so
 * every entry is a heading with an anchor in the page, its table of contents, its Markdown twin
 * and the search index, with no JavaScript in the browser:
 *
 * - `<TroubleshootingEntries group="bots" />` on a page becomes that group's entries.
 * - Every other hand-written page that an entry names under `see:` ends with a short list of
 *   those entries, so a reader of the guide finds the errors it explains.
 *
 * An unknown group, a `see:` route with no page or bad YAML fails the build with file and line.
 */
import path from 'node:path';
import type { Root, RootContent, PhrasingContent, BlockContent, Heading } from 'mdast';
import { headingOf, loadCatalogue, routeOfDoc, seeTitleOf, type TroubleshootingEntry } from './catalogue';

export interface Options {
  siteDir: string;
  /** Folders below docs/ that generators write; their pages get no list. */
  generatedDirs: string[];
}

interface VFileLike {
  path?: string;
}

interface JsxElement {
  type: 'mdxJsxFlowElement';
  name: string | null;
  attributes: { type: string; name?: string; value?: unknown }[];
  position?: { start: { line: number } };
}

/** The tag this plugin replaces; lib/mdx-compile.ts exempts it from the undefined-component check. */
export const TAG = 'TroubleshootingEntries';

const text = (value: string): PhrasingContent => ({ type: 'text', value });
const strong = (value: string): PhrasingContent => ({ type: 'strong', children: [text(value)] });

/** The page title of a route, for link text (seeTitleOf); a route with no page yet is asked again later. */
function titleOf(docsDir: string, route: string, cache: Map<string, string>): string | undefined {
  const title = cache.get(route) ?? seeTitleOf(docsDir, route);
  if (title !== undefined) cache.set(route, title);
  return title;
}

export default function remarkTroubleshooting(options: Options) {
  const docsDir = path.join(options.siteDir, 'docs');
  const troubleshootingDir = path.join(docsDir, 'troubleshooting') + path.sep;
  const generated = options.generatedDirs.map((dir) => path.join(docsDir, dir) + path.sep);
  const titles = new Map<string, string>();

  return async (tree: Root, file: VFileLike): Promise<void> => {
    const filePath = file.path ? path.resolve(file.path) : '';
    if (!filePath.startsWith(docsDir + path.sep) || generated.some((dir) => filePath.startsWith(dir))) return;
    const where = path.relative(options.siteDir, filePath);
    const hasTag = tree.children.some((n) => (n as unknown as JsxElement).name === TAG);
    const isTroubleshooting = filePath.startsWith(troubleshootingDir);
    if (!hasTag && isTroubleshooting) return;
    // Asked on every page; read again only after a YAML file changes (see loadCatalogue).
    const catalogue = loadCatalogue(options.siteDir);
    const { fromMarkdown } = await import('mdast-util-from-markdown');
    const blocks = (markdown: string): BlockContent[] => fromMarkdown(markdown).children as BlockContent[];

    const linkTo = (route: string, at: string): PhrasingContent => {
      const title = titleOf(docsDir, route, titles);
      if (!title) throw new Error(`${at}: "see" names ${route}, which is no page of docs/`);
      return { type: 'link', url: route, children: [text(title)] };
    };

    /** A labelled paragraph: the label in bold, then the Markdown's first paragraph, then its other blocks. */
    const labelled = (label: string, markdown: string): RootContent[] => {
      const [first, ...rest] = blocks(markdown);
      const lead: PhrasingContent[] = first?.type === 'paragraph' ? first.children : [];
      const after = first?.type === 'paragraph' ? rest : [first, ...rest].filter(Boolean);
      return [{ type: 'paragraph', children: [strong(label), text(' '), ...lead] }, ...(after as RootContent[])];
    };

    const render = (entry: TroubleshootingEntry): RootContent[] => {
      const heading: Heading = {
        type: 'heading',
        depth: 2,
        children: [text(headingOf(entry))],
        data: { hProperties: { id: entry.id } },
      };
      const whereText = entry.status ? `${entry.where} (HTTP ${entry.status})` : entry.where;
      const see: PhrasingContent[] = [strong('Read more:'), text(' ')];
      entry.see.forEach((route, i) => {
        if (i > 0) see.push(text(', '));
        see.push(linkTo(route, entry.at));
      });
      return [
        heading,
        ...labelled(entry.message ? 'Where it shows:' : 'What you see:', whereText),
        ...labelled('Cause:', entry.cause),
        ...labelled('How to confirm:', entry.confirm),
        ...labelled('Fix:', entry.fix),
        { type: 'paragraph', children: see },
      ];
    };

    // 1. The catalogue pages: replace each tag with its group's entries.
    if (hasTag) {
      tree.children = tree.children.flatMap((node) => {
        const el = node as unknown as JsxElement;
        if (el.type !== 'mdxJsxFlowElement' || el.name !== TAG) return [node];
        const group = el.attributes.find((a) => a.name === 'group')?.value;
        const entries = typeof group === 'string' ? catalogue.groups.get(group) : undefined;
        if (!entries) {
          const line = el.position?.start.line ?? 1;
          throw new Error(
            `${where}:${line}: <${TAG} group=${JSON.stringify(group)} />: no such group in docs/troubleshooting/entries/ (groups: ${[...catalogue.groups.keys()].join(', ')})`,
          );
        }
        return entries.flatMap(render);
      });
      return;
    }

    // 2. A guide page: list the catalogue entries that point readers here.
    const route = routeOfDoc(docsDir, filePath);
    const pointing: { group: string; entry: TroubleshootingEntry }[] = [];
    for (const [group, entries] of catalogue.groups) {
      for (const entry of entries) if (entry.see.includes(route)) pointing.push({ group, entry });
    }
    if (pointing.length === 0) return;
    tree.children.push(
      {
        type: 'heading',
        depth: 2,
        children: [text('Errors and symptoms')],
        data: { hProperties: { id: 'errors-and-symptoms' } },
      },
      {
        type: 'paragraph',
        children: [text('The troubleshooting catalogue explains these in full:')],
      },
      {
        type: 'list',
        ordered: false,
        spread: false,
        children: pointing.map(({ group, entry }) => ({
          type: 'listItem',
          spread: false,
          children: [
            {
              type: 'paragraph',
              children: [
                {
                  type: 'link',
                  url: `/docs/troubleshooting/${group}#${entry.id}`,
                  children: [entry.message ? { type: 'inlineCode', value: entry.message } : text(entry.symptom ?? '')],
                },
                ...(entry.message && entry.title ? [text(` (${entry.title})`)] : []),
                ...(entry.status ? [text(` (HTTP ${entry.status})`)] : []),
              ],
            },
          ],
        })),
      },
    );
  };
}
