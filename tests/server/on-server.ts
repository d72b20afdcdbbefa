import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { MedplumClient } from '@medplum/core';

/** True when the example tests run against a real server (`npm run verify:server`, tests/server/server-mode.ts): a test whose mock run and server run differ on purpose asserts each side's answer. */
export const onServer = !!process.env.MEDPLUM_VERIFY_ENV;

let superAdmin: Promise<MedplumClient> | undefined;

/**
 * In server mode, a client signed in as the server's super admin (the client application that
 * verify:server seeded), for the setup a super-admin-only example needs (a second project, a
 * server-wide setting). Its requests are the test's, not an example's, so no region records them.
 */
export function superAdminOnServer(): Promise<MedplumClient> {
  if (!onServer) {
    throw new Error('superAdminOnServer() is for server mode only (MEDPLUM_VERIFY_ENV unset)');
  }
  superAdmin ??= (async () => {
    const env = JSON.parse(fs.readFileSync(process.env.MEDPLUM_VERIFY_ENV as string, 'utf8')) as {
      baseUrl: string;
      superAdmin: { clientId?: string; clientSecret?: string };
    };
    const { clientId, clientSecret } = env.superAdmin;
    if (!clientId || !clientSecret) {
      throw new Error(
        `${process.env.MEDPLUM_VERIFY_ENV} names no super admin client (superAdmin.clientId, clientSecret)`,
      );
    }
    // Loaded here: in the mock run this module must not need a WebSocket-capable @medplum/core.
    // Through require, not import(): the CommonJS build is the one the HTTP recorder wraps.
    const { MedplumClient: Client } = createRequire(__filename)('@medplum/core') as typeof import('@medplum/core');
    const client = new Client({ baseUrl: env.baseUrl, fetch });
    await client.startClientLogin(clientId, clientSecret);
    return client;
  })();
  return superAdmin;
}
