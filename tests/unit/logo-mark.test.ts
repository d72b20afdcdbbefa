/**
 * The navbar draws the site's mark inline (src/components/LogoMark.tsx) while the favicon and the
 * social card use static/logo.svg: the two must stay the same drawing.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { test } from 'node:test';
import { MARK_CROSS, MARK_RECT } from '../../src/components/LogoMark';

test('static/logo.svg draws the same mark as the inline LogoMark', () => {
  const svg = fs.readFileSync('static/logo.svg', 'utf8');
  const attrs = (tag: string) =>
    Object.fromEntries(
      [...(new RegExp(`<${tag}\\b([^>]*)>`).exec(svg)?.[1] ?? '').matchAll(/([\w-]+)="([^"]*)"/g)].map((m) => [
        m[1],
        m[2],
      ]),
    );
  assert.match(svg, /viewBox="0 0 32 32"/);
  assert.deepEqual(attrs('rect'), Object.fromEntries(Object.entries(MARK_RECT).map(([k, v]) => [k, String(v)])));
  assert.deepEqual(attrs('path'), { ...MARK_CROSS });
});
