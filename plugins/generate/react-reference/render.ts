/**
 * Turns extracted component records into mdast nodes for the MDX pages (see ../mdast.ts). Text
 * taken from the declarations (JSDoc prose, type strings) goes into `text` and `inlineCode`
 * nodes as it is: the serializer escapes it, so MDX never reads it as JSX or an expression.
 */
import type { Link, Paragraph, Yaml } from 'mdast';
import { normalizeSourceEntries } from '../../markdown/docs-frontmatter-check/sources';
import type { ComponentDoc, InheritedGroup, PropDoc } from './extract';
import { componentHref, type Family, SUMMARIES } from './families';
import { hookLink } from '../react-hooks-reference/families';
import {
  admonition,
  code,
  codeBlock,
  heading,
  joined,
  jsxFlow,
  jsxText,
  link,
  mergeText,
  paragraph,
  parseInline,
  type PhrasingContent,
  proseNodes,
  type RootContent,
  strong,
  table,
  text,
} from '../mdast';

/** Where inherited props come from: a readable name and the package, shown as code. */
const PACKAGE_LABELS: Record<string, string> = {
  '@mantine/core': 'Mantine',
  '@types/react': 'React DOM attributes',
};

/** `Mantine (@mantine/core)`, with the package as `code` (or as `<code>` inside `<summary>`). */
function packageLabel(packageName: string, asCode: (name: string) => PhrasingContent): PhrasingContent[] {
  const name = PACKAGE_LABELS[packageName];
  return name ? [text(`${name} (`), asCode(packageName), text(')')] : [asCode(packageName)];
}

/** The props table and inherited-props summary of one component. */
export function renderProps(c: ComponentDoc, headingLevel: 2 | 4): RootContent[] {
  if (c.noProps) return [paragraph(code(c.name), text(' takes no props.'))];
  const out: RootContent[] = [heading(headingLevel, `Props of ${c.name}`, anchorId(c.name, 'props', headingLevel))];
  const typeName = code(c.propsTypeName ?? '');
  if (c.props.length > 0) {
    out.push(
      paragraph(text('Props type: '), typeName, text('. Required props come first.')),
      table(['Prop', 'Type', 'Required', 'Description'], c.props.map(propRow)),
    );
  } else {
    out.push(
      paragraph(
        text('Props type: '),
        typeName,
        text('. It declares no props of its own; every prop comes from the library below.'),
      ),
    );
  }
  for (const group of c.inherited) out.push(renderInherited(c, group));
  return out;
}

function propRow(p: PropDoc): PhrasingContent[][] {
  const parts: PhrasingContent[][] = [];
  if (p.description) parts.push(proseNodes(p.description));
  if (p.defaultValue && !/\bDefault/.test(p.description))
    parts.push([text('Default: '), code(p.defaultValue), text('.')]);
  if (!p.description && !p.defaultValue)
    parts.push(p.inheritedFrom ? [text('From '), code(p.inheritedFrom), text('.')] : [text('—')]);
  return [[code(p.name)], [code(p.type)], [text(p.required ? 'yes' : 'no')], joined(parts, ' ')];
}

function renderInherited(c: ComponentDoc, g: InheritedGroup): RootContent {
  const sources = joined(g.sources.map((s) => [code(s)]));
  if (g.packageName === '@types/react' && g.names.length > 10) {
    // DOM attributes (aria-*, on*, …) are standard; a count and their source interfaces are enough.
    return paragraph(
      ...mergeText([
        text('Also accepts '),
        strong(text(String(g.names.length))),
        text(' standard props from '),
        ...packageLabel(g.packageName, code),
        text(', declared in '),
        ...sources,
        text(': the usual HTML and ARIA attributes and event handlers of the rendered element.'),
      ]),
    );
  }
  const summary = jsxText('summary', [
    text(`Also accepts ${g.names.length} props from `),
    ...packageLabel(g.packageName, (name) => jsxText('code', [text(name)])),
  ]);
  return jsxFlow('details', { className: 'inherited-props' }, [
    paragraph(summary),
    paragraph(
      ...mergeText([
        text('Declared in '),
        ...sources,
        text(
          `; see the library's own documentation for their meaning. ${c.name} passes them through to the underlying component.`,
        ),
      ]),
    ),
    paragraph(...joined(g.names.map((n) => [code(n)]))),
  ]);
}

/** Heading id for a sub-heading of a component section, unique on family pages. */
function anchorId(component: string, what: string, level: number): string {
  return level === 2 ? what : `${component.toLowerCase()}-${what}`;
}

/**
 * Paragraphs of doc comment prose: blank lines separate them. With `joinLines` (descriptions) a
 * paragraph's lines become one line and `@tag` paragraphs are dropped.
 */
function proseParagraphs(value: string, joinLines: boolean): Paragraph[] {
  return value
    .split(/\n\s*\n/)
    .map((p) => (joinLines ? p.replace(/\s*\n\s*/g, ' ') : p.replace(/[ \t]*\n[ \t]*/g, '\n')).trim())
    .filter((p) => p !== '' && !(joinLines && /^@/.test(p)))
    .map((p) => paragraph(...proseNodes(p)));
}

/** Description paragraph(s), after a deprecation warning if there is one. */
export function renderDescription(c: ComponentDoc): RootContent[] {
  const out: RootContent[] = [];
  if (c.deprecated) out.push(admonition('warning', 'Deprecated', proseParagraphs(c.deprecated, false)));
  if (c.description) out.push(...proseParagraphs(c.description, true));
  return out;
}

export function renderSignature(c: ComponentDoc): RootContent[] {
  const kind =
    c.kind === 'class'
      ? 'Class component'
      : c.kind === 'exotic'
        ? 'Component object (memo or forwardRef)'
        : 'Function component';
  return [
    paragraph(text(`${kind}:`)),
    codeBlock(
      'ts',
      c.signature.replace(/^(\w)/, c.kind === 'function' ? 'function $1' : c.kind === 'exotic' ? 'const $1' : '$1'),
    ),
  ];
}

/** One component section on a family page. */
export function renderFamilySection(c: ComponentDoc, hooks: string[] = []): RootContent[] {
  const out: RootContent[] = [heading(2, c.name, c.name.toLowerCase()), ...renderDescription(c)];
  // Level 4 keeps the page's table of contents to one entry per component.
  out.push(...renderSignature(c));
  if (hooks.length > 0) out.push(renderHooksUsed(c, hooks));
  out.push(...renderProps(c, 4));
  return out;
}

/** The @medplum/react-hooks exports a component's source file imports, linked to their pages. */
export function renderHooksUsed(c: ComponentDoc, hooks: string[]): Paragraph {
  return paragraph(
    ...mergeText([
      text('Hooks from '),
      code('@medplum/react-hooks'),
      text(` that ${c.name}'s source file imports: `),
      ...joined(hooks.map((h) => [hookLink(h)])),
      text('.'),
    ]),
  );
}

/** Front matter: values JSON-encoded; `sources:` in the form the front matter check accepts. */
export function frontMatter(fields: Record<string, string | number | string[]>): Yaml {
  const lines: string[] = [];
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
  return { type: 'yaml', value: lines.join('\n') };
}

/**
 * Short description of a component for tables: its first sentence, or the family summary, or
 * `preferred` (trusted Markdown from the notes), or one read off its props; empty when none.
 */
export function summaryOf(c: ComponentDoc, family?: Family, preferred?: string): PhrasingContent[] {
  const first = c.description
    .split(/\n\s*\n/)[0]
    .replace(/\s+/g, ' ')
    .trim();
  const sentence = /^(.+?[.!?])(\s|$)/.exec(first)?.[1] ?? first;
  if (sentence && !sentence.startsWith('@')) return proseNodes(sentence);
  if (SUMMARIES[c.name]) return parseInline(SUMMARIES[c.name]);
  if (preferred) return parseInline(preferred);
  return derivedSummary(c);
}

/**
 * For components the package ships without a doc comment: a summary read off the name and the
 * props (`…Display` with a `value`, `…Input` with a `defaultValue`), or nothing.
 */
function derivedSummary(c: ComponentDoc): PhrasingContent[] {
  const prop = (name: string) => c.props.find((p) => p.name === name);
  const value = prop('value');
  const vague = (type: string) => /^(any|unknown|TypedValue)$/.test(type);
  if (/Display$/.test(c.name) && value && !vague(value.type))
    return [text('Read-only view of a value of type '), code(value.type), text('.')];
  const initial = prop('defaultValue');
  if (/Input$/.test(c.name) && initial && !vague(initial.type)) {
    const change: PhrasingContent[] = prop('onChange') ? [text('; reports edits through '), code('onChange')] : [];
    return mergeText([text('Input for a value of type '), code(initial.type), ...change, text('.')]);
  }
  if (/Form$/.test(c.name) && prop('onSubmit'))
    return [text('Form that hands its result to '), code('onSubmit'), text('.')];
  return [];
}

/** A link to a component's documentation, its name as code. */
export function linkTo(name: string): Link {
  return link(componentHref(name), code(name));
}
