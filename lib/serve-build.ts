/**
 * Serves a build the way a static host or CDN does, and is what `npm run serve` runs:
 * - only under the site's base URL (`/` or e.g. `/medplum-docs/`): any other path is 404, as
 *   on a host where the site is one folder among others;
 * - clean URLs, no trailing slash, the build's 404.html for unknown paths under the base;
 * - Cache-Control from ./cache-rules.ts (hashed files a year and immutable, everything
 *   else revalidated), with ETag so a revalidation costs a 304;
 * - on every response, the security headers the build computed (./security-headers.ts,
 *   read from the build's .security-headers.json): Content-Security-Policy, nosniff,
 *   Referrer-Policy, Permissions-Policy; not Strict-Transport-Security, as this is plain http;
 * - gzip-compressed responses (every static host compresses text; without it, Lighthouse's
 *   simulated mobile network times the uncompressed bytes and reports load times a real
 *   reader never sees).
 * Used by the browser tests and the benchmark, which start and stop it in-process.
 *
 * CLI: `npm run serve` (tsx scripts/serve-build.ts [buildDir]) serves build/ on PORT (3000) under
 * BASE_URL; without BASE_URL, under the base the build was made for.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import compression from 'compression';
import handler from 'serve-handler';
import { cacheControlFor } from './cache-rules';
import { readPolicy } from './security-headers';
import { normalizeBaseUrl } from '../site.settings';

export interface StaticServer {
  /** `http://localhost:<port>`: the server's origin, without the base. */
  origin: string;
  /** The base URL served, with leading and trailing slash (`/` or `/medplum-docs/`). */
  baseUrl: string;
  close(): Promise<void>;
}

export interface ServeOptions {
  /** Serve the build under this path; default: the base the build was made for (see detectBaseUrl). */
  baseUrl?: string;
  /** Interface to listen on; default 127.0.0.1. */
  host?: string;
  /**
   * Send the security headers the build computed (default). False for a build that has none:
   * the stock Docusaurus site the bench compares against.
   */
  securityHeaders?: boolean;
}

/**
 * The base URL a build was made for, read from its front page: Docusaurus writes every script
 * with the base in front (`/medplum-docs/assets/js/main.1a2b3c4d.js`), in the list of the boot
 * script that plugins/bundle/boot-on-intent puts in place of Docusaurus's `<script src>`, or in that tag.
 */
export function detectBaseUrl(buildDir: string): string {
  const file = path.join(buildDir, 'index.html');
  if (!fs.existsSync(file)) throw new Error(`${file} is missing: run \`npm run build\` first`);
  const match = /["'=](\/[^"'\s>]*?)assets\/js\/main\.[0-9a-f]+\.js/.exec(fs.readFileSync(file, 'utf8'));
  if (!match)
    throw new Error(
      `${file}: no script tag or boot script list with ".../assets/js/main.<hash>.js" to read the base URL from`,
    );
  return match[1];
}

export async function serveBuild(
  buildDir = path.join(__dirname, '..', 'build'),
  port = 0,
  options: ServeOptions = {},
): Promise<StaticServer> {
  const baseUrl = normalizeBaseUrl(options.baseUrl ?? detectBaseUrl(buildDir));
  const built = detectBaseUrl(buildDir);
  if (built !== baseUrl) {
    throw new Error(`${buildDir} was built for BASE_URL=${built}, not ${baseUrl}: rebuild with BASE_URL=${baseUrl}`);
  }
  const securityHeaders = options.securityHeaders === false ? [] : readPolicy(buildDir).headers;
  const compress = compression();
  const server = http.createServer((req, res) => {
    for (const { name, value } of securityHeaders) res.setHeader(name, value);
    const url = new URL(req.url ?? '/', 'http://localhost');
    // `/medplum-docs` without its slash is the site's front page, as on GitHub Pages.
    if (baseUrl !== '/' && url.pathname === baseUrl.slice(0, -1)) {
      res.writeHead(301, { Location: baseUrl + url.search, 'Cache-Control': 'no-cache' }).end();
      return;
    }
    if (!url.pathname.startsWith(baseUrl)) {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-cache' });
      res.end(`Not found: ${url.pathname} is outside ${baseUrl}, where this site is served.\n`);
      return;
    }
    const below = url.pathname.slice(baseUrl.length);
    req.url = `/${below}${url.search}`;
    res.setHeader('Cache-Control', cacheControlFor(below));
    compress(req as never, res as never, () => {
      // serve-handler answers for the path below the base; its redirects (`/docs/` -> `/docs`)
      // get the base back in front. (Wrapped after compression's own wrapper, which would
      // otherwise turn the headers argument into setHeader calls before this sees it.)
      const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => http.ServerResponse;
      res.writeHead = ((status: number, ...rest: unknown[]) => {
        const headers = rest.find((r) => typeof r === 'object' && r !== null) as Record<string, unknown> | undefined;
        const location = headers?.Location;
        if (baseUrl !== '/' && typeof location === 'string' && location.startsWith('/') && !location.startsWith('//')) {
          headers!.Location = baseUrl + location.slice(1);
        }
        return writeHead(status, ...rest);
      }) as typeof res.writeHead;
      void handler(req, res, {
        public: buildDir,
        cleanUrls: true,
        trailingSlash: false,
        directoryListing: false,
        etag: true,
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(port, options.host ?? '127.0.0.1', resolve));
  const { port: actual } = server.address() as AddressInfo;
  return {
    origin: `http://localhost:${actual}`,
    baseUrl,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
