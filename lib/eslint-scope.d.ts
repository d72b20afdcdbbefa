// Types for eslint-scope, which ships none: the part lib/mdx-compile.ts calls. The scope objects it
// returns are the ones ESLint's own types describe.
declare module 'eslint-scope' {
  import type { Scope } from 'eslint';
  import type * as ESTree from 'estree';

  export function analyze(
    ast: ESTree.Program,
    options?: { ecmaVersion?: number; sourceType?: 'script' | 'module' | 'commonjs' },
  ): Scope.ScopeManager;
}
