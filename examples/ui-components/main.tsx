/** @jsxRuntime automatic @jsxImportSource react */
/**
 * The top of a browser app: stylesheets, one MedplumClient, and the providers around the UI.
 * (Shown on the UI components page; the unit tests render <AppProviders> and <PatientHeader>
 * directly, because Node has no stylesheet loader.)
 */
// #region entry
import '@mantine/core/styles.css';
import '@medplum/react/styles.css';
import { MedplumClient } from '@medplum/core';
import type { Patient } from '@medplum/fhirtypes';
import type { JSX } from 'react';
import { PatientHeader } from './patient-header';
import { AppProviders } from './providers';

// One client for the whole app; it holds the session and a request cache.
const medplum = new MedplumClient({ baseUrl: 'https://api.medplum.com/' });

const patient: Patient = {
  resourceType: 'Patient',
  name: [{ given: ['Ada'], family: 'Lovelace' }],
  birthDate: '1815-12-10',
};

export function App(): JSX.Element {
  return (
    <AppProviders medplum={medplum}>
      <PatientHeader patient={patient} />
    </AppProviders>
  );
}
// Render <App /> with createRoot from react-dom/client, as in any React app.
// #endregion entry
