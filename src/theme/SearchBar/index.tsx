import React, { Suspense, lazy, useCallback, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import useBaseUrl from '@docusaurus/useBaseUrl';
import { searchShortcut } from './shortcut';
import styles from './styles.module.css';
// The panel's classes, for the box shown while the panel loads (in the site's one stylesheet either way).
import panelStyles from '@site/src/components/Search/styles.module.css';

// The panel's code loads when search is first opened, or when the pointer or focus reaches the
// button, so pages that are only read never download it.
const loadPanel = () => import('@site/src/components/Search/SearchPanel');
const SearchPanel = lazy(loadPanel);
// The search runtime's loader: a module of its own, so the runtime starts loading beside the panel.
const loadRuntime = () => import('@site/src/components/Search/loadPagefind');

/**
 * The navbar search: a button that opens a dialog with instant offline results.
 * Ctrl+K (⌘K on a Mac) or "/" opens it from anywhere; Escape closes it.
 */
export default function SearchBar(): React.JSX.Element {
  const [open, setOpen] = useState(false);
  // Set once the shortcut listener is attached (after hydration); tests wait for it.
  const [ready, setReady] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  // What the reader types while the panel's code is still loading: a reader presses Ctrl+K and
  // types at once, and the panel takes the text over when it mounts (see PendingField).
  const pendingText = useRef('');
  const takePending = useCallback(() => pendingText.current, []);
  useEffect(() => {
    if (!open) pendingText.current = '';
  }, [open]);
  const baseUrl = useBaseUrl('/');
  // On the same signs, the panel's code and the search index's runtime (Pagefind's script,
  // worker, wasm and metadata) start loading at once, so a query typed or pasted as soon as the
  // box shows finds most of the runtime there. Both are imported on demand, not here: this button
  // is in every page's first JavaScript.
  const warm = useCallback(() => {
    loadPanel().catch(() => undefined);
    loadRuntime()
      .then((runtime) => runtime.loadPagefind(baseUrl))
      .catch(() => undefined);
  }, [baseUrl]);
  const close = useCallback(() => {
    setOpen(false);
    buttonRef.current?.focus();
  }, []);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const shortcut = searchShortcut(e);
      if (shortcut === 'toggle') {
        e.preventDefault();
        if (!open) warm();
        setOpen((o) => !o);
      } else if (shortcut === 'open' && !open) {
        e.preventDefault();
        warm();
        setOpen(true);
      } else if (e.key === 'Escape' && open) {
        close();
      }
    };
    window.addEventListener('keydown', onKey);
    setReady(true);
    return () => window.removeEventListener('keydown', onKey);
  }, [open, close, warm]);

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        className={styles.button}
        onClick={() => {
          warm();
          setOpen(true);
        }}
        onPointerEnter={warm}
        onFocus={warm}
        aria-haspopup="dialog"
        aria-keyshortcuts="Control+K Meta+K /"
        data-search-ready={ready ? 'true' : undefined}
      >
        <svg width="16" height="16" viewBox="0 0 20 20" aria-hidden="true">
          <path
            d="M14.4 12.9l4.3 4.3-1.5 1.5-4.3-4.3a7.5 7.5 0 1 1 1.5-1.5zM8.5 14a5.5 5.5 0 1 0 0-11 5.5 5.5 0 0 0 0 11z"
            fill="currentColor"
          />
        </svg>
        <span className={styles.buttonText}>Search</span>
        <kbd className={styles.kbd}>Ctrl K</kbd>
      </button>
      {open && (
        // A click on the backdrop closes the dialog; keyboard users close it with Escape.
        // eslint-disable-next-line jsx-a11y/no-static-element-interactions
        <div className={styles.backdrop} onMouseDown={(e) => e.target === e.currentTarget && close()}>
          <div className={styles.dialog} role="dialog" aria-modal="true" aria-label="Search the docs">
            <Suspense fallback={<PendingField text={pendingText} />}>
              <SearchPanel autoFocus takeInitialQuery={takePending} onNavigate={close} />
            </Suspense>
            <p className={styles.hint}>
              <kbd>↓</kbd> <kbd>↑</kbd> to move, <kbd>Enter</kbd> to open, <kbd>Esc</kbd> to close
            </p>
          </div>
        </div>
      )}
    </>
  );
}

/**
 * The search box while the panel's code loads: the panel's label and box, focused, so keys typed
 * straight after the shortcut land in it instead of being lost; the panel starts from its text.
 */
function PendingField({ text }: { text: React.RefObject<string> }): React.JSX.Element {
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();
  // Before the browser paints the dialog, so no key typed into it goes elsewhere.
  useLayoutEffect(() => input.current?.focus(), []);
  return (
    <div className={panelStyles.panel}>
      <label htmlFor={inputId} className={panelStyles.label}>
        Search the docs
      </label>
      <input
        id={inputId}
        ref={input}
        className={panelStyles.input}
        type="search"
        autoComplete="off"
        spellCheck={false}
        data-search-pending=""
        onInput={(e) => {
          text.current = e.currentTarget.value;
        }}
      />
      <div className={panelStyles.status}>Loading search…</div>
    </div>
  );
}
