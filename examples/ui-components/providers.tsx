/** @jsxRuntime automatic @jsxImportSource react */
/**
 * The providers every @medplum/react component needs: Mantine's theme and Medplum's client context.
 */
import { MantineProvider } from '@mantine/core';
import type { MedplumClient } from '@medplum/core';
import { MedplumProvider } from '@medplum/react';
import type { JSX, ReactNode } from 'react';

// #region providers
export interface AppProvidersProps {
  readonly medplum: MedplumClient;
  /** Called by components that link somewhere (e.g. a resource name); wire it to your router. */
  readonly navigate?: (path: string) => void;
  readonly children: ReactNode;
}

/** Wrap the whole app once. Components read the client from context with `useMedplum()`. */
export function AppProviders({ medplum, navigate, children }: AppProvidersProps): JSX.Element {
  return (
    <MantineProvider>
      <MedplumProvider medplum={medplum} navigate={navigate}>
        {children}
      </MedplumProvider>
    </MantineProvider>
  );
}
// #endregion providers
