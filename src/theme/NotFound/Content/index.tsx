import React from 'react';
import Link from '@docusaurus/Link';
import { useLocation } from '@docusaurus/router';
import SearchPanel from '@site/src/components/Search/SearchPanel';
import { queryFromPath } from '@site/src/components/Search/pagefind';

/** The 404 page: says what happened and searches for what the reader was after. */
export default function NotFoundContent(): React.JSX.Element {
  const { pathname } = useLocation();
  return (
    <main className="container margin-vert--xl">
      <div className="row">
        <div className="col col--8 col--offset-2">
          <h1>Page not found</h1>
          <p>
            Nothing lives at <code>{pathname}</code>. It may have moved or been renamed. Search for it below, or start
            from the <Link to="/docs">documentation home</Link>.
          </p>
          <SearchPanel initialQuery={queryFromPath(pathname)} />
        </div>
      </div>
    </main>
  );
}
