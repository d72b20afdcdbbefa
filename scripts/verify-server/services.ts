/**
 * Step 2, services: a private PostgreSQL 15 cluster and a private Redis, each on a free port of
 * 127.0.0.1, with their data under the cache folder. The machine's own clusters and Redis are
 * never touched: nothing here uses a default port, the system's data directories or its service
 * manager, and stopping uses the pids this script recorded.
 *
 * PostgreSQL refuses to run as root, so as root the cluster runs as the `postgres` OS user. That
 * user cannot enter root's home (mode 700), where the cache folder normally is, so as root the
 * data directory lives in /var/tmp/medplum-docs-verify-server/<hash of the cache path>/ (owned by
 * postgres) and `<cache>/pgdata` is a symlink to it. Authentication is `trust`, and the cluster
 * listens on localhost only (listen_addresses=localhost, its Unix socket in its own folder).
 */
import { execFileSync, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { alive, freePort, log, portOpen, sleep } from './util';

export const PG_BIN = process.env.MEDPLUM_VERIFY_PG_BIN ?? '/usr/lib/postgresql/15/bin';
export const REDIS_SERVER = process.env.MEDPLUM_VERIFY_REDIS_SERVER ?? '/usr/bin/redis-server';

export interface PostgresInfo {
  pid: number;
  port: number;
  dataDir: string;
  osUser: string;
}

export interface RedisInfo {
  pid: number;
  port: number;
}

const isRoot = process.getuid?.() === 0;

/** Runs a command, as the postgres OS user when this process is root. */
function asPostgresUser(cmd: string, args: string[], opts: { cwd?: string } = {}): string {
  if (isRoot) {
    const quoted = [cmd, ...args].map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(' ');
    return execFileSync('su', ['postgres', '-s', '/bin/sh', '-c', quoted], { encoding: 'utf8', cwd: opts.cwd ?? '/' });
  }
  return execFileSync(cmd, args, { encoding: 'utf8', cwd: opts.cwd });
}

/** The cluster's folder (see the file comment for why it is outside the cache as root). */
function clusterHome(cacheDir: string): string {
  if (!isRoot) {
    return path.join(cacheDir, 'postgres');
  }
  const hash = crypto.createHash('sha1').update(path.resolve(cacheDir)).digest('hex').slice(0, 10);
  return path.join('/var/tmp/medplum-docs-verify-server', hash);
}

function psql(port: number, sql: string): string {
  return execFileSync(
    path.join(PG_BIN, 'psql'),
    [
      '-h',
      '127.0.0.1',
      '-p',
      String(port),
      '-U',
      'postgres',
      '-d',
      'postgres',
      '-tA',
      '-v',
      'ON_ERROR_STOP=1',
      '-c',
      sql,
    ],
    { encoding: 'utf8' },
  );
}

export async function startPostgres(cacheDir: string, preferredPort?: number): Promise<PostgresInfo> {
  const home = clusterHome(cacheDir);
  const dataDir = path.join(home, 'pgdata');
  fs.mkdirSync(home, { recursive: true });
  if (isRoot) {
    fs.mkdirSync('/var/tmp/medplum-docs-verify-server', { recursive: true });
    execFileSync('chown', ['postgres:postgres', home]);
    fs.chmodSync(home, 0o700);
    const link = path.join(cacheDir, 'pgdata');
    if (!fs.existsSync(link)) {
      fs.symlinkSync(dataDir, link);
    }
  }
  if (!fs.existsSync(path.join(dataDir, 'PG_VERSION'))) {
    log(`postgres: initdb ${dataDir}`);
    asPostgresUser(path.join(PG_BIN, 'initdb'), [
      '-D',
      dataDir,
      '-U',
      'postgres',
      '--auth=trust',
      '-E',
      'UTF8',
      '--locale=C.UTF-8',
    ]);
  }
  const pidFile = path.join(dataDir, 'postmaster.pid');
  if (fs.existsSync(pidFile)) {
    const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
    if (alive(pid)) {
      throw new Error(
        `the private PostgreSQL in ${dataDir} already runs (pid ${pid}); stop it with: npm run verify:server -- --stop`,
      );
    }
  }
  const port = await freePort(preferredPort);
  log(`postgres: starting on 127.0.0.1:${port}`);
  // Settings for a throwaway test database: no fsync, as the data is recreated when lost.
  const options = [
    `-p ${port}`,
    `-k ${home}`,
    '-c listen_addresses=localhost',
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
    '-c max_connections=200',
  ].join(' ');
  asPostgresUser(path.join(PG_BIN, 'pg_ctl'), [
    '-D',
    dataDir,
    '-l',
    path.join(home, 'postgres.log'),
    '-w',
    '-t',
    '60',
    '-o',
    options,
    'start',
  ]);
  const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (psql(port, "SELECT 1 FROM pg_roles WHERE rolname = 'medplum'").trim() !== '1') {
    psql(port, "CREATE USER medplum WITH PASSWORD 'medplum'");
  }
  if (psql(port, "SELECT 1 FROM pg_database WHERE datname = 'medplum'").trim() !== '1') {
    psql(port, 'CREATE DATABASE medplum OWNER medplum');
  }
  return { pid, port, dataDir, osUser: isRoot ? 'postgres' : (process.env.USER ?? 'me') };
}

export function stopPostgres(info: PostgresInfo): void {
  if (!alive(info.pid)) {
    return;
  }
  log(`postgres: stopping pid ${info.pid}`);
  try {
    asPostgresUser(path.join(PG_BIN, 'pg_ctl'), ['-D', info.dataDir, '-m', 'fast', '-w', 'stop']);
  } catch {
    // pg_ctl could not (data dir gone?): the recorded pid is ours, stop it directly.
    try {
      process.kill(info.pid, 'SIGINT');
    } catch {
      // already gone
    }
  }
}

export async function startRedis(cacheDir: string, preferredPort?: number): Promise<RedisInfo> {
  const dir = path.join(cacheDir, 'redis');
  fs.mkdirSync(dir, { recursive: true });
  const port = await freePort(preferredPort);
  log(`redis: starting on 127.0.0.1:${port}`);
  const out = fs.openSync(path.join(dir, 'redis.log'), 'a');
  // No persistence: the queues and caches of a test run need not survive it.
  const child = spawn(
    REDIS_SERVER,
    [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--save',
      '',
      '--appendonly',
      'no',
      '--dir',
      dir,
      '--daemonize',
      'no',
    ],
    { detached: true, stdio: ['ignore', out, out] },
  );
  child.unref();
  fs.closeSync(out);
  const pid = child.pid as number;
  for (let i = 0; i < 100; i++) {
    if (await portOpen(port)) {
      return { pid, port };
    }
    if (!alive(pid)) {
      break;
    }
    await sleep(100);
  }
  throw new Error(`redis-server did not start; see ${path.join(dir, 'redis.log')}`);
}

export async function stopPid(name: string, pid: number | undefined, timeoutMs = 15000): Promise<void> {
  if (!pid || !alive(pid)) {
    return;
  }
  log(`${name}: stopping pid ${pid}`);
  process.kill(pid, 'SIGTERM');
  const until = Date.now() + timeoutMs;
  while (alive(pid) && Date.now() < until) {
    await sleep(100);
  }
  if (alive(pid)) {
    process.kill(pid, 'SIGKILL');
  }
}
