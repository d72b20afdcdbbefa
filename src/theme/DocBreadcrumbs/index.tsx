import React from 'react';
import DocBreadcrumbs from '@theme-original/DocBreadcrumbs';
import type DocBreadcrumbsType from '@theme/DocBreadcrumbs';
import type { WrapperProps } from '@docusaurus/types';
import PageMarkdownActions from '@theme/PageMarkdownActions';

type Props = WrapperProps<typeof DocBreadcrumbsType>;

/** The doc page header: breadcrumbs, then the page's Markdown actions. */
export default function DocBreadcrumbsWrapper(props: Props): React.JSX.Element {
  return (
    <>
      <DocBreadcrumbs {...props} />
      <PageMarkdownActions />
    </>
  );
}
