/**
 * CONTRIBUTING lists every example region that does not run against a real server, with its
 * reason, from scripts/verify-server/not-verified.json (the file run-examples.ts keeps true). This
 * renders that list between two marker comments; `npx tsx scripts/verify-server/not-verified-list.ts
 * --write` rewrites it after the JSON changed, and tests/unit/verify-server.test.ts fails while the
 * two disagree.
 */
import fs from 'node:fs';
import path from 'node:path';

export const BEGIN = '<!-- not-verified list: generated from scripts/verify-server/not-verified.json -->';
export const END = '<!-- end of not-verified list -->';

const siteDir = path.resolve(__dirname, '../..');

/** The Markdown list: regions grouped by example file, each with its reason. */
export function renderNotVerified(list: Record<string, string>): string {
  const byFile = new Map<string, [string, string][]>();
  for (const [key, reason] of Object.entries(list).sort(([a], [b]) => a.localeCompare(b, 'en'))) {
    const [file, region] = key.split('#');
    byFile.set(file, [...(byFile.get(file) ?? []), [region, reason]]);
  }
  const lines = [BEGIN, ''];
  for (const [file, regions] of byFile) {
    lines.push(`- \`${file}\``);
    for (const [region, reason] of regions) lines.push(`  - \`${region}\`: ${reason}`);
  }
  lines.push('', END);
  return lines.join('\n');
}

/** CONTRIBUTING's text with the list between the markers replaced by `list`'s rendering. */
export function withList(contributing: string, list: Record<string, string>): string {
  const start = contributing.indexOf(BEGIN);
  const end = contributing.indexOf(END);
  if (start < 0 || end < start) throw new Error(`CONTRIBUTING.md: the markers ${BEGIN} … ${END} are missing`);
  return contributing.slice(0, start) + renderNotVerified(list) + contributing.slice(end + END.length);
}

export function readNotVerified(): Record<string, string> {
  return JSON.parse(fs.readFileSync(path.join(siteDir, 'scripts/verify-server/not-verified.json'), 'utf8'));
}
