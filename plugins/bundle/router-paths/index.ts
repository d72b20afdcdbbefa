/**
 * Makes react-router match routes with the path-to-regexp it was written for.
 *
 * Docusaurus resolves bundle imports from `@docusaurus/core/node_modules` first. Core keeps its
 * own path-to-regexp 3 there, so react-router 5, which needs path-to-regexp 1, got version 3 in
 * both bundles. Version 3 does not read `*` as "anything", so the catch-all route never matched:
 * build/404.html had an empty body and an unknown URL rendered a blank page. Pinning the import
 * to the site's copy (the one react-router's own dependency range resolves to) restores both.
 */
import path from 'node:path';
import type { Plugin } from '@docusaurus/types';

export default function routerPathsPlugin(context: { siteDir: string }): Plugin {
  const reactRouter = require.resolve('react-router', { paths: [context.siteDir] });
  const pathToRegexp = path.dirname(require.resolve('path-to-regexp/package.json', { paths: [reactRouter] }));
  return {
    name: 'router-paths',
    configureWebpack() {
      return { resolve: { alias: { 'path-to-regexp$': pathToRegexp } } };
    },
  };
}
