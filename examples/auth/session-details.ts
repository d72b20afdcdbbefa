/**
 * What the server says about the signed-in caller: `GET auth/me`, which MedplumClient loads after
 * every sign-in and exposes through getProject(), getProfile() and friends.
 */
import type { MedplumClient } from '@medplum/core';

// #region feature-gate
/**
 * Decides whether to show scheduling screens. The project's `features` come from auth/me, so wait
 * for the session to load before reading them.
 */
export async function shouldShowScheduling(medplum: MedplumClient): Promise<boolean> {
  await medplum.getProfileAsync();
  const features = medplum.getProject()?.features ?? [];
  return features.includes('scheduling');
}
// #endregion feature-gate

// #region security-summary
/** The part of auth/me that MedplumClient does not expose through a getter. */
export interface SecuritySummary {
  mfaEnrolled: boolean;
  /** Sign-ins of this user whose Login was written (at sign-in or a token refresh) in the last hour and are not revoked. */
  recentSessions: { id: string; authMethod: string; remoteAddress: string; browser?: string }[];
}

export async function getSecuritySummary(medplum: MedplumClient): Promise<SecuritySummary | undefined> {
  const me = await medplum.get('auth/me', { cache: 'no-cache' });
  if (!me.security) {
    // Client applications and bots sign in without a User, so the answer has no security part.
    return undefined;
  }
  return { mfaEnrolled: me.security.mfaEnrolled, recentSessions: me.security.sessions };
}
// #endregion security-summary
