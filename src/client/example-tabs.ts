/**
 * The example tab groups (TypeScript | HTTP | curl | Python, written by
 * plugins/markdown/remark-example-code/http-tabs.ts) as plain HTML with one delegated listener, instead of
 * the theme's `<Tabs>` component: a component would make every guide with an example hydrate its
 * whole body (costly on a phone's CPU), where plain HTML lets the body stay static (plugins/markdown/static-body).
 *
 * Behaves as the theme's tabs with a `groupId` do: the choice is stored in localStorage under the
 * theme's key (`docusaurus.tab.<group>`), applied to every group on the page and on every page
 * shown later; arrow keys, Home and End move between tabs; the clicked tab keeps its place on
 * screen when groups above it change height.
 */
import type { ClientModule } from '@docusaurus/types';
import { applyStoredChoices, selectTab, tabStorageKey } from './tab-choice';

const GROUP = '[data-tab-group]';
const TAB = '[role="tab"][data-tab-value]';

function store(group: string, value: string): void {
  try {
    window.localStorage.setItem(tabStorageKey(group), value);
  } catch {
    // storage disabled or full: the choice lasts for this page only
  }
}

function selectEverywhere(group: string, value: string): void {
  for (const container of Array.from(document.querySelectorAll(`[data-tab-group="${CSS.escape(group)}"]`))) {
    selectTab(container, value);
  }
}

function choose(tab: HTMLElement): void {
  const container = tab.closest<HTMLElement>(GROUP);
  const group = container?.dataset.tabGroup;
  const value = tab.dataset.tabValue;
  if (!container || !group || !value) return;
  const before = tab.getBoundingClientRect().top;
  store(group, value);
  selectEverywhere(group, value);
  // Groups above may have grown or shrunk: keep the tab the reader used where it was.
  const shift = tab.getBoundingClientRect().top - before;
  if (shift !== 0) window.scrollBy(0, shift);
}

function onClick(event: MouseEvent): void {
  const tab = event.target instanceof Element ? event.target.closest<HTMLElement>(TAB) : null;
  if (tab?.closest(GROUP)) choose(tab);
}

function onKeyDown(event: KeyboardEvent): void {
  const tab = event.target instanceof Element ? event.target.closest<HTMLElement>(TAB) : null;
  const list = tab?.closest(GROUP) ? tab.parentElement : null;
  if (!tab || !list) return;
  const tabs = Array.from(list.querySelectorAll<HTMLElement>(TAB));
  const index = tabs.indexOf(tab);
  const next =
    event.key === 'ArrowRight'
      ? tabs[(index + 1) % tabs.length]
      : event.key === 'ArrowLeft'
        ? tabs[(index - 1 + tabs.length) % tabs.length]
        : event.key === 'Home'
          ? tabs[0]
          : event.key === 'End'
            ? tabs[tabs.length - 1]
            : event.key === 'Enter' || event.key === ' '
              ? tab
              : null;
  if (!next) return;
  event.preventDefault();
  next.focus();
  choose(next);
}

if (typeof document !== 'undefined') {
  document.addEventListener('click', onClick);
  document.addEventListener('keydown', onKeyDown);
}

const clientModule: ClientModule = {
  // After the first render (hydration) and after each client-side navigation has rendered.
  onRouteDidUpdate() {
    applyStoredChoices();
  },
};
export default clientModule;
