/**
 * Every example test file (tests/unit/examples/*.test.ts) in one process. On its own, each file
 * spends about three seconds starting tsx and loading @medplum/core and @medplum/mock before its
 * first test; loaded here, they pay that once. Each file's tests still run as that file's, in
 * path order: the HTTP recorder (tests/unit/http-recorder.ts) finds a test's file from the stack
 * that declares it, and writes what each file recorded apart. A single file still runs alone
 * (`tsx --test tests/unit/examples/<name>.test.ts`), as `npm run verify:server` runs them.
 */
import fs from 'node:fs';
import path from 'node:path';

const dir = path.join(__dirname, 'examples');
for (const name of fs
  .readdirSync(dir)
  .filter((n) => n.endsWith('.test.ts'))
  .sort()) {
  // require, not import(): loaded synchronously, each file declares its tests in path order before
  // node:test starts running them.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  require(path.join(dir, name));
}
