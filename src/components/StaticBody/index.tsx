/**
 * The body of a generated reference page, kept out of the page's JavaScript
 * (plugins/static-body). The server renders the body as HTML inside
 * `<div data-static-body="<key>">`; in the browser this component renders the same div with
 * that HTML, which React leaves in place while hydrating.
 *
 * Because the body is plain HTML, its links and copy buttons get one delegated click handler:
 * links to pages of this site navigate client-side as `<Link>` does, and copy buttons copy their
 * block as the theme's do.
 */
import React, { type MouseEvent } from 'react';
import { useHistory } from '@docusaurus/router';
import { matchRoutes } from 'react-router-config';
import routes from '@generated/routes';

const bodySelector = (key: string) => `[data-static-body="${CSS.escape(key)}"]`;

/**
 * The body's HTML, for the page module to hold before it renders: on the first page load it is
 * already in the document; otherwise (client-side navigation, or a hover preloading a page) it
 * comes from the page's own HTML file on this origin.
 */
export async function loadStaticHtml(key: string, permalink: string): Promise<string> {
  const here = document.querySelector(bodySelector(key));
  if (here) return here.innerHTML;
  const response = await fetch(permalink, { headers: { Accept: 'text/html' } });
  if (!response.ok) throw new Error(`Could not load ${permalink}: HTTP ${response.status}`);
  const page = new DOMParser().parseFromString(await response.text(), 'text/html');
  const body = page.querySelector(bodySelector(key));
  if (!body) throw new Error(`${permalink} has no body for ${key}`);
  return body.innerHTML;
}

/** A path this site renders itself (not a static file such as /llms.txt or a page's .md twin). */
function isRoutePath(pathname: string): boolean {
  return matchRoutes(routes, pathname).some(({ route }) => route.path !== '*');
}

function copyBlock(button: HTMLElement) {
  const pre = button.parentElement?.querySelector('pre');
  if (!pre || !navigator.clipboard) return;
  void navigator.clipboard.writeText(pre.innerText.replace(/\n$/, '')).then(() => {
    button.textContent = 'Copied';
    button.setAttribute('aria-label', 'Copied');
    window.setTimeout(() => {
      button.textContent = 'Copy';
      button.setAttribute('aria-label', 'Copy code to clipboard');
    }, 1500);
  });
}

export function StaticBody({ id, html }: { id: string; html: string }): React.JSX.Element {
  const history = useHistory();
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    const target = event.target as HTMLElement;
    const button = target.closest<HTMLElement>('button.code-block__copy');
    if (button) {
      copyBlock(button);
      return;
    }
    const link = target.closest('a');
    if (!link || event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || link.target || link.hasAttribute('download')) return;
    const url = new URL(link.href, window.location.href);
    if (url.origin !== window.location.origin || !isRoutePath(url.pathname)) return;
    // Same-page anchors scroll natively; other pages of the site render without a reload.
    if (url.pathname === window.location.pathname && url.hash) return;
    event.preventDefault();
    history.push(url.pathname + url.search + url.hash);
  };
  return (
    // The handler only delegates clicks on the links and buttons inside, which stay focusable.
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions
    <div data-static-body={id} className="markdown" onClick={onClick} dangerouslySetInnerHTML={{ __html: html }} />
  );
}
