/**
 * Trims what every page's JavaScript carries, without changing what any page renders.
 *
 * - Route table: Docusaurus describes each route to the browser three times (routes.js,
 *   routesChunkNames.json, registry.js) and the webpack runtime adds two tables per chunk (name
 *   -> id, id -> content hash). The client copy of routes.js is rewritten (./routes-loader.js) to
 *   hold each route's loaders directly, with a matching ComponentCreator
 *   (./component-creator.js); the other two files drop out of the client bundle.
 * - Chunk file names carry the build's hash, not each chunk's: the runtime then needs no
 *   id -> hash table (one entry per page). The cost is cache reuse across deploys: after a
 *   deploy, a returning reader downloads the chunks again, as a first-time reader does.
 * - Prefetching: core's client `docusaurus.js` is swapped for ./docusaurus-client.js, which loads
 *   a linked page's chunks on intent (pointer or touch on the link), never for every link in view.
 * - tslib: only the helpers the bundle uses (see ./tslib-client.mjs).
 * - Referrer policy: the `no-referrer` meta tag goes into each page's HTML from here, not
 *   through siteConfig (see REFERRER_POLICY_TAG).
 *
 * The server bundle is left as it is: it renders the HTML and reports the modules each page uses.
 */
import path from 'node:path';
import type { Plugin } from '@docusaurus/types';
import { loadersInCache } from '../loader-cache';

const CORE_CLIENT = /[\\/]@docusaurus[\\/]core[\\/]lib[\\/]client[\\/]/.source;

/**
 * No page sends a Referer. The tools keep what a reader typed in the page address (see
 * src/components/tools/url-state.ts); without this, requests a tool page makes (its
 * definitions, the logo, the worker script) would carry that address to the server as
 * `Referer`, and links would hand it to other sites. The site reads no Referer itself.
 *
 * Injected here rather than through `headTags` in docusaurus.config.ts, which is part of the
 * siteConfig serialized into every page's JavaScript (a plugin of its own would add an entry to
 * that list too): this way the tag is in the HTML and the JavaScript is unchanged.
 */
export const REFERRER_POLICY_TAG = { tagName: 'meta', attributes: { name: 'referrer', content: 'no-referrer' } };

/** Our replacements for core's client files, by the file they replace (see configureWebpack). */
const REPLACEMENTS: [upstream: string, ours: string][] = [
  ['docusaurus\\.js', path.join(__dirname, 'docusaurus-client.js')],
  ['exports[\\\\/]ComponentCreator\\.js', path.join(__dirname, 'component-creator.js')],
];

/**
 * Fails the client production build when a replacement matched nothing: after a Docusaurus
 * upgrade that moves one of core's client files, the stock file would be bundled instead, and the
 * pages would crash or prefetch again in the browser only (patches/manifest.json lists what each
 * relies on).
 */
class AssertReplacementsApplied {
  apply(compiler: { hooks: { afterCompile: { tap(name: string, fn: (compilation: Compilation) => void): void } } }) {
    compiler.hooks.afterCompile.tap('client-bundle', (compilation) => {
      const bundled = new Set(compilation.fileDependencies);
      const missing = REPLACEMENTS.map(([, ours]) => ours).filter((ours) => !bundled.has(ours));
      if (missing.length > 0) {
        throw new Error(
          `client-bundle: ${missing.map((f) => path.basename(f)).join(', ')} replaced no module of @docusaurus/core/lib/client; core's files moved (see patches/manifest.json)`,
        );
      }
    });
  }
}

interface Compilation {
  fileDependencies: Iterable<string>;
}

export default function clientBundlePlugin(): Plugin {
  return {
    name: 'client-bundle',
    injectHtmlTags() {
      return { headTags: [REFERRER_POLICY_TAG] };
    },
    configureWebpack(config, isServer, utils) {
      if (isServer) return {};
      const { NormalModuleReplacementPlugin } = utils.currentBundler.instance;
      const routesLoader = path.join(__dirname, 'routes-loader.js');
      return {
        ...loadersInCache(config, [routesLoader]),
        output: { chunkFilename: 'assets/js/[id].[fullhash:8].js' },
        plugins: [
          ...REPLACEMENTS.map(
            ([upstream, ours]) => new NormalModuleReplacementPlugin(new RegExp(`${CORE_CLIENT}${upstream}$`), ours),
          ),
          // Production only: the development server compiles modules lazily, as pages ask for them.
          ...(config.mode === 'production' ? [new AssertReplacementsApplied()] : []),
        ],
        resolve: { alias: { tslib$: path.join(__dirname, 'tslib-client.mjs') } },
        module: {
          rules: [
            {
              test: /[\\/]\.docusaurus[\\/]routes\.js$/,
              use: [{ loader: routesLoader }],
            },
          ],
        },
      };
    },
  };
}
