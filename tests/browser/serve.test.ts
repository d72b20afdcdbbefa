/**
 * `npm run serve` as a static host or CDN would serve the build: only under its base URL, with
 * the cache headers of lib/cache-rules.ts (content-hashed files a year and immutable; pages,
 * twins and Pagefind's entry files revalidated with an ETag), and on every response the security
 * headers the build computed (lib/security-headers.ts).
 */
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { IMMUTABLE, REVALIDATE } from '../../lib/cache-rules';
import { HSTS_HEADER, readPolicy } from '../../lib/security-headers';
import { detectBaseUrl } from '../../lib/serve-build';
import { BUILD_DIR, SITE_DIR, withBase } from '../../lib/browser';

let server: ChildProcess | undefined;
let origin = '';
let output = '';
const baseUrl = detectBaseUrl(BUILD_DIR);
const url = (route: string) => origin + withBase(baseUrl, route);

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

before(async () => {
  const port = await freePort();
  origin = `http://localhost:${port}`;
  // The npm script itself, as a reader runs it, with the base and port from the environment.
  server = spawn('npm', ['run', '--silent', 'serve'], {
    cwd: SITE_DIR,
    env: { ...process.env, PORT: String(port), BASE_URL: baseUrl, BUILD_DIR: path.relative(SITE_DIR, BUILD_DIR) },
    detached: true,
  });
  server.stdout?.on('data', (c: Buffer) => (output += c.toString()));
  server.stderr?.on('data', (c: Buffer) => (output += c.toString()));
  const deadline = Date.now() + 60_000;
  while (!output.includes('Serving ')) {
    if (Date.now() > deadline || server.exitCode !== null) throw new Error(`npm run serve did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
});

after(() => {
  // Its own process group (detached): end npm and the server it started.
  if (server?.pid) process.kill(-server.pid, 'SIGTERM');
});

test('npm run serve prints where the site is', () => {
  assert.match(output, new RegExp(`Serving .* at ${origin}${baseUrl}`));
});

test('a hashed script, a Pagefind index chunk: a year, immutable', async () => {
  const js = fs.readdirSync(path.join(BUILD_DIR, 'assets', 'js')).find((f) => /^main\.[0-9a-f]{8,}\.js$/.test(f));
  assert.ok(js, 'the build has its main.<hash>.js');
  const fragment = fs.readdirSync(path.join(BUILD_DIR, 'pagefind', 'fragment'))[0];
  for (const route of [`/assets/js/${js}`, `/pagefind/fragment/${fragment}`]) {
    const res = await fetch(url(route));
    assert.equal(res.status, 200, route);
    assert.equal(res.headers.get('cache-control'), IMMUTABLE, route);
  }
});

test('an HTML page, its twin, llms.txt and Pagefind entry files: revalidated, with an ETag that answers 304', async () => {
  for (const route of [
    '/docs/fhir-basics',
    '/',
    '/docs/fhir-basics.md',
    '/llms.txt',
    '/robots.txt',
    '/pagefind/pagefind-entry.json',
    '/pagefind/pagefind.js',
  ]) {
    const res = await fetch(url(route));
    assert.equal(res.status, 200, route);
    assert.equal(res.headers.get('cache-control'), REVALIDATE, route);
    const etag = res.headers.get('etag');
    assert.ok(etag, `${route}: no ETag`);
    await res.arrayBuffer();
    const again = await fetch(url(route), { headers: { 'If-None-Match': etag } });
    assert.equal(again.status, 304, `${route}: a revalidation with the ETag`);
  }
});

test('pages are compressed', async () => {
  const res = await fetch(url('/docs/fhir-basics'), { headers: { 'Accept-Encoding': 'gzip' } });
  assert.equal(res.headers.get('content-encoding'), 'gzip');
});

test('only the base is served: a path outside it is 404, an unknown page under it gets the site 404 page', async () => {
  if (baseUrl !== '/') {
    for (const outside of ['/', '/docs/fhir-basics', '/index.html', '/assets/js/']) {
      const res = await fetch(origin + outside, { redirect: 'manual' });
      assert.equal(res.status, 404, `${outside} is outside ${baseUrl}`);
    }
    // The base without its slash leads to the front page.
    const bare = await fetch(origin + baseUrl.slice(0, -1), { redirect: 'manual' });
    assert.equal(bare.status, 301);
    assert.equal(bare.headers.get('location'), baseUrl);
  }
  // A renamed page's redirect stub (a folder with index.html) is served at its clean URL.
  const stub = await fetch(url('/docs/api/fhir/medplum/passwordchangerequest'));
  assert.equal(stub.status, 200);
  assert.ok((await stub.text()).includes(`url=${withBase(baseUrl, '/docs/api/fhir/medplum/usersecurityrequest')}`));
  const missing = await fetch(url('/docs/no-such-page'));
  assert.equal(missing.status, 404);
  assert.match(await missing.text(), /Page not found/);
  // A trailing slash redirects to the clean URL, under the base.
  const slash = await fetch(url('/docs/fhir-basics/'), { redirect: 'manual' });
  assert.equal(slash.status, 301);
  assert.equal(slash.headers.get('location'), withBase(baseUrl, '/docs/fhir-basics'));
});

test("every response carries the build's security headers; no HSTS over http", async () => {
  const policy = readPolicy(BUILD_DIR);
  const js = fs.readdirSync(path.join(BUILD_DIR, 'assets', 'js')).find((f) => /^main\.[0-9a-f]{8,}\.js$/.test(f));
  const responses: [string, Response][] = [];
  for (const route of [
    '/',
    '/docs/fhir-basics',
    `/assets/js/${js}`,
    '/pagefind/pagefind.js',
    '/docs/fhir-basics.md',
    '/docs/no-such-page',
    '/docs/fhir-basics/',
  ]) {
    responses.push([route, await fetch(url(route), { redirect: 'manual' })]);
  }
  if (baseUrl !== '/') {
    responses.push(['outside the base', await fetch(`${origin}/elsewhere`, { redirect: 'manual' })]);
    responses.push(['the base without its slash', await fetch(origin + baseUrl.slice(0, -1), { redirect: 'manual' })]);
  }
  for (const [what, res] of responses) {
    for (const { name, value } of policy.headers) assert.equal(res.headers.get(name), value, `${what}: ${name}`);
    assert.equal(res.headers.get(HSTS_HEADER.name), null, `${what}: no ${HSTS_HEADER.name} over http`);
  }
  const csp = policy.headers.find((h) => h.name === 'Content-Security-Policy')!.value;
  assert.match(csp, /frame-ancestors 'none'/);
  assert.doesNotMatch(
    csp,
    /script-src[^;]*'unsafe-(inline|eval|hashes)'/,
    'no unsafe-inline or unsafe-eval for scripts',
  );
  // The meta policy is for hosts without headers (CSP_META=1, the GitHub Pages build).
  const page = await (await fetch(url('/docs/fhir-basics'))).text();
  const meta = /<meta http-equiv="Content-Security-Policy" content="([^"]*)">/.exec(page)?.[1];
  if (meta !== undefined) assert.equal(meta, policy.meta, 'the page carries the meta policy');
  assert.doesNotMatch(policy.meta, /frame-ancestors/, 'a meta policy cannot carry frame-ancestors');
  // The Netlify / Cloudflare Pages file: the same list, for every path, with HSTS (both are HTTPS hosts).
  const headersFile = fs.readFileSync(path.join(BUILD_DIR, '_headers'), 'utf8');
  for (const { name, value } of [...policy.headers, HSTS_HEADER])
    assert.ok(headersFile.includes(`\n  ${name}: ${value}\n`), `_headers: ${name}`);
});
