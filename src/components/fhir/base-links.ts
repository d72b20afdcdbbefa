/**
 * The FHIR reference generator writes site links as root paths (`/docs/api/fhir/datatypes/element`),
 * as Markdown links are; Docusaurus puts the base URL in front of Markdown links, and this does
 * the same for the generator's raw HTML. Only `href="/x"` is rewritten (not `//host`, `#anchor`
 * or a full URL).
 */
export function withBaseUrlLinks(html: string, baseUrl: string): string {
  if (baseUrl === '/') return html;
  return html.replace(/(<a\s[^>]*?\bhref=")\/(?!\/)/g, `$1${baseUrl}`);
}
