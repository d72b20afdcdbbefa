/**
 * Shared pieces of the browser tests: Debian's Chromium driven by playwright-core (never a
 * downloaded browser), the built site served on localhost, and a record of what each page did.
 */
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { serveBuild, type StaticServer } from '../../scripts/serve-build';

export const SITE_DIR = path.join(__dirname, '..', '..');
export const BUILD_DIR = path.join(SITE_DIR, 'build');
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Flags for a root, offline, headless Chromium: nothing may reach another host. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE localhost',
];

export interface Session {
  browser: Browser;
  server: StaticServer;
  origin: string;
  close(): Promise<void>;
}

export async function startSession(): Promise<Session> {
  if (!fs.existsSync(path.join(BUILD_DIR, 'index.html'))) {
    throw new Error('build/ is missing: run `npm run build` before the browser tests');
  }
  const server = await serveBuild(BUILD_DIR);
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
  return {
    browser,
    server,
    origin: server.origin,
    close: async () => {
      await browser.close();
      await server.close();
    },
  };
}

/** A browser context in which any request to another origin is recorded and refused. */
export async function offlineContext(session: Session, options: Parameters<Browser['newContext']>[0] = {}) {
  const context = await session.browser.newContext(options);
  const offOrigin: string[] = [];
  await context.route('**/*', (route) => {
    const url = route.request().url();
    if (url.startsWith(session.origin) || url.startsWith('data:') || url.startsWith('blob:')) return route.continue();
    offOrigin.push(url);
    return route.abort('internetdisconnected');
  });
  return { context, offOrigin };
}

export interface PageVisit {
  route: string;
  status: number | undefined;
  title: string;
  h1: string;
  consoleErrors: string[];
  offOrigin: string[];
}

/** Opens a route and records status, title, first heading, console errors and foreign requests. */
export async function visit(context: BrowserContext, origin: string, route: string, page?: Page): Promise<PageVisit> {
  const p = page ?? (await context.newPage());
  const consoleErrors: string[] = [];
  const offOrigin: string[] = [];
  const onConsole = (msg: { type(): string; text(): string }) => {
    if (msg.type() === 'error') consoleErrors.push(msg.text());
  };
  const onPageError = (err: Error) => consoleErrors.push(`uncaught: ${err.message}`);
  const onRequest = (req: { url(): string }) => {
    const url = req.url();
    if (!url.startsWith(origin) && !url.startsWith('data:') && !url.startsWith('blob:')) offOrigin.push(url);
  };
  p.on('console', onConsole);
  p.on('pageerror', onPageError);
  p.on('request', onRequest);
  try {
    const response = await p.goto(origin + route, { waitUntil: 'load' });
    // Give hydration a moment so errors thrown by React are caught too.
    await p.waitForFunction(() => document.readyState === 'complete');
    await p.waitForTimeout(50);
    // Hydration can leave the site title alone in <title> for a moment before the page's own
    // comes back; give it up to 2 s to settle before reading it.
    await p
      .waitForFunction(
        () => {
          const h1 = document.querySelector('h1')?.textContent?.trim() ?? '';
          return h1 === '' || document.title.startsWith(h1);
        },
        undefined,
        { timeout: 2000 },
      )
      .catch(() => undefined);
    const title = await p.title();
    const h1 = (
      (await p
        .locator('h1')
        .first()
        .textContent({ timeout: 2000 })
        .catch(() => '')) ?? ''
    ).trim();
    return { route, status: response?.status(), title, h1, consoleErrors, offOrigin };
  } finally {
    p.off('console', onConsole);
    p.off('pageerror', onPageError);
    p.off('request', onRequest);
    if (!page) await p.close();
  }
}

/** True for the HTML files the client-redirects plugin writes (a meta refresh, no content). */
function isRedirectFile(file: string): boolean {
  const head = fs.readFileSync(file, 'utf8').slice(0, 600);
  return /<meta http-equiv="refresh"/i.test(head);
}

/** Every route the build wrote a page for, without redirect stubs and the 404 page. */
export function builtRoutes(buildDir = BUILD_DIR): string[] {
  const routes: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'assets' && entry.name !== 'pagefind') walk(full);
      } else if (entry.name.endsWith('.html') && entry.name !== '404.html' && !isRedirectFile(full)) {
        const rel = path.relative(buildDir, full).split(path.sep).join('/');
        const route = '/' + rel.replace(/(^|\/)index\.html$/, '').replace(/\.html$/, '');
        routes.push(route === '/' ? '/' : route.replace(/\/$/, ''));
      }
    }
  };
  walk(buildDir);
  return routes.sort();
}

/** The page template a route is rendered with; one of each is checked in depth. */
export function templateOf(route: string): string {
  if (route === '/') return 'landing';
  if (route === '/docs') return 'docs home';
  const families: [RegExp, string][] = [
    [/^\/docs\/api\/fhir\/(resources|datatypes|medplum)$/, 'fhir index'],
    [/^\/docs\/api\/fhir\/(resources|datatypes|medplum)\//, 'fhir definition'],
    [/^\/docs\/sdk\/core$/, 'sdk overview'],
    [/^\/docs\/sdk\//, 'sdk symbol'],
    [/^\/docs\/api\/react-components$/, 'react overview'],
    [/^\/docs\/api\/react-components\//, 'react component'],
    [/^\/docs\/api(\/|$)/, 'api page'],
  ];
  for (const [re, name] of families) if (re.test(route)) return name;
  return 'guide';
}

/**
 * The pages a crawl visits: all of them while the site is small; past `limit`, every
 * hand-written page, one of each template, and an even sample of the generated ones.
 */
export function crawlPlan(routes: string[], limit = 400): { routes: string[]; note: string } {
  if (routes.length <= limit) return { routes, note: `crawling all ${routes.length} pages` };
  const generated = (r: string) => ['fhir definition', 'sdk symbol', 'react component'].includes(templateOf(r));
  const handWritten = routes.filter((r) => !generated(r));
  const rest = routes.filter(generated);
  const budget = Math.max(limit - handWritten.length, 50);
  const step = Math.max(1, Math.ceil(rest.length / budget));
  const sample = rest.filter((_, i) => i % step === 0);
  const firstOfEach = new Map<string, string>();
  for (const r of rest) if (!firstOfEach.has(templateOf(r))) firstOfEach.set(templateOf(r), r);
  const chosen = [...new Set([...handWritten, ...firstOfEach.values(), ...sample])].sort();
  return {
    routes: chosen,
    note:
      `site has ${routes.length} pages: crawling ${chosen.length} — all ${handWritten.length} hand-written pages, ` +
      `one of each generated template and every ${step}${step === 2 ? 'nd' : step === 3 ? 'rd' : 'th'} generated page`,
  };
}
