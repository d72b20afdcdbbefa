/**
 * Checks, or with --write rewrites, the list in CONTRIBUTING.md of example regions that do not run
 * against a real server, from scripts/verify-server/not-verified.json (lib/verify-server/not-verified-list.ts):
 *
 *   npx tsx scripts/verify-server/not-verified-list.ts [--write]
 */
import fs from 'node:fs';
import path from 'node:path';
import { readNotVerified, withList } from '../../lib/verify-server/not-verified-list';

const siteDir = path.resolve(__dirname, '../..');

const file = path.join(siteDir, 'CONTRIBUTING.md');
const current = fs.readFileSync(file, 'utf8');
const next = withList(current, readNotVerified());
if (process.argv.includes('--write')) fs.writeFileSync(file, next);
else if (next !== current) {
  console.error('CONTRIBUTING.md: the not-verified list is out of date; run with --write');
  process.exit(1);
}
