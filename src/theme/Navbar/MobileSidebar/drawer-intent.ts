/**
 * Whether the mobile drawer is wanted in this page life: a reader has reached for its button
 * (see ./index.tsx), or the drawer has been shown. Shared by the drawer and by the docs sidebar's
 * mobile menu, which registers its content with the navbar only then: registering re-renders the
 * navbar on every phone visit.
 */
import { useEffect, useSyncExternalStore } from 'react';
import { useNavbarMobileSidebar } from '@docusaurus/theme-common/internal';

let wanted = false;
const listeners = new Set<() => void>();

export function markDrawerWanted(): void {
  if (wanted) return;
  wanted = true;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** False on the server and while hydrating, so the first render matches the server's HTML. */
export function useDrawerWanted(): boolean {
  const { shown } = useNavbarMobileSidebar();
  const seen = useSyncExternalStore(
    subscribe,
    () => wanted,
    () => false,
  );
  // Shown without a sign of intent first (the press that started the page's app is replayed as a
  // bare click, plugins/bundle/boot-on-intent): wanted from then on, so it stays rendered once closed.
  useEffect(() => {
    if (shown) markDrawerWanted();
  }, [shown]);
  return seen || shown;
}
