/**
 * Identifiers across systems: one Patient carrying the ids several systems know it by, lookups by
 * any of them, adding a newly learned id without overwriting the others, and matching a batch of
 * incoming records by MRN with one search.
 */
import type { MedplumClient, WithId } from '@medplum/core';
import type { Identifier, Patient } from '@medplum/fhirtypes';

/** Identifier systems for the sources in these examples. Use URIs you control, one per issuer. */
export const SYSTEMS = {
  hospitalMrn: 'https://example.org/fhir/mrn/goodhealth',
  labAccount: 'https://example.org/fhir/lab-patient-id',
  billingAccount: 'https://example.org/fhir/billing-account',
} as const;

// #region find-by-any
/**
 * Finds the Patient known by any of these identifiers. A comma in a search value means OR, so this
 * is one request however many systems you ask about. More than one match means the systems
 * disagree about who is who: stop and have a person look, do not pick one.
 */
export async function findByAnyIdentifier(
  medplum: MedplumClient,
  identifiers: Identifier[],
): Promise<WithId<Patient> | undefined> {
  const value = identifiers.map((id) => `${id.system}|${id.value}`).join(',');
  const matches = await medplum.searchResources('Patient', { identifier: value, _count: 2 });
  if (matches.length > 1) {
    throw new Error(`Identifiers ${value} match ${matches.length} different patients`);
  }
  return matches[0];
}
// #endregion find-by-any

// #region add-identifier
/**
 * Records that another system knows this Patient by `identifier`. Reads the current version and
 * appends with a JSON Patch guarded by a `test` on the version id, so an identifier another
 * process added in the meantime is not lost.
 */
export async function addIdentifier(
  medplum: MedplumClient,
  patientId: string,
  identifier: Identifier,
): Promise<WithId<Patient>> {
  const patient = await medplum.readResource('Patient', patientId, { cache: 'no-cache' });
  const known = patient.identifier?.some((id) => id.system === identifier.system && id.value === identifier.value);
  if (known) {
    return patient;
  }
  return medplum.patchResource('Patient', patientId, [
    { op: 'test', path: '/meta/versionId', value: patient.meta?.versionId },
    patient.identifier
      ? { op: 'add', path: '/identifier/-', value: identifier }
      : { op: 'add', path: '/identifier', value: [identifier] },
  ]);
}
// #endregion add-identifier

// #region match-batch
import { mapByIdentifier } from '@medplum/core';

/** A row of an incoming file, keyed by the hospital's MRN. */
export interface IncomingRow {
  mrn: string;
}

/** Returns the incoming rows whose MRN no Patient carries yet, with one search for the whole batch. */
export async function unmatchedRows<T extends IncomingRow>(medplum: MedplumClient, incoming: T[]): Promise<T[]> {
  const MRN = 'https://example.org/fhir/mrn/goodhealth';
  const mrns = incoming.map((row) => `${MRN}|${row.mrn}`).join(',');
  const bundle = await medplum.search('Patient', { identifier: mrns, _count: '1000' });
  const byMrn = mapByIdentifier(bundle, MRN);
  const missing = incoming.filter((row) => !byMrn.has(row.mrn)); // create these
  return missing;
}
// #endregion match-batch
