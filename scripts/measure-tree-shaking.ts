/**
 * Measures how much of @medplum/react ends up in a production bundle when an app imports one
 * component versus the whole package (lib/measure-tree-shaking.ts), and prints a Markdown table
 * plus the packages that contributed the most bytes:
 *
 *   npx tsx scripts/measure-tree-shaking.ts
 */
import { measureAll } from '../lib/measure-tree-shaking';

function kib(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KiB`;
}

async function main(): Promise<void> {
  const rows = await measureAll();
  console.log('| entry | minified | minified + gzip | of which @medplum/react (minified) |');
  console.log('| --- | ---: | ---: | ---: |');
  for (const r of rows) {
    const own = r.byPackage.find(([pkg]) => pkg === '@medplum/react')?.[1] ?? 0;
    console.log(`| ${r.entry} | ${kib(r.minifiedBytes)} | ${kib(r.gzipBytes)} | ${kib(own)} |`);
  }
  console.log('\nLargest contributors (minified, before gzip):');
  for (const r of rows) {
    const top = r.byPackage
      .slice(0, 6)
      .map(([pkg, bytes]) => `${pkg} ${kib(bytes)}`)
      .join(', ');
    console.log(`- ${r.entry}: ${top}`);
  }
}

if (require.main === module) {
  main().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
