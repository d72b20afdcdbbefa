/**
 * An example file bundled the way the deploying-bots page builds a vmcontext bot: CommonJS, with
 * @medplum/core left to the server, and the handler copied onto `exports` where the runtime looks.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';

export function bundleBot(file: string): string {
  return execFileSync(
    path.resolve('node_modules/.bin/esbuild'),
    [
      file,
      '--bundle',
      '--platform=node',
      '--format=cjs',
      '--external:@medplum/core',
      '--footer:js=Object.assign(exports, module.exports);',
    ],
    { encoding: 'utf8' },
  );
}
