/**
 * `npm run bench`: how fast the site builds and how light its pages are.
 *
 * Measures cold and warm build time and peak memory, the bytes (raw and gzip) a first visit to
 * each page template loads, the search-index bytes a first query fetches (next to what one
 * big JSON index of the same pages would weigh), and a Lighthouse mobile run per template.
 * Prints tables and writes .bench/results.json. Not part of `npm test`: timings vary by machine.
 *
 * Options: --skip-build (measure the existing build/), --skip-lighthouse.
 */
import { execFile, execFileSync, spawnSync } from 'node:child_process';
import { promisify } from 'node:util';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS, builtRoutes, templateOf } from '../tests/browser/helpers';
import { serveBuild } from './serve-build';
import { measureToolBytes, printToolBytes, type ToolBytes } from './tool-bytes';

const SITE = path.join(__dirname, '..');
const BUILD = path.join(SITE, 'build');
const OUT = path.join(SITE, '.bench');
const args = new Set(process.argv.slice(2));

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
  const env = { ...process.env, NODE_OPTIONS: '--experimental-websocket' };
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
  /** What the page needs: responses that arrived before the load event. */
  bytes: Record<'html' | 'js' | 'css' | 'other', { raw: number; gzip: number }>;
  /** JS fetched after load, while idle: Docusaurus prefetches pages linked in view. */
  prefetchedJs: { raw: number; gzip: number };
}

function kindOf(url: string, contentType: string): keyof Weight['bytes'] {
  if (contentType.includes('html')) return 'html';
  if (contentType.includes('javascript') || url.endsWith('.js')) return 'js';
  if (contentType.includes('css') || url.endsWith('.css')) return 'css';
  return 'other';
}

/** One representative route per template, with preferred examples where they exist. */
function templateRoutes(routes: string[]): Map<string, string> {
  const preferred = [
    '/docs/fhir-basics',
    '/docs/api/fhir/resources/patient',
    '/docs/sdk/core.medplumclient',
    '/docs/api/oauth/token',
  ];
  const map = new Map<string, string>();
  for (const r of preferred) if (routes.includes(r)) map.set(templateOf(r), r);
  for (const r of routes) if (!map.has(templateOf(r))) map.set(templateOf(r), r);
  return map;
}

async function main(): Promise<void> {
  fs.mkdirSync(OUT, { recursive: true });
  const results: Record<string, unknown> = { date: new Date().toISOString() };

  if (!args.has('--skip-build')) {
    console.log('[bench] cold build (docusaurus clear first)…');
    const cold = timedBuild(true);
    console.log('[bench] warm build (caches kept)…');
    const warm = timedBuild(false);
    results.build = { cold, warm };
  }

  const routes = builtRoutes(BUILD);
  results.pages = { total: routes.length, byTemplate: countBy(routes.map(templateOf)) };
  const server = await serveBuild(BUILD);
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });

  // Bytes a first visit loads: fresh context (empty cache) per template.
  const weights: Weight[] = [];
  for (const [template, route] of templateRoutes(routes)) {
    const context = await browser.newContext();
    const page = await context.newPage();
    type Item = [keyof Weight['bytes'], Buffer, boolean];
    const bodies: Promise<Item | undefined>[] = [];
    let loaded = false;
    page.once('load', () => (loaded = true));
    page.on('response', (res) => {
      const beforeLoad = !loaded;
      bodies.push(
        res
          .body()
          .then((b): Item => [kindOf(res.url(), res.headers()['content-type'] ?? ''), b, beforeLoad])
          .catch(() => undefined),
      );
    });
    await page.goto(server.origin + route, { waitUntil: 'networkidle' });
    const bytes: Weight['bytes'] = {
      html: { raw: 0, gzip: 0 },
      js: { raw: 0, gzip: 0 },
      css: { raw: 0, gzip: 0 },
      other: { raw: 0, gzip: 0 },
    };
    const prefetchedJs = { raw: 0, gzip: 0 };
    let requests = 0;
    for (const item of await Promise.all(bodies)) {
      if (!item) continue;
      const [kind, body, beforeLoad] = item;
      if (!beforeLoad) {
        if (kind === 'js') {
          prefetchedJs.raw += body.length;
          prefetchedJs.gzip += gz(body);
        }
        continue;
      }
      requests++;
      bytes[kind].raw += body.length;
      bytes[kind].gzip += gz(body);
    }
    weights.push({ template, route, requests, bytes, prefetchedJs });
    await context.close();
  }
  results.firstVisit = weights;
  // The FHIR tools fetch their code and definitions after load: measured on their own.
  results.tools = await measureToolBytes(browser, server.origin);

  // Search: what the first query fetches, versus one JSON index holding every page's text.
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${server.origin}/docs`, { waitUntil: 'networkidle' });
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
  await context.close();
  const single = singleJsonIndex(routes);
  results.search = {
    firstQuery: {
      requests: searchBodies.length,
      raw: sum(searchBodies.map((b) => b.length)),
      gzip: sum(searchBodies.map(gz)),
    },
    pagefindTotalOnDisk: dirSize(path.join(BUILD, 'pagefind')),
    singleJsonAlternative: single,
  };
  await browser.close();

  if (!args.has('--skip-lighthouse')) {
    const lighthouse: Record<string, unknown>[] = [];
    for (const [template, route] of templateRoutes(routes)) {
      console.log(`[bench] lighthouse ${route}…`);
      lighthouse.push({ template, route, ...(await runLighthouse(server.origin + route)) });
    }
    results.lighthouse = lighthouse;
  }
  await server.close();

  fs.writeFileSync(path.join(OUT, 'results.json'), JSON.stringify(results, null, 2));
  printTables(results);
  printToolBytes(results.tools as ToolBytes[]);
  console.log(`\n[bench] wrote ${path.relative(SITE, path.join(OUT, 'results.json'))}`);
}

/** The text of every page as one JSON document, the way a lunr-style index ships it. */
function singleJsonIndex(routes: string[]): { raw: number; gzip: number } {
  const docs = routes.map((route) => {
    const file = [path.join(BUILD, route, 'index.html'), path.join(BUILD, `${route}.html`)].find((f) =>
      fs.existsSync(f),
    );
    const html = file ? fs.readFileSync(file, 'utf8') : '';
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
    cls: Number((lhr.audits['cumulative-layout-shift']?.numericValue ?? 0).toFixed(3)),
  };
}

function printTables(r: Record<string, any>): void {
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
  console.log('\nFirst visit (empty cache) up to the load event, raw / gzip; then JS prefetched while idle');
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
  if (r.lighthouse) {
    console.log('\nLighthouse (mobile)');
    console.table(
      Object.fromEntries(
        (r.lighthouse as Record<string, unknown>[]).map(({ template, route, ...rest }) => [
          `${template} ${route}`,
          rest,
        ]),
      ),
    );
  }
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
