/**
 * Server HTML that the page's first hydration adopts instead of walking, so a phone does not spend
 * its load re-creating markup the server already sent.
 *
 * While React hydrates, an element rendered with `dangerouslySetInnerHTML` keeps whatever the
 * server put inside it: React neither reads nor changes those nodes. `Adopted` renders its
 * children on the server and that empty `dangerouslySetInnerHTML` in the browser's first render,
 * so the part costs nothing until the component decides to render it for real (usually once the
 * window size is known, after hydration). The wrapper is `display: contents`: it adds no box.
 */
import React, { useEffect, useState, type ReactNode } from 'react';

/** Set once the first page of this page life has hydrated. */
let hydrated = false;

/**
 * True during the render that hydrates the server's HTML (and in server rendering); false for
 * components mounted later, by client-side navigation, which have no server HTML to adopt.
 */
export function useAdoptingServerHtml(): boolean {
  const [adopting] = useState(() => typeof window === 'undefined' || !hydrated);
  useEffect(() => {
    hydrated = true;
  }, []);
  return adopting;
}

export function Adopted({ children }: { children: ReactNode }): React.JSX.Element {
  return typeof window === 'undefined' ? (
    <div className="adopted-html">{children}</div>
  ) : (
    <div className="adopted-html" dangerouslySetInnerHTML={{ __html: '' }} suppressHydrationWarning />
  );
}
