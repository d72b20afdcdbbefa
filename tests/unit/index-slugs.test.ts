import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import type { DefaultParseFrontMatter } from '@docusaurus/types';
import { indexSlugFrontMatter } from '../../plugins/site/index-slugs';

const parse: DefaultParseFrontMatter = async ({ fileContent }) => ({
  frontMatter: fileContent.includes('slug:') ? { slug: '/custom' } : {},
  content: '',
});

const docs = path.join('/site', 'docs');
const run = (file: string, content = '') =>
  indexSlugFrontMatter(docs)({
    filePath: path.join('/site', file),
    fileContent: content,
    defaultParseFrontMatter: parse,
  });

test('folder index pages get a slug without a trailing slash', async () => {
  assert.equal((await run('docs/auth/index.mdx')).frontMatter.slug, '/auth');
  assert.equal((await run('docs/auth/methods/index.md')).frontMatter.slug, '/auth/methods');
});

test('other pages, explicit slugs and files outside docs/ are left alone', async () => {
  assert.equal((await run('docs/auth/logout.mdx')).frontMatter.slug, undefined);
  assert.equal((await run('docs/api/index.mdx', 'slug: /x')).frontMatter.slug, '/custom');
  assert.equal((await run('docs/index.mdx')).frontMatter.slug, undefined);
  assert.equal((await run('src/pages/x/index.mdx')).frontMatter.slug, undefined);
});
