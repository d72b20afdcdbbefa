/**
 * Doc comments: reading `/** … *\/` blocks from declarations and turning their text into mdast
 * nodes. Doc comments are written as Markdown, so emphasis, lists, links and fenced code keep
 * their structure; they are parsed as Markdown, not MDX, so what MDX would read as JSX, an
 * expression or an import is text, which the serializer escapes.
 */
import type { PhrasingContent, RootContent } from 'mdast';
import ts from 'typescript';
import { inlineCode, link, parseMarkdown, parseMarkdownInline } from '../mdast';

export interface DocComment {
  /** Main text before the first block tag. */
  summary: string;
  params: Map<string, string>;
  returns?: string;
  examples: string[];
  deprecated?: string;
  see: string[];
  throws: string[];
  defaultValue?: string;
  category?: string;
  internal: boolean;
  experimental: boolean;
}

const EMPTY: DocComment = {
  summary: '',
  params: new Map(),
  examples: [],
  see: [],
  throws: [],
  internal: false,
  experimental: false,
};

/** The last JSDoc block directly before the node (the one tools attach to it). */
export function readDocComment(node: ts.Node, sf: ts.SourceFile): DocComment {
  const target = ts.isVariableDeclaration(node) ? node.parent.parent : node;
  const ranges = ts.getLeadingCommentRanges(sf.text, target.getFullStart()) ?? [];
  const block = ranges.filter((r) => sf.text.startsWith('/**', r.pos)).pop();
  if (!block) return { ...EMPTY, params: new Map() };
  return parseDocComment(sf.text.slice(block.pos, block.end));
}

export function parseDocComment(raw: string): DocComment {
  const lines = raw
    .replace(/^\/\*\*/, '')
    .replace(/\*\/$/, '')
    .split('\n')
    .map((l) => l.replace(/^\s*\* ?/, ''));
  const doc: DocComment = { ...EMPTY, params: new Map(), examples: [], see: [], throws: [] };
  const summary: string[] = [];
  let current: { tag: string; lines: string[] } | undefined;
  const blocks: { tag: string; lines: string[] }[] = [];
  let inFence = false;
  for (const line of lines) {
    if (/^\s*```/.test(line)) inFence = !inFence;
    const m = !inFence && /^\s*@([a-zA-Z]+)\b ?(.*)$/.exec(line);
    if (m) {
      current = { tag: m[1], lines: [m[2]] };
      blocks.push(current);
    } else if (current) {
      current.lines.push(line);
    } else {
      summary.push(line);
    }
  }
  // Some comments carry page metadata for Medplum's own site (`<head>…</head>`, e.g. after
  // MedplumClient's examples); it is not documentation, wherever it sits.
  const withoutHead = (s: string) => s.replace(/<head>[\s\S]*?<\/head>/g, '');
  doc.summary = trimBlock(withoutHead(summary.join('\n')));
  for (const b of blocks) {
    const text = trimBlock(withoutHead(b.lines.join('\n')));
    switch (b.tag) {
      case 'param': {
        const pm = /^([\w$.[\]]+)\s*(?:-\s*)?([\s\S]*)$/.exec(text);
        if (pm) doc.params.set(pm[1], pm[2].trim());
        break;
      }
      case 'returns':
      case 'return':
      case 'yields':
        doc.returns = text;
        break;
      case 'example':
        doc.examples.push(text);
        break;
      case 'deprecated':
        doc.deprecated = text || 'Deprecated.';
        break;
      case 'see':
        doc.see.push(text);
        break;
      case 'throws':
        doc.throws.push(text);
        break;
      case 'defaultValue':
      case 'default':
        doc.defaultValue = text;
        break;
      case 'category':
        doc.category = text;
        break;
      case 'internal':
        doc.internal = true;
        break;
      case 'experimental':
      case 'alpha':
      case 'beta':
        doc.experimental = true;
        break;
      default:
        // Unknown tags keep their text so nothing the authors wrote is lost.
        doc.summary = trimBlock(`${doc.summary}\n\n${b.tag}: ${text}`);
    }
  }
  return doc;
}

function trimBlock(s: string): string {
  return s.replace(/^\s*\n/, '').replace(/\s+$/, '');
}

/** Resolves a `{@link Name}` target to a URL, or undefined to show it as code. */
export type LinkResolver = (name: string) => string | undefined;

/**
 * A doc comment as block nodes. Doc comments are written as Markdown, so paragraphs, lists,
 * emphasis, links, code spans and fenced code keep their structure (fences are dedented); the
 * rest is parsed as Markdown, not MDX (mdast.ts `parseMarkdown`), so `<`, `{` and `import` lines
 * are text. `{@link X}` becomes a link or code, and a heading becomes a bold line (it would
 * otherwise land in the page outline).
 */
export function docBlocks(text: string, resolve: LinkResolver): RootContent[] {
  if (!text) return [];
  const links: LinkMark[] = [];
  const out: string[] = [];
  const parts = text.split(/(^[ \t]*```[^\n]*\n[\s\S]*?^[ \t]*```[ \t]*$)/m);
  for (const part of parts) {
    if (/^[ \t]*```/.test(part)) {
      out.push(dedentFence(part));
    } else {
      out.push(markLinks(headingsAsBold(part), resolve, links));
    }
  }
  return withLinks(parseMarkdown(out.join('').trim()), links);
}

/** One line for tables and summaries: the first sentence or paragraph, as inline nodes. */
export function docInline(text: string, resolve: LinkResolver): PhrasingContent[] {
  const para = text
    .split(/\n\s*\n/)[0]
    .replace(/```[\s\S]*?```/g, '')
    .replace(/\s*\n\s*/g, ' ')
    .trim();
  if (!para) return [];
  // Most lines are plain words: no need to parse them.
  if (/^[A-Za-z0-9 ,.;'"()/=+?%-]*$/.test(para) && !para.includes('www.')) return [{ type: 'text', value: para }];
  const links: LinkMark[] = [];
  return withLinks(parseMarkdownInline(markLinks(headingsAsBold(para), resolve, links)), links);
}

function dedentFence(block: string): string {
  const lines = block.split('\n');
  const indent = Math.min(...lines.filter((l) => l.trim()).map((l) => /^[ \t]*/.exec(l)![0].length));
  const body = lines.map((l) => l.slice(indent));
  // `typescript`/`ts`/`js` render with Prism; unknown languages fall back to plain text.
  return `\n${body.join('\n')}\n`;
}

/** Headings inside a doc comment would land in the page outline; show them as bold lines. */
function headingsAsBold(text: string): string {
  return text.replace(/^[ \t]*#{1,6}[ \t]+(.+?)[ \t]*#*[ \t]*$/gm, '**$1**');
}

/** Private-use characters around a number stand for the nodes of one `{@link}` until parsed. */
const LINK_MARK = /\uE000(\d+)\uE001/g;

/** One `{@link}`: its nodes, and its source text (put back should the mark land in code). */
interface LinkMark {
  nodes: PhrasingContent[];
  source: string;
}

/**
 * Replaces each `{@link X}` outside code spans by a mark, keeping its nodes in `links`: a link
 * when the target resolves (to a symbol's page, shown as code, or a URL, shown as its label),
 * else the target as code. `<https://…>` becomes the bare URL, which GFM links.
 */
function markLinks(text: string, resolve: LinkResolver, links: LinkMark[]): string {
  return text
    .split(/(`+[^`]*?`+)/)
    .map((seg, i) =>
      i % 2 === 1
        ? seg
        : seg
            .replace(
              /\{@link(?:code|plain)?\s+([^}|\s]+)(?:\s*\|\s*|\s+)?([^}]*)\}/g,
              (source: string, target: string, label: string) => {
                const name = target.replace(/\(\)$/, '');
                const isUrl = /^https?:\/\//.test(name);
                const url = isUrl ? name : resolve(name.split('.')[0]);
                const shown = label.trim() || name;
                const content: PhrasingContent = isUrl ? { type: 'text', value: shown } : inlineCode(shown);
                links.push({ nodes: url ? [link(url, content)] : [inlineCode(shown)], source });
                return `\uE000${links.length - 1}\uE001`;
              },
            )
            .replace(/<(https?:\/\/[^>\s]+)>/g, '$1'),
    )
    .join('');
}

/** Puts the nodes of each `{@link}` back where its mark is. */
function withLinks<T extends RootContent>(nodes: T[], links: LinkMark[]): T[] {
  if (links.length === 0) return nodes;
  const restore = (value: string) => value.replace(LINK_MARK, (_m, i: string) => links[Number(i)].source);
  const walk = (node: RootContent): void => {
    if (node.type === 'inlineCode' || node.type === 'code') node.value = restore(node.value);
    if (node.type === 'link') node.url = restore(node.url);
    if (!('children' in node)) return;
    const children: RootContent[] = [];
    for (const child of node.children as RootContent[]) {
      if (child.type !== 'text' || !child.value.includes('\uE000')) {
        walk(child);
        children.push(child);
        continue;
      }
      child.value.split(LINK_MARK).forEach((piece, i) => {
        if (i % 2 === 1) children.push(...links[Number(piece)].nodes);
        else if (piece) children.push({ type: 'text', value: piece });
      });
    }
    (node as { children: RootContent[] }).children = children;
  };
  const root = { type: 'paragraph', children: nodes } as unknown as RootContent;
  walk(root);
  return (root as unknown as { children: T[] }).children;
}
