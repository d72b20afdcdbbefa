/** @jsxRuntime automatic @jsxImportSource react */
/**
 * AppShell: the frame of a Medplum app (menu, top bar, your pages), wired to the router's address.
 */
// #region app-shell
import { AppShell, Logo } from '@medplum/react';
import type { NavbarMenu } from '@medplum/react';
import type { JSX, ReactNode } from 'react';
import { useLocation } from 'react-router';

// Any icon element works; Medplum's apps use @tabler/icons-react (<IconUsers />, <IconCalendar />).
function OutlineIcon({ paths }: { paths: string[] }): JSX.Element {
  return (
    <svg
      width={16}
      height={16}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      aria-hidden="true"
    >
      {paths.map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  );
}

const usersIcon = ['M5 7a4 4 0 1 0 8 0a4 4 0 1 0 -8 0', 'M3 21v-2a4 4 0 0 1 4 -4h4a4 4 0 0 1 4 4v2'];
const calendarIcon = [
  'M4 7a2 2 0 0 1 2 -2h12a2 2 0 0 1 2 2v12a2 2 0 0 1 -2 2h-12a2 2 0 0 1 -2 -2z',
  'M16 3v4',
  'M8 3v4',
  'M4 11h16',
];

const menus: NavbarMenu[] = [
  {
    title: 'Clinic',
    links: [
      { label: 'Patients', href: '/Patient', icon: <OutlineIcon paths={usersIcon} /> },
      { label: 'Today', href: '/Appointment?date=2026-12-06', icon: <OutlineIcon paths={calendarIcon} /> },
    ],
  },
];

/** `children` are your routes. */
export function App({ children }: { children: ReactNode }): JSX.Element {
  const location = useLocation();
  const searchParams = new URLSearchParams(location.search);
  return (
    <AppShell logo={<Logo size={24} />} pathname={location.pathname} searchParams={searchParams} menus={menus}>
      {children}
    </AppShell>
  );
}
// #endregion app-shell
