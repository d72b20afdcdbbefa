/**
 * The navbar's drawer on narrow screens, rendered when a reader reaches for it.
 *
 * The theme renders the drawer (its primary menu and the whole docs sidebar as its second
 * panel) as soon as a page knows it is on a narrow screen, hidden off-screen until the menu
 * button is pressed. On a guide that was about 700 React fibers mounted, and re-rendered twice,
 * right after hydration on every phone visit (main-thread time at load), for a menu most readers never open.
 * Here it renders on the first sign of intent on the menu button (pointer down, touch, focus),
 * before the click that opens it, so the slide-in still animates; once rendered it stays.
 */
import React, { useEffect } from 'react';
import { useLockBodyScroll, useNavbarMobileSidebar } from '@docusaurus/theme-common/internal';
import NavbarMobileSidebarLayout from '@theme/Navbar/MobileSidebar/Layout';
import NavbarMobileSidebarHeader from '@theme/Navbar/MobileSidebar/Header';
import NavbarMobileSidebarPrimaryMenu from '@theme/Navbar/MobileSidebar/PrimaryMenu';
import NavbarMobileSidebarSecondaryMenu from '@theme/Navbar/MobileSidebar/SecondaryMenu';
import { markDrawerWanted, useDrawerWanted } from './drawer-intent';

const INTENT_EVENTS = ['pointerdown', 'touchstart', 'focusin'] as const;

export default function NavbarMobileSidebar(): React.JSX.Element | null {
  const mobileSidebar = useNavbarMobileSidebar();
  useLockBodyScroll(mobileSidebar.shown);
  const wanted = useDrawerWanted();
  useEffect(() => {
    if (wanted || !mobileSidebar.shouldRender) return undefined;
    const onIntent = (event: Event) => {
      if (event.target instanceof Element && event.target.closest('.navbar__toggle')) markDrawerWanted();
    };
    for (const type of INTENT_EVENTS) document.addEventListener(type, onIntent, { capture: true, passive: true });
    return () => {
      for (const type of INTENT_EVENTS) document.removeEventListener(type, onIntent, { capture: true });
    };
  }, [wanted, mobileSidebar.shouldRender]);
  if (!mobileSidebar.shouldRender || !wanted) return null;
  return (
    <NavbarMobileSidebarLayout
      header={<NavbarMobileSidebarHeader />}
      primaryMenu={<NavbarMobileSidebarPrimaryMenu />}
      secondaryMenu={<NavbarMobileSidebarSecondaryMenu />}
    />
  );
}
