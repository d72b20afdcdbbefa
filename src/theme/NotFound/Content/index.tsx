import React, { Suspense, lazy, useState } from 'react';
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
  // Reached by a link inside the running app, the page searches at once: that costs little. Loaded
  // as a page (the host's 404), it waits for the reader's tap on the button: searching by itself
  // would start the app and the search index at load, seconds of main-thread work on a phone
  // for every mistyped address (plugins/bundle/boot-on-intent holds the tap until the app runs).
  const [searching, setSearching] = useState<'at once' | 'on tap' | undefined>(isBrowser ? 'at once' : undefined);
  return (
    <main className="container margin-vert--xl">
      <div className="row">
        <div className="col col--8 col--offset-2">
          <h1>Page not found</h1>
          <p>
            Nothing lives at {isBrowser ? <code>{pathname}</code> : 'this address'}. It may have moved or been renamed.
            Search for it below, or start from the <Link to="/docs">documentation home</Link>.
          </p>
          {/* Room for the search box and its results, so the footer does not jump when they appear. */}
          <div style={{ minHeight: '70vh' }}>
            {/* Set only in the browser: at once when mounted after hydration, or by the tap. */}
            {searching ? (
              <Suspense fallback={null}>
                {/* After a tap the box takes the focus, so the reader can edit the words. */}
                <NotFoundSearch pathname={pathname} autoFocus={searching === 'on tap'} />
              </Suspense>
            ) : (
              <button type="button" className="button button--primary" onClick={() => setSearching('on tap')}>
                Search the docs for this address
              </button>
            )}
          </div>
        </div>
      </div>
    </main>
  );
}
