/**
 * Creating rest-hook Subscriptions, and checking their signatures on the receiving end.
 */
import type { MedplumClient } from '@medplum/core';
import type { Subscription } from '@medplum/fhirtypes';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { fhirPathCriteria, maxAttempts, onlyInteractions, signingSecret } from './extensions';
import { FHIRPATH_CRITERIA } from './extensions';

// #region rest-hook
/**
 * Sends every lab Observation that becomes final to an external URL, signed. It also asks for 8
 * attempts with the max-attempts extension (see "Retries and backoff" on the Debugging
 * subscriptions page for what a current server does with it). No supported-interaction
 * extension: the FHIRPath condition already excludes deletes (on a delete the previous version is
 * the resource itself, already final), and the server reads only the first of two such extensions.
 */
export function createLabResultHook(medplum: MedplumClient, url: string, secret: string): Promise<Subscription> {
  return medplum.createResource<Subscription>({
    resourceType: 'Subscription',
    status: 'active',
    reason: 'Forward final lab results to the lab portal',
    criteria: 'Observation?category=laboratory',
    channel: { type: 'rest-hook', endpoint: url, payload: 'application/fhir+json' },
    extension: [fhirPathCriteria(FHIRPATH_CRITERIA.becameFinal), signingSecret(secret), maxAttempts(8)],
  });
}
// #endregion rest-hook

// #region to-bot
/** Same trigger, but the server runs a bot instead of calling a URL. */
export function createBotSubscription(medplum: MedplumClient, botId: string): Promise<Subscription> {
  return medplum.createResource<Subscription>({
    resourceType: 'Subscription',
    status: 'active',
    reason: 'Run the result-router bot on new lab results',
    criteria: 'Observation?category=laboratory&status=final',
    channel: { type: 'rest-hook', endpoint: `Bot/${botId}` },
    extension: onlyInteractions('create'),
  });
}
// #endregion to-bot

// #region verify
/**
 * Receiver side: recompute the HMAC over the raw request body (before any JSON parsing) and
 * compare it with the X-Signature header in constant time.
 */
export function verifyRestHook(rawBody: string, signature: string | undefined, secret: string): boolean {
  if (!signature) {
    return false;
  }
  const expected = createHmac('sha256', secret).update(rawBody).digest();
  const received = Buffer.from(signature, 'hex');
  return received.length === expected.length && timingSafeEqual(received, expected);
}
// #endregion verify
