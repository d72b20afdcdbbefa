/**
 * Domain-level identity providers: every user whose email ends in a given domain signs in through
 * that organisation's provider. DomainConfiguration is a server-wide resource, so only a super
 * administrator can create it.
 */
import type { BaseLoginRequest, MedplumClient } from '@medplum/core';
import type { DomainConfiguration } from '@medplum/fhirtypes';

// #region domain-config
/** The client the identity provider issued to this Medplum server when you registered it there. */
export interface ProviderClient {
  clientId: string;
  clientSecret: string;
}

export async function createDomainConfiguration(
  superAdmin: MedplumClient,
  domain: string,
  client: ProviderClient,
): Promise<DomainConfiguration> {
  return superAdmin.createResource<DomainConfiguration>({
    resourceType: 'DomainConfiguration',
    domain: domain.toLowerCase(),
    identityProvider: {
      authorizeUrl: `https://login.${domain}/oauth2/authorize`,
      tokenUrl: `https://login.${domain}/oauth2/token`,
      userInfoUrl: `https://login.${domain}/oauth2/userinfo`,
      clientId: client.clientId,
      clientSecret: client.clientSecret,
    },
  });
}
// #endregion domain-config

// #region method-lookup
/**
 * Asks the server how an email address should sign in. An empty answer means "use the normal
 * password or Google form"; otherwise the answer carries the provider URL to redirect to.
 */
export async function lookUpSignInMethod(
  medplum: MedplumClient,
  email: string,
): Promise<{ domain: string; authorizeUrl: string } | undefined> {
  const answer = (await medplum.post('auth/method', { email })) as { domain?: string; authorizeUrl?: string };
  if (answer?.domain && answer.authorizeUrl) {
    return { domain: answer.domain, authorizeUrl: answer.authorizeUrl };
  }
  return undefined;
}
// #endregion method-lookup

// #region domain-redirect
/**
 * Adds the state the server's `auth/external` callback needs: the PKCE challenge and Medplum
 * client details from `loginRequest`, plus the `domain` that tells the server which
 * DomainConfiguration to use. The domain is lower-cased because the callback compares it, letter
 * for letter, with the provider's lower-cased email address.
 */
export async function buildDomainSignInUrl(
  medplum: MedplumClient,
  method: { domain: string; authorizeUrl: string },
  loginRequest: BaseLoginRequest,
): Promise<string> {
  const withPkce = await medplum.ensureCodeChallenge(loginRequest);
  const url = new URL(method.authorizeUrl);
  url.searchParams.set('state', JSON.stringify({ ...withPkce, domain: method.domain.toLowerCase() }));
  return url.toString();
}
// #endregion domain-redirect
