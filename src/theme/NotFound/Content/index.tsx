import React, { Suspense, lazy } from 'react';
import Link from '@docusaurus/Link';
import { useLocation } from '@docusaurus/router';
import useIsBrowser from '@docusaurus/useIsBrowser';

// Docs pages bundle this component (the docs layout shows it for unknown doc paths), so the
// search panel loads only when the page is actually shown.
const NotFoundSearch = lazy(() => import('@site/src/components/Search/NotFoundSearch'));

/** The 404 page: says what happened and searches for what the reader was after. */
export default function NotFoundContent(): React.JSX.Element {
  const { pathname } = useLocation();
  // build/404.html is rendered once for every unknown address, so the address it names is only
  // known in the browser; naming it after hydration keeps the static HTML and the first render equal.
  const isBrowser = useIsBrowser();
  return (
    <main className="container margin-vert--xl">
      <div className="row">
        <div className="col col--8 col--offset-2">
          <h1>Page not found</h1>
          <p>
            Nothing lives at {isBrowser ? <code>{pathname}</code> : 'this address'}. It may have moved or been renamed.
            Search for it below, or start from the <Link to="/docs">documentation home</Link>.
          </p>
          {/* Room for the search box and its results, so the footer does not jump when they appear.
              The search is for the address itself, so the page's app starts once this is on
              screen and the page is still, not on the reader's first action
              (plugins/bundle/boot-on-intent). */}
          <div style={{ minHeight: '70vh' }} data-boot="visible">
            {isBrowser && (
              <Suspense fallback={null}>
                <NotFoundSearch pathname={pathname} />
              </Suspense>
            )}
          </div>
        </div>
      </div>
    </main>
  );
}
