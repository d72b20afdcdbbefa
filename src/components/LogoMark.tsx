/**
 * The site's mark, drawn inline: the same shapes as static/logo.svg (the favicon and the social
 * card image; tests/unit/logo-mark.test.ts keeps the two alike).
 *
 * Inline, not an `<img>` of logo.svg: an SVG image gets a document of its own, which the browser
 * builds on the main thread while the page is still parsing (about 10 ms at a phone's speed, on
 * every page load, before the first paint); React also preloads every `<img>` it renders first,
 * so the file competed with the stylesheet for the first request slots.
 */
import React, { type ReactNode } from 'react';

export const MARK_RECT = { width: 32, height: 32, rx: 7, fill: '#1d4fb8' } as const;
export const MARK_CROSS = { d: 'M13 7h6v6h6v6h-6v6h-6v-6H7v-6h6z', fill: '#fff' } as const;

/** `label` names the mark for assistive technology; without it the mark is decorative. */
export default function LogoMark({ label }: { label?: string }): ReactNode {
  return (
    <svg viewBox="0 0 32 32" {...(label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true })}>
      <rect {...MARK_RECT} />
      <path {...MARK_CROSS} />
    </svg>
  );
}
