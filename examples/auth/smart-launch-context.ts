/**
 * A SMART EHR launch that hands the app more than a Medplum id: the launch context names the
 * patient by an identifier from the app's own system (the MRN it keys its data on) and carries an
 * extra resource in fhirContext. The EHR side stores it in a SmartAppLaunch; the app side reads
 * it from the token response and finds the Patient by identifier.
 */
import type { MedplumClient } from '@medplum/core';
import { createReference, ensureTrailingSlash } from '@medplum/core';
import type { ClientApplication, Encounter, Patient, Reference, SmartAppLaunch } from '@medplum/fhirtypes';

// #region create-launch
/**
 * Creates the launch for one patient (and optionally an encounter and other resources) and returns
 * the URL to open. When the ClientApplication lists an identifier system for Patient (or Encounter)
 * in `launchIdentifierSystems`, the matching identifier rides along in the reference; the token
 * response then gives the app that identifier's value instead of the Medplum id.
 */
export async function createLaunch(
  medplum: MedplumClient,
  app: ClientApplication,
  patient: Patient & { id: string },
  options: { encounter?: Encounter & { id: string }; fhirContext?: Reference[] } = {},
): Promise<string> {
  if (!app.launchUri) {
    throw new Error('ClientApplication not configured for launch');
  }
  const withIdentifier = <T extends Patient | Encounter>(resource: T & { id: string }): Reference<T> => {
    const system = app.launchIdentifierSystems?.find((s) => s.resourceType === resource.resourceType)?.system;
    const identifier = system ? resource.identifier?.find((i) => i.system === system) : undefined;
    // Keep the reference as well: the server limits patient/ scopes to the launch patient by it.
    return identifier ? { ...createReference(resource), identifier } : createReference(resource);
  };
  const launch = await medplum.createResource<SmartAppLaunch>({
    resourceType: 'SmartAppLaunch',
    patient: withIdentifier(patient),
    encounter: options.encounter ? withIdentifier(options.encounter) : undefined,
    fhirContext: options.fhirContext,
  });
  // Query parameters already in launchUri (a tenant, a site) stay; iss and launch are added.
  const url = new URL(app.launchUri);
  url.searchParams.set('iss', ensureTrailingSlash(medplum.fhirUrl().toString()));
  url.searchParams.set('launch', launch.id);
  return url.toString();
}
// #endregion create-launch

// #region app-authorize
/** What the app keeps between sending the user to sign in and the redirect back. */
export interface PendingLaunch {
  authorizeUrl: string;
  tokenEndpoint: string;
  state: string;
  codeVerifier: string;
  iss: string;
}

const base64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '');

/**
 * The app's launch page: reads iss and launch from its URL, looks up the server's endpoints in
 * `{iss}.well-known/smart-configuration`, and builds the authorize URL with the launch, the scopes
 * and a PKCE challenge (S256). Plain fetch and WebCrypto, as in any browser app.
 */
export async function startAppLaunch(
  launchUrl: string,
  clientId: string,
  redirectUri: string,
  fetchFn: typeof fetch = fetch,
): Promise<PendingLaunch> {
  const params = new URL(launchUrl).searchParams;
  const iss = params.get('iss');
  const launch = params.get('launch');
  if (!iss || !launch) {
    throw new Error('Not an EHR launch: iss and launch are required');
  }
  const config = (await (await fetchFn(`${ensureTrailingSlash(iss)}.well-known/smart-configuration`)).json()) as {
    authorization_endpoint: string;
    token_endpoint: string;
  };
  const codeVerifier = base64url(crypto.getRandomValues(new Uint8Array(32)));
  const challenge = base64url(
    new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(codeVerifier))),
  );
  const state = base64url(crypto.getRandomValues(new Uint8Array(16)));
  const authorize = new URL(config.authorization_endpoint);
  authorize.search = new URLSearchParams({
    response_type: 'code',
    client_id: clientId,
    redirect_uri: redirectUri,
    scope: 'openid fhirUser launch launch/patient patient/*.rs',
    state,
    aud: iss,
    launch,
    code_challenge: challenge,
    code_challenge_method: 'S256',
  }).toString();
  return { authorizeUrl: authorize.toString(), tokenEndpoint: config.token_endpoint, state, codeVerifier, iss };
}
// #endregion app-authorize

// #region app-token
/** The launch context in a Medplum token response, next to the tokens themselves. */
export interface LaunchTokenResponse {
  access_token: string;
  id_token?: string;
  scope: string;
  /** The launch patient: an identifier value when the launch named one, otherwise the Patient id. */
  patient?: string;
  encounter?: string;
  fhirContext?: Reference[];
  need_patient_banner?: boolean;
}

/** The redirect back: checks state, then trades the code and the PKCE verifier for tokens. */
export async function finishAppLaunch(
  pending: PendingLaunch,
  callbackUrl: string,
  clientId: string,
  redirectUri: string,
  fetchFn: typeof fetch = fetch,
): Promise<LaunchTokenResponse> {
  const params = new URL(callbackUrl).searchParams;
  if (params.get('state') !== pending.state) {
    throw new Error('State mismatch');
  }
  const code = params.get('code');
  if (!code) {
    throw new Error(params.get('error_description') ?? 'No authorization code');
  }
  const response = await fetchFn(pending.tokenEndpoint, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      client_id: clientId,
      redirect_uri: redirectUri,
      code_verifier: pending.codeVerifier,
    }).toString(),
  });
  const body = await response.json();
  if (!response.ok) {
    throw new Error(body.error_description ?? body.error ?? `Token request failed (${response.status})`);
  }
  return body as LaunchTokenResponse;
}
// #endregion app-token

// #region resolve-patient
/**
 * Finds the launch patient with the app's access token. The `patient` value is searched as an
 * identifier in the app's system first, since a launch with an identifier sends its value; when
 * nothing matches it is taken as a Patient id, which is what a launch without one sends.
 */
export async function resolveLaunchPatient(
  medplum: MedplumClient,
  token: LaunchTokenResponse,
  identifierSystem: string,
): Promise<Patient> {
  if (!token.patient) {
    throw new Error('The token response has no patient context');
  }
  const byIdentifier = await medplum.searchOne('Patient', {
    identifier: `${identifierSystem}|${token.patient}`,
  });
  if (byIdentifier) {
    return byIdentifier;
  }
  return medplum.readResource('Patient', token.patient);
}
// #endregion resolve-patient
