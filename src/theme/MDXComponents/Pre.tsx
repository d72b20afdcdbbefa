import React, { useEffect, useRef, useState, type ComponentProps } from 'react';

/**
 * A fenced code block: Shiki's static `<pre>` (coloured at build time) plus a copy button. The
 * button copies the block's text as rendered, which is exactly the source the block shows.
 */
export default function MDXPre(props: ComponentProps<'pre'>): React.JSX.Element {
  const pre = useRef<HTMLPreElement>(null);
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return undefined;
    const timer = window.setTimeout(() => setCopied(false), 1500);
    return () => window.clearTimeout(timer);
  }, [copied]);
  const copy = () => {
    const text = pre.current?.innerText ?? '';
    void navigator.clipboard?.writeText(text.replace(/\n$/, '')).then(() => setCopied(true));
  };
  return (
    <div className="code-block theme-code-block">
      <pre {...props} ref={pre} />
      <button
        type="button"
        className="clean-btn code-block__copy"
        aria-label={copied ? 'Copied' : 'Copy code to clipboard'}
        title="Copy"
        onClick={copy}
      >
        {copied ? 'Copied' : 'Copy'}
      </button>
    </div>
  );
}
