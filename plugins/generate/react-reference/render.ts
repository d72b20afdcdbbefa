/**
 * Turns extracted component records into MDX pages. Everything taken from the declarations
 * (JSDoc prose, type strings) is escaped so MDX never reads it as JSX or an expression.
 */
import { normalizeSourceEntries } from '../../markdown/docs-frontmatter-check/sources';
import type { ComponentDoc, InheritedGroup, PropDoc } from './extract';
import { componentHref, type Family, SUMMARIES } from './families';
import { linkToHook } from '../react-hooks-reference/families';

/** Escapes prose for MDX: braces and angle brackets outside `code spans` become entities. */
export function escapeProse(text: string): string {
  const linked = text.replace(
    /\{@link(?:code|plain)?\s+([^}\s|]+)(?:[\s|]+([^}]*))?\}/g,
    (_m, target: string, label?: string) => (label ? `${label.trim()} (\`${target}\`)` : `\`${target}\``),
  );
  return linked
    .split(/(`[^`]*`)/)
    .map((part, i) =>
      i % 2 === 1
        ? part
        : part
            .replace(/&/g, '&amp;')
            .replace(/</g, '&lt;')
            .replace(/>/g, '&gt;')
            .replace(/\{/g, '&#123;')
            .replace(/\}/g, '&#125;')
            .replace(/\|/g, '\\|')
            .replace(/\*/g, '\\*')
            .replace(/_/g, '\\_'),
    )
    .join('');
}

/** Inline code for a table cell: pipes escaped, backticks fenced with a longer run. */
export function cellCode(text: string): string {
  const body = text.replace(/\s+/g, ' ').replace(/\|/g, '\\|');
  const fence = body.includes('`') ? '``' : '`';
  const pad = body.startsWith('`') || body.endsWith('`') ? ' ' : '';
  return `${fence}${pad}${body}${pad}${fence}`;
}

const PACKAGE_LABELS: Record<string, string> = {
  '@mantine/core': 'Mantine (`@mantine/core`)',
  '@types/react': 'React DOM attributes (`@types/react`)',
};

/** The props table and inherited-props summary of one component. */
export function renderProps(c: ComponentDoc, headingLevel: 2 | 4): string {
  const h = '#'.repeat(headingLevel);
  const out: string[] = [];
  if (c.noProps) {
    out.push(`\`${c.name}\` takes no props.`);
    return out.join('\n');
  }
  out.push(`${h} Props of ${c.name} {#${anchorId(c.name, 'props', headingLevel)}}`, '');
  if (c.props.length > 0) {
    out.push(
      `Props type: ${cellCode(c.propsTypeName ?? '')}. Required props come first.`,
      '',
      '| Prop | Type | Required | Description |',
      '| --- | --- | --- | --- |',
    );
    for (const p of c.props) out.push(propRow(p));
    out.push('');
  } else {
    out.push(
      `Props type: ${cellCode(c.propsTypeName ?? '')}. It declares no props of its own; every prop comes from the library below.`,
      '',
    );
  }
  for (const group of c.inherited) out.push(renderInherited(c, group), '');
  return out.join('\n').trimEnd();
}

function propRow(p: PropDoc): string {
  const parts: string[] = [];
  if (p.description) parts.push(escapeProse(p.description));
  if (p.defaultValue && !/\bDefault/.test(p.description)) parts.push(`Default: ${cellCode(p.defaultValue)}.`);
  if (!p.description && !p.defaultValue) parts.push(p.inheritedFrom ? `From ${cellCode(p.inheritedFrom)}.` : '—');
  return `| ${cellCode(p.name)} | ${cellCode(p.type)} | ${p.required ? 'yes' : 'no'} | ${parts.join(' ')} |`;
}

function renderInherited(c: ComponentDoc, g: InheritedGroup): string {
  const label = PACKAGE_LABELS[g.packageName] ?? `\`${g.packageName}\``;
  const sources = g.sources.map((s) => `\`${s}\``).join(', ');
  if (g.packageName === '@types/react' && g.names.length > 10) {
    // DOM attributes (aria-*, on*, …) are standard; a count and their source interfaces are enough.
    return `Also accepts **${g.names.length}** standard props from ${label}, declared in ${sources}: the usual HTML and ARIA attributes and event handlers of the rendered element.`;
  }
  const names = g.names.map((n) => `\`${n}\``).join(', ');
  return [
    `<details className="inherited-props">`,
    `<summary>Also accepts ${g.names.length} props from ${label.replace(/`([^`]+)`/g, '<code>$1</code>')}</summary>`,
    '',
    `Declared in ${sources}; see the library's own documentation for their meaning. ${c.name} passes them through to the underlying component.`,
    '',
    names,
    '',
    `</details>`,
  ].join('\n');
}

/** Heading id for a sub-heading of a component section, unique on family pages. */
function anchorId(component: string, what: string, level: number): string {
  return level === 2 ? what : `${component.toLowerCase()}-${what}`;
}

/** Description paragraph(s) with a fallback when the package ships none. */
export function renderDescription(c: ComponentDoc): string {
  const parts: string[] = [];
  if (c.deprecated) parts.push(`:::warning Deprecated\n\n${escapeProse(c.deprecated)}\n\n:::`);
  if (c.description) {
    parts.push(
      c.description
        .split(/\n\s*\n/)
        .map((p) => escapeProse(p.replace(/\s*\n\s*/g, ' ').trim()))
        .filter((p) => !/^@/.test(p))
        .join('\n\n'),
    );
  }
  return parts.join('\n\n');
}

export function renderSignature(c: ComponentDoc): string {
  const kind =
    c.kind === 'class'
      ? 'Class component'
      : c.kind === 'exotic'
        ? 'Component object (memo or forwardRef)'
        : 'Function component';
  return `${kind}:\n\n\`\`\`ts\n${c.signature.replace(/^(\w)/, c.kind === 'function' ? 'function $1' : c.kind === 'exotic' ? 'const $1' : '$1')}\n\`\`\``;
}

/** One component section on a family page. */
export function renderFamilySection(c: ComponentDoc, hooks: string[] = []): string {
  const out = [`## ${c.name} {#${c.name.toLowerCase()}}`, ''];
  const desc = renderDescription(c);
  if (desc) out.push(desc, '');
  // Level 4 keeps the page's table of contents to one entry per component.
  out.push(renderSignature(c), '');
  if (hooks.length > 0) out.push(renderHooksUsed(c, hooks), '');
  out.push(renderProps(c, 4), '');
  return out.join('\n');
}

/** The @medplum/react-hooks exports a component's source file imports, linked to their pages. */
export function renderHooksUsed(c: ComponentDoc, hooks: string[]): string {
  return `Hooks from \`@medplum/react-hooks\` that ${c.name}'s source file imports: ${hooks.map(linkToHook).join(', ')}.`;
}

export function frontMatter(fields: Record<string, string | number | string[]>): string {
  const lines = ['---'];
  for (const [k, v] of Object.entries(fields)) {
    if (Array.isArray(v)) {
      lines.push(`${k}:`);
      // `sources:` in the form the front matter check accepts: files inside source maps, each once.
      for (const item of k === 'sources' ? normalizeSourceEntries(v) : v) lines.push(`  - ${JSON.stringify(item)}`);
    } else if (typeof v === 'number') {
      lines.push(`${k}: ${v}`);
    } else {
      lines.push(`${k}: ${JSON.stringify(v)}`);
    }
  }
  lines.push('---', '');
  return lines.join('\n');
}

/** Short description of a component for tables: its first sentence, or the family summary. */
export function summaryOf(c: ComponentDoc, family?: Family, preferred?: string): string {
  const first = c.description
    .split(/\n\s*\n/)[0]
    .replace(/\s+/g, ' ')
    .trim();
  const sentence = /^(.+?[.!?])(\s|$)/.exec(first)?.[1] ?? first;
  if (sentence && !sentence.startsWith('@')) return escapeProse(sentence);
  if (SUMMARIES[c.name]) return SUMMARIES[c.name];
  if (preferred) return preferred;
  return derivedSummary(c);
}

/**
 * For components the package ships without a doc comment: a summary read off the name and the
 * props (`…Display` with a `value`, `…Input` with a `defaultValue`), or nothing.
 */
function derivedSummary(c: ComponentDoc): string {
  const prop = (name: string) => c.props.find((p) => p.name === name);
  const value = prop('value');
  const vague = (type: string) => /^(any|unknown|TypedValue)$/.test(type);
  if (/Display$/.test(c.name) && value && !vague(value.type))
    return `Read-only view of a value of type ${cellCode(value.type)}.`;
  const initial = prop('defaultValue');
  if (/Input$/.test(c.name) && initial && !vague(initial.type)) {
    const change = prop('onChange') ? '; reports edits through `onChange`' : '';
    return `Input for a value of type ${cellCode(initial.type)}${change}.`;
  }
  if (/Form$/.test(c.name) && prop('onSubmit')) return 'Form that hands its result to `onSubmit`.';
  return '';
}

export function linkTo(name: string): string {
  return `[\`${name}\`](${componentHref(name)})`;
}
