import React from 'react';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import { ServerHtml } from '@site/src/components/ServerHtml';
import { withBaseUrlLinks } from './base-links';
import './fhir-reference.css';

/**
 * Embeds HTML that the FHIR reference generator built (hast trees serialized by hast-util-to-html,
 * so definition text is only ever text). Kept as server HTML (src/components/ServerHtml), the
 * tables ship no table components or row data as React trees. Their links get the site's base
 * URL here, as Markdown links do (./base-links.ts).
 */
export default function GeneratedHtml({ html }: { html: string }): React.JSX.Element {
  const { siteConfig } = useDocusaurusContext();
  return <ServerHtml className="fhir-generated" html={withBaseUrlLinks(html, siteConfig.baseUrl)} />;
}
