import fs from 'node:fs';
import path from 'node:path';
import type { Config, PluginConfig } from '@docusaurus/types';
import type { Options as DocsOptions } from '@docusaurus/plugin-content-docs';
import type { Options as ThemeOptions } from '@docusaurus/theme-classic';
import type { UserThemeConfig } from '@docusaurus/theme-common';
import { spawnSync } from 'node:child_process';
import docsFrontmatterCheck from './plugins/markdown/docs-frontmatter-check';
import remarkExampleCode from './plugins/markdown/remark-example-code';
import remarkTroubleshooting from './plugins/markdown/remark-troubleshooting';
import remarkVerifiedLine from './plugins/markdown/remark-verified-line';
import remarkMermaidStatic from './plugins/markdown/mermaid-static';
import docsSlim from './plugins/bundle/docs-slim';
import { redirectsPlugin } from './plugins/site/redirects';
import { prismStubPlugin, rehypeCodeHighlight } from './plugins/markdown/code-highlight';
import clientBundlePlugin from './plugins/bundle/client-bundle';
import routerPaths from './plugins/bundle/router-paths';
import contentCache from './plugins/bundle/content-cache';
import staticBody, { rehypeStaticBody } from './plugins/markdown/static-body';
import examplePanels from './plugins/markdown/remark-example-code/panels';
import { docsSidebarItemsGenerator } from './sidebars/items-generator';
import { buildSidebars } from './sidebars/build';
import {
  GENERATED_DOC_DIRS,
  REDIRECTS,
  STRICT_BUILD,
  navSections,
  normalizeBaseUrl,
  normalizeSiteUrl,
} from './site.settings';
import { generatedRedirects } from './plugins/generate/generators';
import { withGeneratedPages } from './plugins/generate/plugin';
import { indexSlugFrontMatter } from './plugins/site/index-slugs';
import markdownTwins from './plugins/site/markdown-twins';
import frontPage from './plugins/site/front-page';
import robotsTxt from './plugins/site/robots-txt';
import bootOnIntent from './plugins/bundle/boot-on-intent';
import devSearch, { DEV_SEARCH_DIR } from './plugins/site/dev-search';
import devLazyCompilation from './plugins/bundle/dev-lazy-compilation';

const siteDir = __dirname;

/**
 * "Last updated" dates come from Git history. A build from a source archive (`git archive`, a
 * release tarball) has none, and the docs plugin fails there: such builds show no date.
 */
const hasGitHistory = spawnSync('git', ['rev-parse', '--is-inside-work-tree'], { cwd: siteDir }).status === 0;

/**
 * Plugins given as `[plugin, options]` put their options into siteConfig, which Docusaurus
 * serializes into every page's JavaScript. The example-code plugin's option is this machine's
 * absolute site path, so it is bound here instead.
 */
function remarkExampleCodeHere() {
  return remarkExampleCode({ siteDir });
}
function remarkTroubleshootingHere() {
  return remarkTroubleshooting({ siteDir, generatedDirs: GENERATED_DOC_DIRS });
}
function remarkVerifiedLineHere() {
  return remarkVerifiedLine({ docsDir: path.join(siteDir, 'docs'), generatedDirs: GENERATED_DOC_DIRS });
}
function remarkMermaidStaticHere() {
  return remarkMermaidStatic({ docsDir: path.join(siteDir, 'docs') });
}
function rehypeStaticBodyHere() {
  return rehypeStaticBody({ docsDir: path.join(siteDir, 'docs') });
}

// Where "Edit this page" points. Override with DOCS_REPO_URL when the repository moves.
const repoUrl = process.env.DOCS_REPO_URL ?? 'https://github.com/medplum/medplum-docs';

const docsOptions: DocsOptions = {
  path: 'docs',
  routeBasePath: 'docs',
  sidebarPath: './sidebars.ts',
  sidebarItemsGenerator: docsSidebarItemsGenerator,
  // Generated reference pages have no file in the repository to edit.
  editUrl: ({ docPath }) =>
    GENERATED_DOC_DIRS.some((dir) => docPath.startsWith(`${dir}/`))
      ? undefined
      : `${repoUrl}/edit/main/docs/${docPath}`,
  showLastUpdateTime: hasGitHistory,
  beforeDefaultRemarkPlugins: [remarkExampleCodeHere, remarkTroubleshootingHere, remarkVerifiedLineHere],
  rehypePlugins: [rehypeCodeHighlight, rehypeStaticBodyHere],
  breadcrumbs: true,
};

export default async function createConfig(): Promise<Config> {
  // The development server has no built HTML to index, so search gets an index of its own.
  const developing = process.argv.slice(2).includes('start');
  // Diagrams: drawn at build time into the HTML for a production build (plugins/markdown/mermaid-static);
  // the development server keeps theme-mermaid, which redraws a diagram as it is edited.
  const docs: DocsOptions = developing
    ? docsOptions
    : {
        ...docsOptions,
        beforeDefaultRemarkPlugins: [...(docsOptions.beforeDefaultRemarkPlugins ?? []), remarkMermaidStaticHere],
      };
  if (developing) fs.mkdirSync(path.join(siteDir, DEV_SEARCH_DIR), { recursive: true });
  // The navbar offers a sidebar only once it has pages (see sidebars/build.ts). Hand-written pages
  // decide that: the generated reference pages are written later, when the docs plugin loads
  // its content (plugins/generate/plugin.ts).
  const sidebarIds = Object.keys(buildSidebars(path.join(siteDir, 'docs')));

  const siteUrl = normalizeSiteUrl(process.env.SITE_URL);
  // The path the site is served under (GitHub Pages project sites, a path behind a proxy).
  const baseUrl = normalizeBaseUrl(process.env.BASE_URL);
  const nav = navSections(baseUrl);
  if (!siteUrl && process.argv.slice(2).includes('build')) {
    console.warn(
      '[site] SITE_URL is not set: the build has no sitemap and no canonical or og: URLs. ' +
        'Set SITE_URL=https://docs.example.org for a build you deploy.',
    );
  }

  return {
    title: 'Medplum Docs',
    // Read by src/theme/SiteMetadata: a boolean, nothing machine-specific, since it ships to the browser.
    customFields: { hasSiteUrl: siteUrl !== undefined },
    tagline: 'Build on the Medplum FHIR R4 platform',
    favicon: 'logo.svg',
    // Without SITE_URL there is no public address: the build writes no sitemap and no absolute
    // URL in page heads (src/theme/SiteMetadata), and says so.
    url: siteUrl ?? 'http://localhost:3000',
    baseUrl,
    staticDirectories: ['static', ...(developing ? [DEV_SEARCH_DIR] : [])],
    trailingSlash: false,
    // The banner for a wrong baseUrl is an inline script on the front page, with inline styles in
    // its HTML; under the Content-Security-Policy (lib/security-headers.ts) it would be one
    // more hash for a message only a misconfigured build shows.
    baseUrlIssueBanner: false,

    // Every broken reference fails the build; the fixtures in tests/fixtures prove each one.
    ...STRICT_BUILD,
    markdown: {
      ...STRICT_BUILD.markdown,
      mermaid: developing,
      parseFrontMatter: indexSlugFrontMatter(path.join(siteDir, 'docs')),
    },

    future: {
      v4: { removeLegacyPostBuildHeadAttribute: true },
      faster: true,
    },

    i18n: { defaultLocale: 'en', locales: ['en'] },

    plugins: [
      [docsFrontmatterCheck, { path: 'docs', generatedDirs: GENERATED_DOC_DIRS }],
      // The reference generators run first, inside the docs plugin's loadContent.
      [withGeneratedPages(docsSlim), docs],
      staticBody,
      // The generated HTTP, curl and Python panels of the example tabs stay out of the pages' JavaScript.
      examplePanels,
      ['@docusaurus/plugin-content-pages', {}],
      ...(siteUrl ? [['@docusaurus/plugin-sitemap', {}] as PluginConfig] : []),
      redirectsPlugin(REDIRECTS, () => generatedRedirects(siteDir)),
      prismStubPlugin,
      clientBundlePlugin,
      routerPaths,
      // Catalogue and example files are part of the compiled pages: they key the persistent cache.
      contentCache,
      // `<route>.md` twins of every page, /llms.txt and /llms-full.txt (build only).
      markdownTwins,
      // robots.txt, with a Sitemap line when SITE_URL is set.
      robotsTxt,
      // Built pages start their app on the reader's first action, not at load: loading costs a phone no hydration.
      bootOnIntent,
      frontPage,
      ...(developing ? [devSearch, devLazyCompilation] : []),
    ],
    themes: [
      ['@docusaurus/theme-classic', { customCss: './src/css/custom.css' } satisfies ThemeOptions],
      ...(developing ? ['@docusaurus/theme-mermaid'] : []),
    ],

    themeConfig: {
      image: 'logo.svg',
      colorMode: { defaultMode: 'light', respectPrefersColorScheme: true },
      docs: { sidebar: { hideable: true, autoCollapseCategories: false } },
      navbar: {
        title: 'Medplum Docs',
        logo: { alt: 'Medplum Docs', src: 'logo.svg' },
        items: [
          ...(sidebarIds.includes('guide')
            ? [{ to: '/docs', label: 'Docs', position: 'left' as const, activeBaseRegex: nav.docs }]
            : []),
          ...(sidebarIds.includes('api')
            ? [
                {
                  to: '/docs/api',
                  label: 'Reference',
                  position: 'left' as const,
                  activeBaseRegex: nav.reference,
                },
              ]
            : []),
          { type: 'search', position: 'right' },
        ],
      },
      footer: {
        style: 'dark',
        links: [
          {
            title: 'Docs',
            items: [
              { label: 'Overview', to: '/docs' },
              { label: 'FHIR basics', to: '/docs/fhir-basics' },
            ],
          },
        ],
        copyright:
          'Independent documentation for Medplum, an open-source FHIR R4 platform. Content under the repository licence.',
      },
      tableOfContents: { minHeadingLevel: 2, maxHeadingLevel: 3 },
      // Code is coloured at build time (plugins/markdown/code-highlight); an empty Prism theme keeps the
      // default one (~1 KB) out of the siteConfig every page loads.
      prism: { theme: { plain: {}, styles: [] } },
    } satisfies UserThemeConfig,
  };
}
