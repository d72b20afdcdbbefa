/**
 * The tools' counts (whole, non-negative) read as toLocaleString('en') writes them, without its
 * first-call set-up on the main thread (src/components/tools/format-count.ts), and no tool code
 * that runs on the page calls a locale-dependent API again.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
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

test("the tools' page-side code calls no locale-dependent API (their first call sets up ICU data)", () => {
  const dir = path.join(__dirname, '..', '..', 'src', 'components', 'tools');
  // The worker's own files: a first-call cost there does not hold up the page.
  const workerOnly = new Set(['engine-runs.ts', 'engine.worker.ts']);
  const files = fs.readdirSync(dir).filter((f) => /\.tsx?$/.test(f) && !workerOnly.has(f));
  assert.ok(files.length > 5, files.join(', '));
  for (const file of files) {
    const code = fs.readFileSync(path.join(dir, file), 'utf8').replace(/^\s*(\/\/|\*|\/\*\*).*$/gm, '');
    assert.doesNotMatch(code, /toLocale\w*\(|\bIntl\.|localeCompare/, file);
  }
});
