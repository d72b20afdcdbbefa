/**
 * Development server only (`npm start`): a production build draws diagrams at build time
 * (plugins/markdown/mermaid-static) and does not load theme-mermaid at all.
 *
 * Mermaid diagrams render in the browser (theme-mermaid), and rendering is heavy: the library is
 * over a megabyte and laying out a diagram blocks the main thread. This wrapper starts both only
 * when the diagram comes within a screen of the viewport, so a reader who never scrolls to it
 * never pays for it, and a page whose diagram sits below the fold loads as fast as any other.
 * The slot keeps a minimum height so the text below moves little when the diagram appears.
 */
import React, { useEffect, useRef, useState, type ComponentProps } from 'react';
import Mermaid from '@theme-original/Mermaid';

export default function LazyMermaid(props: ComponentProps<typeof Mermaid>): React.JSX.Element {
  const slot = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = slot.current;
    if (!element || near) return undefined;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setNear(true), {
      rootMargin: '100% 0px',
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);
  return (
    <div ref={slot} className="mermaid-slot">
      {near && <Mermaid {...props} />}
    </div>
  );
}
