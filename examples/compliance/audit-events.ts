/**
 * Reading the AuditEvents a Medplum server stores. With the server setting `saveAuditEvents` on,
 * FHIR interactions that name a whole resource (create, read, update, patch, delete, history) are
 * stored; searches and sign-ins only go to the log. Subscription deliveries and bot runs are
 * stored whatever that setting says.
 */
import type { MedplumClient } from '@medplum/core';
import { getReferenceString } from '@medplum/core';
import type { AuditEvent, Resource, Subscription } from '@medplum/fhirtypes';

// #region access-log
/**
 * Lists the AuditEvents that name a resource as their entity since a date, newest first: the
 * server stores one for each read by id, history read, create, update, patch and delete of it
 * by a caller allowed to create AuditEvents (none for searches or reads of one version), plus
 * one for each subscription delivery about it or bot run that received it as input.
 */
export async function accessLogFor(medplum: MedplumClient, resource: Resource, since: string): Promise<AuditEvent[]> {
  return medplum.searchResources('AuditEvent', {
    entity: getReferenceString(resource as Resource & { id: string }),
    date: `ge${since}`,
    _sort: '-date',
    _count: '100',
  });
}
// #endregion access-log

// #region failed-deliveries
/**
 * Lists the delivery attempts of one subscription that did not succeed since a date. The server
 * stores one AuditEvent per attempt, with the Subscription among its entities; outcome '0' is
 * success and '4' a failed attempt. When the server disables a failing subscription it also
 * records an event with outcome '8' naming the Subscription, which this list includes too.
 */
export async function failedDeliveriesSince(
  medplum: MedplumClient,
  subscription: Subscription & { id: string },
  since: string,
): Promise<AuditEvent[]> {
  const attempts = await medplum.searchResources('AuditEvent', {
    entity: getReferenceString(subscription),
    date: `ge${since}`,
    _sort: '-date',
    _count: '100',
  });
  return attempts.filter((e) => e.outcome !== '0');
}
// #endregion failed-deliveries

// #region summarize
/** One line per event for a report: when, who, what they did, to what, and the result. */
export function summarize(event: AuditEvent): string {
  const who = event.agent?.[0]?.who?.reference ?? 'unknown';
  const what = event.entity?.[0]?.what?.reference ?? event.entity?.[0]?.query ?? '-';
  const action = event.subtype?.[0]?.code ?? event.type?.code ?? event.action ?? '?';
  const ip = event.agent?.[0]?.network?.address ?? '-';
  return `${event.recorded} ${who} ${action} ${what} from ${ip} outcome=${event.outcome}`;
}
// #endregion summarize
