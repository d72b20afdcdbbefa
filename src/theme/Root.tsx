/**
 * Tells the page's boot script (plugins/bundle/boot-on-intent/boot.ts) that the app has hydrated, so
 * what the reader did while it started can be replayed. A passive effect of the outermost
 * component runs after every passive effect of the first commit, the listeners those attach
 * (the search shortcut, the static bodies' link handlers) included, and before React renders the
 * updates those effects schedule: the text typed meanwhile is handed to its fields from here, so
 * a tool's first re-render (useHydrated) shows it rather than the field's server value.
 */
import React, { useEffect, type ReactNode } from 'react';

export default function Root({ children }: { children: ReactNode }): React.JSX.Element {
  useEffect(() => {
    (window as unknown as { __docsBooted?: () => void }).__docsBooted?.();
  }, []);
  return <>{children}</>;
}
