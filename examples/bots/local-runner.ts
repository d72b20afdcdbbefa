/**
 * Running a bot handler outside the server: in a unit test against MockClient, or from a script
 * against a real project. The helper builds the BotEvent the server would build.
 */
import type { BotEvent, MedplumClient } from '@medplum/core';
import { ContentType } from '@medplum/core';
import type { ProjectSetting } from '@medplum/fhirtypes';

// #region make-event
/** A BotEvent as the vmcontext runtime builds it, with defaults a test can override. */
export function makeBotEvent<T>(input: T, overrides: Partial<BotEvent<T>> = {}): BotEvent<T> {
  return {
    bot: { reference: 'Bot/local-test-bot' },
    contentType: ContentType.FHIR_JSON,
    secrets: {},
    traceId: 'local-' + Date.now(),
    ...overrides,
    input,
  };
}

/** Turns a plain name/value map into the ProjectSetting records that event.secrets holds. */
export function secretsFrom(values: Record<string, string>): Record<string, ProjectSetting> {
  return Object.fromEntries(Object.entries(values).map(([name, valueString]) => [name, { name, valueString }]));
}
// #endregion make-event

// #region run-local
type Handler<T, R> = (medplum: MedplumClient, event: BotEvent<T>) => Promise<R>;

/**
 * Runs a handler with a client you choose: a MockClient in tests, or a MedplumClient signed in
 * with client credentials against a development project when you want real data.
 */
export async function runLocally<T, R>(
  handler: Handler<T, R>,
  medplum: MedplumClient,
  input: T,
  overrides?: Partial<BotEvent<T>>,
): Promise<R> {
  return handler(medplum, makeBotEvent(input, overrides));
}
// #endregion run-local
