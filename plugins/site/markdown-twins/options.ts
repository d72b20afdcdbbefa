/**
 * Options for @signalwire/docusaurus-plugin-llms-txt, which converts each built HTML page into a
 * Markdown twin at `<route>.md`. They are passed to it from plugins/site/markdown-twins at build
 * time, not listed in the site config, so none of this ships to the browser.
 */
import type { PluginOptions } from '@signalwire/docusaurus-plugin-llms-txt';
import { rehypeCleanTwin, rehypeSiteRelativeLinks } from './rehype-clean-twin';

/** Options for a site served at `siteUrl` (the site config's `url`) under `baseUrl`. */
export const llmsTxtOptions = (siteUrl: string, baseUrl = '/'): PluginOptions => ({
  siteTitle: 'Medplum Docs',
  siteDescription: 'Guides and reference for building on the Medplum FHIR R4 platform.',
  depth: 2,
  // A page that cannot be converted is a bug, not something to skip.
  onRouteError: 'throw',
  logLevel: 0,
  content: {
    enableMarkdownFiles: true,
    // llms-full.txt is assembled in sidebar order by scripts/build-llms-txt.ts instead.
    enableLlmsFullTxt: false,
    // Absolute links (`/docs/search/basic-search.md`) resolve wherever the file is read from.
    relativePaths: false,
    includePages: true,
    includeGeneratedIndex: false,
    excludeRoutes: ['/404', '/search'],
    contentSelectors: ['.theme-doc-markdown', 'main'],
    // Compact tables: padded, aligned columns make wide reference tables several times larger.
    remarkGfm: { tablePipeAlign: false, tableCellPadding: false },
    beforeDefaultRehypePlugins: [rehypeCleanTwin],
    // The plugin writes absolute links as full URLs; keep them site-relative (`<base>docs/x.md`) so
    // they resolve on whatever host serves the site.
    rehypePlugins: [rehypeSiteRelativeLinks(siteUrl, baseUrl)],
  },
});
