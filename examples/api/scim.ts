/**
 * SCIM 2.0 Users API under /scim/v2. The caller must be a project admin.
 */
import { ContentType, type MedplumClient } from '@medplum/core';

/** The SCIM User fields Medplum reads and returns. */
export interface ScimUser {
  schemas?: string[];
  id?: string;
  externalId?: string;
  userType?: 'Patient' | 'Practitioner' | 'RelatedPerson';
  userName?: string;
  name?: { givenName?: string; familyName?: string };
  emails?: { value?: string; type?: string; primary?: boolean }[];
  active?: boolean;
  meta?: { resourceType?: string; version?: string; lastModified?: string; location?: string };
}

export interface ScimListResponse<T> {
  schemas?: string[];
  totalResults?: number;
  itemsPerPage?: number;
  startIndex?: number;
  Resources: T[];
}

export const SCIM_USER_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:User';

// #region create-user
/** Provisions a practitioner. The returned `id` is the ProjectMembership id. */
export async function provisionPractitioner(
  medplum: MedplumClient,
  email: string,
  givenName: string,
  familyName: string,
  externalId?: string,
): Promise<ScimUser> {
  const user: ScimUser = {
    schemas: [SCIM_USER_SCHEMA],
    userType: 'Practitioner',
    userName: email,
    externalId,
    name: { givenName, familyName },
    emails: [{ value: email }],
  };
  return medplum.post<ScimUser>('scim/v2/Users', user, ContentType.JSON);
}
// #endregion create-user

// #region search-users
/** Lists the project's users, or finds one by userName (the only filter the server understands). */
export async function findScimUsers(medplum: MedplumClient, userName?: string): Promise<ScimUser[]> {
  const url = new URL('scim/v2/Users', medplum.getBaseUrl());
  if (userName) {
    url.searchParams.set('filter', `userName eq "${userName}"`);
  }
  const list = await medplum.get<ScimListResponse<ScimUser>>(url, { cache: 'no-cache' });
  return list.Resources;
}
// #endregion search-users

// #region replace-user
/** Replaces a user. The server takes the id from the body, so it must be present. */
export async function renameScimUser(
  medplum: MedplumClient,
  current: ScimUser,
  givenName: string,
  familyName: string,
): Promise<ScimUser> {
  if (!current.id) {
    throw new Error('A SCIM user needs its id to be replaced');
  }
  const updated: ScimUser = { ...current, name: { givenName, familyName } };
  return medplum.put(`scim/v2/Users/${encodeURIComponent(current.id)}`, updated, ContentType.JSON);
}
// #endregion replace-user

// #region delete-user
/** Removes the user's membership in the project. The server answers 204 with no body. */
export async function removeScimUser(medplum: MedplumClient, id: string): Promise<void> {
  await medplum.delete(`scim/v2/Users/${encodeURIComponent(id)}`);
}
// #endregion delete-user
