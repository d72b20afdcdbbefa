/**
 * Site-wide <head> tags. Replaces the classic theme's version for two reasons:
 * - Absolute URLs (canonical link, og:url, og:image) are written only when the build was given
 *   a real address in SITE_URL (`customFields.hasSiteUrl`); without one, the placeholder address
 *   would be published as the canonical home of every page.
 * - The site has one locale, so no hreflang alternates: they would only repeat the canonical URL
 *   on every page.
 */
import React, { type JSX } from 'react';
import Head from '@docusaurus/Head';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import useBaseUrl from '@docusaurus/useBaseUrl';
import { useLocation } from '@docusaurus/router';
import { PageMetadata, useThemeConfig } from '@docusaurus/theme-common';
import { DEFAULT_SEARCH_TAG } from '@docusaurus/theme-common/internal';
import SearchMetadata from '@theme/SearchMetadata';

function CanonicalUrl(): JSX.Element {
  const { siteConfig } = useDocusaurusContext();
  const path = useBaseUrl(useLocation().pathname);
  const url = `${siteConfig.url}${path}`;
  return (
    <Head>
      <meta property="og:url" content={url} />
      <link rel="canonical" href={url} />
    </Head>
  );
}

export default function SiteMetadata(): JSX.Element {
  const {
    siteConfig: { customFields },
    i18n: { currentLocale },
  } = useDocusaurusContext();
  const { metadata, image } = useThemeConfig();
  const absolute = customFields?.hasSiteUrl === true;
  return (
    <>
      <Head>
        <meta name="twitter:card" content="summary_large_image" />
        <body />
      </Head>
      {absolute && image && <PageMetadata image={image} />}
      {absolute && <CanonicalUrl />}
      <SearchMetadata tag={DEFAULT_SEARCH_TAG} locale={currentLocale} />
      {/* A Head of its own, so page-level tags of the same name replace these. */}
      <Head>
        {metadata.map((tag, i) => (
          <meta key={i} {...tag} />
        ))}
      </Head>
    </>
  );
}
