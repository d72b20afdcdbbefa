/**
 * `npm run build`: the production build into BUILD_DIR (default build/), then the Pagefind index.
 *
 *   1. finds the browser that draws the Mermaid diagrams (lib/find-browser.ts; on Debian or
 *      Ubuntu, as root or with `sudo -n`, installs chromium when there is none) and hands its path
 *      to the build as CHROMIUM_PATH;
 *   2. `docusaurus build --out-dir BUILD_DIR` (extra arguments go to it), with the Node 20 flag of
 *      lib/node-options.mjs;
 *   3. scripts/build-search-index.mjs on the result;
 *   4. scripts/security-headers.ts: the policy computed from the inline scripts the build emitted,
 *      written into the build for `npm run serve`, nginx and `_headers` (fails naming a page whose
 *      inline script the policy cannot cover).
 *
 * A script rather than a shell line, so that it runs the same from cmd.exe and PowerShell.
 */
import { spawnSync } from 'node:child_process';
import { ensureBrowser } from '../lib/find-browser';
import { nodeFlags } from '../lib/node-options.mjs';

const outDir = process.env.BUILD_DIR || 'build';

function run(args: string[], env: NodeJS.ProcessEnv): void {
  const res = spawnSync(process.execPath, [...nodeFlags(), ...args], { stdio: 'inherit', env });
  if (res.status !== 0) process.exit(res.status ?? 1);
}

let browser: string;
try {
  browser = ensureBrowser(true);
} catch (e) {
  console.error((e as Error).message);
  process.exit(1);
}
const env = { ...process.env, CHROMIUM_PATH: browser };
run(
  [require.resolve('@docusaurus/core/bin/docusaurus.mjs'), 'build', '--out-dir', outDir, ...process.argv.slice(2)],
  env,
);
run([require.resolve('./build-search-index.mjs'), outDir], env);
run([require.resolve('tsx/cli'), require.resolve('./security-headers.ts'), outDir], env);
