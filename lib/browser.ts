/**
 * The browser driver the browser tests and the bench share: the machine's Chrome or Chromium driven by playwright-core
 * (./find-browser.ts), the built site served on localhost, and a record of what each page did.
 *
 * The site is served only under the base URL it was built for (`npm test` builds under
 * `/medplum-docs/`), as a host serving it in a folder would. Tests name pages by route below the
 * base (`/docs/fhir-basics`) and reach them through `session.url(route)`, or `session.href(route)`
 * for what a link on the page says; a request or link that leaves the base is a failure.
 */
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { locateBrowser } from './find-browser';
import { detectBaseUrl, serveBuild, type StaticServer } from './serve-build';

export const SITE_DIR = path.join(__dirname, '..');
/** The build under test: build/, or the folder in BUILD_DIR (the root smoke test's build-root/). */
export const BUILD_DIR = path.resolve(SITE_DIR, process.env.BUILD_DIR ?? 'build');
/** Chrome, Chromium or Edge: CHROMIUM_PATH, else the first found in the usual places (./find-browser.ts). */
export const CHROMIUM = locateBrowser();

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
  /** `http://localhost:<port>`, without the base. */
  origin: string;
  /** The base URL the build was made for and is served under: `/` or e.g. `/medplum-docs/`. */
  baseUrl: string;
  /** The site's address: origin and base, without the base's last slash (`http://localhost:1234/medplum-docs`). */
  site: string;
  /** Full URL of a route below the base: url('/docs/x') -> `http://localhost:1234/medplum-docs/docs/x`. */
  url(route: string): string;
  /** What a link to a route says on the page: href('/docs/x') -> `/medplum-docs/docs/x`. */
  href(route: string): string;
  /** A path as the browser shows it, without the base: `/medplum-docs/docs/x` -> `/docs/x`. */
  route(pathname: string): string;
  close(): Promise<void>;
}

/** `/docs/x` under `baseUrl` (`/medplum-docs/`): `/medplum-docs/docs/x`; `/` is the base itself. */
export function withBase(baseUrl: string, route: string): string {
  if (!route.startsWith('/')) throw new Error(`route ${route} must start with /`);
  return baseUrl + route.slice(1);
}

export async function startSession(): Promise<Session> {
  if (!fs.existsSync(path.join(BUILD_DIR, 'index.html'))) {
    throw new Error(
      `${path.relative(SITE_DIR, BUILD_DIR)}/ is missing: run \`npm run build\` before the browser tests`,
    );
  }
  const baseUrl = detectBaseUrl(BUILD_DIR);
  const server = await serveBuild(BUILD_DIR, 0, { baseUrl });
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
  const site = server.origin + baseUrl.replace(/\/$/, '');
  return {
    browser,
    server,
    origin: server.origin,
    baseUrl,
    site,
    url: (route) => server.origin + withBase(baseUrl, route),
    href: (route) => withBase(baseUrl, route),
    route: (pathname) => {
      if (!pathname.startsWith(baseUrl) && pathname !== baseUrl.replace(/\/$/, '')) {
        throw new Error(`${pathname} is outside the base ${baseUrl}`);
      }
      return `/${pathname.slice(baseUrl.length)}`;
    },
    close: async () => {
      await browser.close();
      await server.close();
      if (cspViolations.length > 0) {
        throw new Error(`Content-Security-Policy violations in this test file:\n${cspViolations.join('\n')}`);
      }
    },
  };
}

/** True for a URL this site serves: under its base (`http://localhost:1234/medplum-docs/...`), or data:/blob:. */
export function isOnSite(site: string, url: string): boolean {
  return url === site || url.startsWith(`${site}/`) || url.startsWith('data:') || url.startsWith('blob:');
}

/**
 * Every Content-Security-Policy violation a page of any offlineContext reported in this test
 * file (`<url>: <directive> blocked <what>`). The site is served with the headers `npm run serve`
 * sends (./security-headers.ts), so each browser test runs under the policy; a session
 * refuses to close while this list holds anything, so any test file fails on a violation.
 */
export const cspViolations: string[] = [];

/** Reports each `securitypolicyviolation` event of a page's document to cspViolations. */
const WATCH_CSP = `document.addEventListener('securitypolicyviolation', (e) => {
  window.__cspViolation(e.effectiveDirective + ' blocked ' + (e.blockedURI || '(none)') +
    (e.sourceFile ? ' at ' + e.sourceFile + ':' + e.lineNumber : '') + (e.sample ? ': ' + e.sample : ''));
});`;

/**
 * A browser context in which any request that leaves the site (another origin, or this origin
 * outside the base) is recorded and refused, and CSP violations are recorded (cspViolations).
 */
export async function offlineContext(session: Session, options: Parameters<Browser['newContext']>[0] = {}) {
  const context = await session.browser.newContext(options);
  await context.exposeBinding('__cspViolation', (source, report: string) => {
    cspViolations.push(`${source.frame.url()}: ${report}`);
  });
  await context.addInitScript(WATCH_CSP);
  const offOrigin: string[] = [];
  await context.route('**/*', (route) => {
    const url = route.request().url();
    if (isOnSite(session.site, url)) return route.continue();
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

/**
 * Opens a route (below the base) of the site at `site` (session.site) and records status, title,
 * first heading, console errors and requests that leave the site. With `start`, the app is
 * started as a reader's first action would, so errors React throws are recorded too; without it,
 * the page is checked as served (the boot script runs, the app does not).
 */
export async function visit(
  context: BrowserContext,
  site: string,
  route: string,
  page?: Page,
  { start = true }: { start?: boolean } = {},
): Promise<PageVisit> {
  const p = page ?? (await context.newPage());
  const consoleErrors: string[] = [];
  const offOrigin: string[] = [];
  const onConsole = (msg: { type(): string; text(): string }) => {
    if (msg.type() === 'error') consoleErrors.push(msg.text());
  };
  const onPageError = (err: Error) => consoleErrors.push(`uncaught: ${err.message}`);
  const onRequest = (req: { url(): string }) => {
    const url = req.url();
    if (!isOnSite(site, url)) offOrigin.push(url);
  };
  p.on('console', onConsole);
  p.on('pageerror', onPageError);
  p.on('request', onRequest);
  try {
    const response = await p.goto(site + route, { waitUntil: 'load' });
    await waitForPage(p, () => document.readyState === 'complete');
    // Start the app as a reader would, and give it a moment, so errors thrown by React are caught too.
    if (start && response?.ok()) {
      await startApp(p);
      await p.waitForTimeout(50);
    }
    // Hydration can leave the site title alone in <title> for a moment before the page's own
    // comes back; give it up to 2 s to settle before reading it.
    await waitForPage(
      p,
      () => {
        const h1 = document.querySelector('h1')?.textContent?.trim() ?? '';
        return h1 === '' || document.title.startsWith(h1);
      },
      undefined,
      { timeout: 2000 },
    ).catch(() => undefined);
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

/**
 * `page.waitForFunction`, without eval. Playwright's waitForFunction runs its predicate through
 * `eval` in the page, which the site's Content-Security-Policy refuses (no 'unsafe-eval': the
 * site never needs it); page.evaluate goes through the DevTools protocol, which the policy does
 * not govern. Polls every `polling` ms until the predicate is truthy, across navigations.
 */
export async function waitForPage<A>(
  page: Page,
  predicate: string | ((arg: A) => unknown),
  arg?: A,
  { timeout = 30_000, polling = 50 }: { timeout?: number; polling?: number } = {},
): Promise<void> {
  const deadline = Date.now() + timeout;
  for (;;) {
    try {
      const ok =
        typeof predicate === 'string'
          ? await page.evaluate(predicate)
          : await page.evaluate(predicate as (a: unknown) => unknown, arg as unknown);
      if (ok) return;
    } catch (err) {
      // A navigation replaced the document between two polls: poll the new one.
      if (!/Execution context was destroyed|navigation|Cannot find context/i.test((err as Error).message)) throw err;
    }
    if (Date.now() > deadline) {
      // Where the page was, so a failure seen only in CI says what the page did instead.
      const where = await page
        .evaluate(
          `location.href + ' (boot: ' + document.documentElement.dataset.boot + ', ' + document.readyState + ')'`,
        )
        .catch((err: Error) => `unknown: ${err.message}`);
      throw new Error(
        `waitForPage: timed out after ${timeout} ms waiting for ${String(predicate).slice(0, 300)}; the page is at ${String(where).slice(0, 300)}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, polling));
  }
}

/**
 * Clicks an element far down a long page as a reader does: once it is on screen and has stopped
 * moving. Long pages draw their blocks only near the viewport (content-visibility, see
 * src/css/custom.css), so after Playwright's jump to the element the blocks drawn around it
 * change height and the element moves for a frame or more. A click dispatched meanwhile lands on
 * another line (seen: a press on a list item 2,000 px above the link); Playwright usually notices
 * and clicks again, but under load one click in ten or so on the Patient page's tool links was
 * lost, and the page stayed where it was. Its box must stay the same, on screen, over three polls
 * 100 ms apart; an element still moving after 10 s fails the test.
 */
export async function clickWhenInPlace(locator: Locator): Promise<void> {
  const page = locator.page();
  const deadline = Date.now() + 10_000;
  let last = '';
  for (let same = 0; same < 3; ) {
    if (Date.now() > deadline) throw new Error(`clickWhenInPlace: ${String(locator)} did not stop moving in 10 s`);
    const box = await locator.boundingBox({ timeout: 5_000 });
    const view = page.viewportSize();
    // Off screen (or not laid out): bring it into view again, and start counting afresh.
    if (!box || (view && (box.y < 0 || box.y + box.height > view.height))) {
      await locator.scrollIntoViewIfNeeded();
      same = 0;
      last = '';
    } else {
      const now = JSON.stringify(box);
      same = now === last ? same + 1 : 0;
      last = now;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await locator.click();
}

/**
 * Starts a built page's app as a reader's first action would (plugins/bundle/boot-on-intent) and waits
 * until it has rendered its route. Pages without the boot script (the dev server's, which start
 * at load) only wait for Docusaurus's hydration mark.
 */
export async function startApp(page: Page): Promise<void> {
  // Strings, not functions: the test's compiler would add helpers the page does not have.
  await page.evaluate('window.__docsBoot && window.__docsBoot()');
  await waitForPage(
    page,
    `'__docsBoot' in window ? document.documentElement.dataset.boot === 'ready' : document.documentElement.hasAttribute('data-has-hydrated')`,
  );
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

/**
 * The crawled pages on which a crawl also starts the app: every page whose body React renders
 * (`interactive`: tabs, demos, tools; most pages keep their body as server HTML and hydrate only
 * the navigation around it), the first page of each template, and every `every`th page of the
 * rest. Starting the app is most of a visit's time; a page's template decides which components
 * hydrate, so one of each catches a template's hydration errors; errors tied to one page's content
 * come from the components in its body, so every page with such a body is started; and the sample
 * catches the rest (a table of contents or sidebar entry of one page).
 */
export function appStartSample(
  routes: string[],
  every = 6,
  interactive: (route: string) => boolean = () => false,
): Set<string> {
  const chosen = new Set<string>();
  const seen = new Set<string>();
  routes.forEach((r, i) => {
    const t = templateOf(r);
    if (!seen.has(t) || i % every === 0 || interactive(r)) chosen.add(r);
    seen.add(t);
  });
  return chosen;
}

/**
 * The public address a build was made for: SITE_URL (`https://docs.example.org`), read from the
 * canonical link of its front page (SITE_URL + base), or undefined for a build without SITE_URL.
 */
export function builtSiteUrl(buildDir = BUILD_DIR): string | undefined {
  const html = fs.readFileSync(path.join(buildDir, 'index.html'), 'utf8');
  const canonical = /<link[^>]*\brel="?canonical"?[^>]*\bhref="?([^"\s>]+)/.exec(html)?.[1];
  if (!canonical) return undefined;
  const base = detectBaseUrl(buildDir);
  if (!canonical.endsWith(base))
    throw new Error(`${buildDir}/index.html: canonical ${canonical} does not end with the base ${base}`);
  return canonical.slice(0, -base.length);
}
