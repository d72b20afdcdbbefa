/**
 * Search in `npm start`: the production index is built from the rendered HTML after a build,
 * which the development server never does. This plugin indexes the docs' source text with
 * Pagefind whenever the docs are (re)loaded, and writes the index where the development server
 * serves static files, so the same search box works while a page is being written.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import type { LoadContext, Plugin } from '@docusaurus/types';
import { generated } from '../../generate/registry';

/** Folder (relative to the site) whose `pagefind/` the dev server serves at `<baseUrl>pagefind/`. */
export const DEV_SEARCH_DIR = generated('dev-search').outDir;

interface LoadedDoc {
  title: string;
  permalink: string;
  source: string;
}

export default function devSearch(context: LoadContext): Plugin {
  const workDir = path.join(context.siteDir, DEV_SEARCH_DIR);
  return {
    name: 'dev-search',
    async allContentLoaded({ allContent }) {
      const docsContent = allContent['docusaurus-plugin-content-docs']?.default as
        | { loadedVersions: { docs: LoadedDoc[] }[] }
        | undefined;
      // Pagefind's client puts the base URL in front of each result (src/components/Search/pagefind.ts),
      // as it does for the production index of build/: the index holds paths below the base.
      const base = context.baseUrl.replace(/\/$/, '');
      const docs = (docsContent?.loadedVersions[0]?.docs ?? []).map((doc) => ({
        title: doc.title,
        permalink: doc.permalink.startsWith(`${base}/`) ? doc.permalink.slice(base.length) : doc.permalink,
        file: path.join(context.siteDir, doc.source.replace(/^@site\//, '')),
      }));
      const started = Date.now();
      const listFile = path.join(workDir, 'docs.json');
      fs.mkdirSync(workDir, { recursive: true });
      fs.writeFileSync(listFile, JSON.stringify(docs));
      const script = path.join(__dirname, 'write-index.mjs');
      await promisify(execFile)(process.execPath, [script, listFile, path.join(workDir, 'pagefind')]);
      console.log(`[dev-search] indexed ${docs.length} pages in ${Date.now() - started} ms`);
    },
  };
}
