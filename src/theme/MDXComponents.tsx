import React, { type ComponentProps } from 'react';
import MDXComponents from '@theme-original/MDXComponents';

/** Markdown tables scroll sideways inside a labelled, focusable region instead of the page. */
function ScrollTable(props: ComponentProps<'table'>): React.JSX.Element {
  return (
    <div className="table-scroll" role="region" aria-label="Table (scrolls sideways)" tabIndex={0}>
      <table {...props} />
    </div>
  );
}

export default { ...MDXComponents, table: ScrollTable };
