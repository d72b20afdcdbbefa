/**
 * Writes `robots.txt` into the build: every page may be crawled, and, for a build given its
 * public address (SITE_URL), where the sitemap is (`Sitemap: <SITE_URL><base>sitemap.xml`).
 * Without SITE_URL there is no sitemap (see docusaurus.config.ts), so no Sitemap line.
 *
 * Crawlers read robots.txt only at the root of a host. A site under a path
 * (`/medplum-docs/robots.txt`) ships it for the host's own robots.txt to take the lines from.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { LoadContext, Plugin } from '@docusaurus/types';

export function renderRobotsTxt(site: { siteUrl?: string; baseUrl: string }): string {
  const lines = ['User-agent: *', `Allow: ${site.baseUrl}`];
  if (site.siteUrl) lines.push('', `Sitemap: ${site.siteUrl}${site.baseUrl}sitemap.xml`);
  return `${lines.join('\n')}\n`;
}

export default function robotsTxt(context: LoadContext): Plugin {
  return {
    name: 'robots-txt',
    async postBuild({ outDir }) {
      const siteUrl = context.siteConfig.customFields?.hasSiteUrl === true ? context.siteConfig.url : undefined;
      fs.writeFileSync(
        path.join(outDir, 'robots.txt'),
        renderRobotsTxt({ siteUrl, baseUrl: context.siteConfig.baseUrl }),
      );
    },
  };
}
