/** @jsxRuntime automatic @jsxImportSource react */
/**
 * The entry point of a Vite app on @medplum/react 5.2 and Mantine 8: stylesheets first, one
 * MedplumClient, the shell around the UI. (Shown on the Mantine upgrade page; the unit tests
 * render <Shell> from mantine-shell.tsx directly, because Node has no stylesheet loader.)
 */
// #region entry
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/spotlight/styles.css'; // only needed with Medplum's AppShell, whose search uses Spotlight
import '@medplum/react/styles.css';
import { MedplumClient } from '@medplum/core';
import type { Patient } from '@medplum/fhirtypes';
import type { JSX } from 'react';
import { PatientBanner, Shell } from './mantine-shell';

const medplum = new MedplumClient({ baseUrl: 'https://api.medplum.com/' });

const patient: Patient = { resourceType: 'Patient', name: [{ given: ['Ada'], family: 'Lovelace' }] };

export function App(): JSX.Element {
  return (
    <Shell medplum={medplum}>
      <PatientBanner patient={patient} onOpen={() => console.log('open')} />
    </Shell>
  );
}
// Render <App /> with createRoot from react-dom/client, as in any React app.
// #endregion entry
