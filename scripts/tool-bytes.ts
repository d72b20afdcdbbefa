/**
 * Bytes the in-browser FHIR tools (docs/tools) download, split into the page's first load (up to
 * the load event), the tool itself (code and @medplum/core, fetched after the page is
 * interactive) and the definitions a first use fetches (shared datatypes plus one resource type).
 *
 * Used by `npm run bench`; also runs alone against an existing build:
 *   NODE_OPTIONS=--experimental-websocket npx tsx scripts/tool-bytes.ts
 */
import zlib from 'node:zlib';
import type { Browser } from 'playwright-core';
import { runAgainstBuild } from './run-against-build';

export interface ToolBytes {
  route: string;
  /** HTML, JS and CSS before the load event (gzip). */
  page: number;
  /** The tool's code, @medplum/core included, fetched after load (gzip). */
  tool: number;
  /** Definitions fetched for the first resource type (gzip). */
  definitions: number;
  /** Names of the definition files fetched, to show what "per type" means. */
  definitionChunks: string[];
}

/** Tool pages and the element that says the tool has finished its first run. */
export const TOOL_PAGES: [string, string][] = [
  ['/docs/tools/fhirpath', '[data-tool="fhirpath"] .fhir-tool[data-ready]'],
  ['/docs/tools/validator', '[data-tool="validator"] .fhir-tool[data-state="done"]'],
  ['/docs/tools/search-builder', '[data-tool="search-builder"] .fhir-tool[data-ready]'],
  // A guide page without a tool, for comparison: its first load should match the tool pages'.
  ['/docs/search', 'main h1'],
];

const gz = (b: Buffer) => zlib.gzipSync(b, { level: 9 }).length;

export async function measureToolBytes(browser: Browser, origin: string): Promise<ToolBytes[]> {
  const out: ToolBytes[] = [];
  for (const [route, ready] of TOOL_PAGES) {
    const context = await browser.newContext();
    const page = await context.newPage();
    let loaded = false;
    page.once('load', () => (loaded = true));
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
      const beforeLoad = !loaded;
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
    await page.locator(ready).waitFor({ timeout: 30_000 });
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
  console.log('\nFHIR tools (gzip): page first load | tool code after load | definitions on first use');
  for (const r of rows) {
    console.log(
      `  ${r.route.padEnd(28)} ${kb(r.page).padStart(9)} | ${kb(r.tool).padStart(9)} | ${kb(r.definitions).padStart(9)}  (${r.definitionChunks.join(', ')})`,
    );
  }
}

if (require.main === module) {
  runAgainstBuild(async (browser, origin) => printToolBytes(await measureToolBytes(browser, origin)));
}
