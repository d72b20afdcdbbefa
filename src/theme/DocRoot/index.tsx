import React, { useMemo, type ComponentProps } from 'react';
import DocRoot from '@theme-original/DocRoot';
import { DocsVersionProvider, useDocsVersion } from '@docusaurus/plugin-content-docs/client';
import type { PropSidebars } from '@docusaurus/plugin-content-docs';

type Props = ComponentProps<typeof DocRoot> & { sidebars?: PropSidebars };

/**
 * The theme's DocRoot, given the sidebars of its own route. plugins/bundle/docs-slim ships each
 * sidebar with the pages that show it (a route prop) instead of in the version metadata every
 * docs page loads; the theme reads sidebars from the version, so they are put back there.
 */
export default function DocRootWithSidebars({ sidebars, ...props }: Props): React.JSX.Element {
  const version = useDocsVersion();
  const withSidebars = useMemo(
    () => (sidebars ? { ...version, docsSidebars: { ...version.docsSidebars, ...sidebars } } : version),
    [version, sidebars],
  );
  return (
    <DocsVersionProvider version={withSidebars}>
      <DocRoot {...props} />
    </DocsVersionProvider>
  );
}
