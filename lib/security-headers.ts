/**
 * The security headers every response of the site carries: ONE list, beside the cache rules
 * (./cache-rules.ts), computed per build and written into it by the last step of `npm run build`
 * (`tsx scripts/security-headers.ts <buildDir>`):
 *
 * - `.security-headers.json`: the list, read by `npm run serve` (./serve-build.ts), so the
 *   browser tests run under it;
 * - `.security-headers.nginx.conf`: the same list as nginx `add_header` lines, which
 *   deploy/nginx.conf includes (the Dockerfile copies it to /etc/nginx/security-headers.conf);
 * - `_headers`: the format Netlify and Cloudflare Pages read;
 * - with CSP_META=1 (the GitHub Pages workflow sets it), a `<meta http-equiv="Content-Security-Policy">`
 *   in every page's head, for hosts that send no headers: a meta policy cannot carry
 *   `frame-ancestors`, so that one is header-only. Not by default, measured: with the meta tag,
 *   Chromium's preload scanner no longer fetches the navbar logo ahead of the parser, so it
 *   arrives after the first layout and moves the site title (a 0.0005 layout shift on every
 *   page, which tests/browser/static-body.test.ts refuses); hosts that send the header lose
 *   nothing by going without it.
 *
 * Content-Security-Policy, directive by directive:
 * - `script-src 'self'` plus the SHA-256 hash of each inline script the build emits. Every page
 *   carries the same few (INLINE_SCRIPTS below names each and where it comes from), so one list of
 *   hashes serves every page; an inline script no entry recognizes, or a second text for an entry
 *   (a per-page script), fails the build naming the file (see checkInlineScripts), and so does an
 *   inline event handler (`onclick=`) or a `javascript:` URL, which no hash can allow.
 *   No `'unsafe-inline'`, no `'unsafe-eval'` (nothing in the bundle calls eval or `new Function`).
 *   `'wasm-unsafe-eval'` is there for search, measured: Pagefind (pagefind.js and
 *   pagefind-worker.js) compiles its WebAssembly index reader with `WebAssembly.instantiate`, which
 *   a policy without it refuses: with the source removed, tests/browser/search.test.ts found no
 *   result. It allows compiling WebAssembly only, not eval or `new Function` for JavaScript.
 * - `style-src 'self' 'unsafe-inline'`: hashes cannot cover the styles. Code blocks are coloured at
 *   build time with `style="color:…;--shiki-dark:…"` attributes (about 440,000 of them, 16 distinct
 *   values), each Mermaid diagram is an inline SVG with its own `<style>` element scoped to its id
 *   (200 distinct ones), and Mantine (the FHIR tools and React demos) inserts `<style>` elements at
 *   run time. A hash list for those would weigh more than most pages, and Mantine's would change
 *   with its version. A style cannot run code; `script-src` is what guards pasted resources.
 * - `worker-src 'self'`: the FHIR tools' worker and Pagefind's are files of the site (no `blob:`).
 * - `connect-src 'self'`: search index chunks and the tools' definition slices come from the site.
 * - `img-src 'self' data:`: the site's images, and the `data:` SVG icons of Infima and Mantine.
 * - `font-src`, `manifest-src`, `media-src`, `frame-src`: `default-src 'self'`.
 * - `object-src 'none'`, `base-uri 'self'`, `form-action 'self'`, `frame-ancestors 'none'`
 *   (no site may frame the tools; header only).
 *
 * `Strict-Transport-Security` belongs to hosts serving HTTPS (HSTS_HEADER, in `_headers` and the
 * README): `npm run serve` and the sample nginx config speak plain http, where it is meaningless,
 * so neither sends it.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** An inline script the build is allowed to emit; its hash goes into `script-src`. */
export interface InlineScriptKind {
  name: string;
  /** Where it comes from, for the failure message and the README. */
  source: string;
  /** True for this kind's text (the text must also be the same on every page). */
  recognize: (text: string) => boolean;
}

/**
 * The redirect pages' script. `@docusaurus/plugin-client-redirects` writes one per page with its
 * target in it (`window.location.href = '/docs/x' + window.location.search + window.location.hash;`,
 * the search and hash forwarded when the target has none), about 750 different texts; this one
 * reads the target from the page's canonical link (the same URL, which the plugin also writes) and
 * does the same, so it is one text on every redirect page. The meta refresh beside it still goes
 * to the target without script.
 */
export const REDIRECT_SCRIPT =
  'var u=document.querySelector(\'link[rel="canonical"]\').getAttribute("href");location.href=/[?#]/.test(u)?u:u+location.search+location.hash';

export const INLINE_SCRIPTS: InlineScriptKind[] = [
  {
    name: 'colour mode',
    source:
      '@docusaurus/theme-classic: sets data-theme before the first paint (and docusaurus-data-* query attributes)',
    recognize: (t) => t.includes('"data-theme"') && t.includes('docusaurus-theme'),
  },
  {
    name: 'anchor mark',
    source: 'plugins/markdown/static-body: marks a page opened on an #anchor (data-arrived-on-anchor)',
    recognize: (t) => t.includes('data-arrived-on-anchor'),
  },
  {
    name: 'boot on intent',
    source:
      "plugins/bundle/boot-on-intent: starts the app on the reader's first action; its file list (runtime~main and main) is the same on every page",
    recognize: (t) => t.includes('__docsBoot'),
  },
  {
    name: 'early keys',
    source:
      'plugins/bundle/boot-on-intent/early-keys.ts: at the top of the head, holds the search shortcut pressed before the boot script has run',
    recognize: (t) => t.includes('__docsTakeEarlyKey') && !t.includes('__docsBoot'),
  },
  {
    name: 'speculation rules',
    source:
      'plugins/bundle/boot-on-intent (speculationRules): which links the browser prerenders from a press until the app runs; the same JSON on every page',
    recognize: (t) => t.startsWith('{"prerender":') && t.includes('"eagerness"'),
  },
  {
    name: 'client redirect',
    source:
      'redirect pages of @docusaurus/plugin-client-redirects, rewritten to one text by this script (REDIRECT_SCRIPT)',
    recognize: (t) => t === REDIRECT_SCRIPT,
  },
];

export const HSTS_HEADER = { name: 'Strict-Transport-Security', value: 'max-age=31536000; includeSubDomains' };

/**
 * Features the site never uses, refused to the page and anything it could embed (only names
 * Chromium knows: an unknown one is a console warning on every page).
 */
export const PERMISSIONS_DENIED = [
  'accelerometer',
  'autoplay',
  'browsing-topics',
  'camera',
  'display-capture',
  'encrypted-media',
  'geolocation',
  'gyroscope',
  'hid',
  'idle-detection',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'publickey-credentials-get',
  'screen-wake-lock',
  'serial',
  'usb',
  'xr-spatial-tracking',
];

export interface ScriptHash {
  name: string;
  hash: string;
}

export interface SecurityPolicy {
  /** One hash per entry of INLINE_SCRIPTS that the build emits. */
  scriptHashes: ScriptHash[];
  /** The headers to send with every response, in order. */
  headers: { name: string; value: string }[];
  /** The Content-Security-Policy for the pages' meta tag (no frame-ancestors). */
  meta: string;
}

/** `'sha256-…'` of a script's text, as CSP hashes it (UTF-8 bytes of the element's text). */
export function scriptHash(text: string): string {
  return `'sha256-${crypto.createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

/** The policy's directives, in order; `forMeta` leaves out what a meta tag cannot carry. */
export function contentSecurityPolicy(hashes: string[], { forMeta = false } = {}): string {
  const directives: [string, string[]][] = [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'", ...hashes, "'wasm-unsafe-eval'"]],
    ['style-src', ["'self'", "'unsafe-inline'"]],
    ['img-src', ["'self'", 'data:']],
    ['worker-src', ["'self'"]],
    ['connect-src', ["'self'"]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['form-action', ["'self'"]],
    ['frame-ancestors', ["'none'"]],
  ];
  return directives
    .filter(([name]) => !(forMeta && name === 'frame-ancestors'))
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ');
}

export function policyFor(scriptHashes: ScriptHash[]): SecurityPolicy {
  const hashes = scriptHashes.map((s) => s.hash);
  return {
    scriptHashes,
    headers: [
      { name: 'Content-Security-Policy', value: contentSecurityPolicy(hashes) },
      { name: 'X-Content-Type-Options', value: 'nosniff' },
      { name: 'Referrer-Policy', value: 'no-referrer' },
      { name: 'Permissions-Policy', value: PERMISSIONS_DENIED.map((f) => `${f}=()`).join(', ') },
    ],
    meta: contentSecurityPolicy(hashes, { forMeta: true }),
  };
}

export interface InlineScript {
  attributes: string;
  text: string;
}

const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const JS_TYPES = /^(|module|(text|application)\/(x-)?(java|ecma)script|text\/(jscript|livescript))$/i;
/** Not script, but `script-src` governs inline speculation rules too: they need a hash as well. */
const SPECULATION_RULES = /^speculationrules$/i;

/** The value of attribute `name` in a tag's attribute text, or undefined. */
function attribute(attributes: string, name: string): string | undefined {
  const m = new RegExp(`(?:^|\\s)${name}(?:\\s*=\\s*("[^"]*"|'[^']*'|[^\\s"'>]+))?`, 'i').exec(attributes);
  if (!m) return undefined;
  return (m[1] ?? '').replace(/^["']|["']$/g, '');
}

/** The inline scripts of a page that `script-src` governs (not `src=` ones, not JSON-LD data blocks). */
export function inlineScripts(html: string): InlineScript[] {
  const found: InlineScript[] = [];
  for (const m of html.matchAll(SCRIPT)) {
    const [, attributes, text] = m;
    if (attribute(attributes, 'src') !== undefined) continue;
    const type = attribute(attributes, 'type');
    if (type !== undefined && !JS_TYPES.test(type.trim()) && !SPECULATION_RULES.test(type.trim())) continue;
    found.push({ attributes, text });
  }
  return found;
}

/** Inline event handlers and `javascript:` URLs: script no hash list can allow. */
export function inlineHandlers(html: string): string[] {
  const found: string[] = [];
  const withoutScripts = html.replace(SCRIPT, '');
  for (const m of withoutScripts.matchAll(/<[a-z][\w-]*\s[^>]*?\s(on[a-z]+)\s*=/gi)) found.push(`${m[1]}= attribute`);
  for (const m of withoutScripts.matchAll(/\s(?:href|src|action|formaction)\s*=\s*["']?\s*javascript:/gi))
    found.push(`${m[0].trim()} URL`);
  return found;
}

export interface Page {
  /** Path in the build, for messages (`docs/x.html`). */
  file: string;
  html: string;
}

/**
 * The hashes of the inline scripts the pages carry, one per kind of INLINE_SCRIPTS. Throws, naming
 * the files, when a page carries an inline script no kind recognizes, a kind's text differs between
 * pages (a per-page script, which would need a hash per page), or an inline handler.
 */
export function checkInlineScripts(pages: Page[]): ScriptHash[] {
  const problems: string[] = [];
  const texts = new Map<string, Map<string, string[]>>();
  for (const { file, html } of pages) {
    for (const handler of inlineHandlers(html))
      problems.push(`${file}: inline ${handler}, which script-src cannot allow by hash; use a script file`);
    for (const { text } of inlineScripts(html)) {
      const kind = INLINE_SCRIPTS.find((k) => k.recognize(text));
      if (!kind) {
        problems.push(
          `${file}: inline script not covered by the Content-Security-Policy: ${JSON.stringify(text.trim().slice(0, 120))}`,
        );
        continue;
      }
      const byText = texts.get(kind.name) ?? new Map<string, string[]>();
      texts.set(kind.name, byText);
      byText.set(text, [...(byText.get(text) ?? []), file]);
    }
  }
  const hashes: ScriptHash[] = [];
  for (const kind of INLINE_SCRIPTS) {
    const byText = texts.get(kind.name);
    if (!byText) continue;
    if (byText.size > 1) {
      const variants = [...byText.values()].map(
        (files) => `${files.length} page(s), e.g. ${files.slice(0, 3).join(', ')}`,
      );
      problems.push(
        `the "${kind.name}" script (${kind.source}) has ${byText.size} different texts, so no single hash covers it: ${variants.join('; ')}. Make it the same on every page (put page data in an attribute or a data block)`,
      );
      continue;
    }
    hashes.push({ name: kind.name, hash: scriptHash([...byText.keys()][0]) });
  }
  if (problems.length > 0) {
    const shown = problems.slice(0, 20);
    throw new Error(
      `Content-Security-Policy: the build emits script the policy does not cover (${problems.length} problem(s)):\n` +
        shown.join('\n') +
        (problems.length > shown.length ? `\n… and ${problems.length - shown.length} more` : '') +
        '\nAn inline script must be one of INLINE_SCRIPTS in lib/security-headers.ts, with the same text on every page.',
    );
  }
  return hashes;
}

/** A client-redirect page's own script, replaced by REDIRECT_SCRIPT (same behaviour, one hash). */
const DOCUSAURUS_REDIRECT_SCRIPT =
  /<script>\s*window\.location\.href = '[^'\\<]*'(?: \+ window\.location\.search \+ window\.location\.hash)?;\s*<\/script>/;

export function withConstantRedirectScript(html: string): string {
  if (!/<meta http-equiv="refresh"/i.test(html) || !/<link rel="canonical"/i.test(html)) return html;
  return html.replace(DOCUSAURUS_REDIRECT_SCRIPT, `<script>${REDIRECT_SCRIPT}</script>`);
}

const META = /<meta http-equiv="?Content-Security-Policy"?[^>]*>/gi;

/** The page with the policy's meta tag first in its head (after `<meta charset>`), replacing an older one. */
export function withMetaPolicy(html: string, policy: string, file: string): string {
  const tag = `<meta http-equiv="Content-Security-Policy" content="${policy.replace(/"/g, '&quot;')}">`;
  const clean = html.replace(META, '');
  const charset = /<meta charset="?[\w-]+"?\s*\/?>/i.exec(clean);
  if (charset)
    return clean.slice(0, charset.index + charset[0].length) + tag + clean.slice(charset.index + charset[0].length);
  const head = /<head(\s[^>]*)?>/i.exec(clean);
  if (!head) throw new Error(`${file}: no <head> to put the Content-Security-Policy meta tag in`);
  return clean.slice(0, head.index + head[0].length) + tag + clean.slice(head.index + head[0].length);
}

/** `_headers` for Netlify and Cloudflare Pages: every path of the site, with HSTS (both serve HTTPS). */
export function headersFile(policy: SecurityPolicy): string {
  const lines = ['# Written by scripts/security-headers.ts at build time: the hashes change with the build.', '/*'];
  for (const { name, value } of [...policy.headers, HSTS_HEADER]) lines.push(`  ${name}: ${value}`);
  return `${lines.join('\n')}\n`;
}

/** nginx `add_header` lines, included by deploy/nginx.conf in each location that sets headers. */
export function nginxInclude(policy: SecurityPolicy): string {
  const lines = [
    '# Written by scripts/security-headers.ts at build time (the script hashes change with the build).',
    '# Included by deploy/nginx.conf; the Dockerfile copies it to /etc/nginx/security-headers.conf.',
    '# For a server on HTTPS, also send:',
    `#   add_header ${HSTS_HEADER.name} "${HSTS_HEADER.value}" always;`,
  ];
  for (const { name, value } of policy.headers) {
    if (value.includes('"')) throw new Error(`${name}: a value with " cannot be written for nginx`);
    lines.push(`add_header ${name} "${value}" always;`);
  }
  return `${lines.join('\n')}\n`;
}

export const POLICY_FILE = '.security-headers.json';
export const NGINX_FILE = '.security-headers.nginx.conf';
export const HEADERS_FILE = '_headers';

/** The list a build was made with, as `npm run serve` sends it. */
export function readPolicy(buildDir: string): SecurityPolicy {
  const file = path.join(buildDir, POLICY_FILE);
  if (!fs.existsSync(file)) {
    throw new Error(
      `${file} is missing: the build's last step (tsx scripts/security-headers.ts ${buildDir}) writes it; run \`npm run build\``,
    );
  }
  return JSON.parse(fs.readFileSync(file, 'utf8')) as SecurityPolicy;
}

function htmlFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/**
 * The build step: redirect scripts made constant, the inline scripts checked and hashed, the meta
 * tag written into every page (with `meta`, i.e. CSP_META=1; else any removed), and the list
 * written as JSON, nginx include and `_headers`.
 */
export function applySecurityHeaders(buildDir: string, { meta = process.env.CSP_META === '1' } = {}): SecurityPolicy {
  const files = htmlFiles(buildDir);
  const pages: Page[] = files.map((file) => ({
    file: path.relative(buildDir, file),
    html: withConstantRedirectScript(fs.readFileSync(file, 'utf8')),
  }));
  const policy = policyFor(checkInlineScripts(pages));
  pages.forEach((page, i) => {
    const html = meta ? withMetaPolicy(page.html, policy.meta, page.file) : page.html.replace(META, '');
    const temp = `${files[i]}.csp-tmp`;
    fs.writeFileSync(temp, html);
    fs.renameSync(temp, files[i]);
  });
  fs.writeFileSync(path.join(buildDir, POLICY_FILE), `${JSON.stringify(policy, null, 2)}\n`);
  fs.writeFileSync(path.join(buildDir, NGINX_FILE), nginxInclude(policy));
  fs.writeFileSync(path.join(buildDir, HEADERS_FILE), headersFile(policy));
  return policy;
}
