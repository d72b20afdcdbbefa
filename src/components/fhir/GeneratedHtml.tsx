import React from 'react';
import './fhir-reference.css';

/**
 * Embeds HTML that the FHIR reference generator rendered (and escaped) at build time. Keeping the
 * tables as static HTML means pages ship no table components or row data as React trees.
 */
export default function GeneratedHtml({ html }: { html: string }): React.JSX.Element {
  return <div className="fhir-generated" dangerouslySetInnerHTML={{ __html: html }} />;
}
