/**
 * Sign-in links built on pre-authorized codes: a project admin's back end asks the server for a
 * one-time code on behalf of a member, puts it in a link, and the app behind the link trades the
 * code for tokens at the OAuth token endpoint.
 */
import { OAuthGrantType } from '@medplum/core';
import type { MedplumClient, TokenResponse } from '@medplum/core';
import type { Patient } from '@medplum/fhirtypes';

// #region create-link
/** What the admin side hands to the messaging step. */
export interface SignInLink {
  /** The link to send. The code sits in the fragment, which browsers do not send to servers. */
  url: string;
  /** When the code stops working (ISO timestamp from the server). */
  expiresAt: string;
}

/**
 * Runs with a project admin's session (for example a back-end client application whose
 * membership has `admin: true`). `appUrl` is the page of your app that redeems the code.
 */
export async function createSignInLink(
  admin: MedplumClient,
  patient: Patient,
  clientId: string,
  appUrl: string,
  expiresInSeconds = 15 * 60,
): Promise<SignInLink> {
  // The header may name the member's profile; the server looks up that profile's membership in
  // the admin's project and answers 400 "Authentication error" when there is none (invite the
  // patient first).
  const { preAuthorizedCode, expiresAt } = await admin.post<{ preAuthorizedCode: string; expiresAt: string }>(
    'auth/preauthorize',
    { clientId, scope: 'openid', expiresIn: expiresInSeconds },
    'application/json',
    { headers: { 'X-Medplum-On-Behalf-Of': `Patient/${patient.id}` } },
  );
  const url = new URL(appUrl);
  url.hash = new URLSearchParams({ code: preAuthorizedCode }).toString();
  return { url: url.toString(), expiresAt };
}
// #endregion create-link

// #region redeem-link
/**
 * Runs in the app the link opens. Reads the code from the fragment, removes it from the address
 * bar, trades it for tokens and signs the MedplumClient in with them.
 */
export async function signInFromLink(
  medplum: MedplumClient,
  clientId: string,
  location: { href: string },
  history?: { replaceState(data: unknown, unused: string, url?: string): void },
  fetchImpl: typeof fetch = fetch,
): Promise<TokenResponse> {
  const url = new URL(location.href);
  const code = new URLSearchParams(url.hash.slice(1)).get('code');
  if (!code) {
    throw new Error('This link has no sign-in code');
  }
  // Take the code out of the address bar so it is not bookmarked, shared or kept in history.
  url.hash = '';
  history?.replaceState(null, '', url.toString());

  // getTokenUrl() is the server's oauth2/token address (or the tokenUrl client option).
  const response = await fetchImpl(medplum.getTokenUrl(), {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: OAuthGrantType.PreAuthorizedCode,
      client_id: clientId,
      'pre-authorized_code': code,
    }).toString(),
  });
  const tokens = await response.json();
  if (!response.ok) {
    // "Pre-authorized code expired", "Token already granted", "Invalid pre-authorized_code" ...
    throw new Error(tokens.error_description ?? tokens.error ?? 'Sign-in link could not be used');
  }

  // Keep the session in the client's storage so a page reload does not need the (now used) code.
  // No refresh token comes back: the empty one tells the client there is nothing to refresh, so
  // the session ends when this access token expires.
  await medplum.setActiveLogin({
    project: tokens.project,
    profile: tokens.profile,
    accessToken: tokens.access_token,
    refreshToken: '',
  });
  return tokens as TokenResponse;
}
// #endregion redeem-link
