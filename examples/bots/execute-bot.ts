/**
 * Calling a bot from a client application with Bot $execute.
 */
import type { MedplumClient } from '@medplum/core';
import { ContentType } from '@medplum/core';
import type { Identifier, Patient } from '@medplum/fhirtypes';

export const BOT_IDENTIFIER: Identifier = { system: 'https://example.com/bots', value: 'welcome-call' };

// #region by-id
/** POSTs a JSON body to the bot's `$execute` URL; resolves to what the handler returned. */
export function runById(medplum: MedplumClient, botId: string, patient: Patient): Promise<unknown> {
  return medplum.executeBot(botId, patient, ContentType.FHIR_JSON);
}
// #endregion by-id

// #region by-identifier
/**
 * POST /fhir/R4/Bot/$execute?identifier=system|value. Identifiers survive moving a bot between
 * projects or servers, where its id changes.
 */
export function runByIdentifier(medplum: MedplumClient, patient: Patient): Promise<unknown> {
  return medplum.executeBot(BOT_IDENTIFIER, patient, ContentType.FHIR_JSON);
}
// #endregion by-identifier

// #region get
/** A GET of the bot's `$execute` URL with query parameters: they become event.input as an object. */
export function runWithGet(medplum: MedplumClient, botId: string, query: Record<string, string>): Promise<unknown> {
  const url = medplum.fhirUrl('Bot', botId, '$execute');
  for (const [key, value] of Object.entries(query)) {
    url.searchParams.set(key, value);
  }
  return medplum.get(url, { cache: 'no-cache' });
}
// #endregion get

// #region async
/**
 * Asks the server to run the bot in the background (Prefer: respond-async). The server answers
 * 202 Accepted with a Content-Location pointing at an AsyncJob; the bot's return value ends up
 * in the job's output Parameters as "responseBody".
 */
export function runAsync(medplum: MedplumClient, botId: string, input: unknown): Promise<unknown> {
  return medplum.post(medplum.fhirUrl('Bot', botId, '$execute'), input, ContentType.JSON, {
    headers: { Prefer: 'respond-async' },
  });
}
// #endregion async
