/**
 * lib/security-headers.ts: the policy computed from the inline scripts a build emits, the
 * build failing (naming the file) on one it does not cover, and the one list carried alike by
 * `npm run serve`, deploy/nginx.conf (through the include the build writes), the Dockerfile and
 * `_headers`.
 */
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import {
  HSTS_HEADER,
  INLINE_SCRIPTS,
  NGINX_FILE,
  POLICY_FILE,
  REDIRECT_SCRIPT,
  applySecurityHeaders,
  checkInlineScripts,
  contentSecurityPolicy,
  headersFile,
  inlineScripts,
  nginxInclude,
  policyFor,
  readPolicy,
  scriptHash,
  withConstantRedirectScript,
  withMetaPolicy,
} from '../../lib/security-headers';

const SITE = path.join(__dirname, '..', '..');
const read = (rel: string) => fs.readFileSync(path.join(SITE, rel), 'utf8');

const COLOUR =
  '!function(){var t=new URLSearchParams(location.search).get("docusaurus-theme");document.documentElement.setAttribute("data-theme",t||"light")}()';
const ANCHOR = 'location.hash&&document.documentElement.setAttribute("data-arrived-on-anchor","")';
const BOOT = '!function(e){window.__docsBoot=()=>{}}(["/base/assets/js/main.1234abcd.js"])';
const page = (body: string) =>
  `<!DOCTYPE html><html><head><meta charset=UTF-8><title>x</title><script type=application/ld+json>{"@type":"x"}</script></head><body><script>${COLOUR}</script><script>${ANCHOR}</script>${body}<script src=/base/assets/js/x.js></script><script>${BOOT}</script></body></html>`;
const REDIRECT = (to: string, forward: boolean) => `<!DOCTYPE html>
<html>
  <head>
    <meta charset="UTF-8">
    <meta http-equiv="refresh" content="0; url=${to}">
    <link rel="canonical" href="${to}" />
  </head>
  <script>
    window.location.href = '${to}'${forward ? ' + window.location.search + window.location.hash' : ''};
  </script>
</html>`;

test('a hash is the base64 SHA-256 of the script text, as browsers compute it', () => {
  const expected = crypto.createHash('sha256').update('alert(1)').digest('base64');
  assert.equal(scriptHash('alert(1)'), `'sha256-${expected}'`);
  // The CSP spec's own example.
  assert.equal(scriptHash("alert('Hello, world.');"), "'sha256-qznLcsROx4GACP2dm0UCKCzCG+HiZ1guq6ZZDob/Tng='");
});

test('only scripts a browser runs inline are counted: not src=, not JSON-LD data blocks', () => {
  const found = inlineScripts(
    page('<script type="module">import("/x")</script><script type=text/template>{{x}}</script>'),
  );
  assert.deepEqual(
    found.map((s) => s.text),
    [COLOUR, ANCHOR, 'import("/x")', BOOT],
  );
});

test('the policy: one hash per inline script kind, the same on every page; nothing unsafe for scripts', () => {
  const hashes = checkInlineScripts([
    { file: 'index.html', html: page('') },
    { file: 'docs/x.html', html: page('<p>x</p>') },
    { file: 'docs/old.html', html: withConstantRedirectScript(REDIRECT('/base/docs/new', true)) },
  ]);
  assert.deepEqual(
    hashes.map((h) => h.name),
    ['colour mode', 'anchor mark', 'boot on intent', 'client redirect'],
  );
  assert.deepEqual(
    hashes.map((h) => h.hash),
    [COLOUR, ANCHOR, BOOT, REDIRECT_SCRIPT].map(scriptHash),
  );
  const policy = policyFor(hashes);
  const csp = policy.headers.find((h) => h.name === 'Content-Security-Policy')!.value;
  const directive = (name: string) => csp.split('; ').find((d) => d.startsWith(`${name} `));
  assert.equal(directive('default-src'), "default-src 'self'");
  assert.equal(directive('script-src'), `script-src 'self' ${hashes.map((h) => h.hash).join(' ')} 'wasm-unsafe-eval'`);
  assert.equal(directive('worker-src'), "worker-src 'self'");
  assert.equal(directive('connect-src'), "connect-src 'self'");
  assert.equal(directive('img-src'), "img-src 'self' data:");
  assert.equal(directive('object-src'), "object-src 'none'");
  assert.equal(directive('base-uri'), "base-uri 'self'");
  assert.equal(directive('frame-ancestors'), "frame-ancestors 'none'");
  assert.equal(directive('form-action'), "form-action 'self'");
  assert.doesNotMatch(directive('script-src')!, /'unsafe-(inline|eval|hashes)'/);
  assert.equal(
    policy.meta,
    csp.replace("; frame-ancestors 'none'", ''),
    'the meta policy is the header one without frame-ancestors',
  );
  assert.deepEqual(
    policy.headers.map((h) => h.name),
    ['Content-Security-Policy', 'X-Content-Type-Options', 'Referrer-Policy', 'Permissions-Policy'],
  );
  assert.equal(policy.headers.find((h) => h.name === 'Referrer-Policy')!.value, 'no-referrer');
  const permissions = policy.headers.find((h) => h.name === 'Permissions-Policy')!.value;
  for (const used of ['clipboard-write', 'clipboard-read', 'fullscreen'])
    assert.ok(!permissions.includes(used), `${used} is used by the site`);
  assert.match(permissions, /camera=\(\), .*geolocation=\(\), .*microphone=\(\)/);
});

test('an inline script no kind covers fails the build, naming the HTML file and the script', () => {
  assert.throws(
    () =>
      checkInlineScripts([
        { file: 'index.html', html: page('') },
        { file: 'docs/evil.html', html: page('<script>fetch("/x")</script>') },
      ]),
    (err: Error) => {
      assert.match(
        err.message,
        /docs\/evil\.html: inline script not covered by the Content-Security-Policy: "fetch\(\\"\/x\\"\)"/,
      );
      assert.doesNotMatch(err.message, /index\.html/);
      assert.match(err.message, /INLINE_SCRIPTS in lib\/security-headers\.ts/);
      return true;
    },
  );
});

test('a known script whose text differs between pages fails, naming the pages of each text', () => {
  const other = page('').replace('main.1234abcd.js', 'main.99999999.js');
  assert.throws(
    () =>
      checkInlineScripts([
        { file: 'a.html', html: page('') },
        { file: 'b.html', html: other },
      ]),
    /"boot on intent" script .* has 2 different texts.*a\.html.*b\.html/s,
  );
});

test('inline event handlers and javascript: URLs fail the build, naming the file', () => {
  assert.throws(
    () => checkInlineScripts([{ file: 'docs/h.html', html: page('<img src=x.png onerror="alert(1)">') }]),
    /docs\/h\.html: inline onerror= attribute/,
  );
  assert.throws(
    () => checkInlineScripts([{ file: 'docs/j.html', html: page('<a href="javascript:alert(1)">x</a>') }]),
    /docs\/j\.html: .*javascript:/,
  );
  // Words in text or code blocks are not handlers.
  assert.doesNotThrow(() =>
    checkInlineScripts([
      { file: 'ok.html', html: page('<p>use onclick= in React, not javascript: links</p><code>onload = f</code>') },
    ]),
  );
});

test("redirect stubs: Docusaurus's per-page script becomes the one constant script, which does the same", () => {
  for (const forward of [true, false]) {
    const to = forward ? '/base/docs/new' : '/base/docs/new#anchor';
    const out = withConstantRedirectScript(REDIRECT(to, forward));
    assert.deepEqual(
      inlineScripts(out).map((s) => s.text),
      [REDIRECT_SCRIPT],
    );
    assert.ok(
      out.includes(`<link rel="canonical" href="${to}" />`) && out.includes(`url=${to}`),
      'canonical link and meta refresh stay',
    );
  }
  // The script sends the reader where the Docusaurus one did: forwarding search and hash only when the target has neither.
  const run = (href: string) => {
    const location = { search: '?q=1', hash: '#h', href: '' };
    const document = { querySelector: () => ({ getAttribute: () => href }) };
    new Function('location', 'document', REDIRECT_SCRIPT)(location, document);
    return location.href;
  };
  assert.equal(run('/base/docs/new'), '/base/docs/new?q=1#h');
  assert.equal(run('/base/docs/new#anchor'), '/base/docs/new#anchor');
  // Pages that are not redirect stubs are left alone.
  assert.equal(withConstantRedirectScript(page('')), page(''));
});

test('the meta tag goes right after <meta charset>, once, however often the step runs', () => {
  const policy = policyFor(checkInlineScripts([{ file: 'index.html', html: page('') }]));
  const once = withMetaPolicy(page(''), policy.meta, 'index.html');
  assert.ok(
    once.startsWith(
      `<!DOCTYPE html><html><head><meta charset=UTF-8><meta http-equiv="Content-Security-Policy" content="${policy.meta}"><title>`,
    ),
  );
  assert.equal(withMetaPolicy(once, policy.meta, 'index.html'), once);
  assert.throws(() => withMetaPolicy('<p>no head</p>', policy.meta, 'docs/bare.html'), /docs\/bare\.html: no <head>/);
});

test('the build step writes the list, the nginx include, _headers and (CSP_META=1) the meta tags; it fails naming the file', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'csp-build-'));
  fs.mkdirSync(path.join(dir, 'docs', 'old'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'index.html'), page(''));
  fs.writeFileSync(path.join(dir, 'docs', 'x.html'), page('<p>x</p>'));
  fs.writeFileSync(path.join(dir, 'docs', 'old', 'index.html'), REDIRECT('/base/docs/x', true));
  const policy = applySecurityHeaders(dir, { meta: true });
  assert.deepEqual(readPolicy(dir), policy);
  for (const file of ['index.html', 'docs/x.html', 'docs/old/index.html']) {
    const html = fs.readFileSync(path.join(dir, file), 'utf8');
    assert.ok(html.includes(`<meta http-equiv="Content-Security-Policy" content="${policy.meta}">`), file);
  }
  assert.ok(
    fs
      .readFileSync(path.join(dir, 'docs', 'old', 'index.html'), 'utf8')
      .includes(`<script>${REDIRECT_SCRIPT}</script>`),
  );
  assert.equal(fs.readFileSync(path.join(dir, NGINX_FILE), 'utf8'), nginxInclude(policy));
  assert.equal(fs.readFileSync(path.join(dir, '_headers'), 'utf8'), headersFile(policy));
  // Run again (a rebuilt page set): the same result; without `meta` (CSP_META unset), no meta tag.
  assert.deepEqual(applySecurityHeaders(dir, { meta: true }), policy);
  assert.deepEqual(applySecurityHeaders(dir, { meta: false }), policy);
  assert.doesNotMatch(fs.readFileSync(path.join(dir, 'docs', 'x.html'), 'utf8'), /Content-Security-Policy/);
  fs.writeFileSync(path.join(dir, 'docs', 'bad.html'), page('<script>document.write(1)</script>'));
  assert.throws(() => applySecurityHeaders(dir), /docs\/bad\.html: inline script not covered/);
  fs.rmSync(path.join(dir, POLICY_FILE));
  assert.throws(() => readPolicy(dir), /\.security-headers\.json is missing: .*npm run build/);
});

/** Header name and value of each `add_header` line (Cache-Control aside) in nginx text. */
function nginxHeaders(text: string): { name: string; value: string }[] {
  return [...text.matchAll(/^\s*add_header ([\w-]+) "([^"]*)" always;$/gm)]
    .map(([, name, value]) => ({ name, value }))
    .filter((h) => h.name !== 'Cache-Control');
}

test('one list: serve, the nginx include, deploy/nginx.conf, the Dockerfile and _headers carry the same headers', () => {
  const policy = policyFor(checkInlineScripts([{ file: 'index.html', html: page('') }]));
  // nginx: the include holds exactly the list (HSTS only as a comment, for HTTPS servers).
  assert.deepEqual(nginxHeaders(nginxInclude(policy)), policy.headers);
  assert.ok(nginxInclude(policy).includes(`#   add_header ${HSTS_HEADER.name} "${HSTS_HEADER.value}" always;`));
  // _headers: every path, the list and HSTS (Netlify and Cloudflare Pages serve HTTPS).
  const lines = headersFile(policy)
    .split('\n')
    .filter((l) => !l.startsWith('#') && l !== '');
  assert.deepEqual(lines, ['/*', ...[...policy.headers, HSTS_HEADER].map((h) => `  ${h.name}: ${h.value}`)]);
  // deploy/nginx.conf sets no security header itself, and includes the list in every block that
  // adds a header (nginx drops inherited add_header lines there) and at server level.
  const conf = read('deploy/nginx.conf').replace(/#.*$/gm, '');
  assert.deepEqual(nginxHeaders(conf), [], 'deploy/nginx.conf: security headers come from the include only');
  const include = 'include /etc/nginx/security-headers.conf;';
  const blocks = conf.split(/\blocation\b|\bserver\s*\{/).slice(1);
  for (const block of blocks.filter((b) => /add_header/.test(b.split(/\blocation\b/)[0]))) {
    assert.ok(
      block.includes(include),
      `deploy/nginx.conf: a block with add_header lacks "${include}":\n${block.slice(0, 200)}`,
    );
  }
  assert.ok(
    /server\s*\{[^}]*?include \/etc\/nginx\/security-headers\.conf;/.test(conf.replace(/location[\s\S]*/, '')),
    'server level',
  );
  // The Dockerfile puts the build's include where nginx.conf reads it, before nginx -t.
  const dockerfile = read('Dockerfile');
  const copy = dockerfile.indexOf(`COPY --from=build /site/build/${NGINX_FILE} /etc/nginx/security-headers.conf`);
  assert.ok(copy >= 0, 'Dockerfile: COPY of the security headers include');
  assert.ok(copy < dockerfile.indexOf('nginx -t'), 'before nginx -t checks the config');
  // npm run serve reads the build's list and sends each header, HSTS not (it is plain http).
  const serve = read('lib/serve-build.ts');
  assert.match(serve, /readPolicy\(buildDir\)/);
  assert.match(serve, /for \(const \{ name, value \} of securityHeaders\) res\.setHeader\(name, value\);/);
  assert.doesNotMatch(serve, /HSTS_HEADER/);
  // GitHub Pages, which sends no headers, gets the meta tags.
  assert.match(read('.github/workflows/deploy-pages.yml'), /^\s+CSP_META: '1'$/m);
  // The build writes it all as its last step.
  const build = (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts.build;
  assert.equal(build, 'tsx scripts/build.ts');
  const steps = read('scripts/build.ts');
  const last = steps.lastIndexOf('run([');
  assert.match(
    steps.slice(last),
    /^run\(\[require\.resolve\('tsx\/cli'\), require\.resolve\('\.\/security-headers\.ts'\), outDir\], env\);/,
  );
  assert.ok(INLINE_SCRIPTS.every((k) => k.source.length > 0));
  assert.equal(contentSecurityPolicy([], { forMeta: true }).includes('frame-ancestors'), false);
});

test('the early-keys script at the top of the head is a kind of its own, apart from the boot script', async () => {
  const { minifiedEarlyScript, minifiedBootScript } = await import('../../plugins/bundle/boot-on-intent');
  const early = await minifiedEarlyScript();
  const boot = (await minifiedBootScript())(['/base/assets/js/main.1.js']);
  const hashes = checkInlineScripts([
    {
      file: 'docs/x.html',
      html: `<html><head><meta charset="UTF-8"><script>${early}</script></head><body><script>${boot}</script></body></html>`,
    },
  ]);
  assert.deepEqual(
    hashes.map((h) => h.name),
    ['boot on intent', 'early keys'],
  );
});
