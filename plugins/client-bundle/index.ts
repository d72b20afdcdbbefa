/**
 * Trims what every page's JavaScript carries, without changing what any page renders.
 *
 * - Route registry: Docusaurus generates `.docusaurus/registry.js` with, for each route module,
 *   its loader, its source path (e.g. "@site/docs/search/index.mdx") and its webpack id. The
 *   browser never reads the source path (react-loadable reports it only while rendering on the
 *   server), so the client bundle gets the registry without it: one string fewer per page.
 * - Route module keys: the 8-hex keys Docusaurus derives from module paths (in the registry, in
 *   routesChunkNames and as chunk names in the runtime) become 1-2 character ones.
 * - Chunk files are named by chunk id, so the runtime's chunk-filename function needs no
 *   id-to-name table (one entry per page); prefetching still finds chunks by name through
 *   Docusaurus's own name-to-id table (`__webpack_require__.gca`).
 * - Prefetching: core's client `docusaurus.js` is swapped for ./docusaurus-client.js, which
 *   indexes the route table once and prefetches each chunk file once (see that file).
 * - tslib: only the helpers the bundle uses (see ./tslib-client.mjs).
 *
 * The server bundle is left as it is: it renders the HTML and reports the modules each page uses.
 */
import path from 'node:path';
import type { Plugin } from '@docusaurus/types';

export default function clientBundlePlugin(): Plugin {
  return {
    name: 'client-bundle',
    configureWebpack(_config, isServer, utils) {
      if (isServer) return {};
      const { NormalModuleReplacementPlugin } = utils.currentBundler.instance;
      return {
        output: { chunkFilename: 'assets/js/[id].[contenthash:8].js' },
        plugins: [
          new NormalModuleReplacementPlugin(
            /[\\/]@docusaurus[\\/]core[\\/]lib[\\/]client[\\/]docusaurus\.js$/,
            path.join(__dirname, 'docusaurus-client.js'),
          ),
        ],
        resolve: { alias: { tslib$: path.join(__dirname, 'tslib-client.mjs') } },
        module: {
          rules: [
            {
              test: /[\\/]\.docusaurus[\\/](registry\.js|routesChunkNames\.json)$/,
              use: [{ loader: path.join(__dirname, 'registry-loader.js') }],
            },
          ],
        },
      };
    },
  };
}
