/**
 * The page's table of contents in the right-hand column. The theme's layout renders it on the
 * server and while hydrating, then drops it on a narrow screen, where CSS hides that column: a
 * phone hydrated every entry (135 on the MedplumClient page) and attached its scroll tracking for
 * nothing. Here hydration adopts the server's list (src/components/ServerHtml); the live, highlighted
 * one renders once the layout keeps it, on a wide screen.
 */
import React from 'react';
import { useWindowSize } from '@docusaurus/theme-common';
import DocItemTOCDesktop from '@theme-original/DocItem/TOC/Desktop';
import { ServerHtml, useAdoptingServerHtml } from '@site/src/components/ServerHtml';

export default function DocItemTOCDesktopAdopted(): React.JSX.Element {
  const windowSize = useWindowSize();
  const adopting = useAdoptingServerHtml();
  if (windowSize === 'ssr' && adopting) {
    return (
      <ServerHtml key="adopted" className="adopted-html">
        <DocItemTOCDesktop />
      </ServerHtml>
    );
  }
  return <DocItemTOCDesktop key="live" />;
}
