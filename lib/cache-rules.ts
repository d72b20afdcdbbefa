/**
 * How long browsers and CDNs may keep each file of the build: ONE list, read by the server of
 * `npm run serve` (./serve-build.ts), checked against deploy/nginx.conf by its test, and
 * described in the README's "Deploy" section.
 *
 * - Files whose name carries a hash of their content never change under that name: a year,
 *   immutable (no revalidation at all).
 * - Everything else (HTML, the `.md` twins, llms.txt, sitemap.xml, robots.txt, Pagefind's
 *   entry files, the FHIR tools' definition slices, images in static/) keeps its name across
 *   deploys: `no-cache`, i.e. stored, but revalidated (ETag / Last-Modified) before each use,
 *   so a deploy shows at once.
 *
 * Patterns apply to the path below the site's base URL (`assets/js/main.1a2b3c4d.js`, never
 * `/medplum-docs/assets/...`). They are written in the regex syntax JavaScript and nginx (PCRE)
 * share, so the nginx config uses them as they are.
 */

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'no-cache';

export interface CacheRule {
  /** What the files are, for the README and test messages. */
  name: string;
  /** Regex source for the path below the base, anchored at its start (no leading `^` or `/`). */
  pattern: string;
  cacheControl: string;
}

/** Content-hashed files, each cached for a year. The first rule that matches applies. */
export const CACHE_RULES: CacheRule[] = [
  {
    // Webpack's output: assets/js/main.<hash>.js, assets/js/<id>.<hash>.js, assets/css/styles.<hash>.css,
    // and files bundled from the source (assets/images/<name>-<hash>.png, assets/fonts/...).
    name: 'bundled scripts, styles, images and fonts (assets/, hash in the name)',
    pattern: 'assets/.+[.-][0-9a-f]{8,}\\.[A-Za-z0-9]+$',
    cacheControl: IMMUTABLE,
  },
  {
    // Pagefind's index chunks are named by their content: pagefind/fragment/en_<hash>.pf_fragment,
    // index/en_<hash>.pf_index, filter/en_<hash>.pf_filter, pagefind.en_<hash>.pf_meta. The entry
    // files that name them (pagefind-entry.json, pagefind.js, the wasm) are not, and revalidate.
    name: 'Pagefind index chunks (pagefind/, hash in the name)',
    pattern: 'pagefind/((fragment|index|filter)/[^/]+|pagefind\\.[^/]+)\\.pf_(fragment|index|filter|meta)$',
    cacheControl: IMMUTABLE,
  },
];

/** Anything no rule names, HTML and 404 pages included. */
export const DEFAULT_CACHE_CONTROL = REVALIDATE;

const compiled = CACHE_RULES.map((rule) => ({ ...rule, regex: new RegExp(`^${rule.pattern}`) }));

/** The Cache-Control value for a file at `relativePath` below the base (`docs/x.html`, `assets/js/…`). */
export function cacheControlFor(relativePath: string): string {
  const rel = relativePath.replace(/^\/+/, '');
  return compiled.find((rule) => rule.regex.test(rel))?.cacheControl ?? DEFAULT_CACHE_CONTROL;
}
