/**
 * The persistent build cache is keyed to the catalogue and example files the remark plugins copy
 * into pages (plugins/bundle/content-cache): a change to one of them changes the cache version.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { cacheVersionWith, contentHash } from '../../plugins/bundle/content-cache';

function site(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'content-cache-'));
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text);
  }
  return dir;
}

test('the hash changes with a catalogue entry or an example, and not with a page', () => {
  const dir = site({
    'docs/troubleshooting/entries/search.yaml': 'entries: []\n',
    'examples/search/basic.ts': 'export {};\n',
    'docs/search/index.mdx': '# Search\n',
  });
  const before = contentHash(dir);
  assert.match(before, /^[0-9a-f]{16}$/);
  fs.writeFileSync(path.join(dir, 'docs/search/index.mdx'), '# Search, edited\n');
  assert.equal(contentHash(dir), before, 'a page is its own module: Rspack tracks it already');
  fs.writeFileSync(path.join(dir, 'docs/troubleshooting/entries/search.yaml'), 'entries:\n  - id: new\n');
  const afterEntry = contentHash(dir);
  assert.notEqual(afterEntry, before);
  fs.writeFileSync(path.join(dir, 'examples/search/recorded.http.json'), '{}\n');
  assert.notEqual(contentHash(dir), afterEntry, 'a new recording counts too');
});

test('the version is extended only when the persistent cache is on', () => {
  const on = { experiments: { cache: { type: 'persistent', version: 'client-production-en-3.10.2-abc' } } };
  assert.deepEqual(cacheVersionWith(on as never, 'f00d'), {
    experiments: { cache: { version: 'client-production-en-3.10.2-abc-content-f00d' } },
  });
  assert.deepEqual(cacheVersionWith({} as never, 'f00d'), {});
  assert.deepEqual(cacheVersionWith({ experiments: { cache: true } } as never, 'f00d'), {});
});
