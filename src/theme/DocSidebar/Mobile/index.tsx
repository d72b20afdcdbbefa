/**
 * The docs sidebar in the mobile navbar drawer: the theme's, registered with its props wrapped in
 * one object, and only once the drawer is wanted. The theme passes the sidebar's props as they
 * are, and the navbar's filler memoizes them by sorting their keys with `localeCompare`, whose
 * first call on a page sets up the browser's collation data: about 50 ms of a 4x-throttled phone
 * profile at start-up, for four keys. A single key sorts without comparing.
 */
import React from 'react';
import clsx from 'clsx';
import { NavbarSecondaryMenuFiller, ThemeClassNames } from '@docusaurus/theme-common';
import { useNavbarMobileSidebar } from '@docusaurus/theme-common/internal';
import DocSidebarItems from '@theme/DocSidebarItems';
import type { Props as DocSidebarProps } from '@theme/DocSidebar/Mobile';
import { useDrawerWanted } from '@site/src/theme/Navbar/MobileSidebar/drawer-intent';

function SecondaryMenu({ sidebarProps: { sidebar, path } }: { sidebarProps: DocSidebarProps }): React.JSX.Element {
  const mobileSidebar = useNavbarMobileSidebar();
  return (
    <ul className={clsx(ThemeClassNames.docs.docSidebarMenu, 'menu__list')}>
      <DocSidebarItems
        items={sidebar}
        activePath={path}
        onItemClick={(item) => {
          // As the theme does: a link, or a category with a page of its own, closes the drawer.
          if (item.type === 'link' || (item.type === 'category' && item.href)) mobileSidebar.toggle();
        }}
        level={1}
      />
    </ul>
  );
}

/**
 * Registered with the navbar once the reader reaches for the drawer (../../Navbar/MobileSidebar):
 * registering re-renders the navbar, work a phone need not do for a menu it may never open.
 */
function DocSidebarMobile(props: DocSidebarProps): React.JSX.Element | null {
  const wanted = useDrawerWanted();
  return wanted ? <NavbarSecondaryMenuFiller component={SecondaryMenu} props={{ sidebarProps: props }} /> : null;
}

export default React.memo(DocSidebarMobile);
