/**
 * Code blocks are coloured at build time (Shiki, through its rehype plugin) and reach the reader
 * as static HTML, so no highlighter ships to the browser. Both colour modes come out of one pass:
 * each token carries its light colour and a `--shiki-dark` variable that src/css/custom.css
 * switches to in dark mode. The GitHub "default" themes keep comments and strings at WCAG AA
 * contrast on their own backgrounds (checked by axe in tests/browser/accessibility.test.ts).
 */
import path from 'node:path';
import type { Plugin } from '@docusaurus/types';
import rehypeShiki, { type RehypeShikiOptions } from '@shikijs/rehype';

export const CODE_LANGUAGES = [
  'ts',
  'tsx',
  'typescript',
  'js',
  'jsx',
  'json',
  'bash',
  'shell',
  'http',
  'python',
  'yaml',
  'html',
  'css',
  'diff',
  'csharp',
] as const;

export const shikiOptions: RehypeShikiOptions = {
  themes: { light: 'github-light-default', dark: 'github-dark-default' },
  langs: [...CODE_LANGUAGES],
  // Blocks without a language (or with one not listed) are still wrapped, uncoloured.
  defaultLanguage: 'text',
  fallbackLanguage: 'text',
  // `language-ts` on <code>: the Markdown twins (plugins/site/markdown-twins) read it to fence the block.
  addLanguageClass: true,
};

/**
 * The rehype plugin with its options bound. Passing `[plugin, options]` to the docs plugin would
 * put the options into siteConfig, which Docusaurus serializes into every page's JavaScript.
 */
export function rehypeCodeHighlight(this: unknown) {
  return (rehypeShiki as unknown as (this: unknown, options: RehypeShikiOptions) => unknown).call(this, shikiOptions);
}

/**
 * Replaces `prism-react-renderer` in the browser bundle with a stub: theme-classic's Prism client
 * module still imports it, but with build-time highlighting no code reads it.
 */
export function prismStubPlugin(): Plugin {
  return {
    name: 'prism-stub',
    configureWebpack(_config, isServer) {
      return isServer ? {} : { resolve: { alias: { 'prism-react-renderer$': path.join(__dirname, 'prism-stub.js') } } };
    },
  };
}
