import React from 'react';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import { withBaseUrlLinks } from './base-links';
import './fhir-reference.css';

/**
 * Embeds HTML that the FHIR reference generator built at build time (hast trees serialized by
 * hast-util-to-html, so definition text is only ever text). Keeping the
 * tables as static HTML means pages ship no table components or row data as React trees. Its
 * links get the site's base URL here, as Markdown links do (./base-links.ts).
 */
export default function GeneratedHtml({ html }: { html: string }): React.JSX.Element {
  const { siteConfig } = useDocusaurusContext();
  return (
    <div className="fhir-generated" dangerouslySetInnerHTML={{ __html: withBaseUrlLinks(html, siteConfig.baseUrl) }} />
  );
}
