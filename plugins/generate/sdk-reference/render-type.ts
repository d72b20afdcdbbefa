/**
 * Renders TypeScript type nodes as inline mdast nodes: runs of inline code, with each named type
 * that has a page turned into a link around its code. The type's text stays inside inline code
 * nodes, so nothing in a type can be read as Markdown or JSX.
 */
import type { PhrasingContent } from 'mdast';
import ts from 'typescript';
import { inlineCode, link } from '../mdast';
import { SdkRenderError } from './model';

interface Token {
  text: string;
  href?: string;
}

/** Finds the page for a type name used in the declaration file, or undefined. */
export type TypeLinker = (name: string) => string | undefined;

export interface TypeRenderContext {
  sf: ts.SourceFile;
  link: TypeLinker;
  /** The symbol being documented, named in errors. */
  symbol: string;
}

/** Inline nodes for a type node. Throws SdkRenderError on a node kind it does not understand. */
export function renderType(node: ts.TypeNode | undefined, ctx: TypeRenderContext): PhrasingContent[] {
  if (!node) return [inlineCode('any')];
  const tokens: Token[] = [];
  walk(node, ctx, tokens);
  return toNodes(tokens);
}

function flat(node: ts.Node, sf: ts.SourceFile): string {
  return node.getText(sf).replace(/\s+/g, ' ');
}

/** A named type, linked when it has a page, followed by its type arguments: `Name<A, B>`. */
function namedType(
  name: string,
  typeArguments: ts.NodeArray<ts.TypeNode> | undefined,
  ctx: TypeRenderContext,
  out: Token[],
): void {
  const href = ctx.link(name);
  out.push(href ? { text: name, href } : { text: name });
  if (!typeArguments?.length) return;
  out.push({ text: '<' });
  typeArguments.forEach((arg, i) => {
    if (i > 0) out.push({ text: ', ' });
    walk(arg, ctx, out);
  });
  out.push({ text: '>' });
}

function walk(node: ts.TypeNode, ctx: TypeRenderContext, out: Token[]): void {
  const text = (t: string): void => {
    out.push({ text: t });
  };
  switch (node.kind) {
    case ts.SyntaxKind.AnyKeyword:
    case ts.SyntaxKind.UnknownKeyword:
    case ts.SyntaxKind.NumberKeyword:
    case ts.SyntaxKind.BigIntKeyword:
    case ts.SyntaxKind.ObjectKeyword:
    case ts.SyntaxKind.BooleanKeyword:
    case ts.SyntaxKind.StringKeyword:
    case ts.SyntaxKind.SymbolKeyword:
    case ts.SyntaxKind.VoidKeyword:
    case ts.SyntaxKind.UndefinedKeyword:
    case ts.SyntaxKind.NeverKeyword:
    case ts.SyntaxKind.NullKeyword:
    case ts.SyntaxKind.ThisType:
    case ts.SyntaxKind.LiteralType:
    case ts.SyntaxKind.TemplateLiteralType:
    case ts.SyntaxKind.TypeQuery:
    case ts.SyntaxKind.ImportType:
    case ts.SyntaxKind.InferType:
      text(flat(node, ctx.sf));
      return;
    case ts.SyntaxKind.TypeReference: {
      const ref = node as ts.TypeReferenceNode;
      namedType(ref.typeName.getText(ctx.sf), ref.typeArguments, ctx, out);
      return;
    }
    case ts.SyntaxKind.ExpressionWithTypeArguments: {
      const ref = node as ts.ExpressionWithTypeArguments;
      namedType(ref.expression.getText(ctx.sf), ref.typeArguments, ctx, out);
      return;
    }
    case ts.SyntaxKind.UnionType:
    case ts.SyntaxKind.IntersectionType: {
      const sep = node.kind === ts.SyntaxKind.UnionType ? ' | ' : ' & ';
      (node as ts.UnionTypeNode).types.forEach((t, i) => {
        if (i > 0) text(sep);
        walk(t, ctx, out);
      });
      return;
    }
    case ts.SyntaxKind.ArrayType: {
      const el = (node as ts.ArrayTypeNode).elementType;
      const paren = ts.isUnionTypeNode(el) || ts.isIntersectionTypeNode(el) || ts.isFunctionTypeNode(el);
      if (paren) text('(');
      walk(el, ctx, out);
      text(paren ? ')[]' : '[]');
      return;
    }
    case ts.SyntaxKind.ParenthesizedType:
      text('(');
      walk((node as ts.ParenthesizedTypeNode).type, ctx, out);
      text(')');
      return;
    case ts.SyntaxKind.TypeOperator: {
      const op = node as ts.TypeOperatorNode;
      text(`${ts.tokenToString(op.operator)} `);
      walk(op.type, ctx, out);
      return;
    }
    case ts.SyntaxKind.TupleType: {
      text('[');
      (node as ts.TupleTypeNode).elements.forEach((el, i) => {
        if (i > 0) text(', ');
        walk(el, ctx, out);
      });
      text(']');
      return;
    }
    case ts.SyntaxKind.NamedTupleMember: {
      const m = node as ts.NamedTupleMember;
      text(`${m.dotDotDotToken ? '...' : ''}${m.name.text}${m.questionToken ? '?' : ''}: `);
      walk(m.type, ctx, out);
      return;
    }
    case ts.SyntaxKind.OptionalType:
      walk((node as ts.OptionalTypeNode).type, ctx, out);
      text('?');
      return;
    case ts.SyntaxKind.RestType:
      text('...');
      walk((node as ts.RestTypeNode).type, ctx, out);
      return;
    case ts.SyntaxKind.IndexedAccessType: {
      const ia = node as ts.IndexedAccessTypeNode;
      walk(ia.objectType, ctx, out);
      text('[');
      walk(ia.indexType, ctx, out);
      text(']');
      return;
    }
    case ts.SyntaxKind.TypePredicate: {
      const tp = node as ts.TypePredicateNode;
      text(`${tp.assertsModifier ? 'asserts ' : ''}${tp.parameterName.getText(ctx.sf)}`);
      if (tp.type) {
        text(' is ');
        walk(tp.type, ctx, out);
      }
      return;
    }
    case ts.SyntaxKind.FunctionType:
    case ts.SyntaxKind.ConstructorType: {
      const fn = node as ts.FunctionTypeNode;
      if (node.kind === ts.SyntaxKind.ConstructorType) text('new ');
      if (fn.typeParameters?.length) text(`<${fn.typeParameters.map((p) => flat(p, ctx.sf)).join(', ')}>`);
      text('(');
      fn.parameters.forEach((p, i) => {
        if (i > 0) text(', ');
        text(`${p.dotDotDotToken ? '...' : ''}${p.name.getText(ctx.sf)}${p.questionToken ? '?' : ''}: `);
        walk(p.type ?? ts.factory.createKeywordTypeNode(ts.SyntaxKind.AnyKeyword), ctx, out);
      });
      text(') => ');
      walk(fn.type, ctx, out);
      return;
    }
    case ts.SyntaxKind.TypeLiteral:
    case ts.SyntaxKind.MappedType:
    case ts.SyntaxKind.ConditionalType: {
      // Shown as written; the named types inside are linked by the members table where one exists.
      const src = flat(node, ctx.sf);
      text(src.length > 160 ? `${src.slice(0, 157)}...` : src);
      return;
    }
    default:
      throw new SdkRenderError(
        ctx.symbol,
        `unsupported type syntax ${ts.SyntaxKind[node.kind]} \`${flat(node, ctx.sf)}\` at line ${
          ctx.sf.getLineAndCharacterOfPosition(node.getStart(ctx.sf)).line + 1
        }`,
      );
  }
}

function toNodes(tokens: Token[]): PhrasingContent[] {
  const merged: Token[] = [];
  for (const t of tokens) {
    const last = merged[merged.length - 1];
    if (!t.href && last && !last.href) last.text += t.text;
    else merged.push({ ...t });
  }
  return merged.map((t) => (t.href ? link(t.href, inlineCode(t.text)) : inlineCode(t.text)));
}
