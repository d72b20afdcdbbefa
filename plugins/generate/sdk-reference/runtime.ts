/**
 * Reads the runtime values of a package's exports in a child Node process started with
 * `--experimental-websocket` on Node 20 (@medplum/core needs a global WebSocket, which Node 22+ has). Running it apart
 * keeps the generator working from commands that do not pass the flag, such as `docusaurus serve`.
 */
import { execFileSync } from 'node:child_process';
import { nodeFlags } from '../../../lib/node-options.mjs';

export type RuntimeValue =
  | { type: 'function' }
  | { type: 'regexp'; text: string }
  | { type: 'json'; json: string }
  | { type: 'other'; typeOf: string };

/** Export name → a description of its value, for every runtime export of `specifier`. */
export function readRuntimeExports(specifier: string, cwd: string): Record<string, RuntimeValue> {
  const script = `
    const describe = (v) => {
      if (typeof v === 'function') return { type: 'function' };
      if (v instanceof RegExp) return { type: 'regexp', text: v.toString() };
      try {
        const json = JSON.stringify(v, (_k, x) => (x instanceof RegExp ? x.toString() : x), 2);
        if (json !== undefined) return { type: 'json', json };
      } catch {}
      return { type: 'other', typeOf: typeof v };
    };
    import(${JSON.stringify(specifier)}).then((m) => {
      const out = {};
      for (const k of Object.keys(m)) out[k] = describe(m[k]);
      process.stdout.write(JSON.stringify(out));
    });
  `;
  const stdout = execFileSync(process.execPath, [...nodeFlags(), '--input-type=module', '-e', script], {
    cwd,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    // The parent's NODE_OPTIONS may carry loaders (tsx, jiti) the child does not need.
    env: { ...process.env, NODE_OPTIONS: '' },
  });
  return JSON.parse(stdout) as Record<string, RuntimeValue>;
}
