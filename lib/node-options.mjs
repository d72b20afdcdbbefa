// @medplum/core 5.x expects a global WebSocket, which Node has by default from 22 on. Node 20 has it
// only with --experimental-websocket (Node 22 and 24 accept the flag too, as a no-op, but it has no
// business there). This file is the one place that knows it:
//
//   node scripts/node-options.mjs docusaurus build …   runs the command with the flag added to
//                                                      NODE_OPTIONS on Node 20, unchanged on 22+
//   node scripts/node-options.mjs                      prints the NODE_OPTIONS to use (for shell scripts)
//
// and TypeScript code that starts Node processes imports `nodeOptions` / `nodeFlags` from here
// (lib/node-options.mjs; scripts/node-options.mjs is the command line above).

export const WEBSOCKET_FLAG = '--experimental-websocket';

/**
 * Whether a Node version needs --experimental-websocket for a global WebSocket (Node 20 and older).
 * @param {string} [version] a `process.versions.node` string
 * @returns {boolean}
 */
export function needsWebSocketFlag(version = process.versions.node) {
  return Number(version.split('.')[0]) < 22;
}

/**
 * The flags to pass to a child `node` for @medplum/core: `['--experimental-websocket']` on Node 20, `[]` on 22+.
 * @param {string} [version]
 * @returns {string[]}
 */
export function nodeFlags(version = process.versions.node) {
  return needsWebSocketFlag(version) ? [WEBSOCKET_FLAG] : [];
}

/**
 * NODE_OPTIONS with the WebSocket flag added when the Node version needs it and it is not there yet.
 * @param {string | undefined} [current] the NODE_OPTIONS to start from
 * @param {string} [version]
 * @returns {string}
 */
export function nodeOptions(current = process.env.NODE_OPTIONS, version = process.versions.node) {
  const options = (current ?? '').trim();
  if (!needsWebSocketFlag(version) || options.split(/\s+/).includes(WEBSOCKET_FLAG)) return options;
  return options ? `${options} ${WEBSOCKET_FLAG}` : WEBSOCKET_FLAG;
}
