import React, { type ComponentProps } from 'react';
import CodeInline from '@theme/CodeInline';

/**
 * Inline `code` stays the theme's; a fenced block's `<code>` arrives already coloured by Shiki at
 * build time (plugins/markdown/code-highlight), so it renders as it is, with no highlighter in the browser.
 */
export default function MDXCode(props: ComponentProps<'code'>): React.JSX.Element {
  const inline =
    props.children !== undefined &&
    React.Children.toArray(props.children).every((child) => typeof child === 'string' && !child.includes('\n'));
  return inline ? <CodeInline {...props} /> : <code {...props} />;
}
