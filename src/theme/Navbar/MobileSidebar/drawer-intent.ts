/**
 * Whether a reader has reached for the mobile drawer's button in this page life (see
 * ./index.tsx). Shared by the drawer and by the docs sidebar's mobile menu, which registers its
 * content with the navbar only then: registering re-renders the navbar on every phone visit.
 */
import { useSyncExternalStore } from 'react';

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
  return useSyncExternalStore(
    subscribe,
    () => wanted,
    () => false,
  );
}
