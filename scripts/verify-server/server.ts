/**
 * Step 3b, start the server: on Node 24 with its package's `start` command
 * (`node --import ./dist/otel/instrumentation.js dist/index.js`), the config passed as
 * `file:<path>` (index.ts:56 takes process.argv[2] as the config name), its output in
 * `<cache>/run/server.log`.
 *
 * Ready means: /healthcheck answers 200 and the super admin can log in. The server only listens
 * once initApp has run initAppServices (app.ts:253-265): migrations (database.ts:47), then the seed
 * (seed.ts: super admin, then the structure definitions, value sets and search parameters), so
 * the first answer of /healthcheck already means the seed is done; the login then proves the
 * database, Redis and the password hashing work together.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { SUPER_ADMIN } from '../../lib/verify-server/config';
import { alive, log, sleep, withNode24 } from './util';

export interface StartedServer {
  pid: number;
  port: number;
  baseUrl: string;
  logFile: string;
  seconds: number;
}

export function lastLines(file: string, n = 40): string {
  if (!fs.existsSync(file)) {
    return '(no log)';
  }
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .slice(-n - 1)
    .join('\n');
}

/** The last progress message of Medplum's JSON log lines, for the waiting lines. */
function lastLogMessage(file: string): string {
  const lines = lastLines(file, 5).split('\n').reverse();
  for (const line of lines) {
    try {
      const entry = JSON.parse(line) as { msg?: string; version?: string };
      if (entry.msg) {
        return entry.msg + (entry.version ? ` ${entry.version}` : '');
      }
    } catch {
      // not a JSON line
    }
  }
  return '';
}

/** Logs in with email and password through the OAuth code flow's first step (/auth/login). */
export async function passwordLoginWorks(baseUrl: string): Promise<boolean> {
  try {
    const res = await fetch(new URL('auth/login', baseUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email: SUPER_ADMIN.email,
        password: SUPER_ADMIN.password,
        codeChallenge: 'xyz',
        codeChallengeMethod: 'plain',
        scope: 'openid',
      }),
    });
    const body = (await res.json()) as { code?: string; login?: string };
    return res.ok && !!(body.code || body.login);
  } catch {
    return false;
  }
}

export async function startServer(
  serverDir: string,
  configFile: string,
  port: number,
  logFile: string,
  onSpawn: (pid: number) => void,
  timeoutMs = 15 * 60 * 1000,
): Promise<StartedServer> {
  const started = Date.now();
  const baseUrl = `http://localhost:${port}/`;
  fs.mkdirSync(path.dirname(logFile), { recursive: true });
  const out = fs.openSync(logFile, 'w');
  const child = spawn(
    withNode24[0],
    [
      ...withNode24.slice(1),
      'node',
      '--import',
      './dist/otel/instrumentation.js',
      'dist/index.js',
      `file:${configFile}`,
    ],
    // NODE_ENV=production, as upstream's Dockerfile sets it: graceful shutdown drains connections
    // (index.ts:44) and migration version checks are strict (migrations/migration-utils.ts:126).
    { cwd: serverDir, detached: true, stdio: ['ignore', out, out], env: { ...process.env, NODE_ENV: 'production' } },
  );
  child.unref();
  fs.closeSync(out);
  const pid = child.pid as number;
  onSpawn(pid);
  log(`server: pid ${pid}, ${baseUrl}, log ${logFile}`);
  let lastReport = 0;
  while (Date.now() - started < timeoutMs) {
    if (!alive(pid)) {
      throw new Error(`the server exited during start; last 40 lines of ${logFile}:\n${lastLines(logFile)}`);
    }
    let healthy = false;
    try {
      const res = await fetch(new URL('healthcheck', baseUrl));
      healthy = res.ok;
    } catch {
      // not listening yet
    }
    if (healthy && (await passwordLoginWorks(baseUrl))) {
      const seconds = (Date.now() - started) / 1000;
      log(`server: ready in ${seconds.toFixed(0)} s (healthcheck 200, super admin login works)`);
      return { pid, port, baseUrl, logFile, seconds };
    }
    if (Date.now() - lastReport > 10000) {
      lastReport = Date.now();
      log(
        `server: waiting (${((Date.now() - started) / 1000).toFixed(0)} s) ${healthy ? 'healthcheck 200, login not yet' : lastLogMessage(logFile)}`,
      );
    }
    await sleep(1000);
  }
  throw new Error(
    `the server was not ready after ${timeoutMs / 1000} s; last 40 lines of ${logFile}:\n${lastLines(logFile)}`,
  );
}
