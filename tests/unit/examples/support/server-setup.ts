/**
 * Setup for the server-mode halves of the auth, access and admin example tests
 * (`npm run verify:server`, tests/server/server-mode.ts): the isolated project behind a test's
 * client, users invited into it with a known password, and new clients signed in as those users.
 * Every request these helpers send comes from test code, so no example region records it.
 * Server mode only: in the mock run `new MockClient()` has no project of its own.
 */
import fs from 'node:fs';
import { MedplumClient } from '@medplum/core';
import type { ClientApplication, ProjectMembership } from '@medplum/fhirtypes';

/** The server's base URL, from the env file verify:server wrote. */
export function serverBaseUrl(): string {
  const envPath = process.env.MEDPLUM_VERIFY_ENV;
  if (!envPath) throw new Error('serverBaseUrl() is for server mode only (MEDPLUM_VERIFY_ENV unset)');
  const { baseUrl } = JSON.parse(fs.readFileSync(envPath, 'utf8')) as { baseUrl: string };
  return baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`;
}

let superAdmin: Promise<MedplumClient> | undefined;

/**
 * A client signed in as the server's super admin (the client application verify:server seeded),
 * for examples that only a super admin may run. Unlike tests/server/on-server.ts
 * superAdminOnServer(), which loads @medplum/core with a dynamic import() and so gets its ESM
 * build, this is the CommonJS MedplumClient the HTTP recorder wraps: requests an example sends
 * through it are recorded for the example's region.
 */
export function superAdminClient(): Promise<MedplumClient> {
  superAdmin ??= (async () => {
    const { superAdmin: creds } = JSON.parse(fs.readFileSync(process.env.MEDPLUM_VERIFY_ENV as string, 'utf8')) as {
      superAdmin: { clientId?: string; clientSecret?: string };
    };
    if (!creds.clientId || !creds.clientSecret)
      throw new Error('the verify:server env file names no super admin client');
    const client = new MedplumClient({ baseUrl: serverBaseUrl(), fetch });
    await client.startClientLogin(creds.clientId, creds.clientSecret);
    return client;
  })();
  return superAdmin;
}

/** The id of the project a server-mode test client (a `new MockClient()` in server mode) administers. */
export async function projectIdOf(admin: MedplumClient): Promise<string> {
  const ready = (admin as unknown as { ready?: () => Promise<{ projectId: string }> }).ready;
  if (!ready) throw new Error('projectIdOf() needs a server-mode test client');
  return (await ready.call(admin)).projectId;
}

export interface InvitedUser {
  projectId: string;
  email: string;
  password: string;
  membership: ProjectMembership;
}

/**
 * Invites a practitioner with a known password into the admin's project, without an email. The
 * address holds the project id, which the server made up, so it is new on every run.
 */
export async function inviteUser(
  admin: MedplumClient,
  options: {
    name?: string;
    admin?: boolean;
    password?: string;
    scope?: 'project' | 'server';
    mfaRequired?: boolean;
  } = {},
): Promise<InvitedUser> {
  const projectId = await projectIdOf(admin);
  const name = options.name ?? 'user';
  const email = `${name}-${projectId}@example.com`;
  const password = options.password ?? `pw-${projectId}`;
  const membership = (await admin.post(`admin/projects/${projectId}/invite`, {
    resourceType: 'Practitioner',
    firstName: 'Test',
    lastName: name,
    email,
    password,
    sendEmail: false,
    scope: options.scope,
    mfaRequired: options.mfaRequired,
    membership: { admin: options.admin ?? false },
  })) as ProjectMembership;
  return { projectId, email, password, membership };
}

/** A new client signed in with email and password into the user's project (one membership there, so no profile choice). */
export async function signInAs(
  user: { email: string; password: string; projectId?: string },
  scope = 'openid offline',
): Promise<MedplumClient> {
  const medplum = new MedplumClient({ baseUrl: serverBaseUrl(), fetch });
  const login = await medplum.startLogin({
    email: user.email,
    password: user.password,
    projectId: user.projectId,
    scope,
  });
  if (!login.code) throw new Error(`signInAs(${user.email}): no code (${JSON.stringify(login)})`);
  await medplum.processCode(login.code);
  if (!medplum.getProfile()) throw new Error(`signInAs(${user.email}): no profile`);
  return medplum;
}

/** A ClientApplication made in the admin's project, with its generated secret. */
export async function newClientApplication(
  admin: MedplumClient,
  fields: Partial<ClientApplication> & { name: string },
): Promise<ClientApplication & { id: string; secret: string }> {
  const projectId = await projectIdOf(admin);
  return (await admin.post(`admin/projects/${projectId}/client`, fields)) as ClientApplication & {
    id: string;
    secret: string;
  };
}
