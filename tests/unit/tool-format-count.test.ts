/**
 * The tools' counts read as toLocaleString('en') writes them, without its first-call set-up on the
 * main thread (src/components/tools/format-count.ts).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { formatCount } from '../../src/components/tools/format-count';

test('counts are grouped by thousands exactly as toLocaleString("en") groups them', () => {
  const counts = [0, 1, 12, 999, 1000, 8000, 10_000, 123_456, 1_000_000, 9_876_543_210, Number.MAX_SAFE_INTEGER];
  for (let n = 0; n < 20_000; n += 7) counts.push(n);
  for (const n of counts) assert.equal(formatCount(n), n.toLocaleString('en'), String(n));
});

test('anything but a whole non-negative count is written as it is', () => {
  assert.equal(formatCount(-1200), '-1200');
  assert.equal(formatCount(1234.5), '1234.5');
  assert.equal(formatCount(Number.NaN), 'NaN');
});
