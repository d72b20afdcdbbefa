import React, { useEffect, useState } from 'react';
import Layout from '@theme/Layout';
import SearchPanel from '@site/src/components/Search/SearchPanel';

/**
 * Full-page search at `/search?q=…`: where the front page's search form lands, so searching from
 * the hero works as a plain form submission.
 */
export default function SearchPage(): React.JSX.Element {
  // The query is read after hydration: the static HTML was rendered without one.
  const [query, setQuery] = useState<string | undefined>(undefined);
  useEffect(() => {
    setQuery(new URLSearchParams(window.location.search).get('q') ?? '');
  }, []);
  return (
    <Layout title="Search the docs" description="Search every Medplum Docs page, offline.">
      <main className="container margin-vert--xl" data-pagefind-ignore="all">
        <div className="row">
          <div className="col col--8 col--offset-2">
            <h1>Search the docs</h1>
            {query !== undefined && <SearchPanel key={query} initialQuery={query} autoFocus />}
          </div>
        </div>
      </main>
    </Layout>
  );
}
