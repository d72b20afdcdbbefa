/**
 * Writes /llms.txt (the llmstxt.org index) and /llms-full.txt (every hand-written page in
 * sidebar order) from the outline and the Markdown twins already written to the build folder.
 */
import fs from 'node:fs';
import path from 'node:path';
import { markdownFile, markdownPath } from './paths';
import type { OutlineSection } from './structure';

export interface SiteSummary {
  title: string;
  summary: string;
  details: string;
}

/**
 * Where the site is served: the base URL every permalink starts with, and the public origin
 * (SITE_URL) when the build was given one. Links in the llms files are then absolute
 * (`https://docs.example.org/medplum-docs/docs/x.md`); without an origin they are site-relative
 * and keep the base (`/medplum-docs/docs/x.md`).
 */
export interface SiteAddress {
  baseUrl: string;
  siteUrl?: string;
}

const ROOT: SiteAddress = { baseUrl: '/' };

const twinUrl = (permalink: string, at: SiteAddress) => `${at.siteUrl ?? ''}${markdownPath(permalink, at.baseUrl)}`;

export function renderLlmsTxt(site: SiteSummary, sections: OutlineSection[], at: SiteAddress = ROOT): string {
  const lines = [`# ${site.title}`, '', `> ${site.summary}`, '', site.details, ''];
  for (const section of sections) {
    lines.push(`## ${section.title}`, '');
    for (const page of section.pages) {
      const description = page.description ? `: ${page.description}` : '';
      lines.push(`- [${page.title}](${twinUrl(page.permalink, at)})${description}`);
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
  at: SiteAddress = ROOT,
): string {
  const parts = [`# ${site.title}`, '', `> ${site.summary}`, ''];
  const seen = new Set<string>();
  for (const section of sections) {
    for (const page of section.pages) {
      if (!isHandWritten(page.permalink) || seen.has(page.permalink)) continue;
      seen.add(page.permalink);
      const file = path.join(outDir, markdownFile(page.permalink, at.baseUrl));
      if (!fs.existsSync(file)) {
        throw new Error(`llms-full.txt: no Markdown twin at ${path.relative(outDir, file)} for ${page.permalink}`);
      }
      parts.push('---', '', `Source: ${twinUrl(page.permalink, at)}`, '', fs.readFileSync(file, 'utf8').trim(), '');
    }
  }
  return parts.join('\n');
}
