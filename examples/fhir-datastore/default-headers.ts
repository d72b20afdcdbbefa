/**
 * Headers the client adds to every request it sends through fetch: defaultHeaders.
 */
// #region default-headers
import { MedplumClient } from '@medplum/core';

export function gatewayClient(): MedplumClient {
  const medplum = new MedplumClient({
    baseUrl: 'https://api.example.com/',
    defaultHeaders: { 'X-Api-Gateway-Key': process.env.GATEWAY_KEY ?? '' },
  });
  return medplum;
}
// #endregion default-headers
