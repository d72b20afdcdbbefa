/**
 * Step 4, bootstrap: with the site's own @medplum/core MedplumClient, prove the server does what
 * the example tests need and write `<cache>/verify-server.env.json` for them:
 *
 *   { baseUrl, serverVersion: "5.1.12", superAdmin: { email, password, clientId, clientSecret },
 *     projects: [{ name, projectId, clientId, clientSecret, profile, membershipId }],
 *     timings: { createIsolatedProjectMs } }
 *
 * Checks, each failing early with a message that says what is broken:
 * 1. the super admin user logs in with email and password (/auth/login, then /oauth2/token);
 * 2. the super admin ClientApplication (seeded from the config, seed.ts:77-95; created through
 *    /admin/projects/:id/client when the database was seeded without it) logs in with client
 *    credentials;
 * 3. createIsolatedProject (projects.ts) makes a project whose admin client logs in with
 *    `startClientLogin`, creates a Bot with Bot/$init (which gives it the server's
 *    defaultBotRuntimeVersion, vmcontext, and a ProjectMembership), deploys code with
 *    Bot/$deploy and runs it with Bot/$execute on vmcontext, and invites a user with
 *    `sendEmail: true` (works without a mail server: emailProvider 'none').
 */
import { MedplumClient } from '@medplum/core';
import type { Bot } from '@medplum/fhirtypes';
import crypto from 'node:crypto';
import fs from 'node:fs';
import { SERVER_VERSION } from '../../lib/verify-server/args';
import { SUPER_ADMIN } from '../../lib/verify-server/config';
import { createIsolatedProject, type IsolatedProject } from '../../lib/verify-server/projects';
import { log } from './util';

export interface SuperAdminClientCredentials {
  clientId: string;
  clientSecret: string;
}

export interface VerifyServerEnv {
  baseUrl: string;
  serverVersion: string;
  superAdmin: { email: string; password: string; clientId: string; clientSecret: string };
  projects: (IsolatedProject & { name: string })[];
  timings: { createIsolatedProjectMs: number[] };
  writtenAt: string;
}

function client(baseUrl: string): MedplumClient {
  // No token refresh storage: every MedplumClient here is a short-lived test client.
  return new MedplumClient({ baseUrl, fetch: globalThis.fetch.bind(globalThis) });
}

async function step<T>(what: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    const detail = err instanceof Error ? err.message : JSON.stringify(err);
    throw new Error(`bootstrap: ${what} failed: ${detail}`);
  }
}

/**
 * The super admin user's password login, by hand: /auth/login, then the code for tokens at
 * /oauth2/token (PKCE "plain"). MedplumClient.startLogin would do the same, but its PKCE hashing
 * uses `window` and, outside a browser, prints a stack trace before falling back to "plain".
 */
export async function passwordLogin(baseUrl: string): Promise<{ accessToken: string; projectId: string }> {
  const verifier = crypto.randomBytes(32).toString('hex');
  const res = await fetch(new URL('auth/login', baseUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email: SUPER_ADMIN.email,
      password: SUPER_ADMIN.password,
      codeChallenge: verifier,
      codeChallengeMethod: 'plain',
      scope: 'openid',
    }),
  });
  const login = (await res.json()) as { code?: string; memberships?: unknown[] };
  if (!res.ok || !login.code) {
    throw new Error(
      `/auth/login answered ${res.status} ${JSON.stringify(login).slice(0, 300)}` +
        (login.memberships ? ' (admin@example.com has more than one membership)' : ''),
    );
  }
  const tokenRes = await fetch(new URL('oauth2/token', baseUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'authorization_code', code: login.code, code_verifier: verifier }),
  });
  const token = (await tokenRes.json()) as { access_token?: string; project?: { reference?: string } };
  if (!tokenRes.ok || !token.access_token || !token.project?.reference) {
    throw new Error(`/oauth2/token answered ${tokenRes.status} ${JSON.stringify(token).slice(0, 300)}`);
  }
  return { accessToken: token.access_token, projectId: token.project.reference.replace('Project/', '') };
}

/** A MedplumClient logged in as the super admin with client credentials, making the client if needed. */
async function superAdminClientLogin(
  baseUrl: string,
  wanted: SuperAdminClientCredentials,
): Promise<{ medplum: MedplumClient; creds: SuperAdminClientCredentials }> {
  const medplum = client(baseUrl);
  try {
    await medplum.startClientLogin(wanted.clientId, wanted.clientSecret);
    return { medplum, creds: wanted };
  } catch {
    // The database was seeded without this client (seeded by another config): make one.
  }
  const { accessToken, projectId } = await passwordLogin(baseUrl);
  const user = client(baseUrl);
  user.setAccessToken(accessToken);
  const made = (await user.post(new URL(`admin/projects/${projectId}/client`, baseUrl).toString(), {
    name: 'verify-server super admin client',
  })) as { id: string; secret: string };
  await medplum.startClientLogin(made.id, made.secret);
  log(`bootstrap: made super admin client ${made.id} (the database was seeded without the configured one)`);
  return { medplum, creds: { clientId: made.id, clientSecret: made.secret } };
}

const CHECK_BOT_CODE = `
exports.handler = async function (medplum, event) {
  const patient = await medplum.createResource({ resourceType: 'Patient', name: [{ family: 'VerifyServer' }] });
  return { ok: true, input: event.input, patientId: patient.id };
};
`;

/** A project client that logs in, deploys a bot and runs it on vmcontext. */
export async function checkBots(baseUrl: string, project: IsolatedProject): Promise<void> {
  const medplum = client(baseUrl);
  await step('client-credentials login of a new project client', () =>
    medplum.startClientLogin(project.clientId, project.clientSecret),
  );
  const bot = await step('Bot/$init by the project admin client', async () => {
    const b = (await medplum.post(medplum.fhirUrl('Bot', '$init'), {
      resourceType: 'Parameters',
      parameter: [{ name: 'name', valueString: 'verify-server check bot' }],
    })) as Bot;
    if (b.runtimeVersion !== 'vmcontext') {
      throw new Error(`the new Bot's runtimeVersion is ${b.runtimeVersion}, not vmcontext (defaultBotRuntimeVersion)`);
    }
    return b;
  });
  await step('Bot/$deploy', () =>
    medplum.post(medplum.fhirUrl('Bot', bot.id as string, '$deploy'), { code: CHECK_BOT_CODE, filename: 'index.js' }),
  );
  const result = await step('Bot/$execute on vmcontext', () =>
    medplum.executeBot(bot.id as string, { hello: 'world' }, 'application/json'),
  );
  if (!result?.ok || result.input?.hello !== 'world' || !result.patientId) {
    throw new Error(`bootstrap: the check bot ran but answered ${JSON.stringify(result)}`);
  }
  // emailProvider 'none' (config.ts): an invite that asks for its email still succeeds.
  await step('/admin/projects/:id/invite with sendEmail (emailProvider none)', async () => {
    const membership = (await medplum.post(new URL(`admin/projects/${project.projectId}/invite`, baseUrl).toString(), {
      resourceType: 'Practitioner',
      firstName: 'Verify',
      lastName: 'Server',
      email: `verify-server-${project.projectId}@example.com`,
      sendEmail: true,
    })) as { resourceType?: string };
    if (membership?.resourceType !== 'ProjectMembership') {
      throw new Error(`answered ${JSON.stringify(membership).slice(0, 300)}`);
    }
  });
}

export async function bootstrap(
  baseUrl: string,
  superAdminCreds: SuperAdminClientCredentials,
  envFile: string,
  projectNames: string[] = ['verify-server default'],
): Promise<VerifyServerEnv> {
  await step('super admin password login', () => passwordLogin(baseUrl));
  const { medplum, creds } = await step('super admin client-credentials login', () =>
    superAdminClientLogin(baseUrl, superAdminCreds),
  );
  const timings: number[] = [];
  const projects: VerifyServerEnv['projects'] = [];
  for (const name of projectNames) {
    const t = Date.now();
    const p = await step(`createIsolatedProject(${name})`, () => createIsolatedProject(medplum, name));
    timings.push(Date.now() - t);
    projects.push({ name, ...p });
  }
  // Timing of a few more calls, then the bot check in the last one.
  for (let i = 0; i < 3; i++) {
    const t = Date.now();
    const p = await step('createIsolatedProject(timing)', () =>
      createIsolatedProject(medplum, `verify-server timing ${i}`),
    );
    timings.push(Date.now() - t);
    if (i === 2) {
      await checkBots(baseUrl, p);
    }
  }
  log(
    `bootstrap: createIsolatedProject took ${timings.join(', ')} ms; bots deploy and run on vmcontext, invites work without email`,
  );
  const env: VerifyServerEnv = {
    baseUrl,
    serverVersion: SERVER_VERSION,
    superAdmin: { email: SUPER_ADMIN.email, password: SUPER_ADMIN.password, ...creds },
    projects,
    timings: { createIsolatedProjectMs: timings },
    writtenAt: new Date().toISOString(),
  };
  fs.writeFileSync(envFile, JSON.stringify(env, null, 2) + '\n');
  log(`bootstrap: wrote ${envFile}`);
  return env;
}
