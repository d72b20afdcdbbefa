/**
 * How long the FHIR tools block the page's main thread on hostile links (lib/tool-blocking.ts),
 * alone against an existing build (`npm run bench` measures it too):
 *
 *   node scripts/node-options.mjs npx tsx scripts/tool-blocking.ts
 */
import { measureToolBlocking, printToolBlocking } from '../lib/tool-blocking';
import { runAgainstBuild } from './run-against-build';

runAgainstBuild(async (browser, origin) => printToolBlocking(await measureToolBlocking(browser, origin)));
