/** @jsxRuntime automatic */
/**
 * Provider setup for an app that uses @medplum/react: one MedplumClient for the whole app,
 * handed to MedplumProvider, with MantineProvider around the components.
 */
// #region client
import { MedplumClient } from '@medplum/core';

/** Create the client once, outside any component, so every render shares its cache and login. */
export function createMedplumClient(baseUrl: string): MedplumClient {
  return new MedplumClient({
    baseUrl,
    // Called when the server answers 401; send the user back to your sign-in page.
    onUnauthenticated: () => window.location.assign('/signin'),
  });
}
// #endregion client

// #region providers
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { MedplumProvider, useMedplumProfile } from '@medplum/react';
import type { JSX, ReactNode } from 'react';

export interface AppProvidersProps {
  medplum: MedplumClient;
  /** Router-aware navigation, e.g. react-router's `navigate`; defaults to a full page load. */
  navigate?: (path: string) => void;
  children: ReactNode;
}

export function AppProviders({ medplum, navigate, children }: AppProvidersProps): JSX.Element {
  return (
    <MedplumProvider medplum={medplum} navigate={navigate}>
      <MantineProvider>
        <Notifications />
        {children}
      </MantineProvider>
    </MedplumProvider>
  );
}
// #endregion providers

// #region greeting
import { formatHumanName } from '@medplum/core';

/** Any component below MedplumProvider can read the signed-in user's profile. */
export function Greeting(): JSX.Element {
  const profile = useMedplumProfile();
  const name = profile?.name?.[0] ? formatHumanName(profile.name[0]) : undefined;
  return <p>{name ? `Signed in as ${name}` : 'Not signed in'}</p>;
}
// #endregion greeting
