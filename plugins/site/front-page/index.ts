/**
 * The front page (the base URL, `/` by default) as a route whose data is computed at build time from the docs that exist,
 * so it grows with the areas and ships only its own small JSON, to itself alone.
 */
import path from 'node:path';
import type { LoadContext, Plugin } from '@docusaurus/types';
import { buildFrontPage } from './goals';

export default function frontPage(context: LoadContext): Plugin {
  return {
    name: 'front-page',
    // `@theme/FrontPage`: the route's component.
    getThemePath() {
      return path.join(__dirname, 'theme');
    },
    async allContentLoaded({ allContent, actions }) {
      const docsContent = allContent['docusaurus-plugin-content-docs']?.default as
        | { loadedVersions: { docs: { id: string; title: string; description: string; permalink: string }[] }[] }
        | undefined;
      const docs = docsContent?.loadedVersions[0]?.docs ?? [];
      const data = await actions.createData('front-page.json', JSON.stringify(buildFrontPage(docs)));
      // The front page is the base itself (`/`, or `/medplum-docs/` under a path).
      actions.addRoute({
        path: context.baseUrl,
        exact: true,
        component: '@theme/FrontPage',
        modules: { data },
      });
    },
  };
}
