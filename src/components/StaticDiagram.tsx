/**
 * A Mermaid diagram drawn at build time (plugins/markdown/mermaid-static): two SVGs, one per colour mode,
 * of which src/css/custom.css shows the one matching `data-theme`. The SVG strings go in as HTML,
 * so hydration does not walk the diagram's elements. `data-mermaid` keeps the diagram's source
 * for the Markdown twin of the page.
 */
import React from 'react';
import { useInnerHtml } from './useInnerHtml';

export default function StaticDiagram({
  light,
  dark,
  source,
}: {
  light: string;
  dark: string;
  source: string;
}): React.JSX.Element {
  const lightInner = useInnerHtml(light);
  const darkInner = useInnerHtml(dark);
  return (
    <figure className="mermaid-static" data-mermaid={source}>
      <div className="mermaid-static-light" dangerouslySetInnerHTML={lightInner} />
      <div className="mermaid-static-dark" dangerouslySetInnerHTML={darkInner} />
    </figure>
  );
}
