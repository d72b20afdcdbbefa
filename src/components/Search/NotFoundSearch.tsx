import React from 'react';
import SearchPanel from './SearchPanel';
import { queryFromPath } from './pagefind';

/** The 404 page's search, pre-filled from the path the reader asked for. */
export default function NotFoundSearch({ pathname }: { pathname: string }): React.JSX.Element {
  return <SearchPanel initialQuery={queryFromPath(pathname)} />;
}
