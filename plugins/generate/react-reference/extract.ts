/**
 * Reads the published declarations of `@medplum/react` with the TypeScript compiler and returns
 * one record per exported React component: its description and every prop its props type accepts.
 *
 * The checker (not a text scan) resolves `extends`, `Omit`/`Pick`, generics and intersections, so
 * a prop inherited from `ComplexTypeInputProps<Address>` shows up on `AddressInput` with the type
 * `Address`. Props declared by Mantine or React are kept apart from the package's own props: the
 * pages list them by name (Mantine) or count (DOM attributes) instead of repeating their docs.
 */
import path from 'node:path';
import ts from 'typescript';

export interface PropDoc {
  name: string;
  /** The prop's type as the checker prints it, without the `| undefined` an optional prop adds. */
  type: string;
  required: boolean;
  description: string;
  /** `@default` tag, or a "Default …" sentence found in the description. */
  defaultValue?: string;
  /** Interface or type alias that declares the prop. */
  declaredIn: string;
  /** Set when the prop comes from a base type rather than the component's own props type. */
  inheritedFrom?: string;
}

export interface InheritedGroup {
  /** npm package that declares these props, e.g. `@mantine/core` or `@types/react`. */
  packageName: string;
  /** Interfaces (or type aliases) inside that package the props come from. */
  sources: string[];
  names: string[];
}

export interface ComponentDoc {
  /** Exported name (the public name when exported under an alias). */
  name: string;
  description: string;
  /** The props type as written in the signature, e.g. `ResourceTableProps`. */
  propsTypeName?: string;
  /** Function signature as printed by the checker. */
  signature: string;
  kind: 'function' | 'class' | 'exotic';
  props: PropDoc[];
  inherited: InheritedGroup[];
  /** True when the signature takes no props at all, e.g. `Loading()`. */
  noProps: boolean;
  /** `@deprecated` text, when present. */
  deprecated?: string;
}

/** A declaration the generator cannot turn into a props table. The message names the symbol. */
export class ReactReferenceError extends Error {
  constructor(
    readonly symbol: string,
    reason: string,
    location?: string,
  ) {
    super(`react-reference: cannot render component "${symbol}"${location ? ` (${location})` : ''}: ${reason}`);
    this.name = 'ReactReferenceError';
  }
}

export const COMPILER_OPTIONS: ts.CompilerOptions = {
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  jsx: ts.JsxEmit.ReactJSX,
  strict: true,
  noEmit: true,
  skipLibCheck: true,
  types: [],
};

/** The npm package a declaration file belongs to, or undefined for a file outside node_modules. */
export function packageOf(fileName: string): string | undefined {
  const m = /[\\/]node_modules[\\/]((?:@[^\\/]+[\\/])?[^\\/]+)[\\/]/.exec(fileName);
  return m ? m[1].replace(/\\/g, '/') : undefined;
}

/** Props declared by these packages (or by the file being documented) get a table row each. */
function isOwnPackage(pkg: string | undefined): boolean {
  return pkg === undefined || pkg.startsWith('@medplum/');
}

/** Extracts every exported component of a declaration file. Throws `ReactReferenceError`. */
export function extractComponents(dtsFile: string): ComponentDoc[] {
  const program = ts.createProgram([dtsFile], COMPILER_OPTIONS);
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(dtsFile);
  if (!source) throw new Error(`react-reference: cannot read ${dtsFile}`);
  // An unresolved name in the file means a props type we would print as `any`: fail loudly.
  const unresolved = new Map<string, string>();
  for (const d of program.getSemanticDiagnostics(source)) {
    if (d.file && d.start !== undefined) {
      const { line } = d.file.getLineAndCharacterOfPosition(d.start);
      unresolved.set(`${line}`, ts.flattenDiagnosticMessageText(d.messageText, ' '));
    }
  }
  const moduleSymbol = checker.getSymbolAtLocation(source);
  if (!moduleSymbol) throw new Error(`react-reference: ${dtsFile} is not a module`);

  const components: ComponentDoc[] = [];
  for (const exported of checker.getExportsOfModule(moduleSymbol)) {
    const name = exported.getName();
    if (!/^[A-Z]/.test(name) || !/[a-z]/.test(name)) continue; // components are PascalCase; skip CONSTANTS and camelCase
    const symbol = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
    const decl = symbol.valueDeclaration ?? symbol.declarations?.[0];
    if (!decl || !(symbol.flags & (ts.SymbolFlags.Function | ts.SymbolFlags.Class | ts.SymbolFlags.Variable))) continue;
    const location = describeLocation(decl);
    const type = checker.getTypeOfSymbolAtLocation(symbol, decl);
    const doc = componentShape(checker, symbol, type, decl);
    if (!doc) continue;
    const diag = unresolved.get(`${decl.getSourceFile().getLineAndCharacterOfPosition(decl.getStart()).line}`);
    if (diag) throw new ReactReferenceError(name, `its declaration does not type-check: ${diag}`, location);
    const { propsType, kind, signature } = doc;
    const description = docText(checker, symbol);
    const deprecated = ts.getJSDocTags(decl).find((t) => t.tagName.text === 'deprecated');
    const base: ComponentDoc = {
      name,
      description,
      signature,
      kind,
      props: [],
      inherited: [],
      noProps: propsType === undefined,
      deprecated: deprecated ? (ts.getTextOfJSDocComment(deprecated.comment) ?? '').trim() || 'Deprecated.' : undefined,
    };
    if (propsType) {
      base.propsTypeName = doc.propsTypeText;
      Object.assign(base, describeProps(checker, name, propsType, decl, location, doc.propsTypeText));
    }
    components.push(base);
  }
  components.sort((a, b) => a.name.localeCompare(b.name, 'en'));
  return components;
}

interface Shape {
  kind: ComponentDoc['kind'];
  propsType?: ts.Type;
  propsTypeText?: string;
  signature: string;
}

/** Decides whether an export is a React component and finds its props type. */
function componentShape(
  checker: ts.TypeChecker,
  symbol: ts.Symbol,
  type: ts.Type,
  decl: ts.Declaration,
): Shape | undefined {
  const printed = (t: ts.Type): string => checker.typeToString(t, decl, ts.TypeFormatFlags.NoTruncation);
  if (symbol.flags & ts.SymbolFlags.Class) {
    // A class component extends React's Component: its instance has `render` and `props`.
    const instance = checker.getDeclaredTypeOfSymbol(symbol);
    const propsProp = instance.getProperty('props');
    if (!instance.getProperty('render') || !propsProp) return undefined;
    const propsType = checker.getTypeOfSymbolAtLocation(propsProp, decl);
    const heritage = (decl as ts.ClassDeclaration).heritageClauses?.[0]?.types[0];
    const propsArg = heritage?.typeArguments?.[0];
    return {
      kind: 'class',
      propsType,
      propsTypeText: propsArg?.getText(),
      signature: `class ${symbol.getName()} extends ${heritage?.getText() ?? 'Component'}`,
    };
  }
  const signatures = type.getCallSignatures();
  if (signatures.length === 0) return undefined;
  const sig = signatures[0];
  const ret = printed(checker.getReturnTypeOfSignature(sig));
  if (!/\b(JSX\.Element|ReactNode|ReactElement)\b|^null$/.test(ret)) return undefined;
  const kind: Shape['kind'] = symbol.flags & ts.SymbolFlags.Function ? 'function' : 'exotic';
  const param = sig.getParameters()[0];
  const signature = `${symbol.getName()}${checker.signatureToString(sig, decl, ts.TypeFormatFlags.NoTruncation)}`;
  if (!param) return { kind, signature };
  const paramDecl = param.valueDeclaration as ts.ParameterDeclaration | undefined;
  const propsType = checker.getTypeOfSymbolAtLocation(param, paramDecl ?? decl);
  // Written type for declared functions; the resolved type for forwardRef/memo wrappers, whose
  // parameter is React's generic `P`.
  const written = kind === 'function' ? paramDecl?.type?.getText() : undefined;
  return { kind, propsType, propsTypeText: written ?? printed(propsType), signature };
}

function describeLocation(decl: ts.Declaration): string {
  const sf = decl.getSourceFile();
  const { line } = sf.getLineAndCharacterOfPosition(decl.getStart());
  return `${path.basename(sf.fileName)}:${line + 1}`;
}

/** Lists own props and groups inherited Mantine/React props. */
function describeProps(
  checker: ts.TypeChecker,
  component: string,
  propsType: ts.Type,
  decl: ts.Declaration,
  location: string,
  propsTypeText?: string,
): Pick<ComponentDoc, 'props' | 'inherited'> {
  const problem = unrenderable(checker, propsType);
  if (problem) throw new ReactReferenceError(component, problem, location);

  // A union (e.g. two mutually exclusive header styles) documents the props of every branch.
  const branches = propsType.isUnion() ? propsType.types : [propsType];
  const seen = new Map<string, ts.Symbol>();
  const inAll = new Map<string, number>();
  for (const branch of branches) {
    for (const p of checker.getPropertiesOfType(branch)) {
      if (!seen.has(p.getName())) seen.set(p.getName(), p);
      inAll.set(p.getName(), (inAll.get(p.getName()) ?? 0) + 1);
    }
  }

  const props: PropDoc[] = [];
  const inherited = new Map<string, InheritedGroup>();
  // `ResourceTimelineProps<T>` → `ResourceTimelineProps`: props declared there are not inherited.
  // `Readonly<SmartAppLaunchLinkProps>` → `SmartAppLaunchLinkProps` as well.
  const writtenBase = propsTypeText?.replace(/^Readonly<(.+)>$/, '$1').replace(/<.*$/, '');
  const ownNames = new Set([writtenBase, (propsType.aliasSymbol ?? propsType.getSymbol())?.getName()]);
  for (const [name, prop] of seen) {
    const pdecl = prop.valueDeclaration ?? prop.declarations?.[0];
    const pkg = pdecl ? packageOf(pdecl.getSourceFile().fileName) : undefined;
    const owner = pdecl ? ownerName(pdecl) : 'unknown';
    if (!isOwnPackage(pkg)) {
      const group = inherited.get(pkg!) ?? { packageName: pkg!, sources: [], names: [] };
      if (!group.sources.includes(owner)) group.sources.push(owner);
      group.names.push(name);
      inherited.set(pkg!, group);
      continue;
    }
    const ptype = checker.getTypeOfSymbolAtLocation(prop, pdecl ?? decl);
    if (isUnresolved(ptype) || (pdecl && isErrorType(checker, pdecl))) {
      throw new ReactReferenceError(component, `the type of prop "${name}" does not resolve`, location);
    }
    const optional = (prop.flags & ts.SymbolFlags.Optional) !== 0 || (inAll.get(name) ?? 0) < branches.length;
    let typeText = checker.typeToString(
      ptype,
      decl,
      ts.TypeFormatFlags.NoTruncation | ts.TypeFormatFlags.UseAliasDefinedOutsideCurrentScope,
    );
    if (optional) typeText = typeText.replace(/ \| undefined$/, '').replace(/^undefined \| /, '');
    if (typeText === 'never') continue; // a `never` prop only forbids mixing union branches
    const description = propDescription(checker, prop, pdecl);
    props.push({
      name,
      type: typeText,
      required: !optional,
      description: description.text,
      defaultValue: description.defaultValue,
      declaredIn: owner,
      inheritedFrom: ownNames.has(owner) ? undefined : owner,
    });
  }
  props.sort((a, b) => Number(b.required) - Number(a.required) || a.name.localeCompare(b.name, 'en'));
  const groups = [...inherited.values()].map((g) => ({ ...g, names: g.names.sort(), sources: g.sources.sort() }));
  groups.sort((a, b) => a.packageName.localeCompare(b.packageName, 'en'));
  return { props, inherited: groups };
}

/** Why a props type cannot be documented, or undefined when it can. */
function unrenderable(checker: ts.TypeChecker, t: ts.Type): string | undefined {
  if (isUnresolved(t))
    return `its props type "${checker.typeToString(t)}" is not declared or not exported, so there are no props to list`;
  if (t.flags & ts.TypeFlags.Any) return 'its props type is "any", so there are no props to list';
  if (t.flags & ts.TypeFlags.Unknown) return 'its props type is "unknown"';
  if (t.flags & ts.TypeFlags.Never) return 'its props type is "never"';
  const branches = t.isUnion() ? t.types : [t];
  for (const b of branches) {
    if (!(b.flags & ts.TypeFlags.Object) && !b.isIntersection()) {
      return `its props type "${checker.typeToString(t)}" is not an object type`;
    }
  }
  return undefined;
}

/** The checker's "error" type: what a reference to an undeclared name resolves to. */
export function isUnresolved(t: ts.Type): boolean {
  return (t.flags & ts.TypeFlags.Any) !== 0 && (t as { intrinsicName?: string }).intrinsicName === 'error';
}

/** True when the type written on a prop's declaration does not resolve. */
function isErrorType(checker: ts.TypeChecker, decl: ts.Declaration): boolean {
  const typeNode = (decl as ts.PropertySignature).type;
  return typeNode !== undefined && isUnresolved(checker.getTypeFromTypeNode(typeNode));
}

/** Name of the interface or type alias that declares a prop. */
function ownerName(decl: ts.Node): string {
  let n: ts.Node | undefined = decl.parent;
  while (n) {
    if (ts.isInterfaceDeclaration(n) || ts.isTypeAliasDeclaration(n) || ts.isClassDeclaration(n)) {
      return n.name?.getText() ?? 'anonymous';
    }
    n = n.parent;
  }
  return 'anonymous';
}

function docText(checker: ts.TypeChecker, symbol: ts.Symbol): string {
  return ts.displayPartsToString(symbol.getDocumentationComment(checker)).trim();
}

/**
 * A prop's description: its own JSDoc, else the `@param <name> - …` line many @medplum/react
 * interfaces put on the interface itself.
 */
function propDescription(
  checker: ts.TypeChecker,
  prop: ts.Symbol,
  decl: ts.Declaration | undefined,
): { text: string; defaultValue?: string } {
  let text = docText(checker, prop);
  let defaultValue = prop
    .getJsDocTags(checker)
    .find((t) => t.name === 'default' || t.name === 'defaultValue')
    ?.text?.map((p) => p.text)
    .join('')
    .trim();
  if (!text && decl) {
    const owner = findOwnerDecl(decl);
    if (owner) {
      for (const tag of ts.getJSDocTags(owner)) {
        if (tag.tagName.text !== 'param') continue;
        const tagText = ts.getTextOfJSDocComment(tag.comment) ?? '';
        const paramName = ts.isJSDocParameterTag(tag) ? tag.name.getText() : '';
        if (paramName === prop.getName()) text = tagText.replace(/^\s*-\s*/, '').trim();
      }
    }
  }
  if (!defaultValue) {
    const m = /\bDefault(?:s to|:)?\s+([^.;]+?)[.;]?(?:\s|$)/.exec(text);
    if (m && m[1].length < 40) defaultValue = m[1].trim();
  }
  return { text: text.replace(/\s+/g, ' ').trim(), defaultValue };
}

function findOwnerDecl(decl: ts.Node): ts.Node | undefined {
  let n: ts.Node | undefined = decl.parent;
  while (n) {
    if (ts.isInterfaceDeclaration(n) || ts.isTypeAliasDeclaration(n)) return n;
    n = n.parent;
  }
  return undefined;
}
