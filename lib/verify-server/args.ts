/**
 * Command line of `npm run verify:server`:
 *
 *   npm run verify:server -- <medplum checkout> [--keep-running] [--record] [--no-examples] [--cache <dir>]
 *   npm run verify:server -- --stop [--cache <dir>]
 *
 * Pure parsing, so the unit tests can check it without a server.
 */
import os from 'node:os';
import path from 'node:path';

/** The Medplum server release the site documents, and the upstream commit it was built from. */
export const SERVER_VERSION = '5.1.12';
export const SERVER_COMMIT = '53eba8924295692906467da242a623eafb2102b3';

export interface VerifyServerArgs {
  /** The Medplum work tree or git directory; undefined with --stop. */
  checkout?: string;
  keepRunning: boolean;
  record: boolean;
  /** Start the server and leave it up without running the examples (for running single test files against it). */
  noExamples: boolean;
  stop: boolean;
  /** Cache folder: the exported source, its node_modules, the services' data and logs. */
  cacheDir: string;
}

export const USAGE = [
  'usage: npm run verify:server -- <medplum checkout or git dir> [--keep-running] [--record] [--no-examples] [--cache <dir>]',
  '       npm run verify:server -- --stop [--cache <dir>]',
].join('\n');

/** The default cache folder; MEDPLUM_VERIFY_SERVER_CACHE or XDG_CACHE_HOME move it. */
export function defaultCacheDir(env: NodeJS.ProcessEnv = process.env, home = os.homedir()): string {
  if (env.MEDPLUM_VERIFY_SERVER_CACHE) {
    return path.resolve(env.MEDPLUM_VERIFY_SERVER_CACHE);
  }
  const base = env.XDG_CACHE_HOME || path.join(home, '.cache');
  return path.join(base, 'medplum-docs', 'verify-server', SERVER_VERSION);
}

/** Parses argv (without node and the script); throws an Error whose message is for the user. */
export function parseArgs(argv: string[], env: NodeJS.ProcessEnv = process.env): VerifyServerArgs {
  const args: VerifyServerArgs = {
    keepRunning: false,
    record: false,
    noExamples: false,
    stop: false,
    cacheDir: defaultCacheDir(env),
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--keep-running') {
      args.keepRunning = true;
    } else if (a === '--record') {
      args.record = true;
    } else if (a === '--no-examples') {
      args.noExamples = true;
    } else if (a === '--stop') {
      args.stop = true;
    } else if (a === '--cache' || a.startsWith('--cache=')) {
      const v = a === '--cache' ? argv[++i] : a.slice('--cache='.length);
      if (!v) {
        throw new Error('--cache needs a folder\n' + USAGE);
      }
      args.cacheDir = path.resolve(v);
    } else if (a === '--help' || a === '-h') {
      throw new Error(USAGE);
    } else if (a.startsWith('-')) {
      throw new Error(`unknown option ${a}\n${USAGE}`);
    } else if (args.checkout === undefined) {
      args.checkout = path.resolve(a);
    } else {
      throw new Error(`only one checkout, got ${args.checkout} and ${a}\n${USAGE}`);
    }
  }
  if (args.stop) {
    if (args.checkout !== undefined || args.keepRunning || args.record || args.noExamples) {
      throw new Error('--stop takes no checkout and no other option but --cache\n' + USAGE);
    }
  } else if (args.checkout === undefined) {
    throw new Error('missing the Medplum checkout\n' + USAGE);
  } else if (args.noExamples && args.record) {
    throw new Error('--record needs the examples to run; drop --no-examples\n' + USAGE);
  } else if (args.noExamples) {
    // A server started without examples is there to be used: leave it up.
    args.keepRunning = true;
  }
  return args;
}
