/**
 * Server mode for the example tests (`npm run verify:server`): loaded with `--import` into every
 * example-test process when MEDPLUM_VERIFY_ENV names the file verify:server wrote (the server's
 * base URL, release and super admin). Without that variable it does nothing, so `npm test` runs
 * the examples against @medplum/mock as always.
 *
 * The tests create their clients with `new MockClient()` (directly or through the helpers in
 * tests/unit/examples/support). Here `require('@medplum/mock')` hands them `ServerClient` instead:
 * a real MedplumClient whose requests go to the server. Each ServerClient gets a project of its
 * own, created on its first request, so data from one test never shows in another's search, as
 * with a fresh MockClient. The constructor stays synchronous (tests construct and use clients
 * without awaiting anything): the client starts with a placeholder token and its fetch waits for
 * the project, then swaps in the real token.
 *
 * What MockClient has and a MedplumClient lacks (the in-memory `router`, `repo`, sample data such
 * as Homer Simpson) is not imitated: a test that needs it fails in server mode, and
 * scripts/verify-server/run-examples.ts reports it with the reason.
 */
import fs from 'node:fs';
import Module from 'node:module';
import path from 'node:path';
import type { ProfileResource } from '@medplum/core';
import { createIsolatedProject } from '../../lib/verify-server/projects';

export interface VerifyEnv {
  baseUrl: string;
  serverVersion: string;
  superAdmin: { clientId?: string; clientSecret?: string };
}

/** The placeholder bearer token a ServerClient holds until its project exists. */
export const PENDING_TOKEN = 'verify-server-pending-token';

interface IsolatedProject {
  projectId: string;
  accessToken: string;
  profile: ProfileResource;
}

const envPath = process.env.MEDPLUM_VERIFY_ENV;
if (envPath) install(JSON.parse(fs.readFileSync(envPath, 'utf8')) as VerifyEnv);
recordOutcomes(Module.createRequire(__filename));

function install(env: VerifyEnv): void {
  // Loaded through createRequire so the classes are the ones the tests get from require().
  const req = Module.createRequire(path.join(__dirname, '../unit/examples/x.ts'));
  const core = req('@medplum/core') as typeof import('@medplum/core');
  const mock = req('@medplum/mock') as typeof import('@medplum/mock');
  const realFetch = globalThis.fetch.bind(globalThis);
  const baseUrl = env.baseUrl.endsWith('/') ? env.baseUrl : `${env.baseUrl}/`;

  let superAdmin: Promise<InstanceType<typeof core.MedplumClient>> | undefined;
  /** One super admin login per process, by the super admin client's credentials (see lib/verify-server/projects.ts for why). */
  function superAdminClient(): Promise<InstanceType<typeof core.MedplumClient>> {
    superAdmin ??= (async () => {
      const { clientId, clientSecret } = env.superAdmin;
      if (!clientId || !clientSecret)
        throw new Error(`verify:server: ${envPath} names no super admin client (superAdmin.clientId, clientSecret)`);
      const admin = internal(new core.MedplumClient({ baseUrl, fetch: realFetch }));
      await admin.startClientLogin(clientId, clientSecret);
      return admin;
    })();
    return superAdmin;
  }

  /** Marks a client whose requests the HTTP recorder leaves out (tests/unit/http-recorder.ts). */
  function internal<T extends object>(client: T): T {
    return Object.assign(client, { notRecorded: true });
  }

  let projects = 0;
  /** A new project whose default client is its admin, signed in by client credentials. */
  async function newProject(): Promise<IsolatedProject> {
    const made = await createIsolatedProject(await superAdminClient(), `verify-${process.pid}-${++projects}`);
    const client = internal(new core.MedplumClient({ baseUrl, fetch: realFetch }));
    await client.startClientLogin(made.clientId, made.clientSecret);
    return { ...made, accessToken: client.getAccessToken() as string, profile: client.getProfile() as ProfileResource };
  }

  type FetchLike = (url: string, init?: RequestInit) => Promise<Response>;

  class ServerClient extends core.MedplumClient {
    /** Resolves to this client's project, created by its first request. */
    ready: () => Promise<IsolatedProject>;
    /** Like MockClient's `client.mockFetch`: sends a request as this client (helpers pass it to another client's `fetch`). */
    client: { mockFetch: FetchLike };

    constructor(options?: { fetch?: FetchLike } & Record<string, unknown>) {
      let project: Promise<IsolatedProject> | undefined;
      const ready = (): Promise<IsolatedProject> => {
        project ??= newProject().then((p) => {
          this.setAccessToken(p.accessToken);
          (this as unknown as { sessionDetails: unknown }).sessionDetails = {
            profile: p.profile,
            project: { resourceType: 'Project', id: p.projectId },
          };
          return p;
        });
        return project;
      };
      const sendAsThis: FetchLike = async (url, init) => {
        const p = await ready();
        return realFetch(url, withToken(init, p.accessToken));
      };
      super({ baseUrl, accessToken: PENDING_TOKEN, fetch: options?.fetch ?? sendAsThis });
      this.ready = ready;
      this.client = { mockFetch: sendAsThis };
    }
  }

  /** The request with the placeholder token replaced by the project's token (requests built before the project existed carry it). */
  function withToken(init: RequestInit | undefined, token: string): RequestInit | undefined {
    if (!init?.headers) return init;
    const swap = (v: string): string => (v === `Bearer ${PENDING_TOKEN}` ? `Bearer ${token}` : v);
    const h = init.headers;
    if (h instanceof Headers) {
      const copy = new Headers(h);
      const a = copy.get('Authorization');
      if (a) copy.set('Authorization', swap(a));
      return { ...init, headers: copy };
    }
    if (Array.isArray(h))
      return {
        ...init,
        headers: h.map(([k, v]): [string, string] => [k, k.toLowerCase() === 'authorization' ? swap(v) : v]),
      };
    return {
      ...init,
      headers: Object.fromEntries(
        Object.entries(h).map(([k, v]) => [k, k.toLowerCase() === 'authorization' ? swap(v) : v]),
      ),
    };
  }

  const swapped = { ...mock, MockClient: ServerClient };
  const moduleWithLoad = Module as unknown as { _load: (request: string, parent: unknown, isMain: boolean) => unknown };
  const load = moduleWithLoad._load;
  moduleWithLoad._load = function (request: string, parent: unknown, isMain: boolean) {
    const loaded = load.call(this, request, parent, isMain);
    return request === '@medplum/mock' ? swapped : loaded;
  };
}

/**
 * Writes `$VERIFY_RESULTS_DIR/<test file>.json` on exit: each test's name (as the HTTP recorder
 * names it, `tests/unit/examples/x.test.ts > name`), whether it passed, and its error.
 */
function recordOutcomes(req: NodeRequire): void {
  const dir = process.env.VERIFY_RESULTS_DIR;
  const testFile = process.argv.slice(1).find((a) => /tests\/unit\/examples\/[^/]+\.test\.ts$/.test(a));
  if (!dir || !testFile) return;
  const testRel = path.relative(path.resolve(__dirname, '../..'), path.resolve(testFile));
  const outcomes: { test: string; ok: boolean; error?: string }[] = [];
  const nodeTest = req('node:test') as Record<string, (...a: unknown[]) => unknown>;
  const wrap = (orig: (...a: unknown[]) => unknown) =>
    function (this: unknown, ...args: unknown[]) {
      const i = args.findIndex((a) => typeof a === 'function');
      if (i !== -1) {
        const name = `${testRel} > ${typeof args[0] === 'string' ? args[0] : `test ${i}`}`;
        const fn = args[i] as (...a: unknown[]) => unknown;
        const settle = async (run: () => unknown) => {
          try {
            await run();
            outcomes.push({ test: name, ok: true });
          } catch (err) {
            outcomes.push({ test: name, ok: false, error: String((err as Error)?.stack ?? err).slice(0, 2000) });
            throw err;
          }
        };
        args[i] =
          fn.length >= 2
            ? function (this: unknown, t: unknown, done: unknown) {
                return settle(() => fn.call(this, t, done));
              }
            : function (this: unknown, t: unknown) {
                return settle(() => fn.call(this, t));
              };
      }
      return orig.apply(this, args);
    };
  for (const key of ['test', 'it']) nodeTest[key] = Object.assign(wrap(nodeTest[key]), nodeTest[key]);
  (req('node:module') as { syncBuiltinESMExports(): void }).syncBuiltinESMExports();
  process.on('exit', () => {
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(
      path.join(dir, `${testRel.replace(/[\\/]/g, '__')}.json`),
      JSON.stringify({ testFile: testRel, outcomes }, null, 1),
    );
  });
}
