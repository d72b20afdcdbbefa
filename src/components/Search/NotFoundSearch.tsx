import React from 'react';
import useBaseUrl from '@docusaurus/useBaseUrl';
import SearchPanel from './SearchPanel';
import { queryFromPath } from './pagefind';

/** The 404 page's search, pre-filled from the path the reader asked for. */
export default function NotFoundSearch({
  pathname,
  autoFocus,
}: {
  pathname: string;
  autoFocus?: boolean;
}): React.JSX.Element {
  // The words come from the path below the base: the base itself names no page.
  return <SearchPanel initialQuery={queryFromPath(pathname, useBaseUrl('/'))} autoFocus={autoFocus} />;
}
