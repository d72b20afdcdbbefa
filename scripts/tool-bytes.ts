/**
 * Bytes the in-browser FHIR tools (docs/tools) download, split into what the page needs to be
 * live (its HTML, CSS and app, the tool's form included, up to the app being ready after the
 * reader's first action), the engine (the worker with @medplum/core, fetched on the reader's
 * first edit: the sample's result is in the built page) and the definitions that edit fetches
 * (shared datatypes plus one resource type).
 *
 * Used by `npm run bench`; also runs alone against an existing build:
 *   node scripts/node-options.mjs npx tsx scripts/tool-bytes.ts
 */
import zlib from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { startApp } from '../lib/browser';
import { runAgainstBuild } from './run-against-build';

export interface ToolBytes {
  route: string;
  /** HTML, JS and CSS until the page's app is ready (gzip). */
  page: number;
  /** The engine worker's code, @medplum/core included, fetched on the first edit (gzip). */
  tool: number;
  /** Definitions fetched for the first resource type (gzip). */
  definitions: number;
  /** Names of the definition files fetched, to show what "per type" means. */
  definitionChunks: string[];
}

/** Tool pages and a first edit, which resolves once the tool has answered it. */
export const TOOL_PAGES: [string, ((page: Page) => Promise<void>) | undefined][] = [
  [
    '/docs/tools/fhirpath',
    async (page) => {
      await page.getByLabel('Expression', { exact: true }).fill('name.family');
      await page.getByTestId('fhirpath-result').filter({ hasText: 'Chalmers' }).waitFor({ timeout: 30_000 });
    },
  ],
  [
    '/docs/tools/validator',
    async (page) => {
      await page.getByLabel('Resource', { exact: true }).fill('{"resourceType": "Observation", "status": "final"}');
      await page.getByTestId('validator-issues').filter({ hasText: 'Observation.code' }).waitFor({ timeout: 30_000 });
    },
  ],
  [
    '/docs/tools/search-builder',
    async (page) => {
      await page.getByLabel('Resource type').selectOption('Observation');
      await page.locator('.fhir-tool[data-ready]').waitFor({ timeout: 30_000 });
    },
  ],
  // A guide page without a tool, for comparison: what it needs should match the tool pages'.
  ['/docs/search', undefined],
];

const gz = (b: Buffer) => zlib.gzipSync(b, { level: 9 }).length;

export async function measureToolBytes(browser: Browser, origin: string): Promise<ToolBytes[]> {
  const out: ToolBytes[] = [];
  for (const [route, edit] of TOOL_PAGES) {
    const context = await browser.newContext();
    const page = await context.newPage();
    let live = false;
    const bodies: Promise<[string, boolean, number, string] | undefined>[] = [];
    // The FHIRPath and validator engines run in a worker. Its script arrives as "script", but the
    // chunks it pulls in with importScripts arrive as "other", like prefetches of linked pages;
    // a prefetch says so in its request headers, a worker's import does not.
    const fromWorker = new Set<string>();
    page.on('request', (req) => {
      const headers = req.headers();
      const prefetch = /prefetch/i.test(`${headers['sec-purpose'] ?? ''} ${headers.purpose ?? ''}`);
      if (req.resourceType() === 'other' && /\.js$/.test(req.url()) && !prefetch) fromWorker.add(req.url());
    });
    page.on('response', (res) => {
      const beforeLoad = !live;
      // Prefetches of linked pages arrive as "other", dynamic imports as "script".
      const kind = res.request().resourceType();
      bodies.push(
        res
          .body()
          .then((b): [string, boolean, number, string] => [res.url(), beforeLoad, gz(b), kind])
          .catch(() => undefined),
      );
    });
    await page.goto(origin + route, { waitUntil: 'load' });
    await startApp(page);
    await page.waitForLoadState('networkidle');
    live = true;
    if (edit) await edit(page);
    await page.waitForLoadState('networkidle');
    const result: ToolBytes = { route, page: 0, tool: 0, definitions: 0, definitionChunks: [] };
    for (const item of await Promise.all(bodies)) {
      if (!item) continue;
      const [url, beforeLoad, size, kind] = item;
      const name = url.slice(url.lastIndexOf('/') + 1);
      if (beforeLoad) result.page += size;
      else if (url.includes('/fhir-tools/')) {
        result.definitions += size;
        result.definitionChunks.push(name);
      } else if (kind === 'script' || fromWorker.has(url)) result.tool += size;
    }
    out.push(result);
    await context.close();
  }
  return out;
}

export function printToolBytes(rows: ToolBytes[]): void {
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  console.log('\nFHIR tools (gzip): page until live | engine on first edit | definitions on first edit');
  for (const r of rows) {
    console.log(
      `  ${r.route.padEnd(28)} ${kb(r.page).padStart(9)} | ${kb(r.tool).padStart(9)} | ${kb(r.definitions).padStart(9)}  (${r.definitionChunks.join(', ')})`,
    );
  }
}

if (require.main === module) {
  runAgainstBuild(async (browser, origin) => printToolBytes(await measureToolBytes(browser, origin)));
}
