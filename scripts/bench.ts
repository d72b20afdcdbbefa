/**
 * `npm run bench`: how fast the site builds and how light its pages are.
 *
 * Measures cold and warm build time and peak memory, the bytes (raw and gzip) a first visit to
 * each page template loads, the search-index bytes a first query fetches (next to what one
 * big JSON index of the same pages would weigh), and a Lighthouse mobile run per template.
 * Prints tables and writes .bench/results.json. Not part of `npm test`: timings vary by machine.
 *
 * Lighthouse audits each template three ways in one run, so the comparison is fair: this site, the same page with
 * its scripts removed (lib/bench-noscript.ts: the no-JavaScript limit) and stock Docusaurus's
 * docs page, with score, total blocking time and main-thread work side by side and budgets
 * expressed against them. The FHIR tools' longest main-thread task on hostile links is reported
 * too (lib/tool-blocking.ts).
 *
 * Also: what one more page costs every other page (scripts/bench-page-cost.ts), a stock
 * two-page Docusaurus site built from the same packages for comparison (built once into
 * .bench/stock), and the performance budgets checked against the figures.
 *
 * Options: --skip-build (measure the existing build/), --skip-lighthouse, --lighthouse-runs=N
 * (default 3; the median run by performance score is reported), --skip-stock,
 * --templates=landing,404 (measure only these templates), --search-only (the existing build's
 * search: bytes, quality and latency, warm and on a fresh page; nothing else), --first-tap-only
 * (the existing build's first tap and first scroll beside stock's: scripts/bench-first-tap.ts).
 */
import { execFile, execFileSync, spawnSync } from 'node:child_process';
import { promisify } from 'node:util';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium } from 'playwright-core';
import { nodeOptions } from '../lib/node-options.mjs';
import { CHROMIUM, CHROMIUM_ARGS, builtRoutes, startApp, templateOf } from '../lib/browser';
import { builtFileOf } from '../lib/built-html';
import { detectBaseUrl, serveBuild, type StaticServer } from '../lib/serve-build';
import { removeNoScriptCopies, writeNoScriptCopies } from '../lib/bench-noscript';
import { perPageCost } from './bench-page-cost';
import { measureAppStart, type AppStart } from './bench-app-start';
import { firstTapBudgets, measureFirstTap, printFirstTap, type FirstTap } from './bench-first-tap';
import { measureToolBytes, printToolBytes, type ToolBytes } from './tool-bytes';
import { measureToolBlocking, printToolBlocking, TOOL_TASK_BUDGET_MS, type ToolBlocking } from '../lib/tool-blocking';
import {
  QUERY_SETS,
  SEALED_SETS,
  loadQuerySets,
  runQueries,
  summarize,
  type QualitySummary,
} from '../lib/search-quality';

const SITE = path.join(__dirname, '..');
/**
 * The build measured: build/ (which the bench makes, at the root), or with --skip-build or
 * --search-only the root build in BUILD_DIR (`npm run test:root-build` makes build-root/).
 */
const BUILD = path.resolve(SITE, process.env.BUILD_DIR ?? 'build');
const OUT = path.join(SITE, '.bench');
const args = new Set(process.argv.slice(2));
const LIGHTHOUSE_RUNS = Number(
  /^--lighthouse-runs=(\d+)$/.exec([...args].find((a) => a.startsWith('--lighthouse-runs=')) ?? '')?.[1] ?? 3,
);

/** Budgets: first-visit JS before the load event, gzip; Lighthouse mobile performance. */
const BUDGET = { homeJsKB: 130, docsJsKB: 150, perPageBytes: 120, lighthouse: 95 };

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const gz = (b: Buffer) => zlib.gzipSync(b, { level: 9 }).length;

interface BuildRun {
  seconds: number;
  peakMemoryMB: number;
  searchIndexSeconds: number;
}

/** Runs the production build under GNU time to get wall time and the largest process's peak RSS. */
function timedBuild(clearFirst: boolean): BuildRun {
  if (clearFirst) execFileSync('npx', ['docusaurus', 'clear'], { cwd: SITE, stdio: 'ignore' });
  const env = { ...process.env, NODE_OPTIONS: nodeOptions() };
  const res = spawnSync('/usr/bin/time', ['-f', 'BENCH %e %M', 'npx', 'docusaurus', 'build'], {
    cwd: SITE,
    env,
    encoding: 'utf8',
  });
  const line = (res.stderr ?? '').split('\n').find((l) => l.startsWith('BENCH '));
  if (res.status !== 0 || !line) throw new Error(`build failed:\n${res.stdout}\n${res.stderr}`);
  const [, secs, maxKb] = line.split(' ');
  const started = Date.now();
  execFileSync('node', ['scripts/build-search-index.mjs'], { cwd: SITE, stdio: 'ignore' });
  return {
    seconds: Number(secs),
    peakMemoryMB: Math.round(Number(maxKb) / 1024),
    searchIndexSeconds: (Date.now() - started) / 1000,
  };
}

interface Weight {
  template: string;
  route: string;
  requests: number;
  /**
   * What the page needs: responses that arrived before the load event and, for a page whose app
   * starts on the reader's first action (plugins/bundle/boot-on-intent), until that app has started, so
   * the budget covers the code a reader who acts runs, not only what loads before they act.
   */
  bytes: Record<'html' | 'js' | 'css' | 'other', { raw: number; gzip: number }>;
  /** JS fetched after that, while idle (stock Docusaurus prefetches the pages linked in view). */
  prefetchedJs: { raw: number; gzip: number };
}

function kindOf(url: string, contentType: string): keyof Weight['bytes'] {
  if (contentType.includes('html')) return 'html';
  if (contentType.includes('javascript') || url.endsWith('.js')) return 'js';
  if (contentType.includes('css') || url.endsWith('.css')) return 'css';
  return 'other';
}

/**
 * The pages measured: one per template, with the example the issue names where it exists
 * (otherwise the first built page of that template). "guide with Mermaid" and "react demo" are
 * guide and component pages with a diagram and a live demo; "404" is a path that does not exist.
 */
const BENCH_PAGES: { template: string; preferred: string[] }[] = [
  { template: 'landing', preferred: ['/'] },
  { template: 'docs home', preferred: ['/docs'] },
  { template: 'guide', preferred: ['/docs/search/chained-search', '/docs/fhir-basics'] },
  // A diagram in the first screens: the heaviest guide at load.
  { template: 'guide with Mermaid', preferred: ['/docs/access', '/docs/auth', '/docs/fhir-datastore'] },
  { template: 'fhir index', preferred: ['/docs/api/fhir/resources', '/docs/api/fhir/datatypes'] },
  { template: 'fhir definition', preferred: ['/docs/api/fhir/resources/patient'] },
  { template: 'sdk overview', preferred: ['/docs/sdk/core'] },
  { template: 'sdk symbol', preferred: ['/docs/sdk/core.medplumclient'] },
  { template: 'api page', preferred: ['/docs/api/oauth/token'] },
  { template: 'react overview', preferred: ['/docs/api/react-components'] },
  { template: 'react demo', preferred: ['/docs/api/react-components/sign-in-form'] },
  { template: 'tool page', preferred: ['/docs/tools/fhirpath'] },
  // Lighthouse refuses to audit a response with status 404, so the 404 page is measured at the
  // address the host serves it from for unknown paths.
  { template: '404', preferred: ['/404.html'] },
];

/** Stock Docusaurus's two pages, for the first-tap comparison. */
const STOCK_PAGES = new Map([
  ['home', '/'],
  ['docs page', '/docs/intro'],
]);

const ONLY = [...args]
  .find((a) => a.startsWith('--templates='))
  ?.slice('--templates='.length)
  .split(',');

function templateRoutes(routes: string[]): Map<string, string> {
  const map = new Map<string, string>();
  for (const { template, preferred } of BENCH_PAGES) {
    if (ONLY && !ONLY.includes(template)) continue;
    const route =
      template === '404'
        ? preferred[0]
        : (preferred.find((r) => routes.includes(r)) ?? routes.find((r) => templateOf(r) === template));
    if (route) map.set(template, route);
  }
  return map;
}

async function main(): Promise<void> {
  fs.mkdirSync(OUT, { recursive: true });
  const results: Record<string, unknown> = { date: new Date().toISOString() };

  if (args.has('--search-only')) {
    if (detectBaseUrl(BUILD) !== '/')
      throw new Error(`${BUILD} was built under a path: measure a root build (BUILD_DIR)`);
    const server = await serveBuild(BUILD);
    const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
    await searchBench(browser, server.origin, builtRoutes(BUILD), results);
    await browser.close();
    await server.close();
    fs.writeFileSync(path.join(OUT, 'search.json'), JSON.stringify(results, null, 2));
    printSearch(results);
    return;
  }
  if (args.has('--first-tap-only')) {
    // The existing build beside stock Docusaurus: the first tap and the first scroll only.
    const server = await serveBuild(BUILD);
    const stockServer = await serveBuild(buildStockSite(), 0, { securityHeaders: false });
    const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
    const firstTap = [
      ...(await measureFirstTap(browser, 'stock', stockServer.origin, STOCK_PAGES)),
      ...(await measureFirstTap(browser, 'this site', server.origin, templateRoutes(builtRoutes(BUILD)))),
    ];
    await browser.close();
    await server.close();
    await stockServer.close();
    results.firstTap = firstTap;
    fs.writeFileSync(path.join(OUT, 'first-tap.json'), JSON.stringify(results, null, 2));
    printFirstTap(firstTap);
    console.table(firstTapBudgets(firstTap));
    return;
  }
  if (!args.has('--skip-build')) {
    console.log('[bench] cold build (docusaurus clear first)…');
    const cold = timedBuild(true);
    console.log('[bench] warm build (caches kept)…');
    const warm = timedBuild(false);
    results.build = { cold, warm };
  }

  const routes = builtRoutes(BUILD);
  results.pages = { total: routes.length, byTemplate: countBy(routes.map(templateOf)) };
  results.perPageCost = perPageCost(BUILD, routes);
  const server = await serveBuild(BUILD);
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });

  const weights: Weight[] = [];
  for (const [template, route] of templateRoutes(routes))
    weights.push(await firstVisit(browser, server.origin, template, route));
  results.firstVisit = weights;
  // Lighthouse never acts, so it sees pages before their app starts: what starting costs.
  results.appStart = await measureAppStart(browser, server.origin, templateRoutes(routes));
  // ...and where a tap pays it: the first tap and scroll on each template (stock's below).
  const firstTap: FirstTap[] = await measureFirstTap(browser, 'this site', server.origin, templateRoutes(routes));

  // Kept open until Lighthouse has audited it too, in the same run as this site's pages.
  let stockServer: StaticServer | undefined;
  if (!args.has('--skip-stock')) {
    const stockBuild = buildStockSite();
    stockServer = await serveBuild(stockBuild, 0, { securityHeaders: false });
    results.stock = [
      await firstVisit(browser, stockServer.origin, 'stock home', '/', false),
      await firstVisit(browser, stockServer.origin, 'stock docs page', '/docs/intro', false),
    ];
    firstTap.unshift(...(await measureFirstTap(browser, 'stock', stockServer.origin, STOCK_PAGES)));
  }
  results.firstTap = firstTap;
  await searchBench(browser, server.origin, routes, results);
  // The FHIR tools fetch their code and definitions after load: measured on their own.
  results.tools = await measureToolBytes(browser, server.origin);
  // Hostile links (runaway FHIRPath, deep or huge resources, 10,000 search parameters).
  results.toolBlocking = await measureToolBlocking(browser, server.origin);
  await browser.close();

  if (!args.has('--skip-lighthouse')) {
    /** Median run (by performance score) of LIGHTHOUSE_RUNS audits of one URL. */
    const audit = async (url: string): Promise<Record<string, number | string>> => {
      const runs: Record<string, number | string>[] = [];
      for (let i = 0; i < LIGHTHOUSE_RUNS; i++) {
        console.log(`[bench] lighthouse ${url} (run ${i + 1}/${LIGHTHOUSE_RUNS})…`);
        runs.push(await runLighthouse(url));
      }
      const ok = runs.filter((r) => typeof r.performance === 'number');
      const sorted = [...ok].sort((a, b) => Number(a.performance) - Number(b.performance));
      const median = sorted[Math.floor((sorted.length - 1) / 2)] ?? runs[0];
      return { ...median, runs: ok.map((r) => r.performance).join('/') };
    };
    const templates = templateRoutes(routes);
    // Each template beside the same page with its scripts removed (the limit) and
    // stock Docusaurus's docs page, all audited in this one run on this one machine.
    const noScript = writeNoScriptCopies(BUILD, templates);
    const lighthouse: Record<string, unknown>[] = [];
    try {
      if (stockServer) {
        results.stockLighthouse = {
          home: await audit(`${stockServer.origin}/`),
          docs: await audit(`${stockServer.origin}/docs/intro`),
        };
      }
      for (const [template, route] of templates) {
        const ours = await audit(server.origin + route);
        const bare = noScript.get(template);
        lighthouse.push({
          template,
          route,
          ...ours,
          ...(bare ? { noScript: await audit(server.origin + bare) } : {}),
        });
      }
    } finally {
      removeNoScriptCopies(BUILD);
    }
    results.lighthouse = lighthouse;
  }
  await stockServer?.close();
  await server.close();
  results.budgets = checkBudgets(results);

  fs.writeFileSync(path.join(OUT, 'results.json'), JSON.stringify(results, null, 2));
  printTables(results);
  printFirstTap(results.firstTap as FirstTap[]);
  printToolBytes(results.tools as ToolBytes[]);
  printToolBlocking(results.toolBlocking as ToolBlocking[]);
  console.log(`\n[bench] wrote ${path.relative(SITE, path.join(OUT, 'results.json'))}`);
}

/** One file a page fetched, with whether it arrived before the page's `load` event. */
interface Fetched {
  kind: keyof Weight['bytes'];
  body: Buffer;
  url: string;
  beforeLoad: boolean;
}

/**
 * Bytes a first visit needs: fresh context (empty cache), each file counted once. One rule per
 * site: a stock Docusaurus page needs what arrived before its `load` event; a page of this site
 * starts its app on the reader's first action (plugins/bundle/boot-on-intent), so it needs what it asked
 * for until its app had hydrated, read from its own resource timings (the test's events arrive
 * too late to tell).
 */
async function firstVisit(
  browser: import('playwright-core').Browser,
  origin: string,
  template: string,
  route: string,
  startsOnIntent = true,
): Promise<Weight> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const bodies: Promise<Fetched | undefined>[] = [];
  let loaded = false;
  page.once('load', () => (loaded = true));
  await page.addInitScript(`new MutationObserver(() => {
    if (window.__hydratedAt === undefined && /^(hydrated|ready)$/.test(document.documentElement.dataset.boot ?? '')) {
      window.__hydratedAt = performance.now();
    }
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-boot'] });`);
  page.on('response', (res) => {
    const fetched = (body: Buffer): Fetched => ({
      kind: kindOf(res.url(), res.headers()['content-type'] ?? ''),
      body,
      url: res.url(),
      beforeLoad: !loaded,
    });
    // Chromium keeps no body for `<link rel=prefetch>` responses: count the file the server sent.
    const fromDisk = (): Fetched | undefined => {
      const file = path.join(BUILD, decodeURIComponent(new URL(res.url()).pathname));
      return res.url().startsWith(origin) && fs.existsSync(file) && fs.statSync(file).isFile()
        ? fetched(fs.readFileSync(file))
        : undefined;
    };
    bodies.push(
      res
        .body()
        .then((b) => (b.length > 0 ? fetched(b) : fromDisk()))
        .catch(fromDisk),
    );
  });
  await page.goto(origin + route, { waitUntil: 'networkidle' });
  let needed = (f: Fetched): boolean => f.beforeLoad;
  if (startsOnIntent) {
    // Hydration needs the route's chunks, so by then they have all been answered. What the page
    // loads after hydrating (a tool's engine, the 404 page's search) is measured on its own.
    await startApp(page);
    await page.waitForLoadState('networkidle');
    const askedBefore = (await page.evaluate(
      `performance.getEntriesByType('resource').filter((e) => e.startTime <= window.__hydratedAt).map((e) => e.name)`,
    )) as string[];
    const neededUrls = new Set([page.url(), ...askedBefore]);
    needed = (f) => neededUrls.has(f.url);
  }
  const bytes: Weight['bytes'] = {
    html: { raw: 0, gzip: 0 },
    js: { raw: 0, gzip: 0 },
    css: { raw: 0, gzip: 0 },
    other: { raw: 0, gzip: 0 },
  };
  const prefetchedJs = { raw: 0, gzip: 0 };
  let requests = 0;
  // A file is counted once: the bundle is fetched by its prefetch link, then read from the cache
  // when the app starts.
  const byUrl = new Map<string, Fetched>();
  for (const f of await Promise.all(bodies)) {
    if (!f) continue;
    const seen = byUrl.get(f.url);
    byUrl.set(f.url, seen ? { ...seen, beforeLoad: seen.beforeLoad || f.beforeLoad } : f);
  }
  for (const f of byUrl.values()) {
    if (!needed(f)) {
      if (f.kind === 'js') {
        prefetchedJs.raw += f.body.length;
        prefetchedJs.gzip += gz(f.body);
      }
      continue;
    }
    requests++;
    bytes[f.kind].raw += f.body.length;
    bytes[f.kind].gzip += gz(f.body);
  }
  await context.close();
  return { template, route, requests, bytes, prefetchedJs };
}

/** Search: what the first query fetches, versus one JSON index holding every page's text. */
async function searchBench(
  browser: import('playwright-core').Browser,
  origin: string,
  routes: string[],
  results: Record<string, unknown>,
): Promise<void> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${origin}/docs`, { waitUntil: 'networkidle' });
  await startApp(page);
  await page.locator('[data-search-ready]').waitFor();
  const fetched: Promise<Buffer | undefined>[] = [];
  page.on('response', (res) => {
    if (res.url().includes('/pagefind/')) fetched.push(res.body().catch(() => undefined));
  });
  await page.keyboard.press('Control+K');
  await page.getByRole('dialog').getByRole('searchbox').pressSequentially('patient', { delay: 30 });
  await page.locator('[role="dialog"] a').first().waitFor({ timeout: 15_000 });
  await page.waitForLoadState('networkidle');
  const searchBodies = (await Promise.all(fetched)).filter((b): b is Buffer => !!b);
  await page.keyboard.press('Escape');
  // Reader queries (tests/search/queries.json): where the answering page ranks, and the time from
  // the last keystroke to results on screen, on a warm index as a reader who keeps searching has.
  const sets = loadQuerySets();
  const quality: Record<string, QualitySummary> = {};
  const everything = [];
  for (const name of QUERY_SETS) {
    const outcomes = await runQueries(page, sets[name]);
    // A sealed set's queries run, but nothing measured on them is printed, not even in the totals.
    if (SEALED_SETS.includes(name)) continue;
    quality[name] = summarize(outcomes);
    everything.push(...outcomes);
  }
  quality.all = summarize(everything);
  await context.close();
  // The first search on a freshly loaded page, typed as soon as the dialog opens: the index loads
  // while the reader types, and the time from the last key to the results includes what is left.
  // One query in every seven of all sets, each on a new page in a new context (nothing cached).
  const coldQueries = everything.filter((_, i) => i % 7 === 0);
  const cold = [];
  for (const query of coldQueries) {
    const fresh = await browser.newContext();
    const coldPage = await fresh.newPage();
    await coldPage.goto(`${origin}/docs`, { waitUntil: 'load' });
    cold.push(...(await runQueries(coldPage, [query], '/', { warm: false })));
    await fresh.close();
  }
  quality['first search on a fresh page'] = summarize(cold);
  const single = singleJsonIndex(routes);
  results.search = {
    firstQuery: {
      requests: searchBodies.length,
      raw: sum(searchBodies.map((b) => b.length)),
      gzip: sum(searchBodies.map(gz)),
    },
    pagefindTotalOnDisk: dirSize(path.join(BUILD, 'pagefind')),
    singleJsonAlternative: single,
    quality,
  };
}

/**
 * A stock Docusaurus site (classic theme, docs and pages plugins, one home page and one doc)
 * built with this site's packages and bundler settings, for the ratio the issue asks for.
 * Built once into .bench/stock/build; delete that folder to rebuild.
 */
function buildStockSite(): string {
  const dir = path.join(OUT, 'stock');
  const build = path.join(dir, 'build');
  if (fs.existsSync(path.join(build, 'index.html'))) return build;
  fs.mkdirSync(path.join(dir, 'docs'), { recursive: true });
  fs.mkdirSync(path.join(dir, 'src', 'pages'), { recursive: true });
  fs.writeFileSync(
    path.join(dir, 'docusaurus.config.js'),
    `module.exports = {
  title: 'Stock', url: 'http://localhost', baseUrl: '/', trailingSlash: false,
  future: { v4: { removeLegacyPostBuildHeadAttribute: true }, faster: true },
  plugins: [['@docusaurus/plugin-content-docs', { sidebarPath: undefined }], '@docusaurus/plugin-content-pages'],
  themes: ['@docusaurus/theme-classic'],
};
`,
  );
  fs.writeFileSync(
    path.join(dir, 'src', 'pages', 'index.js'),
    `import React from 'react';
import Layout from '@theme/Layout';
export default function Home() {
  return <Layout title="Home"><main><h1>Stock site</h1><p>A home page.</p></main></Layout>;
}
`,
  );
  fs.writeFileSync(
    path.join(dir, 'docs', 'intro.md'),
    '# Intro\n\nA docs page with some code:\n\n```ts\nconst answer: number = 42;\n```\n',
  );
  console.log('[bench] building the stock Docusaurus site (once)…');
  execFileSync('npx', ['docusaurus', 'build', dir], { cwd: SITE, stdio: 'ignore' });
  return build;
}

interface BudgetRow {
  check: string;
  value: string;
  budget: string;
  ok: boolean;
}

/** The bench report, read back as loose JSON. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;

function checkBudgets(r: Json): BudgetRow[] {
  const rows: BudgetRow[] = [];
  for (const w of r.firstVisit as Weight[]) {
    const limit = w.route === '/' ? BUDGET.homeJsKB : w.route.startsWith('/docs') ? BUDGET.docsJsKB : undefined;
    if (limit === undefined) continue;
    const kbGz = w.bytes.js.gzip / 1024;
    rows.push({
      check: `first-visit JS ${w.template}`,
      value: `${kbGz.toFixed(1)} KB`,
      budget: `<= ${limit} KB`,
      ok: kbGz <= limit,
    });
  }
  // Search: from the last key to results on screen, on a warm index and on a fresh page.
  for (const name of ['all', 'first search on a fresh page']) {
    const q = r.search?.quality?.[name] as QualitySummary | undefined;
    if (!q) continue;
    rows.push({
      check: `search p95 ms, ${name === 'all' ? 'every reader query (warm index)' : name}`,
      value: `${q.p95ms} ms`,
      budget: '<= 300 ms',
      ok: q.p95ms <= 300,
    });
  }
  const cost = r.perPageCost;
  rows.push({
    check: 'each added page, on every docs page',
    value: `${cost.everyDocsPage} B`,
    budget: `<= ${BUDGET.perPageBytes} B`,
    ok: cost.everyDocsPage <= BUDGET.perPageBytes,
  });
  for (const t of (r.toolBlocking ?? []) as ToolBlocking[]) {
    rows.push({
      check: `longest tool task: ${t.name}`,
      value: `${t.longestToolTask} ms`,
      budget: `<= ${TOOL_TASK_BUDGET_MS} ms`,
      ok: t.ok,
    });
  }
  const stockDocs = r.stockLighthouse?.docs as Json | undefined;
  for (const l of (r.lighthouse ?? []) as Json[]) {
    rows.push({
      check: `Lighthouse mobile ${l.template}`,
      value: String(l.performance ?? l.error),
      budget: `>= ${BUDGET.lighthouse}`,
      ok: Number(l.performance) >= BUDGET.lighthouse,
    });
    // Against stock Docusaurus's docs page and the same page without scripts.
    if (stockDocs && typeof stockDocs.performance === 'number') {
      // Scores stop at 100: where stock scores 96 or more, "5 above" can only mean 100.
      const target = Math.min(100, stockDocs.performance + 5);
      rows.push({
        check: `${l.template}: score vs stock docs page`,
        value: `${l.performance} vs ${stockDocs.performance}`,
        budget: `>= stock + 5 (capped at 100): >= ${target}`,
        ok: Number(l.performance) >= target,
      });
      rows.push({
        check: `${l.template}: main-thread work vs stock docs page`,
        value: `${l.mainThreadMs} ms vs ${stockDocs.mainThreadMs} ms`,
        budget: "<= stock's",
        ok: Number(l.mainThreadMs) <= Number(stockDocs.mainThreadMs),
      });
    }
    if (l.noScript && typeof l.noScript.performance === 'number') {
      rows.push({
        check: `${l.template}: score vs scripts removed`,
        value: `${l.performance} vs ${l.noScript.performance}`,
        budget: '>= no-script - 5',
        ok: Number(l.performance) >= l.noScript.performance - 5,
      });
    }
  }
  if (r.firstTap) rows.push(...firstTapBudgets(r.firstTap as FirstTap[]));
  return rows;
}

/** The text of every page as one JSON document, the way a lunr-style index ships it. */
function singleJsonIndex(routes: string[]): { raw: number; gzip: number } {
  const docs = routes.map((route) => {
    const html = fs.readFileSync(builtFileOf(BUILD, route), 'utf8');
    const main = /<main[^>]*>([\s\S]*)<\/main>/.exec(html)?.[1] ?? html;
    const title = /<title[^>]*>([^<]*)<\/title>/.exec(html)?.[1] ?? route;
    const text = main
      .replace(/<script[\s\S]*?<\/script>/g, ' ')
      .replace(/<[^>]+>/g, ' ')
      .replace(/\s+/g, ' ')
      .trim();
    return { route, title, text };
  });
  const buf = Buffer.from(JSON.stringify(docs));
  return { raw: buf.length, gzip: gz(buf) };
}

/**
 * Runs Lighthouse in a child process. It must not block: the site is served from this
 * process, so a synchronous spawn would leave every request unanswered.
 */
async function runLighthouse(url: string): Promise<Record<string, number | string>> {
  const res = await promisify(execFile)(
    'npx',
    [
      'lighthouse',
      url,
      '--quiet',
      '--output=json',
      '--form-factor=mobile',
      '--only-categories=performance,accessibility,best-practices,seo',
      // Lighthouse splits this string on spaces, so the resolver rule (which has spaces) stays out;
      // the page is on localhost and the other flags keep Chromium from calling home.
      `--chrome-flags=--headless=new ${CHROMIUM_ARGS.filter((a) => !a.startsWith('--host-resolver-rules')).join(' ')}`,
    ],
    {
      cwd: SITE,
      env: { ...process.env, CHROME_PATH: CHROMIUM },
      encoding: 'utf8',
      maxBuffer: 256 * 1024 * 1024,
      timeout: 180_000,
    },
  ).catch((err: { stderr?: string; message: string }) => ({
    stdout: '',
    stderr: err.stderr || err.message,
    failed: true,
  }));
  if ('failed' in res) return { error: res.stderr.split('\n').slice(-3).join(' ') };
  const lhr = JSON.parse(res.stdout);
  const score = (c: string) => Math.round((lhr.categories[c]?.score ?? 0) * 100);
  const ms = (a: string) => Math.round(lhr.audits[a]?.numericValue ?? 0);
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    fcpMs: ms('first-contentful-paint'),
    lcpMs: ms('largest-contentful-paint'),
    tbtMs: ms('total-blocking-time'),
    mainThreadMs: ms('mainthread-work-breakdown'),
    cls: Number((lhr.audits['cumulative-layout-shift']?.numericValue ?? 0).toFixed(3)),
  };
}

function printTables(r: Json): void {
  if (r.build) {
    console.log('\nBuild');
    console.table({
      cold: {
        seconds: r.build.cold.seconds,
        'peak memory MB': r.build.cold.peakMemoryMB,
        'search index s': r.build.cold.searchIndexSeconds,
      },
      warm: {
        seconds: r.build.warm.seconds,
        'peak memory MB': r.build.warm.peakMemoryMB,
        'search index s': r.build.warm.searchIndexSeconds,
      },
    });
  }
  console.log(`\nPages: ${r.pages.total} ${JSON.stringify(r.pages.byTemplate)}`);
  console.log(
    '\nFirst visit (empty cache) up to the load event and the app started, raw / gzip; then JS prefetched while idle',
  );
  console.table(
    Object.fromEntries(
      (r.firstVisit as Weight[]).map((w) => [
        `${w.template} ${w.route}`,
        {
          requests: w.requests,
          html: `${kb(w.bytes.html.raw)} / ${kb(w.bytes.html.gzip)}`,
          js: `${kb(w.bytes.js.raw)} / ${kb(w.bytes.js.gzip)}`,
          css: `${kb(w.bytes.css.raw)} / ${kb(w.bytes.css.gzip)}`,
          other: `${kb(w.bytes.other.raw)} / ${kb(w.bytes.other.gzip)}`,
          'prefetched js': `${kb(w.prefetchedJs.raw)} / ${kb(w.prefetchedJs.gzip)}`,
        },
      ]),
    ),
  );
  if (r.stock) {
    const [home, doc] = r.stock as Weight[];
    const ours = (r.firstVisit as Weight[]).filter((w) => w.route.startsWith('/docs'));
    const worstDocs = ours.reduce((a, b) => (b.bytes.js.gzip > a.bytes.js.gzip ? b : a), ours[0]);
    const landing = (r.firstVisit as Weight[]).find((w) => w.route === '/');
    console.log('\nStock Docusaurus (same packages, two pages) vs this site: first-visit JS, gzip');
    console.table({
      home: {
        stock: kb(home.bytes.js.gzip),
        ours: landing ? kb(landing.bytes.js.gzip) : '-',
        ratio: landing ? (landing.bytes.js.gzip / home.bytes.js.gzip).toFixed(2) : '-',
      },
      [`docs page (ours: heaviest, ${worstDocs?.template})`]: {
        stock: kb(doc.bytes.js.gzip),
        ours: worstDocs ? kb(worstDocs.bytes.js.gzip) : '-',
        ratio: worstDocs ? (worstDocs.bytes.js.gzip / doc.bytes.js.gzip).toFixed(2) : '-',
      },
    });
  }
  const cost = r.perPageCost;
  console.log(
    `\nOne more page costs every page ${cost.everyPage} B gzip and every docs page ${cost.everyDocsPage} B ` +
      `(sample of ${cost.sample} doc routes; entries found: ${JSON.stringify(cost.found)})`,
  );
  printSearch(r);
  if (r.appStart) {
    console.log('\nFirst action: press to app ready, phone viewport, CPU 4x slower, scripts prefetched (median)');
    console.table(
      Object.fromEntries(
        (r.appStart as AppStart[]).map((a) => [
          `${a.template} ${a.route}`,
          { 'ready ms': a.readyMs, 'long tasks ms': a.longTasksMs, 'longest task ms': a.longestTaskMs, runs: a.runs },
        ]),
      ),
    );
  }
  if (r.lighthouse) {
    console.log('\nLighthouse (mobile)');
    console.table(
      Object.fromEntries(
        (r.lighthouse as Record<string, unknown>[]).map(({ template, route, noScript: _, ...rest }) => [
          `${template} ${route}`,
          rest,
        ]),
      ),
    );
    // One run, one machine: this site, the same page without scripts, stock Docusaurus.
    const stockDocs = r.stockLighthouse?.docs as Json | undefined;
    const cell = (x: Json | undefined) =>
      x && typeof x.performance === 'number' ? `${x.performance} | TBT ${x.tbtMs} | main ${x.mainThreadMs}` : '—';
    console.log('\nSide by side (Lighthouse mobile score | total blocking time ms | main-thread work ms)');
    console.table(
      Object.fromEntries(
        (r.lighthouse as Json[]).map((l) => [
          `${l.template} ${l.route}`,
          { 'this site': cell(l), 'scripts removed': cell(l.noScript), 'stock docs page': cell(stockDocs) },
        ]),
      ),
    );
  }
  console.log('\nBudgets');
  console.table(
    Object.fromEntries(
      (r.budgets as BudgetRow[]).map(({ check, ...rest }) => [check, { ...rest, ok: rest.ok ? 'ok' : 'OVER' }]),
    ),
  );
}

/** The search tables: what a first query fetches, and each query set's ranking and latency. */
function printSearch(r: Json): void {
  console.log('\nSearch');
  console.table({
    'first query "patient" (Pagefind)': {
      requests: r.search.firstQuery.requests,
      raw: kb(r.search.firstQuery.raw),
      gzip: kb(r.search.firstQuery.gzip),
    },
    'Pagefind index on disk (all chunks)': { requests: '-', raw: kb(r.search.pagefindTotalOnDisk), gzip: '-' },
    'one JSON index of all page text': {
      requests: 1,
      raw: kb(r.search.singleJsonAlternative.raw),
      gzip: kb(r.search.singleJsonAlternative.gzip),
    },
  });
  console.log('\nSearch: reader queries (answering page in the top 1 / top 3; last key to results)');
  console.table(
    Object.fromEntries(
      Object.entries(r.search.quality as Record<string, QualitySummary>).map(([name, q]) => [
        name,
        {
          queries: q.queries,
          'top 1': `${(q.top1 * 100).toFixed(0)}%`,
          'top 3': `${(q.top3 * 100).toFixed(0)}%`,
          'p50 ms': q.p50ms,
          'p95 ms': q.p95ms,
          'p95 budget': q.p95ms <= 300 ? 'ok (≤300 ms)' : 'OVER 300 ms',
        },
      ]),
    ),
  );
}

function countBy(values: string[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const v of values) out[v] = (out[v] ?? 0) + 1;
  return out;
}

function sum(ns: number[]): number {
  return ns.reduce((a, b) => a + b, 0);
}

function dirSize(dir: string): number {
  if (!fs.existsSync(dir)) return 0;
  return fs.readdirSync(dir, { withFileTypes: true }).reduce((total, e) => {
    const p = path.join(dir, e.name);
    return total + (e.isDirectory() ? dirSize(p) : fs.statSync(p).size);
  }, 0);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
