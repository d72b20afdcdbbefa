/**
 * Sign-in through an external OpenID Connect provider (such as Okta, Entra ID, Auth0 or Cognito)
 * configured on a ClientApplication. The browser goes to the provider, the provider calls the
 * server's `auth/external` callback, and the server sends the browser back to your app with a
 * Medplum code.
 */
import type { MedplumClient } from '@medplum/core';
import type { ClientApplication } from '@medplum/fhirtypes';

// #region client-with-idp
/**
 * A ClientApplication that delegates sign-in to an external provider. Register the server's
 * `auth/external` callback (for example https://api.example.com/auth/external) as the redirect URI
 * in the provider's console.
 */
export function clientWithIdentityProvider(appUrl: string): ClientApplication {
  return {
    resourceType: 'ClientApplication',
    name: 'Clinic portal (Okta)',
    redirectUris: [appUrl],
    identityProvider: {
      authorizeUrl: 'https://example.okta.com/oauth2/v1/authorize',
      tokenUrl: 'https://example.okta.com/oauth2/v1/token',
      userInfoUrl: 'https://example.okta.com/oauth2/v1/userinfo',
      clientId: 'okta-client-id',
      clientSecret: 'stored-only-on-the-server',
    },
  };
}
// #endregion client-with-idp

export interface ExternalSignInOptions {
  /** The provider's authorize endpoint (the same value as `identityProvider.authorizeUrl`). */
  providerAuthorizeUrl: string;
  /** The client id registered at the provider (`identityProvider.clientId`). */
  providerClientId: string;
  /** Id of the Medplum ClientApplication that carries the identityProvider. */
  medplumClientId: string;
  /** Where the server should send the user afterwards; must be registered on the ClientApplication. */
  appRedirectUri: string;
}

// #region external-url
/**
 * Builds the URL that starts the external sign-in. The provider is asked for the login request's
 * scope, so it names `email` (the server matches users on the ID token's email) as well as
 * `offline_access` (a refresh token for the Medplum sign-in).
 */
export async function buildExternalSignInUrl(medplum: MedplumClient, options: ExternalSignInOptions): Promise<string> {
  const loginRequest = await medplum.ensureCodeChallenge({
    clientId: options.medplumClientId,
    redirectUri: options.appRedirectUri,
    scope: 'openid profile email offline_access',
  });
  // The provider must send the user back to the Medplum server, not to your app.
  const serverCallback = new URL('auth/external', medplum.getBaseUrl()).toString();
  return medplum.getExternalAuthRedirectUri(
    options.providerAuthorizeUrl,
    options.providerClientId,
    serverCallback,
    loginRequest,
  );
}
// #endregion external-url

// #region external-finish
/** When the server sends the browser to `appRedirectUri` with `login` and `code`, exchange the code for tokens. */
export async function finishExternalSignIn(
  medplum: MedplumClient,
  callbackUrl: string,
  options: ExternalSignInOptions,
): Promise<void> {
  const code = new URL(callbackUrl).searchParams.get('code');
  if (!code) {
    throw new Error('No Medplum code in the callback URL');
  }
  await medplum.processCode(code, { clientId: options.medplumClientId, redirectUri: options.appRedirectUri });
}
// #endregion external-finish
