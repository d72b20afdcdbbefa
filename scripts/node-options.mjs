// The command line of lib/node-options.mjs, which knows when Node needs --experimental-websocket
// for @medplum/core (Node 20):
//
//   node scripts/node-options.mjs docusaurus build …   runs the command with the flag added to
//                                                      NODE_OPTIONS on Node 20, unchanged on 22+
//   node scripts/node-options.mjs                      prints the NODE_OPTIONS to use (for shell scripts)
//
// Plain JavaScript, so that npm scripts run it with `node`, before tsx.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { nodeOptions } from '../lib/node-options.mjs';

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const [command, ...args] = process.argv.slice(2);
  if (!command) {
    process.stdout.write(nodeOptions() + '\n');
  } else {
    const child = spawn(command, args, {
      stdio: 'inherit',
      // npm's bin shims on Windows are .cmd files, which only a shell starts.
      shell: process.platform === 'win32',
      env: { ...process.env, NODE_OPTIONS: nodeOptions() },
    });
    child.on('exit', (code, signal) => {
      if (signal) process.kill(process.pid, signal);
      else process.exit(code ?? 1);
    });
  }
}
