/**
 * Turns extracted function records into mdast nodes for the MDX pages, with the shared node
 * helpers (../mdast.ts). Text taken from the declarations (TSDoc, types) goes into `text` and `inlineCode` nodes and is escaped by the serializer, so MDX
 * never reads it as JSX; fenced code in a doc comment is kept as code.
 */
import type { List, Paragraph } from 'mdast';
import {
  admonition,
  bulletList,
  code,
  codeBlock,
  heading,
  link,
  mergeText,
  paragraph,
  parseInline,
  parseProse,
  type PhrasingContent,
  proseNodes,
  type RootContent,
  table,
  text,
} from '../mdast';
import type { FunctionDoc, MemberDoc, TypeMembers } from './extract';
import type { ExampleRef, HookPage } from './families';
import { MEMBER_NOTES, SUMMARIES } from './notes';

/**
 * A doc comment as Markdown blocks: fenced code kept as code, list items one per line, other
 * paragraphs joined. A line of dashes ends the text (what follows repeats the parameter docs,
 * which the tables show).
 */
export function renderDocText(value: string): RootContent[] {
  const cut = value.split(/\n\s*-{10,}\s*\n/)[0];
  const out: RootContent[] = [];
  const parts = cut.split(/(```[\s\S]*?```)/);
  parts.forEach((part, i) => {
    if (i % 2 === 1) {
      // A fence from the doc comment: parsed as plain Markdown, which gives its code block.
      out.push(...parseProse(part.trim()));
      return;
    }
    for (const block of part.split(/\n\s*\n/)) {
      const lines = block
        .split('\n')
        .map((l) => l.trim())
        .filter(Boolean);
      if (lines.length === 0 || lines[0].startsWith('@')) continue;
      const para: string[] = [];
      const items: string[] = [];
      for (const line of lines) {
        if (/^[-*] /.test(line)) items.push(line.slice(2));
        else if (items.length > 0) items[items.length - 1] += ` ${line}`;
        else para.push(line);
      }
      if (para.length > 0) out.push(paragraph(...prose(para.join(' '))));
      if (items.length > 0) out.push(bulletList(items.map(prose)));
    }
  });
  return mergeLists(out);
}

/** Lists separated only by a blank line in the doc comment are one (loose) list, as Markdown reads them. */
function mergeLists(blocks: RootContent[]): RootContent[] {
  const out: RootContent[] = [];
  for (const block of blocks) {
    const last = out[out.length - 1];
    if (block.type === 'list' && last?.type === 'list') {
      const merged: List = { ...last, spread: true, children: [...last.children, ...block.children] };
      out[out.length - 1] = merged;
    } else out.push(block);
  }
  return out;
}

/**
 * Doc comment prose as nodes: Markdown links to absolute URLs stay links, `{@link url | label}`
 * becomes `label (url)`, `**bold**` markers are dropped (the text shows unbolded, as before), and
 * the rest is text and code (see `proseNodes`).
 */
function prose(value: string): PhrasingContent[] {
  const out: PhrasingContent[] = [];
  const rest = (part: string) =>
    proseNodes(
      part.replace(/\*\*([^*]+)\*\*/g, '$1').replace(/\{@link\s+(https?:\/\/\S+)\s*\|\s*([^}]+)\}/g, '$2 ($1)'),
    );
  let at = 0;
  for (const m of value.matchAll(/\[([^\]]+)\]\((https?:\/\/[^)\s]+)\)/g)) {
    out.push(...rest(value.slice(at, m.index)), link(m[2], ...proseNodes(m[1])));
    at = m.index + m[0].length;
  }
  out.push(...rest(value.slice(at)));
  return mergeText(out);
}

/** The description of one export: its doc comment, else the hand-written summary. */
export function descriptionOf(f: FunctionDoc): RootContent[] {
  const out: RootContent[] = [];
  if (f.deprecated) out.push(admonition('warning', 'Deprecated', [paragraph(...prose(f.deprecated))]));
  if (f.description) out.push(...renderDocText(f.description));
  else if (SUMMARIES[f.name]) out.push(...parseProse(SUMMARIES[f.name]));
  return out;
}

/** First sentence of the description, for tables. */
export function summaryOf(f: FunctionDoc): PhrasingContent[] {
  const value = f.description
    ? f.description
        .split(/\n\s*\n/)[0]
        .replace(/\s+/g, ' ')
        .trim()
    : (SUMMARIES[f.name] ?? '');
  const sentence = /^(.+?[.!?])(\s|$)/.exec(value)?.[1] ?? value;
  return f.description ? prose(sentence) : parseInline(sentence);
}

/** A table cell's content, or a dash when there is none. */
export function orDash(nodes: PhrasingContent[]): PhrasingContent[] {
  return nodes.length > 0 ? nodes : [text('—')];
}

function membersTable(group: TypeMembers, withRequired: boolean): RootContent {
  const rows = group.members.map((m: MemberDoc) => {
    const note = MEMBER_NOTES[`${group.typeName}.${m.name}`];
    const desc = m.description ? prose(m.description) : note ? parseInline(note) : [text('—')];
    return withRequired
      ? [[code(m.name)], [code(m.type)], [text(m.optional ? 'no' : 'yes')], desc]
      : [[code(m.name), ...(m.optional ? [text(' (optional)')] : [])], [code(m.type)], desc];
  });
  return table(withRequired ? ['Member', 'Type', 'Required', 'Description'] : ['Member', 'Type', 'Description'], rows);
}

/** Signature, parameters and return value of one export, with headings at `level`. */
export function renderApi(f: FunctionDoc, level: 2 | 4, anchorPrefix = ''): RootContent[] {
  const id = (what: string) => (anchorPrefix ? `${anchorPrefix}-${what}` : what);
  const kind = f.kind === 'hook' ? 'Hook' : f.kind === 'component' ? 'Component' : 'Function';
  const out: RootContent[] = [
    heading(level, 'Signature', id('signature')),
    paragraph(
      text(`${kind}, exported by `),
      code('@medplum/react-hooks'),
      text(' and re-exported by '),
      code('@medplum/react'),
      text(':'),
    ),
    codeBlock('ts', f.signature),
    heading(level, 'Parameters', id('parameters')),
  ];
  if (f.params.length === 0) {
    out.push(paragraph(code(f.name), text(' takes no parameters.')));
  } else {
    out.push(
      table(
        ['Parameter', 'Type', 'Required', 'Description'],
        f.params.map((p) => [
          [code(p.name)],
          [code(p.type)],
          [text(p.optional ? 'no' : 'yes')],
          p.description ? prose(p.description) : [text(p.members ? 'Its members are listed below.' : '—')],
        ]),
      ),
    );
    for (const p of f.params) {
      for (const group of p.members ?? []) out.push(membersIntro(group, p.name), membersTable(group, true));
    }
  }
  out.push(heading(level, 'Returns', id('returns')));
  const ret = f.returns;
  out.push(
    paragraph(
      ...mergeText([
        code(ret.type),
        ...(ret.description
          ? [text(': '), ...prose(ret.description)]
          : [text(ret.type === 'void' ? ': nothing.' : '.')]),
      ]),
    ),
  );
  for (const group of ret.members ?? []) out.push(membersIntro(group), membersTable(group, false));
  return out;
}

/** "Members of `Type` (`param`):" before a members table. */
function membersIntro(group: TypeMembers, param?: string): Paragraph {
  return paragraph(
    text('Members of '),
    code(group.typeName),
    ...(param ? [text(' ('), code(param), text('):')] : [text(':')]),
  );
}

export function renderExamples(page: HookPage): RootContent[] {
  const out: RootContent[] = [heading(2, page.examples.length > 1 ? 'Examples' : 'Example', 'example')];
  page.examples.forEach((ex: ExampleRef) => {
    const lang = ex.file.endsWith('.tsx') ? 'tsx' : 'ts';
    out.push(...parseProse(ex.caption), codeBlock(lang, '', `file=${ex.file}#${ex.region}`));
  });
  return out;
}
