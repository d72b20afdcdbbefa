/**
 * OAuth2 and OpenID Connect endpoints: /oauth2/authorize, /oauth2/token and /oauth2/userinfo.
 */
import {
  OAuthGrantType,
  parseJWTPayload,
  type MedplumClient,
  type ProfileResource,
  type TokenResponse,
} from '@medplum/core';

// #region client-credentials-sdk
/** Server-to-server sign-in with a ClientApplication id and secret. */
export async function signInAsClient(
  medplum: MedplumClient,
  clientId: string,
  clientSecret: string,
): Promise<ProfileResource> {
  // Sends grant_type=client_credentials to /oauth2/token and keeps the tokens in the client.
  return medplum.startClientLogin(clientId, clientSecret);
}
// #endregion client-credentials-sdk

// #region client-credentials-fetch
/**
 * The same grant without the SDK: a form-encoded POST, client authenticated with HTTP Basic
 * (client_secret_basic). Returns the raw token response.
 */
export async function requestClientCredentialsToken(
  baseUrl: string,
  clientId: string,
  clientSecret: string,
  fetchImpl: typeof fetch = fetch,
): Promise<TokenResponse & { scope?: string }> {
  const response = await fetchImpl(new URL('oauth2/token', baseUrl).toString(), {
    method: 'POST',
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      Authorization: 'Basic ' + Buffer.from(`${clientId}:${clientSecret}`).toString('base64'),
    },
    body: new URLSearchParams({ grant_type: OAuthGrantType.ClientCredentials, scope: 'openid' }).toString(),
  });
  const json = await response.json();
  if (!response.ok) {
    // Token errors use the OAuth2 shape, not an OperationOutcome.
    throw new Error(`${json.error}: ${json.error_description ?? ''}`.trim());
  }
  return json;
}
// #endregion client-credentials-fetch

// #region authorize-url
/**
 * Builds the /oauth2/authorize URL for the authorization code flow with PKCE.
 * startPkce() keeps the code verifier in the client's storage for processCode() later.
 */
export async function buildAuthorizeUrl(
  medplum: MedplumClient,
  clientId: string,
  redirectUri: string,
  state: string,
): Promise<URL> {
  const { codeChallenge, codeChallengeMethod } = await medplum.startPkce();
  const url = new URL(medplum.getAuthorizeUrl());
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', clientId);
  url.searchParams.set('redirect_uri', redirectUri);
  url.searchParams.set('scope', 'openid profile email');
  url.searchParams.set('state', state);
  url.searchParams.set('code_challenge', codeChallenge);
  url.searchParams.set('code_challenge_method', codeChallengeMethod);
  return url;
}
// #endregion authorize-url

// #region exchange-code
/** Called on the redirect page: trades the `code` query parameter for tokens, sending the stored code_verifier. */
export async function finishAuthorization(
  medplum: MedplumClient,
  code: string,
  clientId: string,
  redirectUri: string,
): Promise<ProfileResource> {
  return medplum.processCode(code, { clientId, redirectUri });
}
// #endregion exchange-code

// #region refresh-fetch
/** Trades a refresh token for a new token set. The old refresh token stops working. */
export async function refreshTokens(
  baseUrl: string,
  refreshToken: string,
  fetchImpl: typeof fetch = fetch,
): Promise<TokenResponse> {
  const response = await fetchImpl(new URL('oauth2/token', baseUrl).toString(), {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: OAuthGrantType.RefreshToken, refresh_token: refreshToken }).toString(),
  });
  const json = await response.json();
  if (!response.ok) {
    throw new Error(`${json.error}: ${json.error_description ?? ''}`.trim());
  }
  return json;
}
// #endregion refresh-fetch

// #region token-exchange
/**
 * Swaps an access token issued by an external identity provider for Medplum tokens
 * (RFC 8693 token exchange). The ClientApplication must have an identityProvider configured.
 */
export async function exchangeExternalToken(
  medplum: MedplumClient,
  externalAccessToken: string,
  clientId: string,
): Promise<ProfileResource> {
  return medplum.exchangeExternalAccessToken(externalAccessToken, clientId);
}
// #endregion token-exchange

// #region pre-authorize
/**
 * A project admin creates a one-time sign-in code for another member of the project, for example
 * to put in a "magic link". The header names the member the code signs in as.
 */
export async function createPreAuthorizedCode(
  adminClient: MedplumClient,
  membershipId: string,
  clientId: string,
  expiresInSeconds = 900,
): Promise<{ preAuthorizedCode: string; expiresAt: string }> {
  return adminClient.post(
    'auth/preauthorize',
    { clientId, scope: 'openid', expiresIn: expiresInSeconds },
    'application/json',
    { headers: { 'X-Medplum-On-Behalf-Of': `ProjectMembership/${membershipId}` } },
  );
}
// #endregion pre-authorize

// #region pre-authorized-redeem
/** The app that received the code trades it for tokens. No client secret or PKCE verifier is sent. */
export async function redeemPreAuthorizedCode(
  baseUrl: string,
  clientId: string,
  preAuthorizedCode: string,
  fetchImpl: typeof fetch = fetch,
): Promise<TokenResponse> {
  const response = await fetchImpl(new URL('oauth2/token', baseUrl).toString(), {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: OAuthGrantType.PreAuthorizedCode,
      client_id: clientId,
      'pre-authorized_code': preAuthorizedCode,
    }).toString(),
  });
  const json = await response.json();
  if (!response.ok) {
    // For example invalid_grant "Pre-authorized code expired" or "Token already granted".
    throw new Error(`${json.error}: ${json.error_description ?? ''}`.trim());
  }
  return json;
}
// #endregion pre-authorized-redeem

/** Claims returned by /oauth2/userinfo; which ones appear depends on the granted scopes. */
export interface UserInfo {
  sub: string;
  profile?: string;
  name?: string;
  given_name?: string;
  family_name?: string;
  email?: string;
  email_verified?: boolean;
  phone_number?: string;
  [claim: string]: unknown;
}

// #region userinfo
/** Reads the OpenID Connect claims for the signed-in user. */
export async function getUserInfo(medplum: MedplumClient): Promise<UserInfo> {
  return medplum.get<UserInfo>('oauth2/userinfo', { cache: 'no-cache' });
}
// #endregion userinfo

// #region token-claims
/**
 * Reads the identifying claims of the client's current access token. This only decodes the JWT;
 * a service that accepts tokens from callers must verify the signature against the server's JWKS.
 */
export function describeAccessToken(medplum: MedplumClient): { tokenId: string; loginId: string; expiresAt: Date } {
  const claims = parseJWTPayload(medplum.getAccessToken() as string);
  return {
    tokenId: claims.jti as string, // unique for every token
    loginId: claims.login_id as string, // shared by all tokens of one sign-in
    expiresAt: new Date((claims.exp as number) * 1000),
  };
}
// #endregion token-claims
