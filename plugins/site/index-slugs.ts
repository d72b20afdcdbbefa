/**
 * Gives every folder index page (docs/<dir>/index.mdx) the slug `/<dir>`, without the trailing
 * slash Docusaurus would otherwise give it. With `trailingSlash: false` the route is `/docs/<dir>`
 * but the docs plugin keeps `/docs/<dir>/` as the doc's path, so the navbar could not tell which
 * sidebar an index page belongs to (no active "Docs"/"Reference" item on /docs/api or /docs/auth).
 */
import path from 'node:path';
import type { ParseFrontMatter } from '@docusaurus/types';

export function indexSlugFrontMatter(docsDir: string): ParseFrontMatter {
  return async (params) => {
    const result = await params.defaultParseFrontMatter(params);
    const rel = path.relative(docsDir, params.filePath);
    const isDocsFile = !rel.startsWith('..') && !path.isAbsolute(rel);
    const match = /^(.+)[\\/]index\.mdx?$/.exec(rel);
    if (isDocsFile && match && result.frontMatter.slug === undefined) {
      result.frontMatter.slug = `/${match[1].split(path.sep).join('/')}`;
    }
    return result;
  };
}
