/**
 * Migrating records from another system: map rows to FHIR, keep the source ids as identifiers,
 * and load them with idempotent requests so a failed run can simply be rerun.
 */
import type { MedplumClient } from '@medplum/core';
import type { Bundle, BundleEntry, Observation, Patient } from '@medplum/fhirtypes';

/** The identifier system that records which id a row had in the old system. */
export const LEGACY_ID_SYSTEM = 'https://legacy-ehr.example.org/patient-id';

/** A row exported from the old system. */
export interface LegacyPatientRow {
  legacyId: string;
  firstName: string;
  lastName: string;
  dob: string; // YYYY-MM-DD
  sex: 'M' | 'F' | 'U';
  weightKg?: number;
  weighedOn?: string; // YYYY-MM-DD
}

// #region map
/** Maps one legacy row to a FHIR Patient that carries the legacy id as an identifier. */
export function toPatient(row: LegacyPatientRow): Patient {
  const gender = { M: 'male', F: 'female', U: 'unknown' } as const;
  return {
    resourceType: 'Patient',
    identifier: [{ system: LEGACY_ID_SYSTEM, value: row.legacyId }],
    name: [{ given: [row.firstName], family: row.lastName }],
    birthDate: row.dob,
    gender: gender[row.sex],
  };
}
// #endregion map

// #region bundle
/**
 * Builds one bundle for a chunk of rows. Each entry is a conditional update
 * (a PUT to `Patient` with the MRN as an `identifier` search): it creates the resource the first time and replaces it on a
 * rerun. Each weight Observation points at its Patient through the Patient entry's temporary
 * `urn:uuid:` fullUrl, which the server swaps for the stored Patient's reference before storing it.
 */
export function toBundle(rows: LegacyPatientRow[]): Bundle {
  const entry: BundleEntry[] = [];
  for (const row of rows) {
    const patientUrn = 'urn:uuid:' + crypto.randomUUID();
    entry.push({
      fullUrl: patientUrn,
      resource: toPatient(row),
      request: { method: 'PUT', url: `Patient?identifier=${LEGACY_ID_SYSTEM}|${row.legacyId}` },
    });
    if (row.weightKg !== undefined && row.weighedOn) {
      const observation: Observation = {
        resourceType: 'Observation',
        status: 'final',
        identifier: [{ system: LEGACY_ID_SYSTEM + '/weight', value: `${row.legacyId}-${row.weighedOn}` }],
        code: { coding: [{ system: 'http://loinc.org', code: '29463-7', display: 'Body weight' }] },
        subject: { reference: patientUrn },
        effectiveDateTime: row.weighedOn,
        valueQuantity: { value: row.weightKg, unit: 'kg', system: 'http://unitsofmeasure.org', code: 'kg' },
      };
      entry.push({
        resource: observation,
        request: {
          method: 'PUT',
          url: `Observation?identifier=${LEGACY_ID_SYSTEM}/weight|${row.legacyId}-${row.weighedOn}`,
        },
      });
    }
  }
  return { resourceType: 'Bundle', type: 'batch', entry };
}
// #endregion bundle

// #region load
/**
 * Loads rows in chunks and collects the entries that failed, so they can be fixed and resent.
 * A row's Patient and Observation always travel in the same bundle, because a `urn:uuid:`
 * reference only means something inside the bundle that declares it.
 */
export async function migrate(
  medplum: MedplumClient,
  rows: LegacyPatientRow[],
  chunkSize = 50,
): Promise<{ sent: number; failed: { url: string; status: string }[] }> {
  const failed: { url: string; status: string }[] = [];
  let sent = 0;
  for (let i = 0; i < rows.length; i += chunkSize) {
    const bundle = toBundle(rows.slice(i, i + chunkSize));
    const response = await medplum.executeBatch(bundle);
    bundle.entry?.forEach((entry, index) => {
      sent++;
      const status = response.entry?.[index]?.response?.status ?? 'no response';
      if (!status.startsWith('2')) {
        failed.push({ url: entry.request?.url ?? '', status });
      }
    });
  }
  return { sent, failed };
}
// #endregion load
