/**
 * Reads a bundled declaration file (the single `index.d.ts` that @medplum/core ships) into a list
 * of exported symbols with their declarations, doc comments and members. Only the syntax tree is
 * needed: the file is self-contained apart from imports, which are recorded so references to
 * `@medplum/fhirtypes` can be linked to the FHIR reference.
 */
import fs from 'node:fs';
import ts from 'typescript';

export type SymbolKind = 'class' | 'interface' | 'type' | 'function' | 'variable';

export interface SdkSymbol {
  /** Exported name. */
  name: string;
  /** Name inside the declaration file (differs for `export { Foo_2 as Foo }`). */
  localName: string;
  /** Primary kind; a name can also carry a type alias next to a const (e.g. ContentType). */
  kind: SymbolKind;
  declarations: ts.Declaration[];
  /** Source module inside the package, from the source map (e.g. `client.ts`), or undefined. */
  module?: string;
}

export interface SdkModel {
  sourceFile: ts.SourceFile;
  symbols: SdkSymbol[];
  /** Local declaration name → exported name. */
  localToExported: Map<string, string>;
  /** Imported name → module specifier (e.g. `Patient` → `@medplum/fhirtypes`). */
  imports: Map<string, string>;
}

/** Thrown for anything the generator does not know how to document; always names the symbol. */
export class SdkRenderError extends Error {
  constructor(symbol: string, message: string) {
    super(`sdk-reference: cannot render ${symbol}: ${message}`);
    this.name = 'SdkRenderError';
  }
}

const KIND_ORDER: SymbolKind[] = ['class', 'interface', 'function', 'variable', 'type'];

/** Parses the declaration file and lists every export in name order. */
export function loadModel(dtsPath: string, sourceMapPath?: string): SdkModel {
  // The package ships CRLF line endings; normalise so comments and code blocks parse line by line.
  const text = fs.readFileSync(dtsPath, 'utf8').replace(/\r\n?/g, '\n');
  const sourceFile = ts.createSourceFile(dtsPath, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const byLocal = new Map<string, ts.Declaration[]>();
  const exportedLocal = new Map<string, string>(); // local → exported
  const imports = new Map<string, string>();

  for (const stmt of sourceFile.statements) {
    if (ts.isImportDeclaration(stmt)) {
      const spec = (stmt.moduleSpecifier as ts.StringLiteral).text;
      const bindings = stmt.importClause?.namedBindings;
      if (bindings && ts.isNamedImports(bindings)) {
        for (const el of bindings.elements) imports.set(el.name.text, spec);
      }
      continue;
    }
    if (ts.isExportDeclaration(stmt)) {
      if (stmt.moduleSpecifier) {
        throw new SdkRenderError(
          'export * from',
          `re-exports from another module are not supported (${stmt.getText()})`,
        );
      }
      if (stmt.exportClause && ts.isNamedExports(stmt.exportClause)) {
        for (const el of stmt.exportClause.elements) {
          exportedLocal.set((el.propertyName ?? el.name).text, el.name.text);
        }
      }
      continue;
    }
    if (ts.isExportAssignment(stmt)) {
      throw new SdkRenderError('export =', 'export assignments are not supported');
    }
    const exported = hasExportModifier(stmt);
    const names = declaredNames(stmt);
    if (names.length === 0) {
      if (exported) throw new SdkRenderError(stmt.getText().slice(0, 60), 'unrecognised exported statement');
      continue;
    }
    for (const [name, decl] of names) {
      if (exported) exportedLocal.set(name, name);
      byLocal.set(name, [...(byLocal.get(name) ?? []), decl]);
    }
  }

  const modules = sourceMapPath ? modulesFromSourceMap(sourceMapPath) : new Map<string, string>();
  const symbols: SdkSymbol[] = [];
  for (const [localName, name] of exportedLocal) {
    const declarations = byLocal.get(localName);
    if (!declarations) throw new SdkRenderError(name, `exported but no declaration of ${localName} was found`);
    for (const d of declarations) {
      if (ts.isModuleDeclaration(d) || ts.isEnumDeclaration(d)) {
        throw new SdkRenderError(
          name,
          `${ts.SyntaxKind[d.kind]} declarations are not supported (line ${lineOf(sourceFile, d)})`,
        );
      }
    }
    symbols.push({ name, localName, kind: primaryKind(name, declarations), declarations, module: modules.get(name) });
  }
  symbols.sort((a, b) => a.name.localeCompare(b.name, 'en'));
  const localToExported = new Map([...exportedLocal]);
  return { sourceFile, symbols, localToExported, imports };
}

export function lineOf(sf: ts.SourceFile, node: ts.Node): number {
  return sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1;
}

function hasExportModifier(stmt: ts.Statement): boolean {
  return ts.canHaveModifiers(stmt) && (ts.getModifiers(stmt) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
}

function declaredNames(stmt: ts.Statement): [string, ts.Declaration][] {
  if (
    ts.isClassDeclaration(stmt) ||
    ts.isInterfaceDeclaration(stmt) ||
    ts.isTypeAliasDeclaration(stmt) ||
    ts.isFunctionDeclaration(stmt) ||
    ts.isEnumDeclaration(stmt) ||
    ts.isModuleDeclaration(stmt)
  ) {
    return stmt.name && ts.isIdentifier(stmt.name) ? [[stmt.name.text, stmt]] : [];
  }
  if (ts.isVariableStatement(stmt)) {
    return stmt.declarationList.declarations
      .filter((d) => ts.isIdentifier(d.name))
      .map((d) => [(d.name as ts.Identifier).text, d]);
  }
  return [];
}

function primaryKind(name: string, decls: ts.Declaration[]): SymbolKind {
  const kinds = decls.map((d): SymbolKind => {
    if (ts.isClassDeclaration(d)) return 'class';
    if (ts.isInterfaceDeclaration(d)) return 'interface';
    if (ts.isTypeAliasDeclaration(d)) return 'type';
    if (ts.isFunctionDeclaration(d)) return 'function';
    if (ts.isVariableDeclaration(d)) return 'variable';
    throw new SdkRenderError(name, `unsupported declaration kind ${ts.SyntaxKind[d.kind]}`);
  });
  return KIND_ORDER.find((k) => kinds.includes(k))!;
}

/**
 * Maps each exported name to the package source file that declares it, using the sources the
 * package's own source map embeds (`sourcesContent`).
 */
export function modulesFromSourceMap(mapPath: string): Map<string, string> {
  const map = JSON.parse(fs.readFileSync(mapPath, 'utf8')) as { sources: string[]; sourcesContent?: string[] };
  const result = new Map<string, string>();
  const re =
    /export\s+(?:declare\s+)?(?:default\s+)?(?:abstract\s+)?(?:async\s+)?(?:function\*?|class|interface|type|const|let|var|enum)\s+([A-Za-z_$][\w$]*)/g;
  map.sources.forEach((source, i) => {
    if (source.includes('node_modules')) return;
    const content = map.sourcesContent?.[i];
    if (!content) return;
    const module = source.replace(/^(\.\.\/)+src\//, '');
    for (const m of content.matchAll(re)) {
      if (!result.has(m[1])) result.set(m[1], module);
    }
  });
  return result;
}
