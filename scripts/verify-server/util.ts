/**
 * Small helpers shared by the verify-server steps: progress lines, the Node 24 runner, free ports,
 * and waiting.
 */
import net from 'node:net';
import path from 'node:path';

/** The repository's root (this file is scripts/verify-server/util.ts). */
export const REPO_ROOT = path.resolve(__dirname, '..', '..');

/**
 * Command prefix that runs a command on Node 24 (scripts/with-node.sh takes Node from the npm
 * registry when the machine's is another major): Medplum 5.1.12's engines field asks for
 * Node ^22.18 or >=24.2, and 24 is the current LTS.
 */
export const withNode24 = ['bash', path.join(REPO_ROOT, 'scripts', 'with-node.sh'), '24'];

export function log(message: string): void {
  const time = new Date().toISOString().slice(11, 19);
  process.stdout.write(`[verify-server ${time}] ${message}\n`);
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * A TCP port nothing listens on now, on 127.0.0.1: `preferred` when it is free (so a restarted
 * server keeps its URL), else one the kernel picks.
 */
export async function freePort(preferred?: number): Promise<number> {
  const tryListen = (port: number): Promise<number | undefined> =>
    new Promise((resolve) => {
      const srv = net.createServer();
      srv.unref();
      srv.once('error', () => resolve(undefined));
      srv.listen(port, '127.0.0.1', () => {
        const address = srv.address();
        const got = typeof address === 'object' && address ? address.port : undefined;
        srv.close(() => resolve(got));
      });
    });
  if (preferred && (await tryListen(preferred)) === preferred && !(await portOpen(preferred))) {
    return preferred;
  }
  const port = await tryListen(0);
  if (!port) {
    throw new Error('no free TCP port on 127.0.0.1');
  }
  return port;
}

/** True when something accepts TCP connections on the port of 127.0.0.1. */
export function portOpen(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host });
    socket.setTimeout(1000);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

/** Whether a process with that id exists. */
export function alive(pid: number | undefined): boolean {
  if (!pid) {
    return false;
  }
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
