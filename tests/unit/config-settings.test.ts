/**
 * Keeps the server configuration table on docs/self-hosting/config-settings.mdx honest: every key
 * in the key list beside the page (docs/self-hosting/config-keys.json, taken from the server's
 * config types at a recorded commit) must have exactly one row in the table, the table must not
 * list keys the list does not have, and each environment variable named in the table must map
 * back to its key under the rules of the server's env loader (packages/server/src/config/loader.ts).
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';

interface KeyList {
  repo: string;
  typesCommit: string;
  utilsCommit: string;
  keys: { name: string; env: string | null; from: 'types' | 'utils' }[];
}

const dir = path.join(__dirname, '../../docs/self-hosting');
const list = JSON.parse(fs.readFileSync(path.join(dir, 'config-keys.json'), 'utf8')) as KeyList;
const page = fs.readFileSync(path.join(dir, 'config-settings.mdx'), 'utf8');

/** Rows of the key table: lines that start with "| `key`". */
function tableRows(): { name: string; env: string }[] {
  return page
    .split('\n')
    .filter((line) => /^\| `[A-Za-z0-9.]+` \|/.test(line))
    .map((line) => {
      const cells = line.split('|').map((c) => c.trim());
      // cells[0] is empty (before the first pipe); the env column is the last real cell.
      const name = cells[1].replace(/`/g, '');
      const env = cells[cells.length - 2].replace(/`/g, '');
      return { name, env };
    });
}

/** Section prefixes the env loader recognises, in the order it tests them. */
const SECTIONS: [string, string][] = [
  ['DATABASE_', 'database'],
  ['CACHE_REDIS_', 'cacheRedis'],
  ['RATE_LIMIT_REDIS_', 'rateLimitRedis'],
  ['PUBSUB_REDIS_', 'pubSubRedis'],
  ['BACKGROUND_JOBS_REDIS_', 'backgroundJobsRedis'],
  ['REDIS_', 'redis'],
  ['SMTP_', 'smtp'],
  ['BULLMQ_', 'bullmq'],
  ['FISSION_', 'fission'],
  ['WORKERS_', 'workers'],
];

/** Mirrors loadEnvConfig: strip MEDPLUM_, pick a section by prefix, CAPITAL_CASE -> camelCase. */
function envToKey(envName: string): string {
  assert.ok(envName.startsWith('MEDPLUM_'), `${envName} must start with MEDPLUM_`);
  let key = envName.substring('MEDPLUM_'.length);
  let section = '';
  for (const [prefix, name] of SECTIONS) {
    if (key.startsWith(prefix)) {
      key = key.substring(prefix.length);
      section = name;
      break;
    }
  }
  if (key === '*') return section; // a whole section, e.g. MEDPLUM_DATABASE_*
  const camel = key.toLowerCase().replace(/_([a-z])/g, (g) => g[1].toUpperCase());
  return section ? `${section}.${camel}` : camel;
}

test('the key list records the commits it was read from', () => {
  assert.equal(list.repo, 'medplum/medplum');
  assert.match(list.typesCommit, /^[0-9a-f]{40}$/);
  assert.match(list.utilsCommit, /^[0-9a-f]{40}$/);
  assert.ok(page.includes(list.typesCommit), 'the page names the commit of the config types');
  assert.ok(page.includes(list.utilsCommit), 'the page names the commit of the defaults');
});

test('every key in the list has exactly one row in the table, and no row is extra', () => {
  const rows = tableRows().map((r) => r.name);
  const names = list.keys.map((k) => k.name);
  assert.equal(new Set(names).size, names.length, 'the key list has duplicates');
  const missing = names.filter((n) => !rows.includes(n));
  const extra = rows.filter((r) => !names.includes(r));
  const doubled = rows.filter((r, i) => rows.indexOf(r) !== i);
  assert.deepEqual(missing, [], `keys missing from the table: ${missing.join(', ')}`);
  assert.deepEqual(extra, [], `table rows not in the key list: ${extra.join(', ')}`);
  assert.deepEqual(doubled, [], `keys listed twice: ${doubled.join(', ')}`);
});

test('the env column matches the list and maps back to the key under the loader rules', () => {
  const byName = new Map(list.keys.map((k) => [k.name, k]));
  for (const row of tableRows()) {
    const entry = byName.get(row.name);
    assert.ok(entry, row.name);
    if (entry.env === null) {
      assert.equal(row.env, 'no', `${row.name}: the loader cannot set it, so the table says "no"`);
    } else {
      assert.equal(row.env, entry.env, `${row.name}: env column`);
      assert.equal(envToKey(entry.env), row.name, `${entry.env} must load into ${row.name}`);
    }
  }
});

test('the loader mirror handles the tricky names', () => {
  assert.equal(envToKey('MEDPLUM_BASE_URL'), 'baseUrl');
  assert.equal(envToKey('MEDPLUM_DEFAULT_O_AUTH_CLIENTS'), 'defaultOAuthClients');
  assert.equal(envToKey('MEDPLUM_PUBSUB_REDIS_HOST'), 'pubSubRedis.host');
  // A top-level key that starts with a section name cannot be set from the environment.
  assert.equal(envToKey('MEDPLUM_DATABASE_PROXY_ENDPOINT'), 'database.proxyEndpoint');
});
