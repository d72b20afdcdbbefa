import { useMemo } from 'react';

/**
 * The `dangerouslySetInnerHTML` value for an HTML string, the same object for as long as the
 * string is the same.
 *
 * React 19 compares that prop by object, not by its string: a new `{ __html }` object on a
 * re-render makes React write `innerHTML` again, even when the string has not changed. That throws
 * away whatever the page did to those nodes since (rows a filter hid, a page body hydration kept
 * from the server, where the string is '' on purpose: writing it empties the element).
 */
export function useInnerHtml(html: string): { __html: string } {
  return useMemo(() => ({ __html: html }), [html]);
}
