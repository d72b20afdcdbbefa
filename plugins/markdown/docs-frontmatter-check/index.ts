import path from 'node:path';
import type { LoadContext, Plugin } from '@docusaurus/types';
import { assertValidFrontmatter } from './check';

export interface Options {
  /** Folder of hand-written pages, relative to the site. */
  path: string;
  /** Folders below it that generators write; their pages are checked by the generators' tests. */
  generatedDirs: string[];
}

/** Fails `docusaurus start`/`build` on invalid front matter, naming each file and line. */
export default function docsFrontmatterCheck(context: LoadContext, options: unknown): Plugin {
  const { path: docsPath, generatedDirs } = options as Options;
  const docsDir = path.join(context.siteDir, docsPath);
  // Checked once here too, before any plugin loads content: the docs plugin's own YAML parser
  // would otherwise report a broken page first, without the file and line this check gives.
  assertValidFrontmatter(docsDir, generatedDirs);
  return {
    name: 'docs-frontmatter-check',
    async loadContent() {
      assertValidFrontmatter(docsDir, generatedDirs);
    },
    getPathsToWatch() {
      return [path.join(docsDir, '**/*.{md,mdx}')];
    },
  };
}
