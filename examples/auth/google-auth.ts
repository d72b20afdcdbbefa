/**
 * Google sign-in: Google Identity Services gives the browser a signed ID token (the
 * "credential"); the platform checks it and signs the matching user in.
 */
import type { GoogleCredentialResponse, MedplumClient } from '@medplum/core';

export interface GoogleSignInOptions {
  /** Restrict the login to one project (required when the user is project-scoped). */
  projectId?: string;
  /** The Medplum ClientApplication the tokens are for. */
  clientId?: string;
  /** Create a User when none exists for the Google email address. */
  createUser?: boolean;
}

// #region google-sign-in
/** Pass the object Google's button hands to its callback: `{ clientId, credential }`. */
export async function signInWithGoogleCredential(
  medplum: MedplumClient,
  google: GoogleCredentialResponse,
  options: GoogleSignInOptions = {},
): Promise<'signed-in' | 'needs-next-step'> {
  const response = await medplum.startGoogleLogin({
    googleClientId: google.clientId,
    googleCredential: google.credential,
    projectId: options.projectId,
    clientId: options.clientId,
    createUser: options.createUser,
    scope: 'openid offline_access',
  });
  if (!response.code) {
    // Several memberships, a new user who still needs a project or patient profile, or a domain
    // with its own identity provider (the answer names its authorizeUrl). No MFA step follows a
    // Google sign-in.
    return 'needs-next-step';
  }
  await medplum.processCode(response.code, { clientId: options.clientId });
  return 'signed-in';
}
// #endregion google-sign-in
