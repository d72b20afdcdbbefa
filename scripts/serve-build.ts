/**
 * `npm run serve` (tsx scripts/serve-build.ts [buildDir]): serves build/ on PORT (3000) under
 * BASE_URL, the way a static host does (lib/serve-build.ts); without BASE_URL, under the base the
 * build was made for.
 */
import path from 'node:path';
import { serveBuild } from '../lib/serve-build';
import { normalizeBaseUrl } from '../site.settings';

const buildDir = path.resolve(process.argv[2] ?? path.join(__dirname, '..', 'build'));
const port = Number(process.env.PORT ?? 3000);
if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT=${process.env.PORT}: not a port number`);
const baseUrl = process.env.BASE_URL ? normalizeBaseUrl(process.env.BASE_URL) : undefined;
void serveBuild(buildDir, port, { baseUrl, host: process.env.HOST ?? 'localhost' }).then((s) => {
  console.log(`Serving ${path.relative(process.cwd(), buildDir) || '.'} at ${s.origin}${s.baseUrl}`);
});
