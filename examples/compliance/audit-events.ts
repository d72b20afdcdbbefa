/**
 * Reading the audit trail a Medplum server keeps when `saveAuditEvents` is on. The server writes
 * one AuditEvent per sign-in and per FHIR interaction; these helpers answer the two questions an
 * auditor asks most: who touched this record, and who signed in.
 */
import type { MedplumClient } from '@medplum/core';
import { getReferenceString } from '@medplum/core';
import type { AuditEvent, Resource } from '@medplum/fhirtypes';

/** DICOM codes the server uses for sign-in events (type 110114, subtype 110122 Login). */
export const DICOM = 'http://dicom.nema.org/resources/ontology/DCM';

// #region access-log
/**
 * Lists the AuditEvents that name a resource as their entity since a date, newest first: every
 * read, update or delete of that resource the server recorded.
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

// #region failed-logins
/**
 * Lists sign-in attempts that did not succeed since a date. Outcome '0' is success; 4, 8 and 12
 * are minor, serious and major failures.
 */
export async function failedLoginsSince(medplum: MedplumClient, since: string): Promise<AuditEvent[]> {
  const logins = await medplum.searchResources('AuditEvent', {
    subtype: `${DICOM}|110122`,
    date: `ge${since}`,
    _count: '100',
  });
  return logins.filter((e) => e.outcome !== '0');
}
// #endregion failed-logins

// #region summarize
/** One line per event for a report: when, who, what they did, to what, and the result. */
export function summarize(event: AuditEvent): string {
  const who = event.agent?.[0]?.who?.reference ?? 'unknown';
  const what = event.entity?.[0]?.what?.reference ?? event.entity?.[0]?.query ?? '-';
  const action = event.subtype?.[0]?.code ?? event.action ?? '?';
  const ip = event.agent?.[0]?.network?.address ?? '-';
  return `${event.recorded} ${who} ${action} ${what} from ${ip} outcome=${event.outcome}`;
}
// #endregion summarize
