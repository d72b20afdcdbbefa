/**
 * Replaces `@docusaurus/core/lib/client/docusaurus.js` in the client bundle (see ./index.ts).
 * Same API (`window.docusaurus.prefetch/preload`). `<Link>` calls prefetch for every link that
 * scrolls into view; here:
 * - a route's chunk files are found from its loaders (./component-creator.js), so the browser
 *   needs no table of chunk names and ids: each loader is called once with the bundler's chunk
 *   loading (`__webpack_require__.e`) swapped for a recorder, which notes the chunk ids and loads
 *   nothing;
 * - each chunk file is prefetched once per page life, instead of once per link that needs it
 *   (the same few layout chunks were requested hundreds of times).
 */
import { matchRoutes } from 'react-router-config';
import routes from '@generated/routes';
import prefetchHelper from '@docusaurus/core/lib/client/prefetch';
import preloadHelper from '@docusaurus/core/lib/client/preload';

const fetched = new Set();
const loaded = new Set();
const prefetchedAssets = new Set();

const isSlowConnection = () => navigator.connection?.effectiveType.includes('2g') || navigator.connection?.saveData;
const canPrefetch = (routePath) => !isSlowConnection() && !loaded.has(routePath) && !fetched.has(routePath);
const canPreload = (routePath) => !isSlowConnection() && !loaded.has(routePath);

/** The chunk ids a loader would load, without loading them. */
const chunkIdsByLoader = new WeakMap();
function chunkIdsOf(loader) {
  let ids = chunkIdsByLoader.get(loader);
  if (ids) return ids;
  ids = [];
  /* eslint-disable no-undef, camelcase */
  const load = __webpack_require__.e;
  __webpack_require__.e = (id) => {
    ids.push(id);
    return new Promise(() => {});
  };
  try {
    // A module already in the main bundle has no chunk; its loader resolves at once, harmlessly.
    loader();
  } finally {
    __webpack_require__.e = load;
  }
  chunkIdsByLoader.set(loader, ids);
  return ids;
}
const chunkUrl = (id) => __webpack_require__.p + __webpack_require__.u(id);
// The JSONP runtime's "is this chunk installed" check. Chunks already loaded, and chunks with no
// JS file of their own (CSS merged into the main stylesheet), are installed from the start.
const isInstalled = (id) => __webpack_require__.O?.j?.(id) === true;
/* eslint-enable no-undef, camelcase */

const prefetch = (routePath) => {
  if (!canPrefetch(routePath)) return false;
  fetched.add(routePath);
  const urls = matchRoutes(routes, routePath)
    .flatMap((match) => match.route.component.chunkLoaders ?? [])
    .flatMap((loader) => chunkIdsOf(loader).filter((id) => !isInstalled(id)).map(chunkUrl))
    .filter((url) => !prefetchedAssets.has(url));
  return Promise.all(
    [...new Set(urls)].map((url) => {
      prefetchedAssets.add(url);
      return prefetchHelper(url);
    }),
  );
};

const preload = (routePath) => {
  if (!canPreload(routePath)) return false;
  loaded.add(routePath);
  return preloadHelper(routePath);
};

export default Object.freeze({ prefetch, preload });
