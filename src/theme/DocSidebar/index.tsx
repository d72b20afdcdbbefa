/**
 * The docs sidebar, without hydrating the desktop sidebar on a phone.
 *
 * The theme renders the desktop sidebar on the server (it must be in the HTML for wide screens)
 * and hydrates it everywhere, then, on a narrow screen, unmounts it (CSS already hid it) and
 * registers the mobile menu instead: a phone's CPU walked every sidebar link (about 220 elements on
 * a guide) for nothing. Here the page's first render in the browser adopts the server's sidebar
 * as it is (`dangerouslySetInnerHTML` is not applied while hydrating, as in StaticBody), and only
 * once the window size is known does React render what that size needs: the real, interactive
 * desktop sidebar on a wide screen, the mobile menu on a narrow one.
 *
 * Later mounts (a client-side navigation from a page without a sidebar) know the window size at
 * once, so the sidebar never renders empty.
 */
import React, { useEffect, useState, type ComponentProps } from 'react';
import { useWindowSize } from '@docusaurus/theme-common';
import DocSidebarDesktop from '@theme/DocSidebar/Desktop';
import DocSidebarMobile from '@theme/DocSidebar/Mobile';

type Props = ComponentProps<typeof DocSidebarDesktop>;

/** Infima's breakpoint, as in the theme's useWindowSize. */
const DESKTOP_MIN_WIDTH = 997;

/** Set once the first page of this page life has hydrated. */
let hydrated = false;

export default function DocSidebar(props: Props): React.JSX.Element {
  const windowSize = useWindowSize();
  const [adopting] = useState(() => typeof window !== 'undefined' && !hydrated);
  useEffect(() => {
    hydrated = true;
  }, []);
  if (typeof window === 'undefined') {
    return (
      <div key="static" className="doc-sidebar-static">
        <DocSidebarDesktop {...props} />
      </div>
    );
  }
  const size =
    windowSize !== 'ssr' ? windowSize : adopting ? 'ssr' : window.innerWidth >= DESKTOP_MIN_WIDTH ? 'desktop' : 'mobile';
  if (size === 'ssr') {
    // Hydrating: keep the server's sidebar; React neither walks nor changes it.
    return <div key="static" className="doc-sidebar-static" dangerouslySetInnerHTML={{ __html: '' }} suppressHydrationWarning />;
  }
  return size === 'desktop' ? <DocSidebarDesktop key="live" {...props} /> : <DocSidebarMobile key="live" {...props} />;
}
