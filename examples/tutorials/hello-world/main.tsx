/**
 * Entry point: creates the MedplumClient and wraps the app in the providers it needs.
 */
// #region main
import { MantineProvider } from '@mantine/core';
import '@mantine/core/styles.css';
import { MedplumClient } from '@medplum/core';
import { MedplumProvider } from '@medplum/react';
import '@medplum/react/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';

const medplum = new MedplumClient({
  // Your Medplum server. Self-hosted servers use their own API URL here.
  baseUrl: 'https://api.medplum.com/',
  // Keep the session in localStorage so a page reload stays signed in (the browser default).
  onUnauthenticated: () => window.location.reload(),
});

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <MantineProvider>
      <MedplumProvider medplum={medplum}>
        <App />
      </MedplumProvider>
    </MantineProvider>
  </StrictMode>,
);
// #endregion main
