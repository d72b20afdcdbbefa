/**
 * Writes /llms.txt (the llmstxt.org index) and /llms-full.txt (every hand-written page in
 * sidebar order) from the outline and the Markdown twins already written to the build folder.
 */
import fs from 'node:fs';
import path from 'node:path';
import { markdownPath } from './paths';
import type { OutlineSection } from './structure';

export interface SiteSummary {
  title: string;
  summary: string;
  details: string;
}

export function renderLlmsTxt(site: SiteSummary, sections: OutlineSection[]): string {
  const lines = [`# ${site.title}`, '', `> ${site.summary}`, '', site.details, ''];
  for (const section of sections) {
    lines.push(`## ${section.title}`, '');
    for (const page of section.pages) {
      const description = page.description ? `: ${page.description}` : '';
      lines.push(`- [${page.title}](${markdownPath(page.permalink)})${description}`);
    }
    lines.push('');
  }
  return lines.join('\n');
}

/**
 * The full text of every page llms.txt lists, except generated family index pages, in the same
 * order. A listed page without a twin fails the build: it would silently be missing otherwise.
 */
export function renderLlmsFullTxt(
  site: SiteSummary,
  sections: OutlineSection[],
  outDir: string,
  isHandWritten: (permalink: string) => boolean,
): string {
  const parts = [`# ${site.title}`, '', `> ${site.summary}`, ''];
  const seen = new Set<string>();
  for (const section of sections) {
    for (const page of section.pages) {
      if (!isHandWritten(page.permalink) || seen.has(page.permalink)) continue;
      seen.add(page.permalink);
      const file = path.join(outDir, markdownPath(page.permalink));
      if (!fs.existsSync(file)) {
        throw new Error(`llms-full.txt: no Markdown twin at ${path.relative(outDir, file)} for ${page.permalink}`);
      }
      parts.push('---', '', `Source: ${markdownPath(page.permalink)}`, '', fs.readFileSync(file, 'utf8').trim(), '');
    }
  }
  return parts.join('\n');
}
