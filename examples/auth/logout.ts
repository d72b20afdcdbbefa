/**
 * Ending a session. Tokens are JWTs, so clearing them locally is not enough: the server-side
 * Login must be revoked too, or a copied token keeps working until it expires.
 */
import { MedplumClient } from '@medplum/core';

// #region sign-out
/** Revokes the current login on the server, then wipes tokens and cached data from the client. */
export async function signOutCompletely(medplum: MedplumClient): Promise<void> {
  try {
    await medplum.signOut();
  } finally {
    // signOut() clears local state only after the server call succeeds; make sure a network
    // failure still leaves this device signed out.
    medplum.clear();
  }
}
// #endregion sign-out

// #region menu-action
/** What a "Sign out" menu item runs: end the session, then show the sign-in page. */
export async function handleSignOut(medplum: MedplumClient, navigate: (path: string) => void): Promise<void> {
  try {
    await signOutCompletely(medplum);
  } finally {
    navigate('/signin');
  }
}
// #endregion menu-action

// #region on-unauthenticated
/**
 * A client that sends the user to the sign-in page whenever the server stops accepting the
 * session (refresh failed, login revoked elsewhere).
 */
export function createClientWithSessionHandling(
  baseUrl: string,
  navigate: (path: string) => void,
  fetchImpl?: typeof fetch,
): MedplumClient {
  return new MedplumClient({
    baseUrl,
    fetch: fetchImpl,
    onUnauthenticated: () => navigate('/signin?reason=session-ended'),
  });
}
// #endregion on-unauthenticated
