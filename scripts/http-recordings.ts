/**
 * Run by scripts/test-unit.sh after the unit tests: merges the HTTP recordings each example-test
 * process wrote and compares them with the stored `examples/<area>/<name>.http.json` files
 * (lib/http-recordings.ts).
 *
 *   tsx scripts/http-recordings.ts <dir the test processes wrote to>
 *
 * Fails, naming each region and its first difference, when a stored file is out of date.
 * With UPDATE_HTTP_RECORDINGS=1 it rewrites the stored files instead.
 */
import fs from 'node:fs';
import path from 'node:path';
import {
  compare,
  merge,
  REFRESH_COMMAND,
  serialize,
  storedFiles,
  updated,
  type ProcessOutput,
} from '../lib/http-recordings';
import { shownRegions } from '../plugins/markdown/remark-example-code/http-recordings';

const siteDir = path.resolve(__dirname, '..');

function main(): void {
  const dir = process.argv[2];
  if (!dir || !fs.existsSync(dir)) {
    console.error('usage: tsx scripts/http-recordings.ts <directory the test processes wrote their recordings to>');
    process.exit(2);
  }
  const outputs = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as ProcessOutput);
  const recorded = merge(outputs);
  const regions = [...recorded.values()].reduce((n, f) => n + Object.keys(f.regions).length, 0);
  if (process.env.UPDATE_HTTP_RECORDINGS === '1') {
    for (const rel of storedFiles()) if (!recorded.has(rel)) fs.rmSync(path.join(siteDir, rel));
    for (const [rel, file] of updated(recorded)) fs.writeFileSync(path.join(siteDir, rel), serialize(file));
    console.log(`HTTP recordings: wrote ${recorded.size} files, ${regions} regions`);
    return;
  }
  const problems = compare(recorded);
  if (problems.length) {
    console.error(
      `HTTP recordings are out of date (${problems.length} regions). Refresh them with: ${REFRESH_COMMAND}`,
    );
    for (const p of problems) console.error(`  ${p}`);
    process.exit(1);
  }
  const shown = shownRegions(siteDir).length;
  console.log(`HTTP recordings: ${regions} of ${shown} shown regions send requests; all stored recordings are current`);
}

if (require.main === module) main();
