/** lib/node-options.mjs: the WebSocket flag is added on Node 20 only, once. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { nodeFlags, nodeOptions } from '../../lib/node-options.mjs';

test('Node 20 gets --experimental-websocket, Node 22 and 24 do not', () => {
  assert.deepEqual(nodeFlags('20.20.2'), ['--experimental-websocket']);
  assert.deepEqual(nodeFlags('22.18.0'), []);
  assert.deepEqual(nodeFlags('24.2.0'), []);
  assert.equal(nodeOptions('', '20.20.2'), '--experimental-websocket');
  assert.equal(nodeOptions('', '24.2.0'), '');
  assert.equal(nodeOptions('--max-old-space-size=4096', '22.18.0'), '--max-old-space-size=4096');
});

test('NODE_OPTIONS already set is kept, and the flag is not added twice', () => {
  assert.equal(
    nodeOptions('--max-old-space-size=4096', '20.19.0'),
    '--max-old-space-size=4096 --experimental-websocket',
  );
  assert.equal(nodeOptions('--experimental-websocket', '20.19.0'), '--experimental-websocket');
});
