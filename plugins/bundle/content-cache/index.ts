/**
 * Keys Rspack's persistent cache (Docusaurus `future.faster`) to the files the remark plugins read
 * besides the page itself: the troubleshooting catalogue (docs/troubleshooting/entries/*.yaml,
 * rendered into the catalogue pages and into the "Errors and symptoms" list of every guide an entry
 * names) and the example code and recordings (examples/, pulled into pages by region). Rspack
 * tracks only a module's own source, so after a catalogue entry was added, a build reused the
 * catalogue page compiled before it while the guide pages linked to the new entry's anchor, and
 * the build failed with a broken anchor until the cache was deleted. The catalogue pages also show
 * the title of every guide an entry names (its front matter `title`, as link text), so those
 * titles count too. Their content hash is added to the cache's version, so a change to any of them
 * starts the cache afresh (one slower build).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from '@docusaurus/types';
import { loadCatalogue, seeTitleOf } from '../../markdown/remark-troubleshooting/catalogue';

type Configuration = Parameters<NonNullable<Plugin['configureWebpack']>>[0];

/** The files, below `siteDir`, whose content the remark plugins copy into pages. */
export const CONTENT_DIRS = ['docs/troubleshooting/entries', 'examples'];

/** Every file below `dir`, sorted, as paths relative to `siteDir`. */
function filesBelow(siteDir: string, dir: string): string[] {
  const root = path.join(siteDir, dir);
  if (!fs.existsSync(root)) return [];
  return fs
    .readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(siteDir, path.join(entry.parentPath, entry.name)))
    .sort();
}

/**
 * The guide pages the catalogue links to, each with its title (seeTitleOf): the catalogue pages show
 * the title as link text (remark-troubleshooting `titleOf`), so a renamed guide changes them. A
 * catalogue that does not load gives none here; remark-troubleshooting fails the build with its
 * file and line.
 */
export function linkedPages(siteDir: string): string[] {
  let routes: string[];
  try {
    routes = [...loadCatalogue(siteDir).groups.values()].flat().flatMap((entry) => entry.see);
  } catch {
    return [];
  }
  const docsDir = path.join(siteDir, 'docs');
  return [...new Set(routes)].sort().map((route) => {
    let title: string | undefined;
    try {
      title = seeTitleOf(docsDir, route);
    } catch {
      title = undefined;
    }
    return [route, title ?? ''].join('\0');
  });
}

/** One hash of the names and contents of every file in `dirs`, and of the pages the catalogue links to. */
export function contentHash(siteDir: string, dirs: string[] = CONTENT_DIRS): string {
  const hash = crypto.createHash('sha256');
  for (const page of linkedPages(siteDir)) hash.update(page).update('\0');
  for (const dir of dirs) {
    for (const file of filesBelow(siteDir, dir)) {
      hash
        .update(file)
        .update('\0')
        .update(fs.readFileSync(path.join(siteDir, file)))
        .update('\0');
    }
  }
  return hash.digest('hex').slice(0, 16);
}

/** The cache setting that adds `hash` to the persistent cache's version; nothing when that cache is off. */
export function cacheVersionWith(config: Configuration, hash: string): Configuration {
  const cache = (config.experiments as { cache?: { type?: string; version?: string } } | undefined)?.cache;
  // DOCUSAURUS_NO_PERSISTENT_CACHE leaves the cache off, and then there is nothing to key.
  if (!cache || typeof cache !== 'object' || cache.type !== 'persistent') return {};
  return { experiments: { cache: { version: `${cache.version ?? ''}-content-${hash}` } } } as Configuration;
}

export default function contentCachePlugin(context: { siteDir: string }): Plugin {
  // The client and server compilers both ask; the files are read once per build.
  let hash: string | undefined;
  return {
    name: 'content-cache',
    configureWebpack(config) {
      hash ??= contentHash(context.siteDir);
      return cacheVersionWith(config, hash);
    },
  };
}
