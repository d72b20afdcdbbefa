/**
 * Replaces `@docusaurus/core/lib/client/docusaurus.js` in the client bundle (see ./index.ts).
 * Same API (`window.docusaurus.prefetch/preload`), different policy: pages load on intent only.
 *
 * Stock `<Link>` calls `prefetch` for every link that scrolls into view. With a sidebar of
 * hundreds of pages that is dozens of calls at load, each matching the route table and adding
 * `<link rel=prefetch>` elements, on the main thread while the page is still starting (the load-time
 * profile of a guide page showed it as one of the largest costs after hydration). Here
 * `prefetch` does nothing. `<Link>` still calls `preload` when the pointer enters a link or a
 * finger touches it, which fetches the next page's chunks in the moment before the click lands;
 * readers who navigate by keyboard get the page when they press Enter, as they would on any
 * multi-page site.
 */
import preloadHelper from '@docusaurus/core/lib/client/preload';

const loaded = new Set();

const isSlowConnection = () => navigator.connection?.effectiveType.includes('2g') || navigator.connection?.saveData;
const canPreload = (routePath) => !isSlowConnection() && !loaded.has(routePath);

/** Called for each link that comes into view: intentionally nothing (see above). */
const prefetch = () => false;

const preload = (routePath) => {
  if (!canPreload(routePath)) return false;
  loaded.add(routePath);
  return preloadHelper(routePath);
};

export default Object.freeze({ prefetch, preload });
