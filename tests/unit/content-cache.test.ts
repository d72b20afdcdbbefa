/**
 * The persistent build cache is keyed to what the remark plugins copy into pages from outside the
 * page (plugins/bundle/content-cache): the catalogue, the example files and recordings, and the
 * titles of the guides the catalogue links to. A change to one of them changes the cache version,
 * as Docusaurus merges the plugin's `configureWebpack` result into its client and server configs.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { executePluginsConfigureWebpack } from '@docusaurus/core/lib/webpack/configure';
import contentCachePlugin, { contentHash } from '../../plugins/bundle/content-cache';

const made: string[] = [];
after(() => made.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

function site(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'content-cache-'));
  made.push(dir);
  for (const [file, text] of Object.entries(files)) write(dir, file, text);
  return dir;
}

function write(dir: string, file: string, text: string): void {
  fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
  fs.writeFileSync(path.join(dir, file), text);
}

const ENTRY = `entries:
  - id: search-too-slow
    symptom: A search takes seconds
    where: Any search
    cause: No index.
    confirm: Time it.
    fix: Add one.
    see: [/docs/search/basics]
    sources:
      - "medplum/medplum@53eba8924295692906467da242a623eafb2102b3 packages/server/src/fhir/search.ts (search)"
`;

test('the hash changes with a catalogue entry or an example, and not with a page', () => {
  const dir = site({
    'docs/troubleshooting/entries/search.yaml': 'entries: []\n',
    'examples/search/basic.ts': 'export {};\n',
    'docs/search/index.mdx': '# Search\n',
  });
  const before = contentHash(dir);
  assert.match(before, /^[0-9a-f]{16}$/);
  write(dir, 'docs/search/index.mdx', '# Search, edited\n');
  assert.equal(contentHash(dir), before, 'a page is its own module: Rspack tracks it already');
  write(dir, 'docs/troubleshooting/entries/search.yaml', 'entries:\n  - id: new\n');
  const afterEntry = contentHash(dir);
  assert.notEqual(afterEntry, before);
  write(dir, 'examples/search/recorded.http.json', '{}\n');
  assert.notEqual(contentHash(dir), afterEntry, 'a new recording counts too');
});

test('the hash changes with the title of a guide the catalogue links to, not of another page', () => {
  const dir = site({
    'docs/troubleshooting/entries/search.yaml': ENTRY,
    'docs/search/basics.mdx': '---\ntitle: Search basics\n---\n\nText.\n',
    'docs/search/other.mdx': '---\ntitle: Other\n---\n\nText.\n',
  });
  const before = contentHash(dir);
  write(dir, 'docs/search/other.mdx', '---\ntitle: Other, renamed\n---\n\nText.\n');
  write(dir, 'docs/search/basics.mdx', '---\ntitle: Search basics\n---\n\nText, edited.\n');
  assert.equal(contentHash(dir), before, 'only the linked title is shown on the catalogue page');
  write(dir, 'docs/search/basics.mdx', '---\ntitle: Searching\n---\n\nText, edited.\n');
  assert.notEqual(contentHash(dir), before, 'the catalogue page shows the new title');
});

/** The cache version of the config Docusaurus ends with, after merging the plugin's result. */
function mergedCache(
  siteDir: string,
  isServer: boolean,
  cache: unknown,
): { version?: string; buildDependencies?: string[] } {
  const config = { name: isServer ? 'server' : 'client', cache: true, experiments: { cache } };
  const merged = executePluginsConfigureWebpack({
    plugins: [contentCachePlugin({ siteDir })] as never,
    config: config as never,
    isServer,
    configureWebpackUtils: {} as never,
  });
  return (merged.experiments as { cache: { version?: string; buildDependencies?: string[] } }).cache;
}

test("Docusaurus's merge keeps its name and version, adds the content, for both compilers", () => {
  const dir = site({ 'examples/a.ts': 'export {};\n' });
  const persistent = (name: string) => ({
    type: 'persistent',
    version: `${name}-production-en-3.10.2-abc`,
    buildDependencies: ['/docusaurus.config.ts'],
  });
  const client = mergedCache(dir, false, persistent('client'));
  const server = mergedCache(dir, true, persistent('server'));
  for (const [name, cache] of [
    ['client', client],
    ['server', server],
  ] as const) {
    assert.equal(typeof cache.version, 'string');
    assert.ok(cache.version!.startsWith(`${name}-production-en-3.10.2-abc`), cache.version);
    assert.notEqual(cache.version, `${name}-production-en-3.10.2-abc`, 'the content joins the version');
    assert.deepEqual(cache.buildDependencies, ['/docusaurus.config.ts']);
  }
  assert.notEqual(client.version, server.version, 'client and server caches stay apart');
  write(dir, 'examples/a.ts', 'export const a = 1;\n');
  assert.notEqual(mergedCache(dir, false, persistent('client')).version, client.version);
});

test('nothing is added when the persistent cache is off', () => {
  const dir = site({ 'examples/a.ts': 'export {};\n' });
  assert.equal(mergedCache(dir, false, undefined), undefined);
  assert.equal(mergedCache(dir, false, true), true);
});
