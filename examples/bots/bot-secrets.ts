/**
 * Reading project secrets in a bot. Secrets are ProjectSetting entries from Project.secret
 * (and Project.systemSecret for system bots); the server passes them in event.secrets by name.
 */
import type { BotEvent, MedplumClient } from '@medplum/core';
import type { ProjectSetting } from '@medplum/fhirtypes';

// #region require-secret
/** Returns a string secret or fails the run with a message that names the missing setting. */
export function requireSecret(secrets: Record<string, ProjectSetting>, name: string): string {
  const value = secrets[name]?.valueString;
  if (!value) {
    throw new Error(`Missing project secret "${name}". Add it under Project > Secrets.`);
  }
  return value;
}
// #endregion require-secret

export interface LookupInput {
  npi: string;
}

// #region handler
export async function handler(_medplum: MedplumClient, event: BotEvent<LookupInput>): Promise<unknown> {
  const apiKey = requireSecret(event.secrets, 'DIRECTORY_API_KEY');
  const baseUrl = event.secrets['DIRECTORY_BASE_URL']?.valueString ?? 'https://directory.example.com';
  const response = await fetch(`${baseUrl}/providers/${encodeURIComponent(event.input.npi)}`, {
    headers: { Authorization: `Bearer ${apiKey}`, Accept: 'application/json' },
  });
  if (!response.ok) {
    // Say what failed without echoing the key.
    throw new Error(`Directory lookup failed with HTTP ${response.status}`);
  }
  return response.json();
}
// #endregion handler
