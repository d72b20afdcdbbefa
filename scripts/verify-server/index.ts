/**
 * `npm run verify:server -- <medplum checkout> [--keep-running] [--record] [--cache <dir>]`
 * `npm run verify:server -- --stop`
 *
 * A real Medplum 5.1.12 server on this machine, for the site's example tests:
 *
 * 1. prepare (prepare.ts): export 53eba89 (or copy the work tree) into the cache, npm install on
 *    Node 24, build the server and its @medplum workspace packages; reused when complete;
 * 2. services (services.ts): a private PostgreSQL cluster and Redis on free ports;
 * 3. config + server (config.ts, server.ts): write medplum.config.json, start the server on
 *    Node 24, wait for migrations and the seed;
 * 4. bootstrap (bootstrap.ts, projects.ts): logins, an isolated project, a vmcontext bot run;
 *    write `<cache>/verify-server.env.json`;
 * 5. run hook: `tsx scripts/verify-server/run-examples.ts [--record]` with MEDPLUM_VERIFY_ENV set,
 *    when that file exists; else print "server ready";
 * 6. stop (state.ts): on exit, error, SIGINT or SIGTERM, stop the server, Redis and PostgreSQL
 *    this run started, by their recorded pids. With --keep-running they stay up once the
 *    bootstrap has passed (a run that fails before that still stops them), and the script exits,
 *    printing how to stop them later: the processes are detached, so there is nothing to wait for.
 *    Without --keep-running and without a run hook it waits for Ctrl-C, then stops them.
 */
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs, SERVER_VERSION } from '../../lib/verify-server/args';
import type { SuperAdminClientCredentials } from './bootstrap';
import { detectCheckout } from '../../lib/verify-server/checkout';
import { serverConfig } from '../../lib/verify-server/config';
import { prepare } from './prepare';
import { lastLines, startServer } from './server';
import { startPostgres, startRedis } from './services';
import { anyAlive, readState, type RunState, stateFile, stopAll, writeState } from './state';
import { freePort, log, REPO_ROOT } from './util';

/** The super admin client the seed creates: fixed per cache folder, as the database is. */
function superAdminClientCredentials(cacheDir: string): SuperAdminClientCredentials {
  const file = path.join(cacheDir, 'superadmin-client.json');
  if (!fs.existsSync(file)) {
    const creds = { clientId: crypto.randomUUID(), clientSecret: crypto.randomBytes(32).toString('hex') };
    fs.writeFileSync(file, JSON.stringify(creds, null, 2) + '\n', { mode: 0o600 });
  }
  return JSON.parse(fs.readFileSync(file, 'utf8')) as SuperAdminClientCredentials;
}

function runHook(envFile: string, record: boolean): Promise<number> {
  const hook = path.join(REPO_ROOT, 'scripts', 'verify-server', 'run-examples.ts');
  if (!fs.existsSync(hook)) {
    return Promise.resolve(-1);
  }
  log(`run: tsx ${path.relative(REPO_ROOT, hook)}${record ? ' --record' : ''}`);
  const tsx = path.join(REPO_ROOT, 'node_modules', '.bin', 'tsx');
  return new Promise((resolve) => {
    const child = spawn(tsx, [hook, ...(record ? ['--record'] : [])], {
      cwd: REPO_ROOT,
      stdio: 'inherit',
      env: { ...process.env, MEDPLUM_VERIFY_ENV: envFile },
    });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

async function main(): Promise<number> {
  const args = parseArgs(process.argv.slice(2));
  fs.mkdirSync(args.cacheDir, { recursive: true });
  if (args.stop) {
    await stopAll(args.cacheDir);
    return 0;
  }
  const previous = readState(args.cacheDir);
  if (anyAlive(previous)) {
    throw new Error(
      `a server from an earlier run still runs (${previous?.server?.baseUrl ?? 'see ' + stateFile(args.cacheDir)}); ` +
        'stop it first: npm run verify:server -- --stop',
    );
  }

  if (typeof (globalThis as { WebSocket?: unknown }).WebSocket === 'undefined') {
    throw new Error(
      'no global WebSocket, which @medplum/core needs: on Node 20 run through `npm run verify:server` ' +
        '(it sets NODE_OPTIONS=--experimental-websocket), or use Node 22 or later',
    );
  }
  const checkout = detectCheckout(args.checkout as string);
  log(
    `checkout: ${checkout.kind === 'git-dir' ? `${checkout.gitDir} at ${checkout.commit.slice(0, 7)}` : checkout.dir} (server ${checkout.version})`,
  );
  const prepared = prepare(checkout, args.cacheDir);

  const state: RunState = { startedAt: new Date().toISOString() };
  let bootstrapped = false;
  let stopping = false;
  const stop = async (why: string): Promise<void> => {
    if (stopping) {
      return;
    }
    stopping = true;
    if (args.keepRunning && bootstrapped) {
      return;
    }
    log(`stopping what this run started (${why})`);
    await stopAll(args.cacheDir, state);
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      log(`${signal} received`);
      // A signal always stops: --keep-running means "after a normal end", not "ignore Ctrl-C".
      bootstrapped = false;
      void stop(signal).finally(() => process.exit(signal === 'SIGINT' ? 130 : 143));
    });
  }

  // The ports of the last run, tried first: the server keeps its URL across restarts when it can.
  const portsFile = path.join(args.cacheDir, 'last-ports.json');
  const last = fs.existsSync(portsFile)
    ? (JSON.parse(fs.readFileSync(portsFile, 'utf8')) as { server?: number; postgres?: number; redis?: number })
    : {};
  try {
    state.postgres = await startPostgres(args.cacheDir, last.postgres);
    writeState(args.cacheDir, state);
    state.redis = await startRedis(args.cacheDir, last.redis);
    writeState(args.cacheDir, state);

    const runDir = path.join(args.cacheDir, 'run');
    fs.mkdirSync(path.join(args.cacheDir, 'binary'), { recursive: true });
    const port = await freePort(last.server);
    fs.writeFileSync(
      portsFile,
      JSON.stringify({ server: port, postgres: state.postgres.port, redis: state.redis.port }) + '\n',
    );
    const creds = superAdminClientCredentials(args.cacheDir);
    const configFile = path.join(runDir, 'medplum.config.json');
    const config = serverConfig({
      serverPort: port,
      postgresPort: state.postgres.port,
      redisPort: state.redis.port,
      binaryDir: path.join(args.cacheDir, 'binary'),
      superAdminClientId: creds.clientId,
      superAdminClientSecret: creds.clientSecret,
    });
    fs.writeFileSync(configFile, JSON.stringify(config, null, 2) + '\n');
    const logFile = path.join(runDir, 'server.log');
    // The server's pid is recorded as soon as it exists, so a Ctrl-C or a failure during the
    // (minutes long) first start stops it too.
    const server = await startServer(prepared.serverDir, configFile, port, logFile, (pid) => {
      state.server = { pid, port, baseUrl: `http://localhost:${port}/`, log: logFile };
      writeState(args.cacheDir, state);
    });

    const envFile = path.join(args.cacheDir, 'verify-server.env.json');
    // Imported here, not at the top: @medplum/core needs a global WebSocket when it loads (checked
    // at the start of main, so --stop and the argument errors work without it).
    const { bootstrap } = await import('./bootstrap');
    const env = await bootstrap(server.baseUrl, creds, envFile);
    state.envFile = envFile;
    writeState(args.cacheDir, state);
    bootstrapped = true;
    const timings = {
      prepareSeconds: Math.round(prepared.seconds),
      prepareReused: prepared.reused,
      serverStartSeconds: Math.round(server.seconds),
      createIsolatedProjectMs: env.timings.createIsolatedProjectMs,
    };
    fs.writeFileSync(envFile, JSON.stringify({ ...env, timings: { ...env.timings, ...timings } }, null, 2) + '\n');
    log(`timings: ${JSON.stringify(timings)}`);

    const code = args.noExamples ? -1 : await runHook(envFile, args.record);
    if (code === -1) {
      log(`server ready: Medplum ${SERVER_VERSION} at ${server.baseUrl}; MEDPLUM_VERIFY_ENV=${envFile}`);
      if (!args.keepRunning) {
        log('Ctrl-C stops it (or run with --keep-running to leave it up)');
        // The services are detached and unreferenced, so only a timer keeps this process (and
        // its SIGINT handler, which stops them) alive.
        await new Promise(() => setInterval(() => undefined, 1 << 30));
      }
    }
    if (args.keepRunning) {
      log(
        `left running: ${server.baseUrl} (pids in ${stateFile(args.cacheDir)}); stop with: npm run verify:server -- --stop`,
      );
    }
    await stop('done');
    return code === -1 ? 0 : code;
  } catch (err) {
    bootstrapped = false;
    if (state.server?.log) {
      log(`last 40 lines of ${state.server.log}:\n${lastLines(state.server.log)}`);
    }
    await stop('error');
    throw err;
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    process.stderr.write(`verify-server: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  },
);
