/**
 * The docs sidebar, without hydrating the desktop sidebar on a phone.
 *
 * The theme renders the desktop sidebar on the server (it must be in the HTML for wide screens)
 * and hydrates it everywhere, then, on a narrow screen, unmounts it (CSS already hid it) and
 * registers the mobile menu instead: a phone's CPU walked every sidebar link (about 220 elements on
 * a guide, 500 in the reference) for nothing. Here the first render in the browser adopts the
 * server's sidebar as it is (src/components/ServerHtml), and only once the window size is known does
 * React render what that size needs: the live desktop sidebar on a wide screen, the drawer's menu
 * on a narrow one. Later mounts (client-side navigation) know the size at once.
 */
import React, { type ComponentProps } from 'react';
import { useWindowSize } from '@docusaurus/theme-common';
import DocSidebarDesktop from '@theme/DocSidebar/Desktop';
import DocSidebarMobile from '@theme/DocSidebar/Mobile';
import { ServerHtml, useAdoptingServerHtml } from '@site/src/components/ServerHtml';

type Props = ComponentProps<typeof DocSidebarDesktop>;

/** Infima's breakpoint, as in the theme's useWindowSize. */
const DESKTOP_MIN_WIDTH = 997;

export default function DocSidebar(props: Props): React.JSX.Element {
  const windowSize = useWindowSize();
  const adopting = useAdoptingServerHtml();
  if (windowSize === 'ssr' && adopting) {
    return (
      <ServerHtml key="adopted" className="adopted-html">
        <DocSidebarDesktop {...props} />
      </ServerHtml>
    );
  }
  const desktop = windowSize === 'ssr' ? window.innerWidth >= DESKTOP_MIN_WIDTH : windowSize === 'desktop';
  return desktop ? <DocSidebarDesktop key="live" {...props} /> : <DocSidebarMobile key="live" {...props} />;
}
