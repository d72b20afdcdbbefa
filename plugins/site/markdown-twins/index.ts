/**
 * Markdown for coding assistants: a twin of every page at `<route>.md` (converted from the built
 * HTML by @signalwire/docusaurus-plugin-llms-txt), then /llms.txt and /llms-full.txt written from
 * the sidebars. The maintained plugin is wrapped rather than listed beside this one because
 * Docusaurus runs postBuild hooks in parallel: the llms files need the twins on disk first.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { LoadContext, Plugin } from '@docusaurus/types';
import llmsTxtPlugin from '@signalwire/docusaurus-plugin-llms-txt';
import { renderLlmsFullTxt, renderLlmsTxt, type SiteSummary } from './llms-files';
import { llmsTxtOptions } from './options';
import { buildOutline, isGenerated, type LoadedDocs } from './structure';

const SITE: SiteSummary = {
  title: 'Medplum Docs',
  summary:
    'Guides and reference for Medplum, the open-source healthcare data platform built on FHIR R4: ' +
    'datastore and search, auth and access control, bots and subscriptions, integrations and self-hosting.',
  details:
    'Every link below is the Markdown twin of an HTML page (drop the `.md` for the HTML). Generated ' +
    'reference (FHIR resources and datatypes, the TypeScript SDK, React components) is listed by its ' +
    'index pages; each of their pages has a twin too. The docs cover the 5.2 release of the @medplum packages.',
};

/** Sidebar ids and the section title their top-level pages are listed under. */
const SIDEBARS = { guide: 'Start here', api: 'API reference' };

export default function markdownTwins(context: LoadContext): Plugin {
  const inner = llmsTxtPlugin(context, llmsTxtOptions(context.siteConfig.url, context.siteConfig.baseUrl)) as Plugin;
  let loaded: LoadedDocs | undefined;
  return {
    name: 'markdown-twins',
    // `@theme/PageMarkdownActions`: the page's "Copy page" and "View as Markdown" links to its twin.
    getThemePath() {
      return path.join(__dirname, 'theme');
    },
    async allContentLoaded({ allContent }) {
      const docsContent = allContent['docusaurus-plugin-content-docs']?.default as
        | { loadedVersions: LoadedDocs[] }
        | undefined;
      loaded = docsContent?.loadedVersions[0];
    },
    async postBuild(props) {
      await inner.postBuild?.(props);
      if (!loaded) throw new Error('markdown-twins: the docs plugin loaded no content');
      const docsByPermalink = new Map(loaded.docs.map((doc) => [doc.permalink, doc.id]));
      const outline = buildOutline(loaded, SIDEBARS);
      const handWritten = (permalink: string) => !isGenerated(docsByPermalink.get(permalink) ?? '');
      // Absolute links only for a build given its public address (SITE_URL, see customFields).
      const at = {
        baseUrl: context.siteConfig.baseUrl,
        siteUrl: context.siteConfig.customFields?.hasSiteUrl === true ? context.siteConfig.url : undefined,
      };
      fs.writeFileSync(path.join(props.outDir, 'llms.txt'), renderLlmsTxt(SITE, outline, at));
      fs.writeFileSync(
        path.join(props.outDir, 'llms-full.txt'),
        renderLlmsFullTxt(SITE, outline, props.outDir, handWritten, at),
      );
    },
    extendCli: inner.extendCli,
  };
}
