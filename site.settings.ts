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
