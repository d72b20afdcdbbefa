/**
 * Site-wide settings shared by the Docusaurus config and the tests.
 */

/** Folders under docs/ that generator plugins write at build time (never committed). */
export const GENERATED_DOC_DIRS: string[] = [
  'api/fhir/resources',
  'api/fhir/datatypes',
  'api/fhir/medplum',
  'sdk',
  'api/react-components',
];

/**
 * Client-side redirects for pages that were renamed. Keep `from` paths forever: readers and
 * other sites link to them.
 */
export const REDIRECTS: { from: string; to: string }[] = [];

/**
 * Build strictness shared by the site and the failure fixtures in tests/fixtures, so the
 * fixtures prove the settings the real site uses.
 */
export const STRICT_BUILD = {
  onBrokenLinks: 'throw',
  onBrokenAnchors: 'throw',
  onDuplicateRoutes: 'throw',
  markdown: {
    mermaid: true,
    hooks: { onBrokenMarkdownLinks: 'throw', onBrokenMarkdownImages: 'throw' },
  },
} as const;

/**
 * Which navbar section a path belongs to. Plain links with these patterns replace Docusaurus's
 * `docSidebar` navbar items, which never mark the docs home (`/docs`) active because the docs
 * plugin records its path as `/docs/` while the route is `/docs`.
 */
export const NAV_SECTIONS = {
  reference: '^/docs/(api(/|$)|sdk/)',
  docs: '^/docs(?!/api(/|$))(?!/sdk/)',
} as const;
