/**
 * Builds the React component, React hook and SDK reference pages as mdast syntax trees and
 * serializes them with mdast-util-to-markdown, which escapes whatever Markdown or MDX would
 * otherwise read as syntax. Text from the declarations goes into `text` and `inlineCode` nodes as
 * it is; nothing is escaped by hand. Prose the maintainers wrote (families.yaml, notes.yaml,
 * notes/*.md) is trusted MDX: it is parsed here and inserted as nodes.
 */
import { escapeMarkdownHeadingIds } from '@docusaurus/utils';
import type {
  BlockContent,
  Code,
  Heading,
  InlineCode,
  Link,
  List,
  Paragraph,
  Parents,
  PhrasingContent,
  Root,
  RootContent,
  Table,
  TableCell,
  Text,
} from 'mdast';
import { directiveToMarkdown } from 'mdast-util-directive';
import { directiveFromMarkdown } from 'mdast-util-directive';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { frontmatterFromMarkdown, frontmatterToMarkdown } from 'mdast-util-frontmatter';
import { gfmFromMarkdown, gfmToMarkdown } from 'mdast-util-gfm';
import type { MdxJsxAttribute, MdxJsxFlowElement, MdxJsxTextElement } from 'mdast-util-mdx';
import { mdxFromMarkdown, mdxToMarkdown } from 'mdast-util-mdx';
import { type Info, type State, toMarkdown } from 'mdast-util-to-markdown';
import { toString } from 'mdast-util-to-string';
import { directive } from 'micromark-extension-directive';
import { frontmatter } from 'micromark-extension-frontmatter';
import { gfm } from 'micromark-extension-gfm';
import { mdxjs } from 'micromark-extension-mdxjs';
import { ProseProblems } from './problems';

export type { PhrasingContent, RootContent };

export const text = (value: string): Text => ({ type: 'text', value });

/** Inline code; whitespace runs (line breaks in a type) become one space, as the tables need. */
export const code = (value: string): InlineCode => ({ type: 'inlineCode', value: value.replace(/\s+/g, ' ') });

/** Inline code holding `value` exactly (a value that is already one line: a type, a JSON value). */
export const inlineCode = (value: string): InlineCode => ({ type: 'inlineCode', value });

export const paragraph = (...children: PhrasingContent[]): Paragraph => ({ type: 'paragraph', children });

export const link = (url: string, ...children: PhrasingContent[]): Link => ({ type: 'link', url, children });

export const strong = (...children: PhrasingContent[]): PhrasingContent => ({ type: 'strong', children });

/** A heading with a Docusaurus heading id (`{#id}` at its end; serialized as `\{#id}`, which Docusaurus reads). */
export function heading(depth: 1 | 2 | 3 | 4 | 5 | 6, title: string | PhrasingContent[], id?: string): Heading {
  const children = typeof title === 'string' ? [text(title)] : [...title];
  if (id) children.push(text(` {#${id}}`));
  return { type: 'heading', depth, children: mergeText(children) };
}

/** A fenced code block; `meta` is what follows the language (`file=…#region`). */
export const codeBlock = (lang: string, value: string, meta?: string): Code => ({
  type: 'code',
  lang,
  meta: meta ?? null,
  value,
});

/** A tight bullet list of one paragraph per item. */
export function bulletList(items: PhrasingContent[][]): List {
  return {
    type: 'list',
    ordered: false,
    spread: false,
    children: items.map((children) => ({ type: 'listItem', spread: false, children: [paragraph(...children)] })),
  };
}

/** A GFM table: a header row of plain text, then rows of cells. */
export function table(header: string[], rows: PhrasingContent[][][]): Table {
  const row = (cells: PhrasingContent[][]) => ({
    type: 'tableRow' as const,
    children: cells.map((children): TableCell => ({ type: 'tableCell', children })),
  });
  return { type: 'table', children: [row(header.map((h) => [text(h)])), ...rows.map(row)] };
}

/** A `:::warning Title` admonition (a container directive with a label). */
export function admonition(kind: string, title: string, children: BlockContent[]): RootContent {
  return {
    type: 'containerDirective',
    name: kind,
    attributes: {},
    children: [{ type: 'paragraph', data: { directiveLabel: true }, children: [text(title)] }, ...children],
  };
}

const jsxAttributes = (attributes: Record<string, string>): MdxJsxAttribute[] =>
  Object.entries(attributes).map(([name, value]) => ({ type: 'mdxJsxAttribute', name, value }));

/** A JSX element on its own lines (`<ReactDemo … />`, `<details>`). */
export function jsxFlow(
  name: string,
  attributes: Record<string, string>,
  children: MdxJsxFlowElement['children'] = [],
): MdxJsxFlowElement {
  return { type: 'mdxJsxFlowElement', name, attributes: jsxAttributes(attributes), children };
}

/** A JSX element inside a paragraph (`<summary>`, `<code>`). */
export function jsxText(
  name: string,
  children: PhrasingContent[],
  attributes: Record<string, string> = {},
): MdxJsxTextElement {
  return { type: 'mdxJsxTextElement', name, attributes: jsxAttributes(attributes), children };
}

/** An ESM import statement. */
export const esm = (value: string): RootContent => ({ type: 'mdxjsEsm', value, data: undefined });

/** Joins `items` with `separator` text, as `a, b, c`. */
export function joined(items: PhrasingContent[][], separator = ', '): PhrasingContent[] {
  return mergeText(items.flatMap((item, i) => (i === 0 ? item : [text(separator), ...item])));
}

/** Merges adjacent text nodes (the serializer escapes each node on its own). */
export function mergeText(nodes: PhrasingContent[]): PhrasingContent[] {
  const out: PhrasingContent[] = [];
  for (const node of nodes) {
    const last = out[out.length - 1];
    if (node.type === 'text' && last?.type === 'text') out[out.length - 1] = text(last.value + node.value);
    else if (node.type !== 'text' || node.value !== '') out.push(node);
  }
  return out;
}

/**
 * Merges adjacent text nodes and adjacent inline code (code spans written one after the other
 * would run into each other: `` `a``b` `` is one span holding "a``b").
 */
export function mergeCode(nodes: PhrasingContent[]): PhrasingContent[] {
  const out: PhrasingContent[] = [];
  for (const node of mergeText(nodes)) {
    const last = out[out.length - 1];
    if (node.type === 'inlineCode' && last?.type === 'inlineCode')
      out[out.length - 1] = inlineCode(last.value + node.value);
    else out.push(node);
  }
  return out;
}

/** The text a reader sees, without markup, whitespace runs as one space (front matter, comparisons). */
export function plainText(nodes: PhrasingContent[]): string {
  return toString(paragraph(...nodes))
    .replace(/\s+/g, ' ')
    .trim();
}

const BARE_URL = /https?:\/\/[^\s<>`]*[^\s<>`.,:;"'!?*_~)]/g;

/**
 * Prose from a doc comment as text and inline code: `code spans` stay code, TSDoc `{@link X}`
 * becomes `X` as code and `{@link X label}` becomes `label (X)`, and bare http(s) URLs are links
 * (as GFM autolinks them); everything else, `<`, `{`, `|`, `*` and `_` included, is literal text.
 */
export function proseNodes(value: string): PhrasingContent[] {
  const linked = value.replace(
    /\{@link(?:code|plain)?\s+([^}\s|]+)(?:[\s|]+([^}]*))?\}/g,
    (_m, target: string, label?: string) => (label ? `${label.trim()} (\`${target}\`)` : `\`${target}\``),
  );
  const out: PhrasingContent[] = [];
  linked.split(/(`[^`]*`)/).forEach((part, i) => {
    if (i % 2 === 1) {
      out.push({ type: 'inlineCode', value: part.slice(1, -1) });
      return;
    }
    let at = 0;
    for (const m of part.matchAll(BARE_URL)) {
      out.push(text(part.slice(at, m.index)), link(m[0], text(m[0])));
      at = m.index + m[0].length;
    }
    out.push(text(part.slice(at)));
  });
  return mergeText(out);
}

const parseOptions = () => ({
  extensions: [mdxjs(), gfm(), directive()],
  mdastExtensions: [mdxFromMarkdown(), gfmFromMarkdown(), directiveFromMarkdown()],
});

/**
 * Trusted MDX the maintainers wrote (notes, intros, summaries), parsed into nodes. Heading ids
 * (`{#id}`) are escaped first, as Docusaurus does before it parses a page, so they stay text.
 * The loaders check every such text with `checkProse` first, so that invalid MDX is reported at
 * its file and line.
 */
export function parseProse(markdown: string): RootContent[] {
  const tree = fromMarkdown(escapeMarkdownHeadingIds(markdown), parseOptions());
  return stripPositions(tree).children;
}

/** Trusted MDX of one paragraph (a summary, a table cell), as inline nodes. */
export function parseInline(markdown: string): PhrasingContent[] {
  const blocks = parseProse(markdown);
  if (blocks.length === 0) return [];
  if (blocks.length !== 1 || blocks[0].type !== 'paragraph')
    throw new Error(`expected one paragraph of Markdown, got: ${JSON.stringify(markdown.slice(0, 80))}`);
  return blocks[0].children;
}

/**
 * Markdown that is not MDX: what MDX itself turns off (HTML, `<url>` autolinks, indented code)
 * is off here too, so `<`, `{` and `}` are text. `inline` also turns off the constructs that start
 * a block (lists, headings, block quotes, fences, thematic breaks, definitions), so a one-line
 * text is always one paragraph, read as a table cell reads it.
 */
const MARKDOWN_OFF = ['htmlFlow', 'htmlText', 'autolink', 'codeIndented'];
const BLOCKS_OFF = ['blockQuote', 'codeFenced', 'definition', 'headingAtx', 'list', 'setextUnderline', 'thematicBreak'];
const markdownOptions = (inline: boolean) => ({
  extensions: [gfm(), { disable: { null: inline ? [...MARKDOWN_OFF, ...BLOCKS_OFF] : MARKDOWN_OFF } }],
  mdastExtensions: [gfmFromMarkdown()],
});
const MARKDOWN = { block: markdownOptions(false), inline: markdownOptions(true) };

/**
 * Markdown from a package's doc comments (text the site does not control) as nodes: paragraphs,
 * lists, emphasis, links, code spans and fences keep their structure; anything MDX would read as
 * JSX, an expression or an import is text, which the serializer escapes.
 */
export function parseMarkdown(markdown: string): RootContent[] {
  const plain = plainParagraphs(markdown);
  if (plain) return plain.map((children) => paragraph(...children));
  return dropPositions(fromMarkdown(markdown, MARKDOWN.block)).children;
}

/** One line of doc comment Markdown as inline nodes (block syntax at its start is text). */
export function parseMarkdownInline(markdown: string): PhrasingContent[] {
  const plain = plainParagraphs(markdown);
  if (plain && plain.length <= 1) return plain[0] ?? [];
  const [first] = dropPositions(fromMarkdown(markdown, MARKDOWN.inline)).children;
  return first?.type === 'paragraph' ? first.children : [];
}

/**
 * Markdown that is plain text and code spans, as the nodes of its paragraphs, so the parser can
 * be skipped (most doc comment sentences are such); undefined for anything else. Plain means:
 * outside single-backtick code spans on one line, only words, spaces and punctuation Markdown
 * gives no meaning to here, no URL or `www.` that GFM would link, no line that starts or ends
 * with a space (the parser drops those) or starts with a list or setext marker, and blank lines
 * only between paragraphs.
 */
function plainParagraphs(markdown: string): PhrasingContent[][] | undefined {
  const spans = /`([^`\n]*)`/g;
  const outside = markdown.replace(spans, 'x');
  if (
    !/^[\p{L}\p{N} \n,.;:'"()/=+?%$\u0080-\uffff-]*$/u.test(outside) ||
    /www\.|[a-z]:\/\/|mailto:|xmpp:|^[-+=]|^\d+[.)]|^ | $|^\n|\n$|\n\n\n/im.test(outside)
  )
    return undefined;
  return markdown
    .split('\n\n')
    .filter(Boolean)
    .map((para) =>
      para.split(spans).map((part, i): PhrasingContent => {
        if (i % 2 === 0) return text(part);
        // A code span keeps its content, less one space each side when both sides have one.
        return inlineCode(/^ .*[^ ].* $/.test(part) ? part.slice(1, -1) : part);
      }),
    )
    .map((children) => children.filter((c) => c.type !== 'text' || c.value !== ''));
}

/** Removes `position` from every node, in place. */
function dropPositions<T extends Root | RootContent>(node: T): T {
  delete node.position;
  if ('children' in node) for (const child of node.children) dropPositions(child);
  return node;
}

/** How a text is parsed: `block` as `parseProse` does (sections), `inline` as `parseInline` does (one paragraph). */
export type ProseKind = 'block' | 'inline';

/** Maps a line and column of a text to the line of the file it was read from. */
export type LineOf = (line: number, column: number) => number;

/**
 * Why `markdown` cannot be parsed as the pages parse it, as `kind`, or undefined when it can:
 * the parser's reason, or for `inline` text that is not one paragraph, the block that makes it
 * more. `line` is where, through `lineOf`; positions in the parser's reason are mapped the same way.
 */
export function checkProse(
  markdown: string,
  kind: ProseKind,
  lineOf: LineOf = (line) => line,
): { line: number; reason: string } | undefined {
  let tree: Root;
  try {
    tree = fromMarkdown(escapeMarkdownHeadingIds(markdown), parseOptions());
  } catch (err) {
    return parseFailure(err, lineOf);
  }
  const [first, second] = tree.children;
  if (kind === 'block' || !first || (first.type === 'paragraph' && !second)) return undefined;
  const extra = first.type === 'paragraph' ? second : first;
  const start = extra.position?.start ?? { line: 1, column: 1 };
  return {
    line: lineOf(start.line, start.column),
    reason: `expected one paragraph of Markdown, found ${extra.type === 'paragraph' ? 'a second paragraph' : `a block (${extra.type})`}`,
  };
}

/** Where and why the MDX parser refused a text (its message, or a position in its reason). */
function parseFailure(err: unknown, lineOf: LineOf): { line: number; reason: string } {
  type Point = { line: number; column: number };
  const e = err as { reason?: string; message?: string; place?: Point | { start: Point } };
  const reason = e.reason ?? e.message ?? String(err);
  const range = /\((\d+):(\d+)-\d+:\d+\)/g;
  const quoted = /\((\d+):(\d+)-\d+:\d+\)/.exec(reason);
  const place = e.place && 'start' in e.place ? e.place.start : e.place;
  const at = place ?? (quoted ? { line: Number(quoted[1]), column: Number(quoted[2]) } : { line: 1, column: 1 });
  return {
    line: lineOf(at.line, at.column),
    reason: reason.replace(
      range,
      (_m, line: string, column: string) => `(line ${lineOf(Number(line), Number(column))})`,
    ),
  };
}

/**
 * A page template (`overview.template.mdx`, trusted MDX, at `file` relative to the site) filled
 * in: `{{NAME}}` in the front matter is replaced by `values[NAME]`; in the body, where MDX reads
 * `{{NAME}}` as an expression, by that text, or by the nodes of `blocks[NAME]` (a paragraph's
 * inline nodes, or block nodes when the placeholder stands on a line of its own). Invalid MDX
 * and unknown placeholders throw a `ProseError` naming `file` and the line.
 */
export function fillTemplate(
  file: string,
  markdown: string,
  values: Record<string, string>,
  blocks: Record<string, PhrasingContent[] | RootContent[]>,
): RootContent[] {
  const problems = new ProseProblems();
  let parsed: Root;
  try {
    parsed = fromMarkdown(escapeMarkdownHeadingIds(markdown), {
      extensions: [frontmatter(['yaml']), ...parseOptions().extensions],
      mdastExtensions: [frontmatterFromMarkdown(['yaml']), ...parseOptions().mdastExtensions],
    });
  } catch (err) {
    const failure = parseFailure(err, (line) => line);
    problems.add(`${file}:${failure.line}`, `invalid MDX: ${failure.reason}`);
    problems.done();
    throw err;
  }
  const known = [...Object.keys(values), ...Object.keys(blocks)].map((n) => `{{${n}}}`).join(', ');
  const nameOf = (expression: string): string | undefined => {
    const name = /^\{(\w+)\}$/.exec(expression)?.[1];
    return name && (name in values || name in blocks) ? name : undefined;
  };
  visit(parsed, (node) => {
    const line = node.position?.start.line ?? 1;
    if ((node.type === 'mdxTextExpression' || node.type === 'mdxFlowExpression') && !nameOf(node.value))
      problems.add(`${file}:${line}`, `unknown placeholder {${node.value}} (known: ${known})`);
    if (node.type === 'yaml') {
      for (const m of node.value.matchAll(/\{\{(\w+)\}\}/g)) {
        if (m[1] in values) continue;
        const lineInYaml = node.value.slice(0, m.index).split('\n').length;
        problems.add(
          `${file}:${line + lineInYaml}`,
          `unknown placeholder ${m[0]} in the front matter (known there: ${Object.keys(values)
            .map((n) => `{{${n}}}`)
            .join(', ')})`,
        );
      }
    }
  });
  problems.done();
  const tree = stripPositions(parsed);
  const fill = (nodes: RootContent[]): RootContent[] =>
    nodes.flatMap((node): RootContent[] => {
      if (node.type === 'yaml')
        return [{ ...node, value: node.value.replace(/\{\{(\w+)\}\}/g, (m, name: string) => values[name] ?? m) }];
      if (node.type === 'mdxTextExpression' || node.type === 'mdxFlowExpression') {
        const name = nameOf(node.value) as string;
        return name in values ? [text(values[name])] : (blocks[name] as RootContent[]);
      }
      if ('children' in node) {
        const children = mergeText(fill(node.children as RootContent[]) as PhrasingContent[]);
        return [{ ...node, children } as RootContent];
      }
      return [node];
    });
  return fill(tree.children);
}

/** Calls `visitor` on `node` and every node under it. */
function visit(node: Root | RootContent, visitor: (node: Root | RootContent) => void): void {
  visitor(node);
  if ('children' in node) for (const child of node.children) visit(child as RootContent, visitor);
}

function stripPositions<T extends object>(node: T): T {
  return JSON.parse(JSON.stringify(node, (k, v: unknown) => (k === 'position' ? undefined : v))) as T;
}

/**
 * Characters no escaping rule of the serializer (with the extensions below) applies to, at any
 * place: no `unsafe` pattern names them. A text of these alone, with no space at either end (a
 * space next to a line ending is escaped) and not starting `import `/`export ` (see `unsafe`
 * below), is written as it is.
 */
const NEVER_ESCAPED = /^(?![ie])[A-Za-z0-9,;/?$%^}\u0080-\uffff]$/;
const WRITTEN_AS_IS =
  /^(?!(?:import|export)[\t ])[A-Za-z0-9,;/?$%^}\u0080-\uffff]+(?: +[A-Za-z0-9,;/?$%^}\u0080-\uffff]+)*$/;

/**
 * The text handler, with two shortcuts that give the same output as the default: a text written
 * as it is skips the escaping pass, and `peek` (the first character a text will be written with,
 * which the serializer asks for the node before it) needs no escaping pass when that character is
 * never escaped, or is a space not followed by a line ending (the only place a space is escaped,
 * as the text starts, since `peek` sees nothing before it). Without `peek` the serializer escapes
 * every text twice.
 */
const textHandler = Object.assign(
  (node: Text, parent: Parents | undefined, state: State, info: Info): string => {
    if (WRITTEN_AS_IS.test(node.value)) return node.value;
    const siblings = parent ? parent.children : [];
    const index = state.indexStack[state.indexStack.length - 1];
    return state.safe(node.value, { ...info, afterNode: siblings[index + 1], beforeNode: siblings[index - 1] });
  },
  {
    peek: (node: Text, parent: Parents | undefined, state: State, info: Info): string =>
      NEVER_ESCAPED.test(node.value.charAt(0)) || /^ [^\r\n]/.test(node.value)
        ? node.value.charAt(0)
        : textHandler(node, parent, state, info),
  },
);

/** The page as MDX. */
export function serialize(children: RootContent[]): string {
  const tree: Root = { type: 'root', children };
  return toMarkdown(tree, {
    extensions: [
      gfmToMarkdown({ tablePipeAlign: false }),
      mdxToMarkdown(),
      directiveToMarkdown(),
      frontmatterToMarkdown(),
    ],
    handlers: { text: textHandler },
    bullet: '-',
    emphasis: '_',
    rule: '-',
    // MDX has no `<url>` autolinks: write every link as `[text](url)`.
    resourceLink: true,
    // MDX reads a paragraph starting with `import ` or `export ` as an ES module statement.
    unsafe: [
      { character: 'i', atBreak: true, after: 'mport[\\t ]' },
      { character: 'e', atBreak: true, after: 'xport[\\t ]' },
    ],
  });
}
