/**
 * Webhooks in both directions: outbound, a rest-hook Subscription that signs each notification;
 * inbound, a receiver that checks the signature, and a bot called through $execute.
 */
import type { MedplumClient, WithId } from '@medplum/core';
import { ContentType } from '@medplum/core';
import type { Subscription } from '@medplum/fhirtypes';
import { createHmac, timingSafeEqual } from 'node:crypto';

/** Medplum extension: the shared secret used to sign each notification (HMAC-SHA256). */
export const SUBSCRIPTION_SECRET_URL = 'https://www.medplum.com/fhir/StructureDefinition/subscription-secret';
/** Medplum extension: how many failed deliveries should be retried (default 4); on a 5.1.12 server only 0 changes the outcome. */
export const SUBSCRIPTION_MAX_ATTEMPTS_URL = 'https://medplum.com/fhir/StructureDefinition/subscription-max-attempts';

// #region outbound
/**
 * Creates a rest-hook Subscription: whenever a resource matching `criteria` is created, updated
 * or deleted, the server POSTs to `endpoint` with an `X-Signature` header computed from `secret`.
 */
export async function createSignedWebhook(
  medplum: MedplumClient,
  criteria: string,
  endpoint: string,
  secret: string,
  maxAttempts = 3,
): Promise<WithId<Subscription>> {
  return medplum.createResource<Subscription>({
    resourceType: 'Subscription',
    status: 'active',
    reason: `Notify ${new URL(endpoint).host} of ${criteria}`,
    criteria,
    channel: { type: 'rest-hook', endpoint, payload: ContentType.FHIR_JSON },
    extension: [
      { url: SUBSCRIPTION_SECRET_URL, valueString: secret },
      { url: SUBSCRIPTION_MAX_ATTEMPTS_URL, valueInteger: maxAttempts },
    ],
  });
}
// #endregion outbound

// #region verify
/**
 * Checks a notification on the receiving side: the signature is the hex HMAC-SHA256 of the raw
 * request body, keyed with the subscription's secret. Compare against the bytes you received,
 * before any JSON parsing, and in constant time.
 */
export function isSignatureValid(
  rawBody: string | Buffer,
  signatureHeader: string | undefined,
  secret: string,
): boolean {
  if (!signatureHeader) {
    return false;
  }
  const expected = createHmac('sha256', secret).update(rawBody).digest();
  const received = Buffer.from(signatureHeader, 'hex');
  return received.length === expected.length && timingSafeEqual(received, expected);
}
// #endregion verify

// #region inbound
/**
 * Forwards a third party's webhook payload to a bot. The bot is addressed by an identifier rather
 * than its id, so the same code works in every project the bot is deployed to.
 */
export async function forwardToBot(
  medplum: MedplumClient,
  botIdentifier: { system: string; value: string },
  payload: Record<string, unknown>,
): Promise<unknown> {
  return medplum.executeBot(botIdentifier, payload, ContentType.JSON);
}
// #endregion inbound
