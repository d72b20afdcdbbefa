/**
 * Doc comments: reading `/** … *\/` blocks from declarations and turning their text into MDX that
 * cannot break the page. Doc comments are written as Markdown, so emphasis, lists and fenced code
 * are kept; what MDX would read as JSX or expressions (`<`, `>`, `{`, `}`) is escaped outside code.
 */
import ts from 'typescript';

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
 * Markdown from a doc comment, safe to place in MDX as block content. Fenced code and inline code
 * pass through; `{@link X}` becomes a link or code; JSX-significant characters are escaped.
 */
export function docToMdx(text: string, resolve: LinkResolver): string {
  if (!text) return '';
  const out: string[] = [];
  const parts = text.split(/(^[ \t]*```[^\n]*\n[\s\S]*?^[ \t]*```[ \t]*$)/m);
  for (const part of parts) {
    if (/^[ \t]*```/.test(part)) {
      out.push(dedentFence(part));
    } else {
      out.push(escapeProse(part, resolve));
    }
  }
  return out.join('').trim();
}

/** One line for tables and summaries: the first sentence or paragraph, escaped. */
export function docSummaryLine(text: string, resolve: LinkResolver): string {
  const para = text
    .split(/\n\s*\n/)[0]
    .replace(/```[\s\S]*?```/g, '')
    .replace(/\s*\n\s*/g, ' ')
    .trim();
  return escapeProse(para, resolve).replace(/\|/g, '\\|');
}

function dedentFence(block: string): string {
  const lines = block.split('\n');
  const indent = Math.min(...lines.filter((l) => l.trim()).map((l) => /^[ \t]*/.exec(l)![0].length));
  const body = lines.map((l) => l.slice(indent));
  // `typescript`/`ts`/`js` render with Prism; unknown languages fall back to plain text.
  return `\n${body.join('\n')}\n`;
}

function escapeProse(text: string, resolve: LinkResolver): string {
  // Headings inside a doc comment would land in the page outline; show them as bold lines.
  // Inline code spans are literal in MDX; split them out before escaping.
  return text
    .replace(/^[ \t]*#{1,6}[ \t]+(.+?)[ \t]*#*[ \t]*$/gm, '**$1**')
    .split(/(`+[^`]*?`+)/)
    .map((seg, i) => (i % 2 === 1 ? seg : escapeText(seg, resolve)))
    .join('');
}

function escapeText(text: string, resolve: LinkResolver): string {
  const links: string[] = [];
  let s = text.replace(
    /\{@link(?:code|plain)?\s+([^}|\s]+)(?:\s*\|\s*|\s+)?([^}]*)\}/g,
    (_m, target: string, label: string) => {
      const name = target.replace(/\(\)$/, '');
      const url = /^https?:\/\//.test(name) ? name : resolve(name.split('.')[0]);
      const shown = label.trim() || name;
      const md = url ? `[${/^https?:/.test(name) ? escapeLinkLabel(shown) : `\`${shown}\``}](${url})` : `\`${shown}\``;
      links.push(md);
      return `\u0000${links.length - 1}\u0000`;
    },
  );
  // Autolinks like <https://…> would be escaped into text; keep them as plain URLs (GFM links them).
  s = s.replace(/<(https?:\/\/[^>\s]+)>/g, '$1');
  s = s
    .replace(/&(?![a-zA-Z]+;|#\d+;)/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/\{/g, '&#123;')
    .replace(/\}/g, '&#125;')
    // MDX reads a line starting with `import`/`export` as an ES module statement.
    .replace(
      /^(\s*)(import|export)(\s)/gm,
      (_m, a: string, b: string, c: string) => `${a}&#${b.charCodeAt(0)};${b.slice(1)}${c}`,
    );
  // NUL-delimited placeholders (no text contains NUL) mark the links held back from escaping.
  // eslint-disable-next-line no-control-regex
  return s.replace(/\u0000(\d+)\u0000/g, (_m, i: string) => links[Number(i)]);
}

function escapeLinkLabel(s: string): string {
  return s.replace(/[[\]<>{}]/g, (c) => `&#${c.charCodeAt(0)};`);
}
