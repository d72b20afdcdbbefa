/**
 * The one way this site keeps HTML the server already sent, instead of having React build it again.
 *
 * While React hydrates, an element rendered with `dangerouslySetInnerHTML` keeps whatever the
 * server put inside it: React neither reads nor changes those nodes. Later renders leave them
 * too, because the prop is the same object while the string is the same (../useInnerHtml.ts):
 * React 19 writes `innerHTML` again for a new object, and writing '' would empty the element. So
 * a part of the page rendered here costs a phone nothing at hydration. Three parts use it:
 * - the desktop sidebar and the table of contents (src/theme/DocSidebar, src/theme/DocItem/TOC/Desktop):
 *   `children`, rendered on the server only; in the browser's first render the server's copy is
 *   adopted (`html` is absent, so ''), and the live component replaces it once the window size is known;
 * - a page body kept out of JavaScript (`@theme/StaticBody`, plugins/markdown/static-body): `html` is
 *   '' while hydrating, and the page's own HTML when it is shown again after client-side navigation;
 * - the FHIR reference's tables (src/components/fhir/GeneratedHtml): `html` built by the generator.
 */
import React, { useEffect, useState, type HTMLAttributes, type ReactNode, type Ref } from 'react';
import { useInnerHtml } from '../useInnerHtml';

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

type Props = Omit<HTMLAttributes<HTMLDivElement>, 'children' | 'dangerouslySetInnerHTML'> & {
  ref?: Ref<HTMLDivElement>;
} & (
    | { /** Rendered on the server only; the browser adopts the result. */ children: ReactNode; html?: never }
    | { /** The element's HTML; '' keeps what the server sent. */ html: string; children?: never }
  );

export function ServerHtml({ children, html, ...div }: Props): React.JSX.Element {
  const inner = useInnerHtml(html ?? '');
  if (typeof window === 'undefined' && children !== undefined) return <div {...div}>{children}</div>;
  return <div {...div} dangerouslySetInnerHTML={inner} suppressHydrationWarning />;
}
