/**
 * Email + password sign-in through the platform's own login endpoints, the two-step flow that
 * the ready-made sign-in form also uses: `auth/login` returns a short-lived login code, and the
 * OAuth token endpoint swaps it for tokens.
 */
import { OperationOutcomeError } from '@medplum/core';
import type { LoginAuthenticationResponse, MedplumClient } from '@medplum/core';
import type { ProjectMembership } from '@medplum/fhirtypes';

/** What the caller has to do next after the password step. */
export type PasswordSignInResult =
  | { kind: 'signed-in'; accessToken: string }
  | { kind: 'choose-membership'; login: string; memberships: ProjectMembership[] }
  | { kind: 'mfa-required'; login: string }
  | { kind: 'verify-email'; login: string };

export interface PasswordSignInInput {
  email: string;
  password: string;
  /** Narrows the login to one project; leave out to let the user pick among all memberships. */
  projectId?: string;
  /** The ClientApplication the tokens are issued to. */
  clientId?: string;
  /** Add `offline_access` to receive a refresh token. */
  scope?: string;
}

// #region password-sign-in
export async function signInWithPassword(
  medplum: MedplumClient,
  input: PasswordSignInInput,
): Promise<PasswordSignInResult> {
  // Step 1: check the credentials. The client adds a PKCE challenge to this request for us.
  const response: LoginAuthenticationResponse = await medplum.startLogin({
    email: input.email,
    password: input.password,
    projectId: input.projectId,
    clientId: input.clientId,
    scope: input.scope ?? 'openid offline_access',
  });

  // Step 2: the server may need more before it issues a code.
  if (response.mfaRequired) {
    return { kind: 'mfa-required', login: response.login };
  }
  if (response.emailVerificationRequired) {
    return { kind: 'verify-email', login: response.login };
  }
  if (!response.code) {
    // No code and a list of memberships: the user belongs to several projects or profiles.
    return { kind: 'choose-membership', login: response.login, memberships: response.memberships ?? [] };
  }

  // Step 3: swap the one-time code (plus the stored PKCE verifier) for tokens.
  await medplum.processCode(response.code, { clientId: input.clientId });
  const accessToken = medplum.getAccessToken();
  if (!accessToken) {
    throw new Error('Sign-in finished without an access token');
  }
  return { kind: 'signed-in', accessToken };
}
// #endregion password-sign-in

// #region login-rate-limit
/**
 * After a failed sign-in, tells whether the server's sign-in rate limit refused it and, if so, how
 * many seconds to wait. MedplumClient keeps the last RateLimit header it saw.
 */
export function secondsUntilSignInAllowed(medplum: MedplumClient, err: unknown): number | undefined {
  if (!(err instanceof OperationOutcomeError) || err.outcome.issue?.[0]?.code !== 'throttled') {
    return undefined; // some other failure, such as a wrong password
  }
  const exhausted = medplum.rateLimitStatus().find((limit) => limit.remainingUnits === 0);
  return exhausted?.secondsUntilReset ?? 60; // the window is one minute
}
// #endregion login-rate-limit
