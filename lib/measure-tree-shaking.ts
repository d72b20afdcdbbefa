/**
 * Measures how much of @medplum/react ends up in a production bundle when an app imports one
 * component versus the whole package.
 *
 *   npx tsx scripts/measure-tree-shaking.ts
 *
 * Bundles each entry under examples/ui-components/tree-shaking/ with esbuild the way an app
 * bundler would (ESM, browser, minified, NODE_ENV=production, every dependency bundled in),
 * gzips the JavaScript in memory, and prints a Markdown table plus the packages that contributed
 * the most bytes (from esbuild's metafile). CSS is not counted: @medplum/react's stylesheet is a
 * separate import (`@medplum/react/styles.css`).
 */
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

const siteDir = path.resolve(__dirname, '..');
const entryDir = path.join(siteDir, 'examples/ui-components/tree-shaking');

const entries = [
  { label: 'one component (HumanNameDisplay)', file: 'one-component.tsx' },
  { label: 'everything (import * as)', file: 'everything.tsx' },
];

export interface Measurement {
  entry: string;
  minifiedBytes: number;
  gzipBytes: number;
  /** Minified bytes each package contributed to the output, largest first. */
  byPackage: [string, number][];
}

/** "node_modules/@scope/name/..." -> "@scope/name"; anything else -> "(app code)". */
function packageOf(input: string): string {
  const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input);
  return match ? match[1] : '(app code)';
}

async function measure(file: string): Promise<Omit<Measurement, 'entry'>> {
  const result = await build({
    entryPoints: [path.join(entryDir, file)],
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
    // Only JavaScript is measured; stylesheets are imported separately by apps.
    loader: { '.css': 'empty' },
    write: false,
    metafile: true,
    outdir: path.join(siteDir, 'build/tree-shaking'),
    logLevel: 'error',
  });
  const js = result.outputFiles.filter((f) => f.path.endsWith('.js'));
  const bytes = Buffer.concat(js.map((f) => Buffer.from(f.contents)));
  const totals = new Map<string, number>();
  for (const output of Object.values(result.metafile.outputs)) {
    for (const [input, info] of Object.entries(output.inputs)) {
      const pkg = packageOf(input);
      totals.set(pkg, (totals.get(pkg) ?? 0) + info.bytesInOutput);
    }
  }
  const byPackage = [...totals.entries()].sort((a, b) => b[1] - a[1]);
  return { minifiedBytes: bytes.length, gzipBytes: gzipSync(bytes, { level: 9 }).length, byPackage };
}

export async function measureAll(): Promise<Measurement[]> {
  const rows: Measurement[] = [];
  for (const entry of entries) {
    rows.push({ entry: entry.label, ...(await measure(entry.file)) });
  }
  return rows;
}
