/**
 * The MedplumClient of the Provider app's src/main.tsx, with a ClientApplication id added from a
 * Vite variable. Written as a function of the variables so it runs outside Vite; in the app,
 * call it with `import.meta.env`.
 */
import { MedplumClient } from '@medplum/core';

// #region client-options
/** The Vite variables src/main.tsx reads (Vite exposes them on import.meta.env). */
export interface ProviderAppEnv {
  readonly VITE_MEDPLUM_BASE_URL?: string;
  readonly VITE_MEDPLUM_CLIENT_ID?: string;
}

// src/main.tsx: const medplum = createProviderClient(import.meta.env);
export function createProviderClient(env: ProviderAppEnv): MedplumClient {
  return new MedplumClient({
    onUnauthenticated: () => (window.location.href = '/'),
    baseUrl: sessionStorage.getItem('medplum_base_url') || env.VITE_MEDPLUM_BASE_URL || undefined,
    clientId: env.VITE_MEDPLUM_CLIENT_ID, // optional: a ClientApplication id
    cacheTime: 60000,
    autoBatchTime: 100,
  });
}
// #endregion client-options
