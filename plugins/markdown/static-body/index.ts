/**
 * Pages without their body in JavaScript: the generated references and every guide whose body
 * has nothing interactive.
 *
 * Docusaurus ships every page twice: as HTML, and as the page's React tree in a JS chunk so the
 * page can hydrate and client-side navigation can render it. For most pages the tree is nothing
 * but static content (the MedplumClient page's chunk was 28 KB gzip), and hydrating it is work a
 * phone's CPU does for nothing (a guide's hydration walked every token of its coloured
 * code blocks). Here the client
 * build keeps only the page's metadata and table of contents; the body stays in the HTML:
 * - ./rehype.ts wraps a qualifying page's body in `<div data-static-body>` (server and client);
 * - ./loader.js (client only) replaces the compiled body with `<StaticBody>` (./theme/StaticBody,
 *   imported as `@theme/StaticBody` through this plugin's `getThemePath()`), which adopts the HTML
 *   already on the page at first load, and on client-side navigation fetches the page's own HTML
 *   file, same-origin, before it renders.
 * Links and copy buttons inside the body keep working through one delegated click handler.
 * `npm start` renders pages in the browser only, so there the body stays in JavaScript.
 */
import path from 'node:path';
import type { Plugin } from '@docusaurus/types';
import { loadersInCache } from '../../bundle/loader-cache';

export { rehypeStaticBody, staticBodyKey } from './rehype';

/**
 * Long static bodies draw their blocks only near the viewport (`content-visibility`, see
 * src/css/custom.css), with placeholder heights for the rest. A reader whose address has a
 * fragment at load gets every block drawn instead: with placeholders, an anchor near the end of a page was
 * scrolled to on a page still too short, and the blocks drawn next pushed the footer up the
 * screen. The mark is set at the start of `<body>`, before any block is parsed, so no block ever changes between the two
 * (switching a drawn block back to `content-visibility: auto` leaves it blank for a frame), and
 * it stays until the next full page load.
 */
export const ANCHOR_ARRIVAL_TAG = {
  tagName: 'script',
  innerHTML: `location.hash&&document.documentElement.setAttribute('data-arrived-on-anchor','')`,
};

export default function staticBodyPlugin(context: { siteDir: string }): Plugin {
  const docsDir = path.join(context.siteDir, 'docs');
  return {
    name: 'static-body',
    // `@theme/StaticBody`: the component the loader renders in place of a page's body.
    getThemePath() {
      return path.join(__dirname, 'theme');
    },
    injectHtmlTags() {
      return { preBodyTags: [ANCHOR_ARRIVAL_TAG] };
    },
    configureWebpack(config, isServer) {
      // The development server renders in the browser only: there is no server HTML to adopt.
      if (isServer || config.mode !== 'production') return {};
      const loader = path.join(__dirname, 'loader.js');
      return {
        ...loadersInCache(config, [loader]),
        module: {
          rules: [
            {
              test: /\.mdx?$/,
              include: [docsDir],
              enforce: 'post',
              use: [{ loader, options: { siteDir: context.siteDir } }],
            },
          ],
        },
      };
    },
  };
}
