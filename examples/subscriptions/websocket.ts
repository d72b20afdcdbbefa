/**
 * WebSocket subscriptions from a client: MedplumClient creates the Subscription, fetches a
 * binding token and keeps the socket open; the app only listens for events.
 */
import type { MedplumClient, SubscriptionEmitter } from '@medplum/core';
import type { Bundle, Communication, Subscription } from '@medplum/fhirtypes';

// #region subscribe
export const INBOX_CRITERIA = (practitionerId: string): string =>
  `Communication?recipient=Practitioner/${practitionerId}`;

/** Calls onMessage with each new or changed Communication addressed to the practitioner. */
export function watchInbox(
  medplum: MedplumClient,
  practitionerId: string,
  onMessage: (message: Communication) => void,
): SubscriptionEmitter {
  const emitter = medplum.subscribeToCriteria(INBOX_CRITERIA(practitionerId));
  emitter.addEventListener('message', (event) => {
    // Each event is a history Bundle: a SubscriptionStatus first, then the resource itself.
    const bundle = event.payload as Bundle;
    const resource = bundle.entry?.[1]?.resource;
    if (resource?.resourceType === 'Communication') {
      onMessage(resource);
    }
  });
  return emitter;
}

/** Stop listening; the client closes the server-side subscription when no listener is left. */
export function stopWatchingInbox(medplum: MedplumClient, practitionerId: string): void {
  medplum.unsubscribeFromCriteria(INBOX_CRITERIA(practitionerId));
}
// #endregion subscribe

// #region with-extensions
/**
 * Same inbox, but only for newly created messages and only for messages that carry a payload.
 * The second argument becomes part of the Subscription the client creates, so the server applies
 * the same extensions it applies to a rest-hook subscription.
 */
export const NEW_MESSAGE_PROPS: Partial<Subscription> = {
  extension: [
    { url: 'https://medplum.com/fhir/StructureDefinition/subscription-supported-interaction', valueCode: 'create' },
    {
      url: 'https://medplum.com/fhir/StructureDefinition/fhir-path-criteria-expression',
      valueString: '%current.payload.exists()',
    },
  ],
};

export function watchNewMessages(
  medplum: MedplumClient,
  practitionerId: string,
  onMessage: (message: Communication) => void,
): SubscriptionEmitter {
  const emitter = medplum.subscribeToCriteria(INBOX_CRITERIA(practitionerId), NEW_MESSAGE_PROPS);
  emitter.addEventListener('message', (event) => {
    const resource = (event.payload as Bundle).entry?.[1]?.resource;
    if (resource?.resourceType === 'Communication') {
      onMessage(resource);
    }
  });
  return emitter;
}

/** Unsubscribing must pass the same properties: criteria plus properties identify the subscription. */
export function stopWatchingNewMessages(medplum: MedplumClient, practitionerId: string): void {
  medplum.unsubscribeFromCriteria(INBOX_CRITERIA(practitionerId), NEW_MESSAGE_PROPS);
}
// #endregion with-extensions
