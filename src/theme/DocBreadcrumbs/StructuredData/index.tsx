/**
 * Breadcrumb structured data names each crumb by its absolute URL. Without a real SITE_URL
 * (`customFields.hasSiteUrl`) that URL would be the build's placeholder, so nothing is written.
 */
import React, { type JSX } from 'react';
import StructuredData from '@theme-original/DocBreadcrumbs/StructuredData';
import type StructuredDataType from '@theme/DocBreadcrumbs/StructuredData';
import type { WrapperProps } from '@docusaurus/types';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';

type Props = WrapperProps<typeof StructuredDataType>;

export default function StructuredDataWrapper(props: Props): JSX.Element | null {
  const { siteConfig } = useDocusaurusContext();
  return siteConfig.customFields?.hasSiteUrl === true ? <StructuredData {...props} /> : null;
}
