/**
 * One generated panel (HTTP, curl or Python) of an example's tab group, kept out of the page's
 * JavaScript (plugins/remark-example-code/panels.ts). The server renders the panel as HTML inside
 * `<div data-example-panel="<key>">`; in the browser this component renders the same div, which
 * React leaves as it is while hydrating. Its copy button gets a delegated click handler.
 */
import React, { useLayoutEffect, useRef, useState, type MouseEvent } from 'react';
import { copyBlock, htmlOf } from '@site/src/components/StaticBody/static-html';

const selector = (key: string) => `[data-example-panel="${CSS.escape(key)}"]`;

/** Panels fetched in this page life (HTML), or the nodes of a panel shown (kept across remounts). */
const panels = new Map<string, string | Node[]>();

/**
 * Makes a page's panels available before its module finishes loading: on the first page load
 * they are already in the document; after client-side navigation they come from the page's own
 * HTML file on this origin.
 */
export async function loadExamplePanels(keys: string[], permalink: string): Promise<void> {
  const missing = keys.filter((key) => !panels.has(key) && !document.querySelector(selector(key)));
  if (missing.length === 0) return;
  const response = await fetch(permalink, { headers: { Accept: 'text/html' } });
  if (!response.ok) throw new Error(`Could not load ${permalink}: HTTP ${response.status}`);
  const page = new DOMParser().parseFromString(await response.text(), 'text/html');
  for (const key of missing) {
    const panel = page.querySelector(selector(key));
    if (!panel) throw new Error(`${permalink} has no example panel ${key}`);
    panels.set(key, panel.innerHTML);
  }
}

export function ExamplePanel({ id }: { id: string }): React.JSX.Element {
  const element = useRef<HTMLDivElement>(null);
  // While hydrating nothing is stored: '' is never written (React does not set innerHTML when
  // hydrating), so the server's HTML stays.
  const [html] = useState(() => htmlOf(panels.get(id)));
  useLayoutEffect(() => {
    if (element.current) panels.set(id, Array.from(element.current.childNodes));
  }, [id]);
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    const button = (event.target as HTMLElement).closest<HTMLElement>('button.code-block__copy');
    if (button) copyBlock(button);
  };
  return (
    // Only delegates clicks on the copy button inside, which stays focusable.
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions
    <div ref={element} data-example-panel={id} onClick={onClick} dangerouslySetInnerHTML={{ __html: html }} />
  );
}
