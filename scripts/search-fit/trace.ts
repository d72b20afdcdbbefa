/**
 * Step 1 of the byModel fit: the browser trace. For every spent query set (sealed sets,
 * SEALED_SETS, are skipped), runs each query through the panel's own ranking code
 * (loadedHits in src/components/Search/pagefind.ts, bundled from this checkout) against a built
 * site's Pagefind index in Chromium, and writes what the panel's last steps read of each of the
 * first ten results (title, headings, reader questions, summary, route, kind, excerpt, match
 * counts), with the routes that answer the query.
 *
 * usage: node scripts/node-options.mjs npx tsx scripts/search-fit/trace.ts <build dir> <trace.json>
 *   then: npx tsx scripts/search-fit/features.ts <trace.json> <features.json>
 *   then: python3 scripts/search-fit/fit.py <features.json>   (numpy, scipy; LOSO and the final weights)
 */
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS } from '../../lib/browser';
import { serveBuild } from '../../lib/serve-build';
import { QUERY_SETS, SEALED_SETS, acceptedRoutes, loadQuerySets } from '../../lib/search-quality';

async function main() {
  const [buildDir, out] = process.argv.slice(2);
  if (!buildDir || !out) throw new Error('usage: trace.ts <build dir> <trace.json>');
  const bundle = await build({
    entryPoints: [path.join(__dirname, 'trace-page.ts')],
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    target: 'es2020',
  });
  const server = await serveBuild(buildDir);
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
  try {
    // The site's Content-Security-Policy forbids inline scripts; the trace's own is added on top.
    const page = await (await browser.newContext({ bypassCSP: true })).newPage();
    await page.goto(`${server.origin}/docs`, { waitUntil: 'load' });
    await page.addScriptTag({ content: bundle.outputFiles[0].text });
    const sets = loadQuerySets();
    const res: Record<string, unknown[]> = {};
    for (const name of QUERY_SETS) {
      // A sealed held-out set is never read here: its queries are not even sent to the page.
      if (SEALED_SETS.includes(name)) continue;
      const queries = sets[name];
      const traced = (await page.evaluate(
        (terms) => (window as unknown as { searchTrace(t: string[]): Promise<unknown[]> }).searchTrace(terms),
        queries.map((q) => q.q.trim()),
      )) as { results: { route: string }[]; beyond: { route: string }[] }[];
      res[name] = traced.map((t, i) => {
        const accepted = acceptedRoutes(queries[i].expect);
        const answers = (rs: { route: string }[]) => rs.map((r) => accepted.includes(r.route));
        return { ...t, expect: queries[i].expect, answers: answers(t.results), beyondAnswers: answers(t.beyond) };
      });
      console.log(name, queries.length);
    }
    fs.writeFileSync(out, JSON.stringify(res));
  } finally {
    await browser.close();
    await server.close();
  }
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
