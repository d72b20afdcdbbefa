import React, { type ComponentProps } from 'react';
import MDXComponents from '@theme-original/MDXComponents';
import StaticDiagram from '@site/src/components/StaticDiagram';

/** Markdown tables scroll sideways inside a labelled, focusable region instead of the page. */
function ScrollTable(props: ComponentProps<'table'>): React.JSX.Element {
  return (
    <div className="table-scroll" role="region" aria-label="Table (scrolls sideways)" tabIndex={0}>
      <table {...props} />
    </div>
  );
}

// StaticDiagram: what plugins/markdown/mermaid-static turns a ```mermaid block into in a production build.
export default { ...MDXComponents, table: ScrollTable, StaticDiagram };
