import React, { useCallback, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import Link from '@docusaurus/Link';
import useBaseUrl from '@docusaurus/useBaseUrl';
import { useHistory } from '@docusaurus/router';
import { loadPagefind, type PagefindApi } from './loadPagefind';
import { findHits, significantWords, type Hit } from './pagefind';
import styles from './styles.module.css';
import { useInnerHtml } from '../useInnerHtml';

/** A result's excerpt. Pagefind escapes page text and adds only <mark> around matches. */
function HitExcerpt({ html }: { html: string }): React.JSX.Element {
  return <span className={styles.hitExcerpt} dangerouslySetInnerHTML={useInnerHtml(html)} />;
}

const MAX_HITS = 10;

type Status = 'idle' | 'loading' | 'ready' | 'unavailable';

export interface SearchPanelProps {
  /** Text to search for straight away (the 404 page passes words from the missing URL). */
  initialQuery?: string;
  /** Text typed before the panel mounted (into the dialog's box while this code loaded), read as it mounts. */
  takeInitialQuery?: () => string;
  autoFocus?: boolean;
  /** Called after the reader picks a result, e.g. to close a dialog. */
  onNavigate?: () => void;
}

/**
 * A search box with instant results from the offline Pagefind index. Arrow keys move between
 * results, Enter opens the first one.
 */
export default function SearchPanel({
  initialQuery = '',
  takeInitialQuery,
  autoFocus,
  onNavigate,
}: SearchPanelProps): React.JSX.Element {
  const baseUrl = useBaseUrl('/');
  const history = useHistory();
  const [query, setQuery] = useState(() => takeInitialQuery?.() || initialQuery);
  // Keys may reach the loading box between this render and its commit: take its latest text.
  useLayoutEffect(() => {
    const latest = takeInitialQuery?.();
    if (latest) setQuery(latest);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, as the panel replaces the box
  }, []);
  // The hits shown and the exact term they answer: until a search of the current term has
  // finished, the panel says it is searching rather than judging the new term by old results.
  const [result, setResult] = useState<{ term: string; hits: Hit[] }>({ term: '', hits: [] });
  const hits = result.hits;
  const [status, setStatus] = useState<Status>('idle');
  const api = useRef<PagefindApi | undefined>(undefined);
  const listRef = useRef<HTMLUListElement>(null);
  const inputId = useId();

  useEffect(() => {
    let live = true;
    setStatus('loading');
    loadPagefind(baseUrl).then(
      (loaded) => {
        if (!live) return;
        api.current = loaded;
        setStatus('ready');
      },
      () => live && setStatus('unavailable'),
    );
    return () => {
      live = false;
    };
  }, [baseUrl]);

  useEffect(() => {
    const term = query.trim();
    if (status !== 'ready' || !api.current) return;
    if (term === '') {
      setResult({ term: '', hits: [] });
      return;
    }
    let live = true;
    // Start fetching the index chunks for these words, in case an earlier search still runs.
    void api.current.preload(significantWords(term).join(' ')).catch(() => undefined);
    findHits(api.current, term, baseUrl, MAX_HITS).then((hits) => {
      if (!hits || !live) return; // superseded by a newer keystroke
      setResult({ term, hits });
    });
    return () => {
      live = false;
    };
  }, [query, status, baseUrl]);

  const focusHit = useCallback((index: number) => {
    const links = listRef.current?.querySelectorAll<HTMLAnchorElement>('a');
    if (!links || links.length === 0) return;
    links[Math.max(0, Math.min(index, links.length - 1))].focus();
  }, []);

  const onInputKey = (e: React.KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      focusHit(0);
    } else if (e.key === 'Enter' && hits.length > 0) {
      e.preventDefault();
      history.push(hits[0].route);
      onNavigate?.();
    }
  };

  const onListKey = (e: React.KeyboardEvent<HTMLUListElement>) => {
    const links = Array.from(listRef.current?.querySelectorAll('a') ?? []);
    const at = links.indexOf(document.activeElement as HTMLAnchorElement);
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      focusHit(at + 1);
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      if (at <= 0) document.getElementById(inputId)?.focus();
      else focusHit(at - 1);
    }
  };

  const term = query.trim();
  const done = result.term === term;
  return (
    <div className={styles.panel} data-search-done={status === 'ready' && done && term !== '' ? term : undefined}>
      <label htmlFor={inputId} className={styles.label}>
        Search the docs
      </label>
      <input
        id={inputId}
        className={styles.input}
        type="search"
        value={query}
        placeholder="Search guides, FHIR resources, SDK…"
        autoComplete="off"
        spellCheck={false}
        // Only when asked: the dialog the reader opened, or the search page.
        // eslint-disable-next-line jsx-a11y/no-autofocus
        autoFocus={autoFocus}
        onChange={(e) => setQuery(e.target.value)}
        onKeyDown={onInputKey}
      />
      <div className={styles.status} role="status" aria-live="polite">
        {status === 'loading' && term !== '' && 'Loading the search index…'}
        {status === 'unavailable' &&
          'The search index is missing. It is written by `npm run build`; run `npm run serve` to search locally.'}
        {status === 'ready' && term !== '' && !done && 'Searching…'}
        {status === 'ready' && term !== '' && done && hits.length === 0 && `No pages match “${term}”.`}
        {status === 'ready' && done && hits.length > 0 && `${hits.length} result${hits.length === 1 ? '' : 's'}`}
      </div>
      {hits.length > 0 && (
        // Arrow keys move between the result links; the key events come from the links inside.
        // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
        <ul className={styles.results} ref={listRef} onKeyDown={onListKey}>
          {hits.map((hit) => (
            <li key={hit.route}>
              <Link to={hit.route} className={styles.hit} onClick={() => onNavigate?.()}>
                <span className={styles.hitTitle}>
                  {hit.title}
                  <span className={styles.hitSection}>{hit.section}</span>
                </span>
                <HitExcerpt html={hit.excerpt} />
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
