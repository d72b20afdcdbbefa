/**
 * Tells the page's boot script (plugins/bundle/boot-on-intent/boot.ts) that the app has hydrated, so
 * what the reader did while it started can be replayed. A passive effect of the outermost
 * component runs after every passive effect of the first commit, the listeners those attach
 * (the search shortcut, the static bodies' link handlers) included.
 */
import React, { useEffect, type ReactNode } from 'react';

export default function Root({ children }: { children: ReactNode }): React.JSX.Element {
  useEffect(() => {
    (window as unknown as { __docsBooted?: () => void }).__docsBooted?.();
  }, []);
  return <>{children}</>;
}
