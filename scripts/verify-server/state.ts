/**
 * The pids file, `<cache>/run/state.json`: what this script started (PostgreSQL, Redis, the
 * server), so that stopping, now or later with `npm run verify:server -- --stop`, ends those
 * processes and nothing else.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { PostgresInfo, RedisInfo } from './services';
import { stopPid, stopPostgres } from './services';
import { alive, log } from './util';

export interface RunState {
  startedAt: string;
  postgres?: PostgresInfo;
  redis?: RedisInfo;
  server?: { pid: number; port: number; baseUrl: string; log: string };
  envFile?: string;
}

export function stateFile(cacheDir: string): string {
  return path.join(cacheDir, 'run', 'state.json');
}

export function readState(cacheDir: string): RunState | undefined {
  const file = stateFile(cacheDir);
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as RunState) : undefined;
}

export function writeState(cacheDir: string, state: RunState): void {
  const file = stateFile(cacheDir);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, JSON.stringify(state, null, 2) + '\n');
}

/** True when a recorded process still runs. */
export function anyAlive(state: RunState | undefined): boolean {
  return !!state && [state.server?.pid, state.redis?.pid, state.postgres?.pid].some((pid) => alive(pid));
}

/** Stops the recorded processes, server first (it holds connections to the other two). */
export async function stopAll(cacheDir: string, state: RunState | undefined = readState(cacheDir)): Promise<void> {
  if (!state) {
    log(`nothing to stop: no ${stateFile(cacheDir)}`);
    return;
  }
  await stopPid('server', state.server?.pid, 20000);
  await stopPid('redis', state.redis?.pid);
  if (state.postgres) {
    stopPostgres(state.postgres);
  }
  fs.rmSync(stateFile(cacheDir), { force: true });
}
