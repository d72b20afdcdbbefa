/**
 * After a Medplum release: which pages rest on server files that have changed since they were
 * checked (lib/check-sources.ts)?
 *
 *   npm run check-sources -- <path to a medplum/medplum checkout> [--rev <commit>] [--docs docs]
 *   npm run check-sources -- <checkout> --since <last release> [--rev <new release>]
 *
 * Exits 0 after a report, 2 on a usage error.
 */
import fs from 'node:fs';
import path from 'node:path';
import { changedSince, checkSources, formatReport, formatSinceReport } from '../lib/check-sources';

function main(argv: string[]): number {
  const args = [...argv];
  const option = (name: string, fallback: string): string => {
    const at = args.indexOf(name);
    if (at === -1) return fallback;
    const [, value] = args.splice(at, 2);
    return value ?? '';
  };
  const docs = option('--docs', 'docs');
  const rev = option('--rev', 'HEAD');
  const since = option('--since', '-');
  const [checkout] = args;
  if (!checkout || args.length !== 1 || !docs || !rev || !since) {
    console.error(
      'usage: npm run check-sources -- <path to a medplum/medplum checkout> [--rev <commit or tag>] [--since <commit or tag>] [--docs <docs folder>]',
    );
    return 2;
  }
  if (!fs.existsSync(checkout)) {
    console.error(`check-sources: no such folder: ${checkout}`);
    return 2;
  }
  if (since !== '-') {
    console.log(formatSinceReport(changedSince(path.resolve(checkout), path.resolve(docs), since, rev)));
    return 0;
  }
  console.log(formatReport(checkSources(path.resolve(checkout), path.resolve(docs), rev)));
  return 0;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(__filename)) {
  process.exitCode = main(process.argv.slice(2));
}
