/**
 * Replaces `@docusaurus/core/lib/client/docusaurus.js` in the client bundle (see ./index.ts).
 * Same API (`window.docusaurus.prefetch/preload`), two changes to prefetching, which
 * `<Link>` calls for every link that scrolls into view:
 * - the route -> chunk names table is indexed once, instead of scanning every route's entry for
 *   each link (hundreds of links x hundreds of routes made a long task on big pages);
 * - each chunk file is prefetched once per page life, instead of once per link that needs it
 *   (the same few layout chunks were requested hundreds of times).
 */
import { matchRoutes } from 'react-router-config';
import routesChunkNames from '@generated/routesChunkNames';
import routes from '@generated/routes';
import prefetchHelper from '@docusaurus/core/lib/client/prefetch';
import preloadHelper from '@docusaurus/core/lib/client/preload';
import flat from '@docusaurus/core/lib/client/flat';

const fetched = new Set();
const loaded = new Set();
const prefetchedAssets = new Set();

const isSlowConnection = () => navigator.connection?.effectiveType.includes('2g') || navigator.connection?.saveData;
const canPrefetch = (routePath) => !isSlowConnection() && !loaded.has(routePath) && !fetched.has(routePath);
const canPreload = (routePath) => !isSlowConnection() && !loaded.has(routePath);

/** Route path -> chunk names; keys of routesChunkNames are "<path>-<hash>". */
let chunkNamesByPath;
function getChunkNamesToLoad(path) {
  if (!chunkNamesByPath) {
    chunkNamesByPath = new Map();
    for (const [routeNameWithHash, routeChunks] of Object.entries(routesChunkNames)) {
      const routePath = routeNameWithHash.replace(/-[^-]+$/, '');
      const names = chunkNamesByPath.get(routePath) ?? [];
      names.push(...Object.values(flat(routeChunks)));
      chunkNamesByPath.set(routePath, names);
    }
  }
  return chunkNamesByPath.get(path) ?? [];
}

const prefetch = (routePath) => {
  if (!canPrefetch(routePath)) return false;
  fetched.add(routePath);
  const matches = matchRoutes(routes, routePath);
  const chunkNamesNeeded = matches.flatMap((match) => getChunkNamesToLoad(match.route.path));
  return Promise.all(
    chunkNamesNeeded.map((chunkName) => {
      // Injected by Docusaurus's ChunkAssetPlugin: chunk name -> asset URL.
      // eslint-disable-next-line camelcase, no-undef
      const chunkAsset = __webpack_require__.gca(chunkName);
      if (!chunkAsset || chunkAsset.includes('undefined') || prefetchedAssets.has(chunkAsset)) {
        return Promise.resolve();
      }
      prefetchedAssets.add(chunkAsset);
      return prefetchHelper(chunkAsset);
    }),
  );
};

const preload = (routePath) => {
  if (!canPreload(routePath)) return false;
  loaded.add(routePath);
  return preloadHelper(routePath);
};

export default Object.freeze({ prefetch, preload });
