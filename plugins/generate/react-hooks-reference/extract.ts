/**
 * Reads the published declarations of `@medplum/react-hooks` with the TypeScript compiler and
 * returns one record per exported function: hooks, the `MedplumProvider` component and the plain
 * helper functions the package ships beside them (questionnaire and audio helpers).
 *
 * Each record has the signature as written in the declarations, every parameter with its TSDoc
 * `@param` text, the return type with its `@returns` text, and, where a parameter or the return
 * value is an options or result interface declared by the package itself, that interface's
 * members (so `useThreadInbox({ query, threadId })` lists `query` and `threadId`).
 *
 * A declaration this module cannot turn into a page (overloads, a type that does not resolve, a
 * function-typed export of an unknown shape) throws `HooksReferenceError` naming the export.
 */
import path from 'node:path';
import ts from 'typescript';
import { COMPILER_OPTIONS, isUnresolved } from '../react-reference/extract';

export interface MemberDoc {
  name: string;
  /** The member's type as written in the declaration. */
  type: string;
  optional: boolean;
  description: string;
}

export interface ParamDoc {
  /** Parameter name; a destructured parameter is shown as `options`. */
  name: string;
  type: string;
  optional: boolean;
  description: string;
  /** Members of the parameter's type when the package declares that type (options objects). */
  members?: TypeMembers[];
}

/** The members of one interface or object type alias declared by the package. */
export interface TypeMembers {
  typeName: string;
  members: MemberDoc[];
}

export interface FunctionDoc {
  name: string;
  /** `hook` (name starts with `use`), `component` (returns JSX) or `function`. */
  kind: 'hook' | 'component' | 'function';
  description: string;
  /** Signature as a TypeScript declaration, one parameter per line when long. */
  signature: string;
  params: ParamDoc[];
  returns: { type: string; description: string; members?: TypeMembers[] };
  deprecated?: string;
  /** `file:line` in the declaration file, for error messages. */
  location: string;
}

/** A declaration the generator cannot document. The message names the export. */
export class HooksReferenceError extends Error {
  constructor(
    readonly symbol: string,
    reason: string,
    location?: string,
  ) {
    super(`react-hooks-reference: cannot document "${symbol}"${location ? ` (${location})` : ''}: ${reason}`);
    this.name = 'HooksReferenceError';
  }
}

/** Extracts every exported function of a declaration file. Throws `HooksReferenceError`. */
export function extractFunctions(dtsFile: string): FunctionDoc[] {
  const program = ts.createProgram([dtsFile], COMPILER_OPTIONS);
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(dtsFile);
  if (!source) throw new Error(`react-hooks-reference: cannot read ${dtsFile}`);
  const moduleSymbol = checker.getSymbolAtLocation(source);
  if (!moduleSymbol) throw new Error(`react-hooks-reference: ${dtsFile} is not a module`);

  const docs: FunctionDoc[] = [];
  for (const exported of checker.getExportsOfModule(moduleSymbol)) {
    const name = exported.getName();
    const symbol = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
    const decls = (symbol.declarations ?? []).filter((d) => ts.isFunctionDeclaration(d) || ts.isVariableDeclaration(d));
    if (decls.length === 0) continue; // interfaces, type aliases
    const decl = decls[0];
    const location = describeLocation(decl);
    let fn: ts.SignatureDeclaration;
    let docHost: ts.Node;
    if (ts.isFunctionDeclaration(decl)) {
      if (decls.length > 1)
        throw new HooksReferenceError(
          name,
          `it is overloaded (${decls.length} signatures); the generator documents one signature per function`,
          location,
        );
      fn = decl;
      docHost = decl;
    } else {
      const variable = decl as ts.VariableDeclaration;
      const type = checker.getTypeOfSymbolAtLocation(symbol, variable);
      const calls = type.getCallSignatures();
      if (calls.length === 0) continue; // constants and objects
      if (variable.type && ts.isFunctionTypeNode(variable.type)) {
        fn = variable.type;
      } else if (
        variable.initializer &&
        (ts.isArrowFunction(variable.initializer) || ts.isFunctionExpression(variable.initializer))
      ) {
        fn = variable.initializer;
      } else if (type.getProperties().length > 0 || type.getConstructSignatures().length > 0) {
        continue; // a callable object such as a React context: documented as a value, not a function
      } else {
        throw new HooksReferenceError(
          name,
          `it is a constant of a callable type "${checker.typeToString(type)}" whose parameters are not written out`,
          location,
        );
      }
      docHost = variable.parent.parent; // the VariableStatement carries the doc comment
    }
    docs.push(describeFunction(checker, name, fn, docHost, symbol, location, source));
  }
  docs.sort((a, b) => a.name.localeCompare(b.name, 'en'));
  return docs;
}

function describeFunction(
  checker: ts.TypeChecker,
  name: string,
  fn: ts.SignatureDeclaration,
  docHost: ts.Node,
  symbol: ts.Symbol,
  location: string,
  source: ts.SourceFile,
): FunctionDoc {
  const tags = ts.getJSDocTags(docHost);
  const paramTags = new Map<string, string>();
  for (const tag of tags) {
    if (ts.isJSDocParameterTag(tag)) paramTags.set(tag.name.getText(), tagText(tag));
  }
  const returnsTag = tags.find((t) => t.tagName.text === 'returns' || t.tagName.text === 'return');
  const deprecatedTag = tags.find((t) => t.tagName.text === 'deprecated');
  const sig = checker.getSignatureFromDeclaration(fn);
  if (!sig) throw new HooksReferenceError(name, 'the compiler finds no call signature', location);

  const params: ParamDoc[] = fn.parameters.map((p, i) => {
    if (p.dotDotDotToken) throw new HooksReferenceError(name, `its parameter ${i + 1} is a rest parameter`, location);
    if (!p.type) throw new HooksReferenceError(name, `its parameter ${i + 1} has no written type`, location);
    const ptype = checker.getTypeFromTypeNode(p.type);
    if (isUnresolved(ptype) || containsUnresolved(checker, p.type)) {
      throw new HooksReferenceError(
        name,
        `the type "${p.type.getText()}" of parameter ${i + 1} does not resolve`,
        location,
      );
    }
    const destructured = !ts.isIdentifier(p.name);
    const paramName = destructured ? 'options' : p.name.getText();
    const description = destructured ? '' : (paramTags.get(paramName) ?? '');
    return {
      name: paramName,
      type: p.type.getText(),
      optional: p.questionToken !== undefined || p.initializer !== undefined,
      description,
      members: ownMembers(checker, ptype, source, name, location),
    };
  });

  const returnNode = fn.type;
  if (!returnNode) throw new HooksReferenceError(name, 'its return type is not written in the declarations', location);
  const returnType = checker.getTypeFromTypeNode(returnNode);
  // `Readonly<QuestionnaireFormState>`: list the members of the written type inside.
  const memberNode =
    ts.isTypeReferenceNode(returnNode) &&
    returnNode.typeName.getText() === 'Readonly' &&
    returnNode.typeArguments?.length === 1
      ? returnNode.typeArguments[0]
      : returnNode;
  if (isUnresolved(returnType) || containsUnresolved(checker, returnNode)) {
    throw new HooksReferenceError(name, `its return type "${returnNode.getText()}" does not resolve`, location);
  }
  const returnText = returnNode.getText();
  const kind: FunctionDoc['kind'] = /^use[A-Z]/.test(name)
    ? 'hook'
    : /\bJSX\.Element\b|ReactNode|ReactElement/.test(returnText)
      ? 'component'
      : 'function';
  return {
    name,
    kind,
    description: ts.displayPartsToString(symbol.getDocumentationComment(checker)).trim(),
    signature: formatSignature(name, fn, returnText),
    params,
    returns: {
      type: returnText,
      description: returnsTag ? tagText(returnsTag) : '',
      members: ownMembers(checker, checker.getTypeFromTypeNode(memberNode), source, name, location),
    },
    deprecated: deprecatedTag ? tagText(deprecatedTag) || 'Deprecated.' : undefined,
    location,
  };
}

/** True when any type reference inside a written type does not resolve (`Foo<Missing>`). */
function containsUnresolved(checker: ts.TypeChecker, node: ts.TypeNode): boolean {
  let bad = false;
  const visit = (n: ts.Node): void => {
    if (bad) return;
    if (ts.isTypeReferenceNode(n) && isUnresolved(checker.getTypeFromTypeNode(n))) {
      bad = true;
      return;
    }
    ts.forEachChild(n, visit);
  };
  visit(node);
  return bad;
}

/**
 * Members of the object types the package declares itself in `source` (its options and result
 * interfaces), one group per union branch. Types from other packages (FHIR resources, the
 * client) are linked by name only.
 */
function ownMembers(
  checker: ts.TypeChecker,
  type: ts.Type,
  source: ts.SourceFile,
  fnName: string,
  location: string,
): TypeMembers[] | undefined {
  const branches = type.isUnion() ? type.types : [type];
  const groups: TypeMembers[] = [];
  for (const branch of branches) {
    const sym = branch.aliasSymbol ?? branch.getSymbol();
    const decl = sym?.declarations?.[0];
    if (!sym || !decl || decl.getSourceFile() !== source) continue;
    if (!(ts.isInterfaceDeclaration(decl) || ts.isTypeAliasDeclaration(decl))) continue;
    const members: MemberDoc[] = [];
    for (const prop of checker.getPropertiesOfType(branch)) {
      const pdecl = prop.valueDeclaration ?? prop.declarations?.[0];
      const typeNode =
        pdecl && (ts.isPropertySignature(pdecl) || ts.isPropertyDeclaration(pdecl)) ? pdecl.type : undefined;
      const ptype = checker.getTypeOfSymbolAtLocation(prop, pdecl ?? decl);
      if (isUnresolved(ptype) || (typeNode && containsUnresolved(checker, typeNode))) {
        throw new HooksReferenceError(
          fnName,
          `the type of "${sym.getName()}.${prop.getName()}" does not resolve`,
          location,
        );
      }
      members.push({
        name: prop.getName(),
        type: typeNode?.getText() ?? checker.typeToString(ptype, decl, ts.TypeFormatFlags.NoTruncation),
        optional: (prop.flags & ts.SymbolFlags.Optional) !== 0,
        description: ts.displayPartsToString(prop.getDocumentationComment(checker)).replace(/\s+/g, ' ').trim(),
      });
    }
    if (members.length > 0) groups.push({ typeName: sym.getName(), members });
  }
  return groups.length > 0 ? groups : undefined;
}

/** A tag's text; a line of dashes ends it (what follows in some comments is free-form notes). */
function tagText(tag: ts.JSDocTag): string {
  return (ts.getTextOfJSDocComment(tag.comment) ?? '')
    .split(/\n\s*-{10,}/)[0]
    .replace(/^\s*-\s*/, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** `function name<T>(a: A, b: B): R;`, one parameter per line when the line would be long. */
function formatSignature(name: string, fn: ts.SignatureDeclaration, returnText: string): string {
  const typeParams = fn.typeParameters ? `<${fn.typeParameters.map((t) => t.getText()).join(', ')}>` : '';
  const params = fn.parameters.map((p) => p.getText().replace(/\s+/g, ' '));
  const oneLine = `function ${name}${typeParams}(${params.join(', ')}): ${returnText};`;
  if (oneLine.length <= 100 && !oneLine.includes('\n')) return oneLine;
  return `function ${name}${typeParams}(\n${params.map((p) => `  ${p}`).join(',\n')}\n): ${returnText.replace(/\n\s*/g, ' ')};`;
}

function describeLocation(decl: ts.Declaration): string {
  const sf = decl.getSourceFile();
  const { line } = sf.getLineAndCharacterOfPosition(decl.getStart());
  return `${path.basename(sf.fileName)}:${line + 1}`;
}
