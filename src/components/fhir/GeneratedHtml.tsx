import React from 'react';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import './fhir-reference.css';

/**
 * The generator writes site links as root paths (`/docs/api/fhir/datatypes/element`), as
 * Markdown links are; Docusaurus puts the base URL in front of Markdown links, so this does the
 * same for the raw HTML. Only `href="/x"` (not `//host`, `#anchor` or a full URL) is rewritten.
 */
export function withBaseUrlLinks(html: string, baseUrl: string): string {
  if (baseUrl === '/') return html;
  return html.replace(/(<a\s[^>]*?\bhref=")\/(?!\/)/g, `$1${baseUrl}`);
}

/**
 * Embeds HTML that the FHIR reference generator rendered (and escaped) at build time. Keeping the
 * tables as static HTML means pages ship no table components or row data as React trees.
 */
export default function GeneratedHtml({ html }: { html: string }): React.JSX.Element {
  const { siteConfig } = useDocusaurusContext();
  return <div className="fhir-generated" dangerouslySetInnerHTML={{ __html: withBaseUrlLinks(html, siteConfig.baseUrl) }} />;
}
