/**
 * The script every built page runs in place of Docusaurus's `<script defer>` tags, so the app starts on the reader's first action.
 *
 * A docs page is readable as served: its body, sidebar and table of contents are static HTML, and
 * code blocks, diagrams and `<details>` need no JavaScript. What needs the app is what a reader
 * does: open search or the menu, collapse a category, switch a tab, copy code. So the app (the
 * webpack runtime, `main.js` and the route's chunks) starts on the first sign of a reader reaching
 * for one of those: a touch on a button, tab or field, focus entering a field, a key, or a mouse
 * moving over the page (a desktop, where starting costs little). A touch that scrolls or taps a
 * link starts nothing: until the app is ready, links are followed by the browser as plain
 * navigations, which on a phone show the next page sooner than starting the app would (the
 * pages are static and small), and a scroll never competes with the app's start. A reader who
 * only reads and follows links never pays for evaluating and hydrating the framework. Once the page has loaded and
 * painted, the scripts are fetched ahead with `<link rel="prefetch">`, so that start does not wait
 * for the network; not before, so they take no bandwidth from the page's own loading (in
 * Lighthouse's mobile simulation, prefetch links in the HTML put the largest paint 0.8 s later).
 *
 * The app starts at once when the address carries input a page acts on (a query string such as
 * `/search?q=…`, or tool state in the fragment, `#expression=…`). The FHIR tools need neither:
 * they are built with their sample's result (src/components/tools/ToolSection.tsx), and the 404
 * page searches for the address when the reader taps its button (src/theme/NotFound/Content).
 *
 * What the reader did before the app was ready is not lost:
 * - a click on a button (or tab) is held and replayed once the app has hydrated, so it does what
 *   it does after hydration; while the app starts, the page shows a progress bar (src/css/custom.css);
 * - the search shortcuts (Ctrl/⌘+K and `/`, see src/theme/SearchBar) are held and replayed, also
 *   when pressed before this script ran (./early-keys.ts holds them from the page's head), and
 *   the text typed after one, meant for the search box, is typed into the box once it is there;
 * - text typed into a field (or a choice in a list) is recorded as it happens (re-rendering a
 *   controlled field after hydration puts the server's value back) and passed to the app as an
 *   `input` (`change`) event, so filters and forms see it: once the app has hydrated, before that
 *   re-render, and again at the replay only for fields the app has replaced by then (a field
 *   still in the page has the text, and the app may have changed it).
 * Links to other sites, new-tab clicks and in-page anchors are left to the browser.
 *
 * The app says it is ready through `window.__docsBooted()`, called by src/theme/Root.tsx once the
 * first commit's effects have run. The page's `<html>` carries `data-boot="loading"`, `"hydrated"`,
 * then `"ready"` once the page has settled and held input is replayed
 * (or `"failed"`: if the app has not started 10 s after the first action, presses stop being held).
 *
 * It also shows each example tab group on the reader's stored choice (TypeScript, HTTP, curl,
 * Python) as soon as it runs: the app would do so only once it starts.
 *
 * ./index.ts compiles this file's source text with the modules it imports (each self-contained)
 * and inlines it, so the function must not refer to anything else outside its body.
 */
import { applyStoredChoices } from '../../../src/client/tab-choice';
import { searchShortcut, typedText } from '../../../src/theme/SearchBar/shortcut';

export function bootOnIntent(scripts: string[]): void {
  const root = document.documentElement;
  const intents = ['pointerdown', 'pointerover', 'keydown', 'focusin'];
  /** What a press can land on that does something: a link, or a control that needs the app. */
  const PRESSABLE = 'a[href], button, [role="button"], [role="tab"], input, select, textarea, [contenteditable="true"]';
  let started = false;
  let ready = false;
  /** The app has hydrated (`__docsBooted`): typing from then on reaches it directly. */
  let hydrated = false;
  let heldClick: HTMLElement | null = null;
  let heldPath: number[] = [];
  let heldKey: KeyboardEventInit | null = null;
  /** Text typed after a held search shortcut: the reader is typing a query into a box not yet there. */
  let heldText = '';
  /** The held text is on its way into the search box: keys typed until it arrives are added to it. */
  let delivering = false;
  /**
   * What the reader typed into each field before the app was ready, with the field's place;
   * `handed`: the field the app has this text in (handed over at hydration, or typed into after).
   */
  type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;
  const typed = new Map<Field, { value: string; path: number[]; handed?: Element }>();
  const isField = (node: unknown): node is Field =>
    node instanceof HTMLInputElement || node instanceof HTMLTextAreaElement || node instanceof HTMLSelectElement;

  /** The app did not start: what is held, and every later press, goes to the browser as it is. */
  const giveUp = (): void => {
    if (ready) return;
    ready = true;
    root.setAttribute('data-boot', 'failed');
    heldClick = null;
  };

  /**
   * A link to another page, which the browser can follow by itself: before the app is ready a
   * tap on one loads its page as a plain navigation, which on a phone puts the next page on
   * screen sooner than starting the app to navigate client-side would.
   */
  const isPlainLink = (element: Element): element is HTMLAnchorElement =>
    element instanceof HTMLAnchorElement && element.getAttribute('role') !== 'button';

  /**
   * Whether an event is a reader reaching for something the app does. A mouse (a desktop, where
   * starting costs little) starts the app as it moves over the page, and a key starts it; a touch
   * starts it only on a control that needs the app (a button, a tab, a field): a touch that
   * scrolls, or that taps a link, leaves the page as it is, so scrolling never competes with the
   * app's start and a link opens as fast as the next page loads.
   */
  const isIntent = (event: Event): boolean => {
    if (event.type === 'keydown') return true;
    if ((event as PointerEvent).pointerType === 'mouse') return true;
    if (event.type === 'pointerover' || !(event.target instanceof Element)) return false;
    const pressed = event.target.closest(PRESSABLE);
    return pressed !== null && !isPlainLink(pressed);
  };
  const onIntent = (event: Event): void => {
    if (isIntent(event)) start();
  };

  const start = (): void => {
    if (started) return;
    started = true;
    for (const type of intents) removeEventListener(type, onIntent, true);
    root.setAttribute('data-boot', 'loading');
    for (const src of scripts) {
      const script = document.createElement('script');
      script.src = src;
      script.async = false; // run in the order given: the webpack runtime first
      script.onerror = giveUp;
      document.head.appendChild(script);
    }
    // Should the app never start (a script fails to load, hydration throws), stop holding
    // presses after a while, so links at least work as plain links.
    setTimeout(giveUp, 10_000);
  };

  const onClick = (event: MouseEvent): void => {
    if (ready || !(event.target instanceof Element)) return;
    const target = event.target.closest<HTMLElement>('a[href], button, [role="tab"], [role="button"]');
    // Until the app is ready, the browser follows links itself (see isPlainLink).
    if (!target || isPlainLink(target)) return;
    event.preventDefault();
    heldClick = target;
    heldPath = pathOf(target);
    start();
  };

  const onKey = (event: KeyboardEvent): void => {
    if (ready && !delivering) return;
    const typedAfter = heldKey || delivering ? typedText(event) : undefined;
    if (typedAfter !== undefined) {
      event.preventDefault();
      event.stopImmediatePropagation();
      heldText = typedAfter === null ? heldText.slice(0, -1) : heldText + typedAfter;
      return;
    }
    if (ready) return;
    if (!searchShortcut(event)) return;
    event.preventDefault();
    // Held keys are replayed once, so the app must not see this press now as well: between
    // hydration and the replay the search bar already listens, and Ctrl+K seen twice (here and
    // in the replay) toggles the dialog open and shut again.
    event.stopImmediatePropagation();
    heldKey = { key: event.key, code: event.code, ctrlKey: event.ctrlKey, metaKey: event.metaKey, bubbles: true };
    start();
  };

  /** Where an element sits in the page: its index among its siblings, from <body> down. */
  const pathOf = (element: Element): number[] => {
    const path: number[] = [];
    for (let node: Element = element; node.parentElement && node !== document.body; node = node.parentElement) {
      path.unshift(Array.prototype.indexOf.call(node.parentElement.children, node));
    }
    return path;
  };

  /** Typing is recorded as it happens: a re-render of a controlled field puts its old value back. */
  const onInput = (event: Event): void => {
    const field = event.target;
    if (ready || !isField(field)) return;
    typed.set(field, { value: field.value, path: pathOf(field), handed: hydrated ? field : undefined });
  };

  /**
   * Text typed (or a choice made) before the app was ready may not be in its state: hand it over.
   * A field that already has it in the app (handed over at hydration, or typed into after it, so
   * the app saw the keys) is left alone while it is in the page: the app may have changed the
   * text (a search value's prefix moved to its own box), which handing it over again would undo.
   */
  const passTypedText = (): void => {
    for (const [held, entry] of typed) {
      const { value, path } = entry;
      if (entry.handed?.isConnected) continue;
      let field: Element | undefined = held;
      if (!held.isConnected) {
        field = document.body;
        for (const index of path) field = field?.children[index];
      }
      if (!isField(field) || field.tagName !== held.tagName) continue;
      entry.handed = field;
      if (field instanceof HTMLSelectElement) {
        // React reads a select's choice from its `change` event.
        field.value = value;
        field.dispatchEvent(new Event('change', { bubbles: true }));
        continue;
      }
      setValue(field, value);
    }
  };

  /** Gives a field the value a reader typed, as an `input` event the app's state reads. */
  const setValue = (field: HTMLInputElement | HTMLTextAreaElement, value: string): void => {
    // React tracks the value through a setter on the element itself: set a different value
    // through it, the typed one through the prototype's, so the `input` event reads as a change.
    field.value = value === '' ? ' ' : '';
    Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set?.call(field, value);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  };

  /**
   * Types the text held after a search shortcut into the search box, once the replayed press has
   * opened the dialog and its box has focus (a frame or two; 3 s at most). Keys typed meanwhile
   * are added to the held text (onKey), so they reach the box in the order they were typed.
   */
  const typeIntoSearch = (): void => {
    delivering = true;
    const until = performance.now() + 3000;
    const done = (): void => {
      heldText = '';
      delivering = false;
    };
    const attempt = (): void => {
      const box = document.activeElement;
      if (box instanceof HTMLInputElement && box.closest('[role="dialog"]')) {
        setValue(box, heldText + box.value);
        done();
      } else if (performance.now() < until) requestAnimationFrame(attempt);
      else done();
    };
    requestAnimationFrame(attempt);
  };

  /**
   * The element a held click meant, in the page as it is now. Hydration keeps most of the
   * server's nodes, but some parts are replaced once the app knows the window (the desktop
   * sidebar, see src/components/ServerHtml): there the same control is found again by its place in
   * the page, or else by what it is (the same link target; the same label and text).
   */
  const current = (held: HTMLElement, path: number[]): HTMLElement | null => {
    if (held.isConnected) return held;
    let node: Element | undefined = document.body;
    for (const index of path) node = node?.children[index];
    const same = (el: Element | undefined): el is HTMLElement =>
      el instanceof HTMLElement &&
      el.tagName === held.tagName &&
      el.getAttribute('href') === held.getAttribute('href') &&
      el.getAttribute('aria-label') === held.getAttribute('aria-label') &&
      el.textContent === held.textContent;
    if (same(node)) return node;
    return (
      Array.from(document.querySelectorAll(held.tagName))
        .filter(same)
        .find((el) => el.getClientRects().length > 0) ?? null
    );
  };

  const replay = (): void => {
    passTypedText();
    typed.clear();
    if (heldKey) document.body.dispatchEvent(new KeyboardEvent('keydown', heldKey));
    // Keys typed from here until the text reaches the box join it (onKey), so none is lost or
    // lands in the box ahead of it.
    if (heldText) typeIntoSearch();
    const click = heldClick;
    heldKey = null;
    heldClick = null;
    if (!click) return;
    const target = current(click, heldPath);
    target?.click();
  };

  /** Runs `then` once the page has stopped changing (50 ms without a mutation, 1 s at most). */
  const whenSettled = (then: () => void): void => {
    let finished = false;
    let timer = setTimeout(done, 50);
    const limit = setTimeout(done, 1000);
    const observer = new MutationObserver(() => {
      clearTimeout(timer);
      timer = setTimeout(done, 50);
    });
    observer.observe(document.body, { childList: true, subtree: true });
    function done(): void {
      if (finished) return;
      finished = true;
      observer.disconnect();
      clearTimeout(timer);
      clearTimeout(limit);
      then();
    }
  };

  (window as unknown as { __docsBooted?: () => void }).__docsBooted = () => {
    if (hydrated) return;
    hydrated = true;
    if (!ready) root.setAttribute('data-boot', 'hydrated');
    // Typed text is handed over now as well, before the app's first re-render: a controlled
    // field re-rendered from the state it hydrated with gets the server's value back, and the
    // keys typed next would land after that value instead of after the reader's text. This runs
    // in Root's passive effect, after every effect of the first commit (children's first) and
    // before React renders what they, or its layout effects, scheduled. A field in a part that
    // hydrates in a later commit (a server-rendered Suspense boundary) would miss it, and the
    // replay would not try again; no page has one (the search dialog, the demos and the 404
    // search render in the browser only). The replay hands the text over again only to fields
    // the app has replaced by then.
    if (!ready) passTypedText();
    // Presses go on being held until the replay: until then parts of the page may still be the
    // server's HTML, waiting to be replaced.
    whenSettled(() => {
      const gaveUp = ready; // then nothing is held any more
      ready = true;
      speculation?.remove();
      if (!gaveUp) replay();
      root.setAttribute('data-boot', 'ready');
    });
  };
  (window as unknown as { __docsBoot?: () => void }).__docsBoot = start;

  /** The page's speculation rules (./index.ts): links are prerendered from a press until the app is ready. */
  const speculation = document.querySelector('script[type="speculationrules"][data-boot]');

  const prefetch = (): void => {
    if (started) return; // the scripts are being loaded already
    for (const src of scripts) {
      const link = document.createElement('link');
      link.rel = 'prefetch';
      link.as = 'script';
      link.href = src;
      link.setAttribute('data-boot', '');
      document.head.appendChild(link);
    }
  };
  // After load and after the first frame has painted, when the page is idle: on a fast
  // connection `load` can come before the first paint, and the page's paint comes first.
  const whenPaintedAndIdle = (): void => {
    requestAnimationFrame(() =>
      requestAnimationFrame(() => {
        if ('requestIdleCallback' in window) requestIdleCallback(prefetch, { timeout: 2000 });
        else setTimeout(prefetch, 200);
      }),
    );
  };
  if (document.readyState === 'complete') whenPaintedAndIdle();
  else addEventListener('load', whenPaintedAndIdle, { once: true });

  applyStoredChoices();
  addEventListener('click', onClick, true);
  addEventListener('keydown', onKey, true);
  addEventListener('input', onInput, true);
  for (const type of intents) addEventListener(type, onIntent, { capture: true, passive: true });

  // A search shortcut pressed while the page was still loading, held by the head's script
  // (./early-keys.ts), which stops listening now that this one does.
  const early = (
    window as unknown as { __docsTakeEarlyKey?: () => { key: KeyboardEventInit; text: string } | undefined }
  ).__docsTakeEarlyKey?.();
  if (early) {
    heldKey = early.key;
    heldText = early.text;
    start();
  }

  if (location.search !== '' || location.hash.includes('=')) start();
}
