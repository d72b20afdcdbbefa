/**
 * Looking at subscription delivery from the outside: the AuditEvents each attempt writes, and
 * re-sending a resource to its subscriptions.
 */
import type { MedplumClient } from '@medplum/core';
import type { AuditEvent, ResourceType } from '@medplum/fhirtypes';

export interface DeliveryAttempt {
  when: string | undefined;
  ok: boolean;
  detail: string | undefined;
}

// #region attempts
/**
 * Lists recent delivery attempts for one Subscription. The server records each rest-hook attempt
 * as an AuditEvent with the Subscription as an entity and outcome "0" (success) or "4" (failure).
 */
export async function recentAttempts(medplum: MedplumClient, subscriptionId: string): Promise<DeliveryAttempt[]> {
  const events = await medplum.searchResources('AuditEvent', {
    entity: `Subscription/${subscriptionId}`,
    _sort: '-_lastUpdated',
    _count: '20',
  });
  return events.map((e: AuditEvent) => ({ when: e.recorded, ok: e.outcome === '0', detail: e.outcomeDesc }));
}
// #endregion attempts

// #region resend
/**
 * POST [type]/[id]/$resend: queues the current version for the project's matching subscriptions
 * again (project and super admins only). Pass a Subscription reference to notify only that one.
 */
export async function resend(
  medplum: MedplumClient,
  resourceType: ResourceType,
  id: string,
  subscription?: string,
): Promise<void> {
  await medplum.post(medplum.fhirUrl(resourceType, id, '$resend'), subscription ? { subscription } : {});
}
// #endregion resend
