/**
 * Checking a migration: validate a sample before loading, compare counts per legacy table, and
 * compare a checksum of the fields that matter between each legacy row and its FHIR resource.
 */
import type { MedplumClient } from '@medplum/core';
import { validateResource } from '@medplum/core';
import type { OperationOutcomeIssue, Patient, Resource, ResourceType } from '@medplum/fhirtypes';

// #region validate
/**
 * Validates converted resources locally against the base FHIR R4 definitions, without touching
 * the server. Returns the problems per resource; an empty array means the sample is clean.
 * (A server-side check of profiles and project settings is `medplum.validateResource(resource)`,
 * which posts to `/{type}/$validate` and throws on an error.)
 */
export function validateSample(resources: Resource[]): { index: number; issues: OperationOutcomeIssue[] }[] {
  const problems: { index: number; issues: OperationOutcomeIssue[] }[] = [];
  resources.forEach((resource, index) => {
    try {
      const warnings = validateResource(resource);
      if (warnings.length > 0) {
        problems.push({ index, issues: warnings });
      }
    } catch (err) {
      const outcome = (err as { outcome?: { issue?: OperationOutcomeIssue[] } }).outcome;
      problems.push({
        index,
        issues: outcome?.issue ?? [{ severity: 'error', code: 'exception', diagnostics: String(err) }],
      });
    }
  });
  return problems;
}
// #endregion validate

// #region count
/**
 * Counts the resources of one type that carry an identifier in the given system. `_summary=count`
 * returns only `Bundle.total`, with no entries.
 */
export async function countMigrated(
  medplum: MedplumClient,
  resourceType: ResourceType,
  system: string,
): Promise<number> {
  const bundle = await medplum.search(resourceType, { identifier: `${system}|`, _summary: 'count' });
  return bundle.total ?? 0;
}
// #endregion count

// #region checksum
/** The fields that must survive the migration, in a fixed order, from the legacy row's side. */
export function rowFingerprint(row: { first: string; last: string; dob: string }): Promise<string> {
  return digest([row.first.trim(), row.last.trim(), row.dob]);
}

/** The same fields read back from the stored Patient. */
export function patientFingerprint(patient: Patient): Promise<string> {
  const name = patient.name?.[0];
  return digest([name?.given?.[0] ?? '', name?.family ?? '', patient.birthDate ?? '']);
}

/** SHA-256 of the values as a JSON array, in hex (Web Crypto, available in Node.js and browsers). */
async function digest(values: string[]): Promise<string> {
  const bytes = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(JSON.stringify(values)));
  return Array.from(new Uint8Array(bytes), (b) => b.toString(16).padStart(2, '0')).join('');
}
// #endregion checksum

// #region reconcile
export interface Reconciliation {
  missing: string[]; // legacy ids with no resource
  extra: string[]; // resources whose legacy id is not in the source
  changed: string[]; // both exist, but the fingerprints differ
  duplicated: string[]; // more than one resource carries the legacy id
}

/**
 * Compares every legacy row with the Patients on the server, page by page, keyed by the legacy
 * identifier.
 */
export async function reconcilePatients(
  medplum: MedplumClient,
  system: string,
  rows: { id: string; first: string; last: string; dob: string }[],
): Promise<Reconciliation> {
  const expected = new Map<string, string>();
  for (const row of rows) {
    expected.set(row.id, await rowFingerprint(row));
  }
  const seen = new Map<string, string[]>();
  for await (const page of medplum.searchResourcePages('Patient', { identifier: `${system}|`, _count: '500' })) {
    for (const patient of page) {
      const legacyId = patient.identifier?.find((id) => id.system === system)?.value;
      if (legacyId) {
        seen.set(legacyId, [...(seen.get(legacyId) ?? []), await patientFingerprint(patient)]);
      }
    }
  }
  const result: Reconciliation = { missing: [], extra: [], changed: [], duplicated: [] };
  for (const [id, fingerprint] of expected) {
    const found = seen.get(id);
    if (!found) {
      result.missing.push(id);
    } else if (found.length > 1) {
      result.duplicated.push(id);
    } else if (found[0] !== fingerprint) {
      result.changed.push(id);
    }
  }
  for (const id of seen.keys()) {
    if (!expected.has(id)) {
      result.extra.push(id);
    }
  }
  return result;
}
// #endregion reconcile

// #region acceptance
export interface AcceptanceResult {
  check: string;
  passed: boolean;
  detail: string;
}

/**
 * The sign-off checks: counts match, reconciliation is clean, and every migrated Condition's
 * subject points at a Patient that exists.
 */
export async function acceptanceChecks(
  medplum: MedplumClient,
  system: string,
  conditionSystem: string,
  rows: { id: string; first: string; last: string; dob: string }[],
): Promise<AcceptanceResult[]> {
  const results: AcceptanceResult[] = [];
  const count = await countMigrated(medplum, 'Patient', system);
  results.push({
    check: 'patient count',
    passed: count === rows.length,
    detail: `${count} on server, ${rows.length} in source`,
  });

  const rec = await reconcilePatients(medplum, system, rows);
  const problems = rec.missing.length + rec.extra.length + rec.changed.length + rec.duplicated.length;
  results.push({ check: 'patient reconciliation', passed: problems === 0, detail: JSON.stringify(rec) });

  // Every migrated Condition, a page of up to 1000 (the server's largest) at a time.
  const pages = medplum.searchResourcePages('Condition', { identifier: `${conditionSystem}|`, _count: '1000' });
  const dangling: string[] = [];
  for await (const conditions of pages) {
    for (const condition of conditions) {
      const ref = condition.subject?.reference ?? '';
      if (!ref.startsWith('Patient/')) {
        dangling.push(`${condition.id}: ${ref || 'no subject'}`);
        continue;
      }
      try {
        await medplum.readReference(condition.subject as { reference: string });
      } catch {
        dangling.push(`${condition.id}: ${ref}`);
      }
    }
  }
  results.push({ check: 'condition subjects resolve', passed: dangling.length === 0, detail: dangling.join('; ') });
  return results;
}
// #endregion acceptance
