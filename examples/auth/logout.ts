/**
 * Ending a session. Tokens are JWTs, so clearing them locally is not enough: the server-side
 * Login must be revoked too, or a copied token keeps working until it expires.
 */
import type { MedplumClient } from '@medplum/core';

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

// #region on-unauthenticated
/** Returns a callback for the `onUnauthenticated` client option: send the user back to sign-in. */
export function redirectToSignIn(signInPath: string, navigate: (path: string) => void): () => void {
  return () => navigate(`${signInPath}?reason=session-ended`);
}
// #endregion on-unauthenticated
