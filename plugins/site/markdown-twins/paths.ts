/**
 * Where the Markdown twin of a route lives, following the llms-txt plugin's naming
 * (`/` -> `/index.md`, `/docs/x` -> `/docs/x.md`). Shared by the build and the page buttons.
 *
 * A permalink already carries the site's base URL (`/medplum-docs/docs/x`), so the twin's URL
 * does too (`/medplum-docs/docs/x.md`); the file in the build folder does not (`docs/x.md`).
 */
export function markdownPath(permalink: string, baseUrl = '/'): string {
  const base = baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`;
  if (permalink === '/' || permalink === base || `${permalink}/` === base) return `${base}index.md`;
  return `${permalink.replace(/\/$/, '')}.md`;
}

/**
 * The twin's file, relative to the build folder (`docs/x.md`): the permalink without the base.
 * A permalink outside the base is a bug in the caller and fails.
 */
export function markdownFile(permalink: string, baseUrl = '/'): string {
  const url = markdownPath(permalink, baseUrl);
  const base = baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`;
  if (!url.startsWith(base)) throw new Error(`markdown twins: ${permalink} is not under the base URL ${base}`);
  return url.slice(base.length);
}
