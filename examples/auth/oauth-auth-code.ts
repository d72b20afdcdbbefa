/**
 * Authorization code + PKCE with the platform as the identity provider.
 *
 * In a single-page app `signInWithRedirect()` does both halves for you. The split helpers below
 * show what travels over the wire, and are what a mobile app or a server-rendered page uses when
 * it manages the redirect itself.
 */
import type { MedplumClient, ProfileResource } from '@medplum/core';
import type { ClientApplication } from '@medplum/fhirtypes';

export interface AuthorizeOptions {
  /** Id of the ClientApplication registered in your project. */
  clientId: string;
  /** Must be one of the ClientApplication's registered redirect URIs. */
  redirectUri: string;
  /** Space-separated scopes; `openid` is the minimum. */
  scope?: string;
}

// #region spa-redirect
/**
 * Call on every page load of a browser app. With no `?code=` in the URL it sends the browser to
 * the authorize endpoint; when the user comes back with a code it exchanges it for tokens.
 */
export async function ensureSignedIn(medplum: MedplumClient, clientId: string): Promise<ProfileResource | undefined> {
  if (medplum.getActiveLogin()) {
    return medplum.getProfileAsync();
  }
  return medplum.signInWithRedirect({ clientId, scope: 'openid offline_access' });
}
// #endregion spa-redirect

// #region build-authorize-url
/**
 * Step 1: build the URL to send the user to. `startPkce()` stores a fresh code verifier in the
 * client's storage and returns the matching challenge, so call it on the same client (and the same
 * storage) that will later exchange the code.
 */
export async function buildAuthorizeUrl(medplum: MedplumClient, options: AuthorizeOptions): Promise<URL> {
  const { codeChallenge, codeChallengeMethod } = await medplum.startPkce();
  const url = new URL(medplum.getAuthorizeUrl());
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', options.clientId);
  url.searchParams.set('redirect_uri', options.redirectUri);
  url.searchParams.set('scope', options.scope ?? 'openid offline_access');
  url.searchParams.set('code_challenge', codeChallenge);
  url.searchParams.set('code_challenge_method', codeChallengeMethod);
  url.searchParams.set('state', crypto.randomUUID());
  return url;
}
// #endregion build-authorize-url

// #region exchange-code
/**
 * Step 2: the user lands on `redirectUri?code=...&state=...`. Check `state` against the value you
 * sent, then exchange the code. `processCode` adds the stored code verifier to the token request.
 */
export async function completeAuthorization(
  medplum: MedplumClient,
  callbackUrl: string,
  expectedState: string,
  options: AuthorizeOptions,
): Promise<void> {
  const params = new URL(callbackUrl).searchParams;
  const error = params.get('error');
  if (error) {
    throw new Error(`Authorization failed: ${error}`);
  }
  if (params.get('state') !== expectedState) {
    throw new Error('State mismatch: the response does not belong to this sign-in attempt');
  }
  const code = params.get('code');
  if (!code) {
    throw new Error('The callback URL has no authorization code');
  }
  await medplum.processCode(code, { clientId: options.clientId, redirectUri: options.redirectUri });
}
// #endregion exchange-code

// #region refresh-grant-type
/**
 * Makes every sign-in through this client application come with a refresh token, whether or not
 * the app asks for `offline_access`. Run it with a project admin's session.
 */
export async function enableRefreshTokens(medplum: MedplumClient, clientId: string): Promise<ClientApplication> {
  const client = await medplum.readResource('ClientApplication', clientId);
  const grantType = new Set(client.grantType ?? ['authorization_code']);
  grantType.add('refresh_token');
  return medplum.updateResource<ClientApplication>({
    ...client,
    grantType: [...grantType],
    // Registration metadata only: the server stores responseType but does not check it.
    responseType: client.responseType ?? ['code'],
    // How long each refresh token lasts; a duration such as '30d' (the default is two weeks).
    refreshTokenLifetime: client.refreshTokenLifetime ?? '30d',
  });
}
// #endregion refresh-grant-type
