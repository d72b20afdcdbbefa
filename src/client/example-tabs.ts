/**
 * The example tab groups (TypeScript | HTTP | curl | Python, written by
 * plugins/remark-example-code/http-tabs.ts) as plain HTML with one delegated listener, instead of
 * the theme's `<Tabs>` component: a component would make every guide with an example hydrate its
 * whole body (issue 28), where plain HTML lets the body stay static (plugins/static-body).
 *
 * Behaves as the theme's tabs with a `groupId` do: the choice is stored in localStorage under the
 * theme's key (`docusaurus.tab.<group>`), applied to every group on the page and on every page
 * shown later; arrow keys, Home and End move between tabs; the clicked tab keeps its place on
 * screen when groups above it change height.
 */
import type { ClientModule } from '@docusaurus/types';

const GROUP = '[data-tab-group]';
const TAB = '[role="tab"][data-tab-value]';

const storageKey = (group: string) => `docusaurus.tab.${group}`;

function stored(group: string): string | null {
  try {
    return window.localStorage.getItem(storageKey(group));
  } catch {
    return null; // storage disabled: every page starts on its default tab
  }
}

function store(group: string, value: string): void {
  try {
    window.localStorage.setItem(storageKey(group), value);
  } catch {
    // storage disabled or full: the choice lasts for this page only
  }
}

/** Shows `value` in one group; false when the group has no such tab. */
function select(container: Element, value: string): boolean {
  const tabs = Array.from(container.querySelectorAll<HTMLElement>(TAB));
  if (!tabs.some((tab) => tab.dataset.tabValue === value)) return false;
  for (const tab of tabs) {
    const active = tab.dataset.tabValue === value;
    tab.setAttribute('aria-selected', String(active));
    tab.tabIndex = active ? 0 : -1;
    tab.classList.toggle('tabs__item--active', active);
  }
  for (const panel of Array.from(container.querySelectorAll<HTMLElement>('[role="tabpanel"][data-tab-value]'))) {
    panel.hidden = panel.dataset.tabValue !== value;
  }
  return true;
}

function selectEverywhere(group: string, value: string): void {
  for (const container of Array.from(document.querySelectorAll(`[data-tab-group="${CSS.escape(group)}"]`))) {
    select(container, value);
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

/** Each group on the page shows the reader's stored choice, where it has that tab. */
export function applyStoredChoices(root: ParentNode = document): void {
  for (const container of Array.from(root.querySelectorAll<HTMLElement>(GROUP))) {
    const value = stored(container.dataset.tabGroup ?? '');
    if (value) select(container, value);
  }
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
