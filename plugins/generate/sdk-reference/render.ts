/**
 * MDX for one exported symbol: signature, doc comment, members with linked types, examples,
 * deprecation notices and (for constants) the value the package holds at runtime.
 */
import ts from 'typescript';
import { docSummaryLine, docToMdx, readDocComment, type DocComment, type LinkResolver } from './docs';
import { clientSectionFor, CLIENT_SECTIONS, isPrivate } from './groups';
import { SdkRenderError, type SdkModel, type SdkSymbol } from './model';
import { codeSpan, renderType, type TypeLinker } from './render-type';
import type { RuntimeValue } from './runtime';

export interface RenderContext {
  model: SdkModel;
  /** URL for an exported symbol name, FHIR type, or undefined. */
  linkType: TypeLinker;
  /** URL for a `{@link}` target. */
  linkDoc: LinkResolver;
  /** Runtime values of the package's exports (for constants). */
  runtime: Record<string, RuntimeValue>;
  symbolsByLocal: Map<string, SdkSymbol>;
}

/** Heading depth the symbol's own title uses: 1 on its own page (the page title), 2 on a topic page. */
export interface SymbolRenderOptions {
  depth: 1 | 2;
  anchor?: string;
}

export function declarationText(node: ts.Node, sf: ts.SourceFile): string {
  // getText() starts after leading comments, so doc comments are not repeated in the code block.
  let text = node.getText(sf);
  if (ts.isVariableDeclaration(node)) text = `${node.parent.parent.getText(sf)}`;
  return text;
}

/** The declaration header without a class or interface body (members are listed separately). */
function headerText(node: ts.Declaration, sf: ts.SourceFile): string {
  if (ts.isClassDeclaration(node) || ts.isInterfaceDeclaration(node)) {
    const full = node.getText(sf);
    const open = full.indexOf('{', node.name ? node.name.getEnd() - node.getStart(sf) : 0);
    return `${full.slice(0, open).trim()} { … }`;
  }
  return declarationText(node, sf);
}

function fence(code: string, lang = 'ts'): string {
  const longest = Math.max(2, ...(code.match(/`{3,}/g) ?? []).map((m) => m.length));
  const f = '`'.repeat(longest + 1);
  return `${f}${lang}\n${code.replace(/\s+$/, '')}\n${f}`;
}

export function kindLabel(sym: SdkSymbol): string {
  switch (sym.kind) {
    case 'class':
      return sym.declarations.some((d) => hasModifier(d, ts.SyntaxKind.AbstractKeyword)) ? 'abstract class' : 'class';
    case 'interface':
      return 'interface';
    case 'type':
      return 'type alias';
    case 'function':
      return 'function';
    case 'variable':
      return 'constant';
  }
}

function hasModifier(node: ts.Node, kind: ts.SyntaxKind): boolean {
  return ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === kind);
}

/** One line describing the symbol, for tables and front matter. */
export function summaryLine(sym: SdkSymbol, ctx: RenderContext): string {
  for (const d of sym.declarations) {
    const doc = readDocComment(d, ctx.model.sourceFile);
    if (doc.summary) return docSummaryLine(firstSentence(doc.summary), ctx.linkDoc);
  }
  return describeShape(sym, ctx);
}

/** A factual one-liner for symbols the package left undocumented, built from the declaration. */
function describeShape(sym: SdkSymbol, ctx: RenderContext): string {
  const sf = ctx.model.sourceFile;
  const d = sym.declarations[0];
  const names = (xs: string[]): string =>
    xs.length === 0
      ? ''
      : `: ${xs
          .slice(0, 4)
          .map((x) => codeSpan(x, true))
          .join(', ')}${xs.length > 4 ? ` and ${xs.length - 4} more` : ''}`;
  if (ts.isInterfaceDeclaration(d) || ts.isClassDeclaration(d)) {
    const members = (d.members as ts.NodeArray<ts.Node>).filter(
      (m) => !isPrivate(m) && !ts.isConstructorDeclaration(m),
    );
    const memberNames = members.map((m) => memberName(m as ts.ClassElement, sf));
    const what = ts.isInterfaceDeclaration(d) ? 'Interface' : 'Class';
    return `${what} with ${memberNames.length} ${memberNames.length === 1 ? 'member' : 'members'}${names(memberNames)}. Not described in the package.`;
  }
  if (ts.isFunctionDeclaration(d)) {
    const params = d.parameters.map((p) => p.name.getText(sf));
    return `Function${params.length ? ` of ${codeSpan(params.join(', '), true)}` : ' with no parameters'}${d.type ? ` returning ${codeSpan(d.type.getText(sf).replace(/\s+/g, ' ').slice(0, 60), true)}` : ''}. Not described in the package.`;
  }
  if (ts.isTypeAliasDeclaration(d)) {
    const text = d.type.getText(sf).replace(/\s+/g, ' ');
    return `Type alias${text.length <= 70 ? ` for ${codeSpan(text, true)}` : ''}. Not described in the package.`;
  }
  if (ts.isVariableDeclaration(d) && d.type) {
    return `Constant of type ${codeSpan(d.type.getText(sf).replace(/\s+/g, ' ').slice(0, 60), true)}. Not described in the package.`;
  }
  return `Exported ${kindLabel(sym)}. Not described in the package.`;
}

export function firstSentence(text: string): string {
  const para = text
    .split(/\n\s*\n/)[0]
    .replace(/\s*\n\s*/g, ' ')
    .trim();
  const m = /^(.+?[.!?])(\s|$)/.exec(para);
  return m ? m[1] : para;
}

/** Renders every declaration of a symbol (overloads, const + type pairs). */
export function renderSymbol(sym: SdkSymbol, ctx: RenderContext, opts: SymbolRenderOptions): string {
  const sf = ctx.model.sourceFile;
  const out: string[] = [];
  const h = (level: number): string => '#'.repeat(Math.min(6, opts.depth + level));
  if (opts.depth === 2) out.push(`## ${sym.name} {#${opts.anchor}}`);
  out.push(`<small>${escapeInline(kindLabel(sym))}${sym.module ? ` · source \`src/${sym.module}\`` : ''}</small>`);

  const docs = sym.declarations.map((d) => readDocComment(d, sf));
  const mainDoc = docs.find((d) => d.summary || d.examples.length || d.deprecated) ?? docs[0];
  out.push(...notices(mainDoc, ctx));
  if (mainDoc.summary) out.push(docToMdx(mainDoc.summary, ctx.linkDoc));

  const signatureHeading = opts.depth === 1 ? `${h(1)} Signature` : '**Signature**';
  out.push(signatureHeading);
  for (const d of sym.declarations) out.push(fence(headerText(d, sf)));

  for (const d of sym.declarations) {
    if (ts.isClassDeclaration(d) || ts.isInterfaceDeclaration(d)) {
      out.push(...renderHeritage(d, sym, ctx));
    }
  }

  if (sym.kind === 'function') {
    sym.declarations.forEach((d, i) => {
      const fn = d as ts.FunctionDeclaration;
      const doc = docs[i];
      if (sym.declarations.length > 1) {
        out.push(`**Overload ${i + 1}**`);
        if (doc !== mainDoc && doc.summary) out.push(docToMdx(doc.summary, ctx.linkDoc));
      }
      out.push(...renderParamsAndReturn(fn, doc, sym.name, ctx));
    });
  }

  for (const d of sym.declarations) {
    if (ts.isTypeAliasDeclaration(d)) out.push(...renderTypeAlias(d, sym, ctx));
    if (ts.isVariableDeclaration(d)) out.push(...renderVariable(d, sym, ctx));
  }

  const examples = docs.flatMap((d) => d.examples);
  if (examples.length) {
    out.push(opts.depth === 1 ? `${h(1)} Examples` : '**Examples**');
    for (const ex of examples) out.push(renderExample(ex, ctx));
  }
  const see = docs.flatMap((d) => d.see);
  if (see.length) out.push(`**See also:** ${see.map((s) => docSummaryLine(s, ctx.linkDoc)).join('; ')}`);

  for (const d of sym.declarations) {
    if (ts.isClassDeclaration(d)) out.push(...renderClassMembers(d, sym, ctx, opts));
    if (ts.isInterfaceDeclaration(d)) out.push(...renderInterfaceMembers(d, sym, ctx, opts));
  }
  return out.filter((s) => s !== '').join('\n\n');
}

function notices(doc: DocComment, ctx: RenderContext): string[] {
  const out: string[] = [];
  if (doc.deprecated) out.push(`:::warning[Deprecated]\n\n${docToMdx(doc.deprecated, ctx.linkDoc)}\n\n:::`);
  if (doc.experimental)
    out.push(
      ':::info[Experimental]\n\nThe package marks this as experimental: it may change in a minor release.\n\n:::',
    );
  if (doc.internal)
    out.push(
      ":::note[Internal]\n\nThe package marks this as internal: exported for Medplum's own packages, not a stable API.\n\n:::",
    );
  return out;
}

function renderExample(ex: string, ctx: RenderContext): string {
  // Examples without a fence are code written straight into the comment.
  if (!/```/.test(ex)) return fence(ex, 'ts');
  return docToMdx(ex, ctx.linkDoc);
}

export function escapeInline(s: string): string {
  return s.replace(/[<>{}&|[\]*_`\\]/g, (c) => `&#${c.charCodeAt(0)};`);
}

function renderHeritage(
  d: ts.ClassDeclaration | ts.InterfaceDeclaration,
  sym: SdkSymbol,
  ctx: RenderContext,
): string[] {
  const out: string[] = [];
  for (const clause of d.heritageClauses ?? []) {
    const word = clause.token === ts.SyntaxKind.ExtendsKeyword ? 'Extends' : 'Implements';
    const types = clause.types.map((t) =>
      renderType(t as unknown as ts.TypeNode, { sf: ctx.model.sourceFile, link: ctx.linkType, symbol: sym.name }),
    );
    out.push(`**${word}:** ${types.join(', ')}`);
  }
  if (d.typeParameters?.length) {
    out.push(
      `**Type parameters:** ${d.typeParameters.map((p) => codeSpan(p.getText(ctx.model.sourceFile).replace(/\s+/g, ' '))).join(', ')}`,
    );
  }
  return out;
}

function renderTypeAlias(d: ts.TypeAliasDeclaration, sym: SdkSymbol, ctx: RenderContext): string[] {
  const sf = ctx.model.sourceFile;
  const out: string[] = [];
  // Named types used in the alias, each linked (the code block above shows the full text).
  const refs = new Set<string>();
  const visit = (n: ts.Node): void => {
    if (ts.isTypeReferenceNode(n)) refs.add(n.typeName.getText(sf));
    n.forEachChild(visit);
  };
  visit(d.type);
  // Check the alias renders (fails the build on syntax we cannot show).
  renderType(d.type, { sf, link: ctx.linkType, symbol: sym.name });
  const linked = [...refs]
    .filter((r) => r !== d.name.text)
    .map((r) => ({ r, url: ctx.linkType(r) }))
    .filter((x) => x.url);
  if (linked.length) out.push(`**Refers to:** ${linked.map((x) => `[${codeSpan(x.r)}](${x.url})`).join(', ')}`);
  if (ts.isTypeLiteralNode(d.type)) out.push(membersTable(d.type.members, sym, ctx, 'Fields'));
  return out;
}

function renderVariable(d: ts.VariableDeclaration, sym: SdkSymbol, ctx: RenderContext): string[] {
  const sf = ctx.model.sourceFile;
  const out: string[] = [];
  if (d.type) out.push(`**Type:** ${renderType(d.type, { sf, link: ctx.linkType, symbol: sym.name })}`);
  if (Object.prototype.hasOwnProperty.call(ctx.runtime, sym.name)) {
    out.push(...renderRuntimeValue(sym.name, ctx.runtime[sym.name]));
  }
  return out;
}

/** Largest serialised value shown in full; bigger values are summarised by their keys. */
const MAX_VALUE_CHARS = 4000;

function renderRuntimeValue(name: string, value: RuntimeValue): string[] {
  switch (value.type) {
    case 'function':
      return [`**At runtime:** a function (\`typeof ${name} === 'function'\`).`];
    case 'regexp':
      return ['**Value at runtime:**', fence(value.text, 'js')];
    case 'other':
      return [`**At runtime:** a value of type \`${value.typeOf}\`.`];
    case 'json': {
      if (value.json.length <= MAX_VALUE_CHARS) {
        return ['**Value at runtime** (read from the installed package):', fence(value.json, 'json')];
      }
      const parsed = JSON.parse(value.json) as unknown;
      if (Array.isArray(parsed)) {
        return [`**Value at runtime:** an array of ${parsed.length} entries, too large to show here.`];
      }
      const keys = Object.keys(parsed as object);
      return [
        `**Value at runtime:** an object with ${keys.length} entries, too large to show here. Keys: ${keys
          .slice(0, 40)
          .map((k) => codeSpan(k))
          .join(', ')}${keys.length > 40 ? ', …' : ''}.`,
      ];
    }
  }
}

interface MemberRow {
  name: string;
  optional: boolean;
  readonly: boolean;
  type: string;
  description: string;
  defaultValue?: string;
  deprecated?: string;
}

function memberName(m: ts.TypeElement | ts.ClassElement, sf: ts.SourceFile): string {
  if (ts.isIndexSignatureDeclaration(m)) return m.getText(sf).replace(/:.*$/s, '').trim();
  if (ts.isCallSignatureDeclaration(m)) return '(call)';
  if (ts.isConstructSignatureDeclaration(m)) return 'new (…)';
  if (ts.isConstructorDeclaration(m)) return 'constructor';
  return m.name ? m.name.getText(sf) : '(anonymous)';
}

function defaultFromDoc(doc: DocComment): string | undefined {
  if (doc.defaultValue) return doc.defaultValue.replace(/^`|`$/g, '');
  const m = /Default(?: value)?(?: is|:)\s+`([^`]+)`/i.exec(doc.summary);
  return m?.[1];
}

function memberRow(m: ts.TypeElement | ts.ClassElement, sym: SdkSymbol, ctx: RenderContext): MemberRow {
  const sf = ctx.model.sourceFile;
  const doc = readDocComment(m, sf);
  const tctx = { sf, link: ctx.linkType, symbol: `${sym.name}.${memberName(m, sf)}`, inTable: true };
  let type: string;
  if (ts.isPropertySignature(m) || ts.isPropertyDeclaration(m)) type = renderType(m.type, tctx);
  else if (ts.isIndexSignatureDeclaration(m)) type = renderType(m.type, tctx);
  else if (ts.isGetAccessorDeclaration(m)) type = renderType(m.type, tctx);
  else if (ts.isSetAccessorDeclaration(m)) type = renderType(m.parameters[0]?.type, tctx);
  else if (
    ts.isMethodSignature(m) ||
    ts.isMethodDeclaration(m) ||
    ts.isCallSignatureDeclaration(m) ||
    ts.isConstructSignatureDeclaration(m)
  ) {
    type = methodTypeMd(m, tctx);
  } else {
    throw new SdkRenderError(tctx.symbol, `unsupported member kind ${ts.SyntaxKind[m.kind]}`);
  }
  return {
    name: memberName(m, sf),
    optional: 'questionToken' in m && !!m.questionToken,
    readonly: hasModifier(m, ts.SyntaxKind.ReadonlyKeyword),
    type,
    description: doc.summary ? docSummaryLine(doc.summary.replace(/\n\s*\n/g, ' '), ctx.linkDoc) : '',
    defaultValue: defaultFromDoc(doc),
    deprecated: doc.deprecated,
  };
}

function methodTypeMd(
  m: ts.SignatureDeclarationBase,
  tctx: { sf: ts.SourceFile; link: TypeLinker; symbol: string; inTable: boolean },
): string {
  const params = m.parameters
    .map(
      (p) =>
        `${codeSpan(`${p.dotDotDotToken ? '...' : ''}${p.name.getText(tctx.sf)}${p.questionToken ? '?' : ''}: `, true)}${renderType(p.type, tctx)}`,
    )
    .join(codeSpan(', ', true));
  return `${codeSpan('(', true)}${params}${codeSpan(') => ', true)}${renderType(m.type, tctx)}`;
}

function membersTable(
  members: ts.NodeArray<ts.TypeElement> | readonly (ts.TypeElement | ts.ClassElement)[],
  sym: SdkSymbol,
  ctx: RenderContext,
  _label: string,
): string {
  const rows = members.filter((m) => !isPrivate(m)).map((m) => memberRow(m, sym, ctx));
  if (rows.length === 0) return '';
  const withDefaults = rows.some((r) => r.defaultValue);
  const lines = withDefaults
    ? ['| Name | Type | Required | Default | Description |', '| --- | --- | --- | --- | --- |']
    : ['| Name | Type | Required | Description |', '| --- | --- | --- | --- |'];
  for (const r of rows) {
    const flags = [r.readonly ? 'read-only' : ''].filter(Boolean).join(', ');
    const desc = [r.deprecated ? `**Deprecated:** ${docSummaryLine(r.deprecated, ctx.linkDoc)}` : '', r.description]
      .filter(Boolean)
      .join(' ');
    const cells = [
      `${codeSpan(r.name, true)}${flags ? ` <small>${flags}</small>` : ''}`,
      r.type,
      r.optional ? 'optional' : 'required',
      ...(withDefaults ? [r.defaultValue ? codeSpan(r.defaultValue, true) : ''] : []),
      desc,
    ];
    lines.push(`| ${cells.join(' | ')} |`);
  }
  return lines.join('\n');
}

/** Base interfaces declared in this package, nearest first, with the members they contribute. */
function inheritedInterfaces(
  d: ts.InterfaceDeclaration,
  ctx: RenderContext,
  seen = new Set<string>(),
): ts.InterfaceDeclaration[] {
  const out: ts.InterfaceDeclaration[] = [];
  for (const clause of d.heritageClauses ?? []) {
    for (const t of clause.types) {
      const local = t.expression.getText(ctx.model.sourceFile);
      const sym = ctx.symbolsByLocal.get(local);
      if (!sym || seen.has(local)) continue;
      seen.add(local);
      for (const base of sym.declarations.filter(ts.isInterfaceDeclaration)) {
        out.push(base, ...inheritedInterfaces(base, ctx, seen));
      }
    }
  }
  return out;
}

function renderInterfaceMembers(
  d: ts.InterfaceDeclaration,
  sym: SdkSymbol,
  ctx: RenderContext,
  opts: SymbolRenderOptions,
): string[] {
  const out: string[] = [];
  const head = (t: string): string => (opts.depth === 1 ? `## ${t}` : `**${t}**`);
  const own = membersTable(d.members, sym, ctx, 'Fields');
  out.push(head('Fields'));
  out.push(own || 'This interface declares no fields of its own.');
  for (const base of inheritedInterfaces(d, ctx)) {
    const baseName = ctx.model.localToExported.get(base.name.text) ?? base.name.text;
    const url = ctx.linkType(base.name.text);
    const table = membersTable(base.members, sym, ctx, 'Fields');
    if (!table) continue;
    out.push(opts.depth === 1 ? `### Inherited from ${baseName}` : `**Inherited from ${baseName}**`);
    if (url) out.push(`Fields declared on [${codeSpan(baseName)}](${url}):`);
    out.push(table);
  }
  return out;
}

function renderParamsAndReturn(
  fn: ts.SignatureDeclarationBase,
  doc: DocComment,
  symbol: string,
  ctx: RenderContext,
): string[] {
  const sf = ctx.model.sourceFile;
  const out: string[] = [];
  const tctx = { sf, link: ctx.linkType, symbol, inTable: true };
  if (fn.typeParameters?.length) {
    out.push(
      `**Type parameters:** ${fn.typeParameters.map((p) => codeSpan(p.getText(sf).replace(/\s+/g, ' '))).join(', ')}`,
    );
  }
  if (fn.parameters.length) {
    const lines = ['| Parameter | Type | Required | Description |', '| --- | --- | --- | --- |'];
    for (const p of fn.parameters) {
      const name = p.name.getText(sf).replace(/\s+/g, ' ');
      const key = ts.isIdentifier(p.name) ? p.name.text : name;
      const desc = doc.params.get(key) ?? '';
      const optional = !!p.questionToken || !!p.initializer;
      lines.push(
        `| ${codeSpan(`${p.dotDotDotToken ? '...' : ''}${name}`, true)} | ${renderType(p.type, tctx)} | ${optional ? 'optional' : 'required'} | ${docSummaryLine(desc.replace(/\n\s*\n/g, ' '), ctx.linkDoc)} |`,
      );
    }
    out.push(lines.join('\n'));
  }
  if (fn.type) {
    const ret = renderType(fn.type, { sf, link: ctx.linkType, symbol });
    out.push(
      `**Returns:** ${ret}${doc.returns ? ` — ${docSummaryLine(doc.returns.replace(/\n\s*\n/g, ' '), ctx.linkDoc)}` : ''}`,
    );
  }
  if (doc.throws.length) out.push(`**Throws:** ${doc.throws.map((t) => docSummaryLine(t, ctx.linkDoc)).join('; ')}`);
  return out;
}

/** Public class members in declaration order, overloads grouped by name. */
function classMemberGroups(d: ts.ClassDeclaration, sf: ts.SourceFile): Map<string, ts.ClassElement[]> {
  const groups = new Map<string, ts.ClassElement[]>();
  for (const m of d.members) {
    if (isPrivate(m) || ts.isSemicolonClassElement(m)) continue;
    const name = memberName(m, sf);
    groups.set(name, [...(groups.get(name) ?? []), m]);
  }
  return groups;
}

export function methodAnchor(prefix: string, name: string): string {
  return `${prefix}${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
}

function renderClassMembers(
  d: ts.ClassDeclaration,
  sym: SdkSymbol,
  ctx: RenderContext,
  opts: SymbolRenderOptions,
): string[] {
  const sf = ctx.model.sourceFile;
  const out: string[] = [];
  const groups = classMemberGroups(d, sf);
  const props: ts.ClassElement[] = [];
  const methods: [string, ts.ClassElement[]][] = [];
  let ctor: ts.ClassElement[] | undefined;
  for (const [name, members] of groups) {
    if (ts.isConstructorDeclaration(members[0])) ctor = members;
    else if (
      ts.isPropertyDeclaration(members[0]) ||
      ts.isGetAccessorDeclaration(members[0]) ||
      ts.isSetAccessorDeclaration(members[0]) ||
      ts.isIndexSignatureDeclaration(members[0])
    ) {
      props.push(members[0]);
    } else if (ts.isMethodDeclaration(members[0])) methods.push([name, members]);
    else if (ts.isClassStaticBlockDeclaration(members[0])) continue;
    else throw new SdkRenderError(`${sym.name}.${name}`, `unsupported class member ${ts.SyntaxKind[members[0].kind]}`);
  }
  // On a topic page, member anchors are prefixed with the class anchor so they stay unique.
  const prefix = opts.depth === 1 ? '' : `${opts.anchor}-`;
  const h2 = (t: string): string => (opts.depth === 1 ? `## ${t}` : `**${t}**`);
  const h3 = (t: string, anchor: string): string =>
    opts.depth === 1 ? `### ${t} {#${anchor}}` : `#### ${t} {#${anchor}}`;

  if (ctor) {
    out.push(h2('Constructor'));
    for (const c of ctor) {
      out.push(fence(c.getText(sf)));
      out.push(
        ...renderParamsAndReturn(c as ts.ConstructorDeclaration, readDocComment(c, sf), `${sym.name}.constructor`, ctx),
      );
    }
  }
  if (ctor && sym.name === 'MedplumClient' && opts.depth === 1) out.push(...clientOptionsSummary(sym, ctx));
  if (props.length) {
    out.push(h2('Properties'));
    out.push(membersTable(props, sym, ctx, 'Properties'));
  }
  const inherited = renderInheritedClassMembers(d, sym, ctx, opts);
  if (methods.length === 0) return [...out, ...inherited];

  const isClient = sym.name === 'MedplumClient' && opts.depth === 1;
  if (isClient) {
    const bySection = new Map<string, [string, ts.ClassElement[]][]>();
    for (const entry of methods) {
      const tag = readDocComment(entry[1][0], sf).category;
      const section = clientSectionFor(entry[0], tag);
      bySection.set(section.id, [...(bySection.get(section.id) ?? []), entry]);
    }
    const present = CLIENT_SECTIONS.filter((s) => bySection.has(s.id));
    out.push('## Methods by task');
    out.push(
      present
        .map(
          (s) =>
            `- [${escapeInline(s.title)}](#${s.id}-methods): ${bySection
              .get(s.id)!
              .map(([n]) => `[${codeSpan(n)}](#${methodAnchor(prefix, n)})`)
              .join(', ')}`,
        )
        .join('\n'),
    );
    for (const s of present) {
      out.push(`## ${s.title} {#${s.id}-methods}`);
      for (const [name, members] of bySection.get(s.id)!)
        out.push(renderMethod(name, members, sym, ctx, h3(name, methodAnchor(prefix, name))));
    }
  } else {
    out.push(h2('Methods'));
    for (const [name, members] of methods)
      out.push(renderMethod(name, members, sym, ctx, h3(name, methodAnchor(prefix, name))));
  }
  return [...out, ...inherited];
}

/** The constructor options, listed on the client page itself (full descriptions on their own page). */
function clientOptionsSummary(sym: SdkSymbol, ctx: RenderContext): string[] {
  const options = ctx.symbolsByLocal.get('MedplumClientOptions');
  const decl = options?.declarations.find(ts.isInterfaceDeclaration);
  if (!decl) return [];
  const url = ctx.linkType('MedplumClientOptions');
  const rows = decl.members.filter((m) => !isPrivate(m)).map((m) => memberRow(m, sym, ctx));
  const lines = ['| Option | Type | Default |', '| --- | --- | --- |'];
  for (const r of rows) {
    lines.push(`| ${codeSpan(r.name, true)} | ${r.type} | ${r.defaultValue ? codeSpan(r.defaultValue, true) : ''} |`);
  }
  return [
    '### Constructor options {#constructor-options}',
    `${rows.every((r) => r.optional) ? 'Every option is optional. ' : ''}Descriptions are on the [${codeSpan('MedplumClientOptions')}](${url}) page.`,
    lines.join('\n'),
  ];
}

/** Links to the public members a class inherits from base classes declared in this package. */
function renderInheritedClassMembers(
  d: ts.ClassDeclaration,
  sym: SdkSymbol,
  ctx: RenderContext,
  opts: SymbolRenderOptions,
): string[] {
  const sf = ctx.model.sourceFile;
  const out: string[] = [];
  const own = new Set(classMemberGroups(d, sf).keys());
  let current: ts.ClassDeclaration | undefined = d;
  const seen = new Set<string>();
  while (current) {
    const ext: ts.ExpressionWithTypeArguments | undefined = current.heritageClauses?.find(
      (c) => c.token === ts.SyntaxKind.ExtendsKeyword,
    )?.types[0];
    const local: string | undefined = ext?.expression.getText(sf);
    const base: SdkSymbol | undefined = local ? ctx.symbolsByLocal.get(local) : undefined;
    const baseDecl: ts.ClassDeclaration | undefined = base?.declarations.find(ts.isClassDeclaration);
    if (!base || !baseDecl || seen.has(base.name)) break;
    seen.add(base.name);
    const url = ctx.linkType(local!);
    const [page, anchor] = (url ?? '').split('#');
    const memberPrefix = anchor ? `${anchor}-` : '';
    const names = [...classMemberGroups(baseDecl, sf).entries()]
      .filter(([n, ms]) => !own.has(n) && !ts.isConstructorDeclaration(ms[0]))
      .map(([n, ms]) => {
        own.add(n);
        // Methods have their own heading on the base class's page; properties sit in its table.
        return ts.isMethodDeclaration(ms[0]) && url
          ? `[${codeSpan(n)}](${page}#${methodAnchor(memberPrefix, n)})`
          : codeSpan(n);
      });
    if (names.length) {
      out.push(
        opts.depth === 1
          ? `## Inherited from ${base.name} {#inherited-${base.name.toLowerCase()}}`
          : `**Inherited from ${base.name}**`,
      );
      out.push(
        `${url ? `From [${codeSpan(base.name)}](${url})` : `From ${codeSpan(base.name)}`}: ${names.join(', ')}.`,
      );
    }
    current = baseDecl;
  }
  return out;
}

function renderMethod(
  name: string,
  members: ts.ClassElement[],
  sym: SdkSymbol,
  ctx: RenderContext,
  heading: string,
): string {
  const sf = ctx.model.sourceFile;
  const out: string[] = [heading];
  const docs = members.map((m) => readDocComment(m, sf));
  const main = docs.find((d) => d.summary) ?? docs[0];
  out.push(...notices(main, ctx));
  if (main.summary) out.push(docToMdx(main.summary, ctx.linkDoc));
  members.forEach((m, i) => {
    if (members.length > 1) out.push(`**Overload ${i + 1}**`);
    out.push(fence(m.getText(sf)));
    out.push(
      ...renderParamsAndReturn(
        m as ts.MethodDeclaration,
        docs[i].params.size || docs[i].returns ? docs[i] : main,
        `${sym.name}.${name}`,
        ctx,
      ),
    );
  });
  const examples = docs.flatMap((d) => d.examples);
  if (examples.length) {
    out.push('**Example**');
    for (const ex of examples) out.push(renderExample(ex, ctx));
  }
  return out.filter(Boolean).join('\n\n');
}
