/**
 * The reader's stored example-tab choice, applied to the tab groups in the page.
 *
 * Two readers: src/client/example-tabs.ts (after each render of the app), and the inline boot
 * script (plugins/bundle/boot-on-intent), which applies it as the page is parsed, so a reader who chose
 * curl sees curl before the page's app has started. So nothing here may refer to anything outside
 * this file, and this file imports nothing.
 */

/** The theme's localStorage key for a tab group's choice, as its `<Tabs groupId>` uses. */
export function tabStorageKey(group: string): string {
  return `docusaurus.tab.${group}`;
}

export function storedTab(group: string): string | null {
  try {
    return window.localStorage.getItem(tabStorageKey(group));
  } catch {
    return null; // storage disabled: every page starts on its default tab
  }
}

/** Shows `value` in one group; false when the group has no such tab. */
export function selectTab(container: Element, value: string): boolean {
  const tabs = Array.from(container.querySelectorAll<HTMLElement>('[role="tab"][data-tab-value]'));
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

/** Each group on the page shows the reader's stored choice, where it has that tab. */
export function applyStoredChoices(root: ParentNode = document): void {
  for (const container of Array.from(root.querySelectorAll<HTMLElement>('[data-tab-group]'))) {
    const value = storedTab(container.dataset.tabGroup ?? '');
    if (value) selectTab(container, value);
  }
}
