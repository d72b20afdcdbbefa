/**
 * The MedplumClient events that drive React re-renders, and the shape of a WebSocket
 * subscription notification, without React.
 */
import type { MedplumClientEventMap, ProfileResource } from '@medplum/core';
import { MedplumClient } from '@medplum/core';
import type { Bundle, Reference, Resource, SubscriptionStatus } from '@medplum/fhirtypes';

// #region create-client
/**
 * Create the client once per app, at module level, never inside a component: MedplumProvider
 * keeps the profile it read from the first client until the next event. `onUnauthenticated` runs
 * after the client has given up on a 401 (one refresh attempt) and cleared the session.
 */
export function createAppClient(baseUrl: string, onSignedOut: () => void): MedplumClient {
  return new MedplumClient({ baseUrl, onUnauthenticated: onSignedOut });
}
// #endregion create-client

// #region session-state
/** What MedplumProvider keeps in context, read straight from the client. */
export interface SessionState {
  loading: boolean;
  profile: ProfileResource | undefined;
}

export function sessionState(medplum: MedplumClient): SessionState {
  return { loading: medplum.isLoading(), profile: medplum.getProfile() };
}

/** The events MedplumProvider listens to; each one makes it re-read the session state. */
export const SESSION_EVENTS = [
  'change',
  'storageInitialized',
  'storageInitFailed',
  'profileRefreshing',
  'profileRefreshed',
] as const satisfies readonly (keyof MedplumClientEventMap)[];

/**
 * Calls `listener` with fresh session state whenever the client signals a sign-in, sign-out,
 * profile refresh or storage start-up. Returns a function that removes the listeners. Use it
 * outside React (a service worker bridge, a store) the way MedplumProvider does inside React.
 */
export function watchSession(medplum: MedplumClient, listener: (state: SessionState) => void): () => void {
  const handler = (): void => listener(sessionState(medplum));
  for (const event of SESSION_EVENTS) {
    medplum.addEventListener(event, handler);
  }
  return () => {
    for (const event of SESSION_EVENTS) {
      medplum.removeEventListener(event, handler);
    }
  };
}
// #endregion session-state

// #region offline
/**
 * The client dispatches `offline` when the first attempt of a request throws with the message
 * "Failed to fetch" (Chromium's wording for a network error; other runtimes word it differently
 * and never trigger it). There is no matching `online` event; use the browser's own `online`
 * event (or the next successful request) to clear the banner.
 */
export function watchOffline(medplum: MedplumClient, onOffline: () => void): () => void {
  const handler = (): void => onOffline();
  medplum.addEventListener('offline', handler);
  return () => medplum.removeEventListener('offline', handler);
}
// #endregion offline

// #region notification
/** What a WebSocket subscription notification says happened. */
export interface NotificationSummary {
  kind: SubscriptionStatus['type'];
  focus?: Reference;
  resource?: Resource;
}

/**
 * Reads a notification Bundle as `useSubscription` hands it to your callback: the first entry is
 * a SubscriptionStatus of type `event-notification` whose `notificationEvent[0].focus` names the
 * changed resource, and the resource itself follows. (The client handles `handshake` and
 * `heartbeat` bundles itself; they never reach the callback.)
 */
export function summarizeNotification(bundle: Bundle): NotificationSummary | undefined {
  const status = bundle.entry?.[0]?.resource;
  if (status?.resourceType !== 'SubscriptionStatus') {
    return undefined;
  }
  return {
    kind: status.type,
    focus: status.notificationEvent?.[0]?.focus,
    resource: bundle.entry?.[1]?.resource,
  };
}
// #endregion notification
