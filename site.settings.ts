/**
 * Site-wide settings shared by the Docusaurus config and the tests.
 */
import { docsDirOf, GENERATED } from './plugins/generate/registry';

/**
 * Folders under docs/ that generator plugins write at build time (never committed), taken from the
 * registry of generated content (plugins/generate/registry.ts).
 */
export const GENERATED_DOC_DIRS: string[] = GENERATED.flatMap((family) => docsDirOf(family) ?? []);

/**
 * Client-side redirects for pages that were renamed. Keep `from` paths forever: readers and
 * other sites link to them.
 */
export const REDIRECTS: { from: string; to: string }[] = [
  { from: '/docs/api/fhir/operations/appointment-confirm', to: '/docs/api/fhir/operations' },
  { from: '/docs/api/fhir/operations/binary-scan', to: '/docs/api/fhir/operations' },
  { from: '/docs/api/fhir/operations/claim-submit', to: '/docs/api/fhir/operations' },
  { from: '/docs/api/fhir/operations/coverage-eligibility-submit', to: '/docs/api/fhir/operations' },
  { from: '/docs/api/fhir/operations/db-index-bloat', to: '/docs/api/fhir/operations' },
  { from: '/docs/api/fhir/operations/patient-merge', to: '/docs/api/fhir/operations' },
  { from: '/docs/cli/bots-agents-aws', to: '/docs/cli/bot-commands' },
  { from: '/docs/ui-components/search-voice-eprescribing', to: '/docs/ui-components/conditional-searches' },
];

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

/**
 * NAV_SECTIONS for a site served under `baseUrl`: the navbar tests them against the browser's
 * pathname, which starts with the base (`/medplum-docs/docs/...`).
 */
export function navSections(baseUrl: string): { reference: string; docs: string } {
  const prefix = baseUrl.replace(/\/$/, '').replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return {
    reference: NAV_SECTIONS.reference.replace('^', `^${prefix}`),
    docs: NAV_SECTIONS.docs.replace('^', `^${prefix}`),
  };
}

/**
 * The path the site is served under, from `BASE_URL` (default `/`): always with a leading and a
 * trailing slash (`medplum-docs` -> `/medplum-docs/`). A value that is not a plain path (a full
 * URL, a query, `..`) fails the build with its reason: the site's own links would break.
 */
export function normalizeBaseUrl(raw: string | undefined): string {
  const value = (raw ?? '').trim();
  if (value === '' || value === '/') return '/';
  if (/^[a-z][a-z0-9+.-]*:/i.test(value) || value.startsWith('//')) {
    throw new Error(`BASE_URL=${value}: give a path such as /medplum-docs/, not a URL (the host goes in SITE_URL)`);
  }
  if (/[?#\s\\]/.test(value)) throw new Error(`BASE_URL=${value}: a path may not contain ?, #, spaces or backslashes`);
  const segments = value.split('/').filter(Boolean);
  if (segments.some((s) => s === '.' || s === '..')) throw new Error(`BASE_URL=${value}: . and .. are not allowed`);
  return `/${segments.join('/')}/`;
}

/**
 * The site's public origin from `SITE_URL` (`https://docs.example.org`), or undefined when unset.
 * A path in SITE_URL is a mistake (the path goes in BASE_URL) and fails with that advice.
 */
export function normalizeSiteUrl(raw: string | undefined): string | undefined {
  const value = (raw ?? '').trim().replace(/\/+$/, '');
  if (value === '') return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`SITE_URL=${value}: not a URL; give the site's origin, e.g. https://docs.example.org`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`SITE_URL=${value}: use http or https`);
  if (url.pathname !== '/' || url.search || url.hash) {
    throw new Error(
      `SITE_URL=${value}: give only the origin (${url.origin}); put the path in BASE_URL=${normalizeBaseUrl(url.pathname)}`,
    );
  }
  return url.origin;
}
