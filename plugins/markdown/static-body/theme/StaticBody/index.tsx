/**
 * The body of a generated reference page, kept out of the page's JavaScript
 * (plugins/markdown/static-body). The server renders the body as HTML inside
 * `<div data-static-body="<key>">`; in the browser this component renders the same div as a
 * `ServerHtml` (src/components/ServerHtml, the site's one way of keeping server HTML), which React
 * leaves as it is while hydrating.
 *
 * Because the body is plain HTML, its links and copy buttons get one delegated click handler:
 * links to pages of this site navigate client-side as `<Link>` does, and copy buttons copy their
 * block as the theme's do.
 */
import React, { useLayoutEffect, useRef, useState, type MouseEvent } from 'react';
import { useHistory } from '@docusaurus/router';
import { matchRoutes } from 'react-router-config';
import routes from '@generated/routes';
import { ServerHtml } from '@site/src/components/ServerHtml';
import { copyBlock, htmlOf } from './static-html';

const bodySelector = (key: string) => `[data-static-body="${CSS.escape(key)}"]`;

/**
 * Bodies this page life has fetched (HTML), or the nodes of a body shown on this page (kept
 * when the reader leaves it: React empties the element as it unmounts it, but the nodes remain).
 */
const bodies = new Map<string, string | Node[]>();

/**
 * Makes a body available before its page module finishes loading. On the first page load it is
 * already in the document, and hydration keeps it there untouched (nothing is read or copied).
 * Otherwise (client-side navigation, or a hover preloading a page) it comes from the page's own
 * HTML file on this origin.
 */
export async function loadStaticHtml(key: string, permalink: string): Promise<void> {
  if (bodies.has(key) || document.querySelector(bodySelector(key))) return;
  const response = await fetch(permalink, { headers: { Accept: 'text/html' } });
  if (!response.ok) throw new Error(`Could not load ${permalink}: HTTP ${response.status}`);
  const page = new DOMParser().parseFromString(await response.text(), 'text/html');
  const body = page.querySelector(bodySelector(key));
  if (!body) throw new Error(`${permalink} has no body for ${key}`);
  bodies.set(key, body.innerHTML);
}

/** A path this site renders itself (not a static file such as /llms.txt or a page's .md twin). */
function isRoutePath(pathname: string): boolean {
  return matchRoutes(routes, pathname).some(({ route }) => route.path !== '*');
}

/**
 * A click handler for a block of plain HTML: a click on a link to a page of this site navigates
 * client-side, as `<Link>` does; modified clicks, other origins, downloads, static files and
 * same-page anchors keep the browser's behaviour.
 */
export function useDelegatedLinks(): (event: MouseEvent<HTMLElement>) => void {
  const history = useHistory();
  return (event) => {
    const link = (event.target as HTMLElement).closest('a');
    if (!link || event.defaultPrevented || event.button !== 0) return;
    if (
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey ||
      link.target ||
      link.hasAttribute('download')
    )
      return;
    const url = new URL(link.href, window.location.href);
    if (url.origin !== window.location.origin || !isRoutePath(url.pathname)) return;
    // Same-page anchors scroll natively; other pages of the site render without a reload.
    if (url.pathname === window.location.pathname && url.hash) return;
    event.preventDefault();
    history.push(url.pathname + url.search + url.hash);
  };
}

export function StaticBody({ id }: { id: string }): React.JSX.Element {
  const element = useRef<HTMLDivElement>(null);
  // While hydrating there is nothing stored: '' is never written to the DOM (React does not set
  // innerHTML when hydrating, and ServerHtml passes the same object while the string is the same),
  // so the server's HTML stays.
  const [html] = useState(() => htmlOf(bodies.get(id)));
  // The body's nodes, kept for a later visit in this page life (a list, not a copy of the HTML).
  useLayoutEffect(() => {
    if (element.current) bodies.set(id, Array.from(element.current.childNodes));
  }, [id]);
  const followLink = useDelegatedLinks();
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    const button = (event.target as HTMLElement).closest<HTMLElement>('button.code-block__copy');
    if (button) {
      copyBlock(button);
      return;
    }
    followLink(event);
  };
  // The handler only delegates clicks on the links and buttons inside, which stay focusable.
  return <ServerHtml ref={element} data-static-body={id} className="markdown" onClick={onClick} html={html} />;
}
