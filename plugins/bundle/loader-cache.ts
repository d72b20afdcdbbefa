/**
 * Rspack's persistent cache (Docusaurus `future.faster`) reuses a compiled module until one of its
 * sources or of the cache's `buildDependencies` changes. Docusaurus lists its own files and the
 * site config there, with what they import; a webpack loader that a plugin names by its path is
 * imported by nothing, so an edited loader's old output kept being served from the cache (a fix to
 * the static-body loader did not reach the pages until the cache was deleted). A plugin adds its
 * loaders with this, merged into the config it returns from `configureWebpack`.
 */
import type { Plugin } from '@docusaurus/types';

type Configuration = Parameters<NonNullable<Plugin['configureWebpack']>>[0];

export function loadersInCache(config: Configuration, loaders: string[]): Configuration {
  const cache = (config.experiments as { cache?: { type?: string } } | undefined)?.cache;
  // Docusaurus turns the persistent cache on for builds and `npm start` alike; only
  // DOCUSAURUS_NO_PERSISTENT_CACHE leaves it off, and then there is nothing to add.
  if (!cache || typeof cache !== 'object' || cache.type !== 'persistent') return {};
  return { experiments: { cache: { buildDependencies: loaders } } } as Configuration;
}
