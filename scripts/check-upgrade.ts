/**
 * `npm run check-upgrade`: fails, naming each patch to re-read, when an installed upstream file
 * that a patch was written against has changed (see patches/README.md and lib/upstream-patches.ts).
 *
 *   npm run check-upgrade                      # check
 *   npm run check-upgrade -- --accept a,b      # after re-reading patches a and b: record their files
 *   npm run check-upgrade -- --manifest <file> # check another manifest (the unit test's)
 */
import fs from 'node:fs';
import path from 'node:path';
import {
  MANIFEST_FILE,
  accept,
  checkPatches,
  formatStale,
  readInstalled,
  type Manifest,
} from '../lib/upstream-patches';

const SITE = path.resolve(__dirname, '..');
const manifestAt = process.argv.indexOf('--manifest');
const manifestPath = manifestAt === -1 ? path.join(SITE, MANIFEST_FILE) : path.resolve(process.argv[manifestAt + 1]);
const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as Manifest;
const read = (file: string) => readInstalled(SITE, file);

const acceptAt = process.argv.indexOf('--accept');
if (acceptAt !== -1) {
  const ids = new Set((process.argv[acceptAt + 1] ?? '').split(',').filter(Boolean));
  if (ids.size === 0) {
    console.error('usage: npm run check-upgrade -- --accept <id>[,<id>...] (or all)');
    process.exit(2);
  }
  fs.writeFileSync(manifestPath, `${JSON.stringify(accept(manifest, ids, read), null, 2)}\n`);
  console.log(`${MANIFEST_FILE}: recorded the installed files of ${[...ids].join(', ')}`);
}

const current = JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as Manifest;
const stale = checkPatches(current, read, (ours) => fs.existsSync(path.join(SITE, ours)));
if (stale.length > 0) {
  console.error(formatStale(stale));
  process.exit(1);
}
console.log(`check-upgrade: ${current.patches.length} patches match the installed upstream files`);
