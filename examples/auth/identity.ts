/**
 * Session length, multi-factor sign-in, project-level email and upgrade planning.
 * Token lifetimes live on ClientApplication; MFA state lives on User and Login; the server has
 * one email transport for all projects, so a project that needs its own provider sends mail from
 * a Bot that reads its credentials from Project.secret.
 */
import type { BotEvent, LoginAuthenticationResponse, MedplumClient, ProfileResource } from '@medplum/core';
import { MedplumClient as Client } from '@medplum/core';
import type {
  ClientApplication,
  OperationOutcome,
  Project,
  ProjectMembership,
  ProjectSetting,
} from '@medplum/fhirtypes';

// #region lifetimes
/** Same rule as the ClientApplication constraint clapp-1: digits followed by s, m, h, d, w or y. */
export function isValidTokenLifetime(value: string): boolean {
  return /^[0-9]+[smhdwy]$/.test(value);
}

/**
 * Sets how long tokens issued to this client live. Leave a field out to get the server default
 * (1h for access tokens, 2w for refresh tokens).
 */
export async function setClientTokenLifetimes(
  medplum: MedplumClient,
  clientId: string,
  lifetimes: { access?: string; refresh?: string },
): Promise<ClientApplication> {
  for (const value of [lifetimes.access, lifetimes.refresh]) {
    if (value !== undefined && !isValidTokenLifetime(value)) {
      throw new Error(`Invalid token lifetime: ${value}`);
    }
  }
  const client = await medplum.readResource('ClientApplication', clientId);
  return medplum.updateResource<ClientApplication>({
    ...client,
    accessTokenLifetime: lifetimes.access,
    refreshTokenLifetime: lifetimes.refresh,
  });
}
// #endregion lifetimes

// #region grace
/**
 * A browser or service client that refreshes its access token ten minutes before it expires
 * instead of the default five.
 */
export function createClientWithGracePeriod(baseUrl: string, clientId: string): MedplumClient {
  return new Client({
    baseUrl,
    clientId,
    refreshGracePeriod: 10 * 60 * 1000,
  });
}

/** Before a long upload or a batch, make sure the token will outlive it: pass how long it must last, in ms. */
export async function ensureTokenOutlives(medplum: MedplumClient, milliseconds: number): Promise<void> {
  await medplum.refreshIfExpired(milliseconds);
}
// #endregion grace

// #region mfa-invite
/** Invites a practitioner who must set up an authenticator app at first password sign-in. */
export async function inviteWithMfa(
  medplum: MedplumClient,
  projectId: string,
  person: { firstName: string; lastName: string; email: string },
): Promise<ProjectMembership | OperationOutcome> {
  return medplum.invite(projectId, {
    resourceType: 'Practitioner',
    firstName: person.firstName,
    lastName: person.lastName,
    email: person.email,
    mfaRequired: true,
  });
}
// #endregion mfa-invite

// #region mfa-signin
/**
 * Password sign-in that handles both MFA answers of the server. `askForCode` shows the user the
 * QR code (when enrolment is required) and returns the six-digit code from the authenticator app.
 */
export async function signInWithMfa(
  medplum: MedplumClient,
  email: string,
  password: string,
  askForCode: (enrollQrCode?: string) => Promise<string>,
): Promise<ProfileResource> {
  let response: LoginAuthenticationResponse = await medplum.startLogin({ email, password });

  if (response.mfaEnrollRequired) {
    const token = await askForCode(response.enrollQrCode);
    response = await medplum.post('auth/mfa/login-enroll', { login: response.login, token });
  } else if (response.mfaRequired) {
    const token = await askForCode();
    response = await medplum.post('auth/mfa/verify', { login: response.login, token });
  }

  if (!response.code) {
    // More than one membership: the user must pick a profile (auth/profile) before a code exists.
    throw new Error('Profile selection required');
  }
  return medplum.processCode(response.code);
}
// #endregion mfa-signin

// #region mfa-self-enroll
export interface MfaStatus {
  enrolled: boolean;
  enrollUri?: string;
  enrollQrCode?: string;
}

/** Signed-in user, step one: fetch the QR code (the first call creates the shared secret). */
export async function getMfaStatus(medplum: MedplumClient): Promise<MfaStatus> {
  return medplum.get('auth/mfa/status', { cache: 'no-cache' });
}

/** Step two: confirm with a code from the app. The same call shape turns MFA off via auth/mfa/disable. */
export async function confirmMfa(medplum: MedplumClient, token: string): Promise<void> {
  await medplum.post('auth/mfa/enroll', { token });
}
// #endregion mfa-self-enroll

// #region project-secrets
/** Stores a project's own email provider credentials where only project admins (and bots) see them. */
export async function setProjectEmailSecrets(
  medplum: MedplumClient,
  projectId: string,
  apiUrl: string,
  apiKey: string,
): Promise<Project> {
  const project = await medplum.readResource('Project', projectId);
  const keep = (project.secret ?? []).filter((s) => s.name !== 'EMAIL_API_URL' && s.name !== 'EMAIL_API_KEY');
  return medplum.updateResource<Project>({
    ...project,
    secret: [...keep, { name: 'EMAIL_API_URL', valueString: apiUrl }, { name: 'EMAIL_API_KEY', valueString: apiKey }],
  });
}
// #endregion project-secrets

// #region relay-bot
export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
}

/** Builds the HTTP request for the project's provider. Adapt the body to the provider's API. */
export function buildProviderRequest(
  secrets: Record<string, ProjectSetting>,
  email: OutgoingEmail,
): { url: string; init: RequestInit } {
  const url = secrets['EMAIL_API_URL']?.valueString;
  const key = secrets['EMAIL_API_KEY']?.valueString;
  if (!url || !key) {
    throw new Error('EMAIL_API_URL and EMAIL_API_KEY project secrets are required');
  }
  return {
    url,
    init: {
      method: 'POST',
      headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ to: email.to, subject: email.subject, text: email.text }),
    },
  };
}

/** Bot handler: sends the message given as input through the project's own provider. */
export async function handler(_medplum: MedplumClient, event: BotEvent<OutgoingEmail>): Promise<number> {
  const { url, init } = buildProviderRequest(event.secrets, event.input);
  const response = await fetch(url, init);
  if (!response.ok) {
    throw new Error(`Email provider answered ${response.status}`);
  }
  return response.status;
}
// #endregion relay-bot

// #region upgrade-path
/**
 * Given the released versions (e.g. from `git tag`), lists the versions to deploy in order: the
 * latest patch of the current minor line (if newer), then of every later minor line, up to and
 * including the target.
 */
export function planUpgradePath(current: string, target: string, released: string[]): string[] {
  const parse = (v: string): [number, number, number] => {
    const [major, minor, patch] = v.replace(/^v/, '').split('.').map(Number);
    return [major, minor, patch];
  };
  const [curMajor, curMinor, curPatch] = parse(current);
  const [tgtMajor, tgtMinor, tgtPatch] = parse(target);
  const latestPerMinor = new Map<string, [number, number, number]>();
  for (const v of released) {
    const p = parse(v);
    if (p.some((n) => Number.isNaN(n))) {
      continue;
    }
    const afterCurrent =
      p[0] > curMajor || (p[0] === curMajor && (p[1] > curMinor || (p[1] === curMinor && p[2] > curPatch)));
    const upToTarget = p[0] < tgtMajor || (p[0] === tgtMajor && p[1] <= tgtMinor);
    if (!afterCurrent || !upToTarget) {
      continue;
    }
    const key = `${p[0]}.${p[1]}`;
    const best = latestPerMinor.get(key);
    const isTargetLine = p[0] === tgtMajor && p[1] === tgtMinor;
    if (isTargetLine && p[2] > tgtPatch) {
      continue;
    }
    if (!best || p[2] > best[2]) {
      latestPerMinor.set(key, p);
    }
  }
  return [...latestPerMinor.values()].sort((a, b) => a[0] - b[0] || a[1] - b[1]).map((p) => p.join('.'));
}
// #endregion upgrade-path
