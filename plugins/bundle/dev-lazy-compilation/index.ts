/**
 * `npm start` compiles a page's code when the page is first opened, not every page up front.
 *
 * The site has about 750 pages; compiling every page's MDX before the development server answered
 * took over a minute on two cores. Rspack's lazy compilation builds a dynamic import (each route's
 * page chunk) on its first request instead. Docusaurus runs the development server with
 * webpack-dev-server, which does not wire Rspack's lazy-compilation endpoint, so this plugin adds
 * Rspack's own middleware for it (a declared patch: patches/manifest.json, `dev-lazy-compilation`).
 * Production builds are untouched.
 */
import type { Plugin } from '@docusaurus/types';

interface Middleware {
  name?: string;
  middleware: unknown;
}

export default function devLazyCompilation(): Plugin {
  return {
    name: 'dev-lazy-compilation',
    configureWebpack(config, isServer, utils) {
      if (isServer || config.mode === 'production' || utils.currentBundler.name !== 'rspack') return {};
      const rspack = utils.currentBundler.instance as unknown as {
        lazyCompilationMiddleware(compiler: unknown): unknown;
      };
      return {
        lazyCompilation: { entries: false, imports: true },
        devServer: {
          // Docusaurus merges this devServer object into its own with webpack-merge, which calls
          // both setupMiddlewares functions with the same list and concatenates what they return.
          // So the middleware goes into that list, and this function returns nothing more to add.
          setupMiddlewares: (middlewares: Middleware[], devServer: { compiler: unknown }) => {
            middlewares.unshift({
              name: 'rspack-lazy-compilation',
              middleware: rspack.lazyCompilationMiddleware(devServer.compiler),
            });
            return [];
          },
        },
      } as never;
    },
  };
}
