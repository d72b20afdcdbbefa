/**
 * Turns extracted function records into MDX. Text taken from the declarations (TSDoc, types) is
 * escaped with the component reference's helpers so MDX never reads it as JSX; fenced code in a
 * doc comment is kept as code.
 */
import { cellCode, escapeProse } from '../react-reference/render';
import type { FunctionDoc, MemberDoc, TypeMembers } from './extract';
import type { ExampleRef, HookPage } from './families';
import { MEMBER_NOTES, SUMMARIES } from './notes';

/**
 * A doc comment as Markdown blocks: fenced code kept verbatim, list items one per line, other
 * paragraphs joined and escaped. A line of dashes ends the text (what follows repeats the
 * parameter docs, which the tables show).
 */
export function renderDocText(text: string): string {
  const cut = text.split(/\n\s*-{10,}\s*\n/)[0];
  const out: string[] = [];
  const parts = cut.split(/(```[\s\S]*?```)/);
  parts.forEach((part, i) => {
    if (i % 2 === 1) {
      out.push(part.trim());
      return;
    }
    for (const block of part.split(/\n\s*\n/)) {
      const lines = block
        .split('\n')
        .map((l) => l.trim())
        .filter(Boolean);
      if (lines.length === 0 || lines[0].startsWith('@')) continue;
      const para: string[] = [];
      for (const line of lines) {
        if (/^[-*] /.test(line)) para.push(`\n- ${prose(line.slice(2))}`);
        else if (para.length > 0 && para[para.length - 1].startsWith('\n- '))
          para[para.length - 1] += ` ${prose(line)}`;
        else para.push(prose(line));
      }
      out.push(para.join(' ').replace(/ \n- /g, '\n- ').replace(/^\n/, ''));
    }
  });
  return out.filter(Boolean).join('\n\n');
}

/** Escaped prose; `**bold**` markers are dropped (escaping would show them as asterisks). */
function prose(text: string): string {
  const mdLinks: string[] = [];
  // Markdown links to absolute URLs survive escaping as they are.
  const held = text.replace(/\[([^\]]+)\]\((https?:\/\/[^)\s]+)\)/g, (_m, label: string, url: string) => {
    mdLinks.push(`[${escapeProse(label)}](${url})`);
    return `\u0000${mdLinks.length - 1}\u0000`;
  });
  // NUL-delimited placeholders (no text contains NUL) mark the links held back from escaping.
  return escapeProse(
    held.replace(/\*\*([^*]+)\*\*/g, '$1').replace(/\{@link\s+(https?:\/\/\S+)\s*\|\s*([^}]+)\}/g, '$2 ($1)'),
  ).replace(
    // eslint-disable-next-line no-control-regex
    /\u0000(\d+)\u0000/g,
    (_m, i: string) => mdLinks[Number(i)],
  );
}

/** The description of one export: its doc comment, else the hand-written summary. */
export function descriptionOf(f: FunctionDoc): string {
  const parts: string[] = [];
  if (f.deprecated) parts.push(`:::warning Deprecated\n\n${prose(f.deprecated)}\n\n:::`);
  if (f.description) parts.push(renderDocText(f.description));
  else if (SUMMARIES[f.name]) parts.push(SUMMARIES[f.name]);
  return parts.join('\n\n');
}

/** First sentence of the description, for tables. */
export function summaryOf(f: FunctionDoc): string {
  const text = f.description
    ? f.description
        .split(/\n\s*\n/)[0]
        .replace(/\s+/g, ' ')
        .trim()
    : (SUMMARIES[f.name] ?? '');
  const sentence = /^(.+?[.!?])(\s|$)/.exec(text)?.[1] ?? text;
  return f.description ? prose(sentence) : sentence;
}

/** Inline code outside a table: no pipe escaping (a backslash would show inside code). */
function inlineCode(text: string): string {
  const body = text.replace(/\s+/g, ' ');
  const fence = body.includes('`') ? '``' : '`';
  return `${fence}${body}${fence}`;
}

function membersTable(group: TypeMembers, withRequired: boolean): string {
  const head = withRequired
    ? ['| Member | Type | Required | Description |', '| --- | --- | --- | --- |']
    : ['| Member | Type | Description |', '| --- | --- | --- |'];
  const rows = group.members.map((m: MemberDoc) => {
    const desc = m.description ? prose(m.description) : (MEMBER_NOTES[`${group.typeName}.${m.name}`] ?? '—');
    return withRequired
      ? `| ${cellCode(m.name)} | ${cellCode(m.type)} | ${m.optional ? 'no' : 'yes'} | ${desc} |`
      : `| ${cellCode(m.name)}${m.optional ? ' (optional)' : ''} | ${cellCode(m.type)} | ${desc} |`;
  });
  return [...head, ...rows].join('\n');
}

/** Signature, parameters and return value of one export, with headings at `level`. */
export function renderApi(f: FunctionDoc, level: 2 | 4, anchorPrefix = ''): string {
  const h = '#'.repeat(level);
  const id = (what: string) => (anchorPrefix ? `${anchorPrefix}-${what}` : what);
  const kind = f.kind === 'hook' ? 'Hook' : f.kind === 'component' ? 'Component' : 'Function';
  const out: string[] = [
    `${h} Signature {#${id('signature')}}`,
    '',
    `${kind}, exported by \`@medplum/react-hooks\` and re-exported by \`@medplum/react\`:`,
    '',
    '```ts',
    f.signature,
    '```',
    '',
  ];
  out.push(`${h} Parameters {#${id('parameters')}}`, '');
  if (f.params.length === 0) {
    out.push(`\`${f.name}\` takes no parameters.`, '');
  } else {
    out.push('| Parameter | Type | Required | Description |', '| --- | --- | --- | --- |');
    for (const p of f.params)
      out.push(
        `| ${cellCode(p.name)} | ${cellCode(p.type)} | ${p.optional ? 'no' : 'yes'} | ${p.description ? prose(p.description) : p.members ? 'Its members are listed below.' : '—'} |`,
      );
    out.push('');
    for (const p of f.params) {
      for (const group of p.members ?? [])
        out.push(`Members of ${cellCode(group.typeName)} (\`${p.name}\`):`, '', membersTable(group, true), '');
    }
  }
  out.push(`${h} Returns {#${id('returns')}}`, '');
  const ret = f.returns;
  out.push(
    `${inlineCode(ret.type)}${ret.description ? `: ${prose(ret.description)}` : ret.type === 'void' ? ': nothing.' : '.'}`,
    '',
  );
  for (const group of ret.members ?? [])
    out.push(`Members of ${cellCode(group.typeName)}:`, '', membersTable(group, false), '');
  return out.join('\n').trimEnd();
}

export function renderExamples(page: HookPage, level: 2 = 2): string {
  const h = '#'.repeat(level);
  const out = [`${h} ${page.examples.length > 1 ? 'Examples' : 'Example'} {#example}`, ''];
  page.examples.forEach((ex: ExampleRef) => {
    const lang = ex.file.endsWith('.tsx') ? 'tsx' : 'ts';
    out.push(ex.caption, '', `\`\`\`${lang} file=${ex.file}#${ex.region}`, '```', '');
  });
  return out.join('\n').trimEnd();
}
