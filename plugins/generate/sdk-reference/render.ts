/**
 * One exported symbol as mdast nodes: signature, doc comment, members with linked types,
 * examples, deprecation notices and (for constants) the value the package holds at runtime. Text
 * from the declarations goes into text, inline code and code nodes (the doc comments' Markdown is
 * parsed, see docs.ts); the page is serialized once, by mdast.ts `serialize`.
 */
import type { BlockContent, Paragraph } from 'mdast';
import ts from 'typescript';
import {
  admonition,
  bulletList,
  codeBlock,
  heading,
  inlineCode,
  joined,
  jsxText,
  link,
  mergeCode,
  paragraph,
  type PhrasingContent,
  type RootContent,
  strong,
  table,
  text,
} from '../mdast';
import { docBlocks, docInline, readDocComment, type DocComment, type LinkResolver } from './docs';
import { clientSectionFor, CLIENT_SECTIONS, isPrivate } from './groups';
import { SdkRenderError, type SdkModel, type SdkSymbol } from './model';
import { renderType, type TypeLinker } from './render-type';
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

/** A fenced code block (the serializer picks a fence longer than any in the code). */
function fence(code: string, lang = 'ts'): RootContent {
  return codeBlock(lang, code.replace(/\s+$/, ''));
}

/** A paragraph of one bold line (`**Signature**`), used where a heading would crowd the outline. */
const boldLine = (title: string): Paragraph => paragraph(strong(text(title)));

/** `**Label:** rest` as a paragraph. */
const labelled = (label: string, rest: PhrasingContent[]): Paragraph =>
  paragraph(...mergeCode([strong(text(label)), text(' '), ...rest]));

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
export function summaryLine(sym: SdkSymbol, ctx: RenderContext): PhrasingContent[] {
  for (const d of sym.declarations) {
    const doc = readDocComment(d, ctx.model.sourceFile);
    if (doc.summary) return docInline(firstSentence(doc.summary), ctx.linkDoc);
  }
  return describeShape(sym, ctx);
}

/** A factual one-liner for symbols the package left undocumented, built from the declaration. */
function describeShape(sym: SdkSymbol, ctx: RenderContext): PhrasingContent[] {
  const sf = ctx.model.sourceFile;
  const d = sym.declarations[0];
  const names = (xs: string[]): PhrasingContent[] =>
    xs.length === 0
      ? []
      : [
          text(': '),
          ...joined(xs.slice(0, 4).map((x) => [inlineCode(x)])),
          ...(xs.length > 4 ? [text(` and ${xs.length - 4} more`)] : []),
        ];
  const undescribed = text('. Not described in the package.');
  if (ts.isInterfaceDeclaration(d) || ts.isClassDeclaration(d)) {
    const members = (d.members as ts.NodeArray<ts.Node>).filter(
      (m) => !isPrivate(m) && !ts.isConstructorDeclaration(m),
    );
    const memberNames = members.map((m) => memberName(m as ts.ClassElement, sf));
    const what = ts.isInterfaceDeclaration(d) ? 'Interface' : 'Class';
    return mergeCode([
      text(`${what} with ${memberNames.length} ${memberNames.length === 1 ? 'member' : 'members'}`),
      ...names(memberNames),
      undescribed,
    ]);
  }
  if (ts.isFunctionDeclaration(d)) {
    const params = d.parameters.map((p) => p.name.getText(sf));
    return mergeCode([
      text('Function'),
      ...(params.length ? [text(' of '), inlineCode(params.join(', '))] : [text(' with no parameters')]),
      ...(d.type ? [text(' returning '), inlineCode(d.type.getText(sf).replace(/\s+/g, ' ').slice(0, 60))] : []),
      undescribed,
    ]);
  }
  if (ts.isTypeAliasDeclaration(d)) {
    const text_ = d.type.getText(sf).replace(/\s+/g, ' ');
    return mergeCode([
      text('Type alias'),
      ...(text_.length <= 70 ? [text(' for '), inlineCode(text_)] : []),
      undescribed,
    ]);
  }
  if (ts.isVariableDeclaration(d) && d.type) {
    return mergeCode([
      text('Constant of type '),
      inlineCode(d.type.getText(sf).replace(/\s+/g, ' ').slice(0, 60)),
      undescribed,
    ]);
  }
  return [text(`Exported ${kindLabel(sym)}. Not described in the package.`)];
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
export function renderSymbol(sym: SdkSymbol, ctx: RenderContext, opts: SymbolRenderOptions): RootContent[] {
  const sf = ctx.model.sourceFile;
  const out: (RootContent | undefined)[] = [];
  const level = (n: number) => Math.min(6, opts.depth + n) as 2 | 3;
  if (opts.depth === 2) out.push(heading(2, sym.name, opts.anchor));
  out.push(
    paragraph(
      jsxText('small', [
        text(kindLabel(sym)),
        ...(sym.module ? [text(' · source '), inlineCode(`src/${sym.module}`)] : []),
      ]),
    ),
  );

  const docs = sym.declarations.map((d) => readDocComment(d, sf));
  const mainDoc = docs.find((d) => d.summary || d.examples.length || d.deprecated) ?? docs[0];
  out.push(...notices(mainDoc, ctx));
  out.push(...docBlocks(mainDoc.summary, ctx.linkDoc));

  out.push(opts.depth === 1 ? heading(level(1), 'Signature') : boldLine('Signature'));
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
        out.push(boldLine(`Overload ${i + 1}`));
        if (doc !== mainDoc) out.push(...docBlocks(doc.summary, ctx.linkDoc));
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
    out.push(opts.depth === 1 ? heading(level(1), 'Examples') : boldLine('Examples'));
    for (const ex of examples) out.push(...renderExample(ex, ctx));
  }
  const see = docs.flatMap((d) => d.see);
  if (see.length) {
    out.push(
      labelled(
        'See also:',
        joined(
          see.map((s) => docInline(s, ctx.linkDoc)),
          '; ',
        ),
      ),
    );
  }

  for (const d of sym.declarations) {
    if (ts.isClassDeclaration(d)) out.push(...renderClassMembers(d, sym, ctx, opts));
    if (ts.isInterfaceDeclaration(d)) out.push(...renderInterfaceMembers(d, sym, ctx, opts));
  }
  return out.filter((n): n is RootContent => n !== undefined);
}

function notices(doc: DocComment, ctx: RenderContext): RootContent[] {
  const out: RootContent[] = [];
  if (doc.deprecated)
    out.push(admonition('warning', 'Deprecated', docBlocks(doc.deprecated, ctx.linkDoc) as BlockContent[]));
  if (doc.experimental)
    out.push(
      admonition('info', 'Experimental', [
        paragraph(text('The package marks this as experimental: it may change in a minor release.')),
      ]),
    );
  if (doc.internal)
    out.push(
      admonition('note', 'Internal', [
        paragraph(text("The package marks this as internal: exported for Medplum's own packages, not a stable API.")),
      ]),
    );
  return out;
}

function renderExample(ex: string, ctx: RenderContext): RootContent[] {
  // Examples without a fence are code written straight into the comment.
  if (!/```/.test(ex)) return [fence(ex, 'ts')];
  return docBlocks(ex, ctx.linkDoc);
}

function renderHeritage(
  d: ts.ClassDeclaration | ts.InterfaceDeclaration,
  sym: SdkSymbol,
  ctx: RenderContext,
): RootContent[] {
  const out: RootContent[] = [];
  for (const clause of d.heritageClauses ?? []) {
    const word = clause.token === ts.SyntaxKind.ExtendsKeyword ? 'Extends' : 'Implements';
    const types = clause.types.map((t) =>
      renderType(t as unknown as ts.TypeNode, { sf: ctx.model.sourceFile, link: ctx.linkType, symbol: sym.name }),
    );
    out.push(labelled(`${word}:`, joined(types)));
  }
  if (d.typeParameters?.length) {
    out.push(typeParameters(d.typeParameters, ctx.model.sourceFile));
  }
  return out;
}

/** `**Type parameters:** `T`, `K extends keyof T``. */
function typeParameters(params: ts.NodeArray<ts.TypeParameterDeclaration>, sf: ts.SourceFile): Paragraph {
  return labelled('Type parameters:', joined(params.map((p) => [inlineCode(p.getText(sf).replace(/\s+/g, ' '))])));
}

function renderTypeAlias(d: ts.TypeAliasDeclaration, sym: SdkSymbol, ctx: RenderContext): RootContent[] {
  const sf = ctx.model.sourceFile;
  const out: RootContent[] = [];
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
    .filter((x): x is { r: string; url: string } => !!x.url);
  if (linked.length) out.push(labelled('Refers to:', joined(linked.map((x) => [link(x.url, inlineCode(x.r))]))));
  if (ts.isTypeLiteralNode(d.type)) {
    const fields = membersTable(d.type.members, sym, ctx);
    if (fields) out.push(fields);
  }
  return out;
}

function renderVariable(d: ts.VariableDeclaration, sym: SdkSymbol, ctx: RenderContext): RootContent[] {
  const sf = ctx.model.sourceFile;
  const out: RootContent[] = [];
  if (d.type) out.push(labelled('Type:', renderType(d.type, { sf, link: ctx.linkType, symbol: sym.name })));
  if (Object.prototype.hasOwnProperty.call(ctx.runtime, sym.name)) {
    out.push(...renderRuntimeValue(sym.name, ctx.runtime[sym.name]));
  }
  return out;
}

/** Largest serialised value shown in full; bigger values are summarised by their keys. */
const MAX_VALUE_CHARS = 4000;

function renderRuntimeValue(name: string, value: RuntimeValue): RootContent[] {
  switch (value.type) {
    case 'function':
      return [labelled('At runtime:', [text('a function ('), inlineCode(`typeof ${name} === 'function'`), text(').')])];
    case 'regexp':
      return [boldLine('Value at runtime:'), fence(value.text, 'js')];
    case 'other':
      return [labelled('At runtime:', [text('a value of type '), inlineCode(value.typeOf), text('.')])];
    case 'json': {
      if (value.json.length <= MAX_VALUE_CHARS) {
        return [
          paragraph(strong(text('Value at runtime')), text(' (read from the installed package):')),
          fence(value.json, 'json'),
        ];
      }
      const parsed = JSON.parse(value.json) as unknown;
      if (Array.isArray(parsed)) {
        return [labelled('Value at runtime:', [text(`an array of ${parsed.length} entries, too large to show here.`)])];
      }
      const keys = Object.keys(parsed as object);
      return [
        labelled('Value at runtime:', [
          text(`an object with ${keys.length} entries, too large to show here. Keys: `),
          ...joined(keys.slice(0, 40).map((k) => [inlineCode(k)])),
          text(`${keys.length > 40 ? ', …' : ''}.`),
        ]),
      ];
    }
  }
}

interface MemberRow {
  name: string;
  optional: boolean;
  readonly: boolean;
  type: PhrasingContent[];
  description: PhrasingContent[];
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
  const tctx = { sf, link: ctx.linkType, symbol: `${sym.name}.${memberName(m, sf)}` };
  let type: PhrasingContent[];
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
    type = methodType(m, tctx);
  } else {
    throw new SdkRenderError(tctx.symbol, `unsupported member kind ${ts.SyntaxKind[m.kind]}`);
  }
  return {
    name: memberName(m, sf),
    optional: 'questionToken' in m && !!m.questionToken,
    readonly: hasModifier(m, ts.SyntaxKind.ReadonlyKeyword),
    type,
    description: doc.summary ? docInline(doc.summary.replace(/\n\s*\n/g, ' '), ctx.linkDoc) : [],
    defaultValue: defaultFromDoc(doc),
    deprecated: doc.deprecated,
  };
}

/** A method's type as `(a: A, b: B) => R`, each named type linked. */
function methodType(
  m: ts.SignatureDeclarationBase,
  tctx: { sf: ts.SourceFile; link: TypeLinker; symbol: string },
): PhrasingContent[] {
  const params = m.parameters.map((p) => [
    inlineCode(`${p.dotDotDotToken ? '...' : ''}${p.name.getText(tctx.sf)}${p.questionToken ? '?' : ''}: `),
    ...renderType(p.type, tctx),
  ]);
  return mergeCode([
    inlineCode('('),
    ...params.flatMap((p, i) => (i === 0 ? p : [inlineCode(', '), ...p])),
    inlineCode(') => '),
    ...renderType(m.type, tctx),
  ]);
}

/** `**Deprecated:** note` before a member's description, then the description. */
function memberDescription(r: MemberRow, ctx: RenderContext): PhrasingContent[] {
  const parts: PhrasingContent[][] = [];
  if (r.deprecated) {
    const note = docInline(r.deprecated, ctx.linkDoc);
    parts.push([strong(text('Deprecated:')), ...(note.length ? [text(' '), ...note] : [])]);
  }
  if (r.description.length) parts.push(r.description);
  return joined(parts, ' ');
}

function membersTable(
  members: ts.NodeArray<ts.TypeElement> | readonly (ts.TypeElement | ts.ClassElement)[],
  sym: SdkSymbol,
  ctx: RenderContext,
): RootContent | undefined {
  const rows = members.filter((m) => !isPrivate(m)).map((m) => memberRow(m, sym, ctx));
  if (rows.length === 0) return undefined;
  const withDefaults = rows.some((r) => r.defaultValue);
  return table(
    withDefaults ? ['Name', 'Type', 'Required', 'Default', 'Description'] : ['Name', 'Type', 'Required', 'Description'],
    rows.map((r) => [
      [inlineCode(r.name), ...(r.readonly ? [text(' '), jsxText('small', [text('read-only')])] : [])],
      r.type,
      [text(r.optional ? 'optional' : 'required')],
      ...(withDefaults ? [r.defaultValue ? [inlineCode(r.defaultValue)] : []] : []),
      memberDescription(r, ctx),
    ]),
  );
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
): RootContent[] {
  const out: RootContent[] = [];
  const head = (t: string): RootContent => (opts.depth === 1 ? heading(2, t) : boldLine(t));
  out.push(head('Fields'));
  out.push(membersTable(d.members, sym, ctx) ?? paragraph(text('This interface declares no fields of its own.')));
  for (const base of inheritedInterfaces(d, ctx)) {
    const baseName = ctx.model.localToExported.get(base.name.text) ?? base.name.text;
    const url = ctx.linkType(base.name.text);
    const fields = membersTable(base.members, sym, ctx);
    if (!fields) continue;
    out.push(opts.depth === 1 ? heading(3, `Inherited from ${baseName}`) : boldLine(`Inherited from ${baseName}`));
    if (url) out.push(paragraph(text('Fields declared on '), link(url, inlineCode(baseName)), text(':')));
    out.push(fields);
  }
  return out;
}

function renderParamsAndReturn(
  fn: ts.SignatureDeclarationBase,
  doc: DocComment,
  symbol: string,
  ctx: RenderContext,
): RootContent[] {
  const sf = ctx.model.sourceFile;
  const out: RootContent[] = [];
  const tctx = { sf, link: ctx.linkType, symbol };
  if (fn.typeParameters?.length) out.push(typeParameters(fn.typeParameters, sf));
  if (fn.parameters.length) {
    out.push(
      table(
        ['Parameter', 'Type', 'Required', 'Description'],
        fn.parameters.map((p) => {
          const name = p.name.getText(sf).replace(/\s+/g, ' ');
          const key = ts.isIdentifier(p.name) ? p.name.text : name;
          const desc = doc.params.get(key) ?? '';
          const optional = !!p.questionToken || !!p.initializer;
          return [
            [inlineCode(`${p.dotDotDotToken ? '...' : ''}${name}`)],
            renderType(p.type, tctx),
            [text(optional ? 'optional' : 'required')],
            docInline(desc.replace(/\n\s*\n/g, ' '), ctx.linkDoc),
          ];
        }),
      ),
    );
  }
  if (fn.type) {
    const ret = renderType(fn.type, tctx);
    const said = doc.returns ? docInline(doc.returns.replace(/\n\s*\n/g, ' '), ctx.linkDoc) : [];
    out.push(labelled('Returns:', [...ret, ...(doc.returns ? [text(said.length ? ' — ' : ' —'), ...said] : [])]));
  }
  if (doc.throws.length) {
    out.push(
      labelled(
        'Throws:',
        joined(
          doc.throws.map((t) => docInline(t, ctx.linkDoc)),
          '; ',
        ),
      ),
    );
  }
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
): RootContent[] {
  const sf = ctx.model.sourceFile;
  const out: RootContent[] = [];
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
  const h2 = (t: string): RootContent => (opts.depth === 1 ? heading(2, t) : boldLine(t));
  const h3 = (t: string, anchor: string): RootContent => heading(opts.depth === 1 ? 3 : 4, t, anchor);

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
    const propsTable = membersTable(props, sym, ctx);
    if (propsTable) out.push(propsTable);
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
    out.push(heading(2, 'Methods by task'));
    out.push(
      bulletList(
        present.map((s) => [
          link(`#${s.id}-methods`, text(s.title)),
          text(': '),
          ...joined(bySection.get(s.id)!.map(([n]) => [link(`#${methodAnchor(prefix, n)}`, inlineCode(n))])),
        ]),
      ),
    );
    for (const s of present) {
      out.push(heading(2, s.title, `${s.id}-methods`));
      for (const [name, members] of bySection.get(s.id)!)
        out.push(...renderMethod(name, members, sym, ctx, h3(name, methodAnchor(prefix, name))));
    }
  } else {
    out.push(h2('Methods'));
    for (const [name, members] of methods)
      out.push(...renderMethod(name, members, sym, ctx, h3(name, methodAnchor(prefix, name))));
  }
  return [...out, ...inherited];
}

/** The constructor options, listed on the client page itself (full descriptions on their own page). */
function clientOptionsSummary(sym: SdkSymbol, ctx: RenderContext): RootContent[] {
  const options = ctx.symbolsByLocal.get('MedplumClientOptions');
  const decl = options?.declarations.find(ts.isInterfaceDeclaration);
  if (!decl) return [];
  const url = ctx.linkType('MedplumClientOptions') ?? '';
  const rows = decl.members.filter((m) => !isPrivate(m)).map((m) => memberRow(m, sym, ctx));
  return [
    heading(3, 'Constructor options', 'constructor-options'),
    paragraph(
      text(`${rows.every((r) => r.optional) ? 'Every option is optional. ' : ''}Descriptions are on the `),
      link(url, inlineCode('MedplumClientOptions')),
      text(' page.'),
    ),
    table(
      ['Option', 'Type', 'Default'],
      rows.map((r) => [[inlineCode(r.name)], r.type, r.defaultValue ? [inlineCode(r.defaultValue)] : []]),
    ),
  ];
}

/** Links to the public members a class inherits from base classes declared in this package. */
function renderInheritedClassMembers(
  d: ts.ClassDeclaration,
  sym: SdkSymbol,
  ctx: RenderContext,
  opts: SymbolRenderOptions,
): RootContent[] {
  const sf = ctx.model.sourceFile;
  const out: RootContent[] = [];
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
      .map(([n, ms]): PhrasingContent[] => {
        own.add(n);
        // Methods have their own heading on the base class's page; properties sit in its table.
        return ts.isMethodDeclaration(ms[0]) && url
          ? [link(`${page}#${methodAnchor(memberPrefix, n)}`, inlineCode(n))]
          : [inlineCode(n)];
      });
    if (names.length) {
      out.push(
        opts.depth === 1
          ? heading(2, `Inherited from ${base.name}`, `inherited-${base.name.toLowerCase()}`)
          : boldLine(`Inherited from ${base.name}`),
      );
      out.push(
        paragraph(
          text('From '),
          url ? link(url, inlineCode(base.name)) : inlineCode(base.name),
          text(': '),
          ...joined(names),
          text('.'),
        ),
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
  title: RootContent,
): RootContent[] {
  const sf = ctx.model.sourceFile;
  const out: RootContent[] = [title];
  const docs = members.map((m) => readDocComment(m, sf));
  const main = docs.find((d) => d.summary) ?? docs[0];
  out.push(...notices(main, ctx));
  out.push(...docBlocks(main.summary, ctx.linkDoc));
  members.forEach((m, i) => {
    if (members.length > 1) out.push(boldLine(`Overload ${i + 1}`));
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
    out.push(boldLine('Example'));
    for (const ex of examples) out.push(...renderExample(ex, ctx));
  }
  return out;
}
