/**
 * A migration pipeline: load legacy tables in dependency order, as `batch` bundles of conditional
 * updates keyed on the legacy identifier, and resend the entries the server throttled.
 */
import type { MedplumClient } from '@medplum/core';
import { sleep } from '@medplum/core';
import type { BundleEntry, Identifier, Resource } from '@medplum/fhirtypes';

// #region order
/**
 * Load order. Each step only references resources from earlier steps, so every conditional
 * reference it contains can be resolved when the server stores it.
 */
export const LOAD_ORDER = [
  'Organization',
  'Location',
  'Practitioner',
  'PractitionerRole',
  'Patient',
  'RelatedPerson',
  'Coverage',
  'Encounter',
  'Condition',
  'AllergyIntolerance',
  'MedicationRequest',
  'Observation',
  'DiagnosticReport',
  'DocumentReference',
] as const;

/** Sorts resources into the load order; resource types not in the list go last. */
export function sortForLoad<T extends Resource>(resources: T[]): T[] {
  const rank = (r: Resource): number => {
    const i = (LOAD_ORDER as readonly string[]).indexOf(r.resourceType);
    return i === -1 ? LOAD_ORDER.length : i;
  };
  return [...resources].sort((a, b) => rank(a) - rank(b));
}
// #endregion order

// #region entry
/** Finds the identifier that names the legacy row, by its system. */
export function keyOf(resource: Resource, systemPrefix: string): Identifier {
  const identifiers = (resource as { identifier?: Identifier[] }).identifier ?? [];
  const key = identifiers.find((id) => id.system?.startsWith(systemPrefix));
  if (!key?.system || !key.value) {
    throw new Error(`${resource.resourceType} has no identifier under ${systemPrefix}`);
  }
  return key;
}

/**
 * One conditional update: creates the resource on the first run, replaces it on every later run,
 * and fails (400) if two resources already carry the same legacy identifier.
 */
export function upsertEntry(resource: Resource, systemPrefix: string): BundleEntry {
  const key = keyOf(resource, systemPrefix);
  return {
    resource,
    request: {
      method: 'PUT',
      url: `${resource.resourceType}?identifier=${encodeURIComponent(`${key.system}|${key.value}`)}`,
    },
  };
}
// #endregion entry

// #region load
export interface LoadReport {
  ok: number;
  retried: number;
  failed: { url: string; status: string; diagnostics?: string }[];
}

/**
 * Sends resources in `batch` bundles of `chunkSize` entries, one resource type at a time in load
 * order. Entries answered with 429 (the FHIR quota ran out mid-batch) are resent after waiting for
 * the quota window the server reported; any other failure is recorded and left for a human.
 */
export async function load(
  medplum: MedplumClient,
  resources: Resource[],
  options: { systemPrefix: string; chunkSize?: number; maxAttempts?: number },
): Promise<LoadReport> {
  const chunkSize = options.chunkSize ?? 50;
  const maxAttempts = options.maxAttempts ?? 5;
  const report: LoadReport = { ok: 0, retried: 0, failed: [] };
  const sorted = sortForLoad(resources);

  // Types are loaded strictly one after another: a Condition's conditional reference to its
  // Patient only resolves if the Patient batch has already finished.
  const types = [...new Set(sorted.map((r) => r.resourceType))];
  for (const type of types) {
    const ofType = sorted.filter((r) => r.resourceType === type);
    for (let i = 0; i < ofType.length; i += chunkSize) {
      let pending = ofType.slice(i, i + chunkSize).map((r) => upsertEntry(r, options.systemPrefix));
      for (let attempt = 1; pending.length > 0; attempt++) {
        const response = await medplum.executeBatch({ resourceType: 'Bundle', type: 'batch', entry: pending });
        const throttled: BundleEntry[] = [];
        pending.forEach((entry, index) => {
          const result = response.entry?.[index]?.response;
          const status = result?.status ?? 'no response';
          if (status.startsWith('2')) {
            report.ok++;
          } else if (status.startsWith('429') && attempt < maxAttempts) {
            throttled.push(entry);
          } else {
            const outcome = result?.outcome as
              | { issue?: { diagnostics?: string; details?: { text?: string } }[] }
              | undefined;
            const issue = outcome?.issue?.[0];
            report.failed.push({
              url: entry.request?.url ?? '',
              status,
              diagnostics: issue?.details?.text ?? issue?.diagnostics,
            });
          }
        });
        if (throttled.length > 0) {
          report.retried += throttled.length;
          await sleep(waitMs(medplum, attempt));
        }
        pending = throttled;
      }
    }
  }
  return report;
}

/** How long to wait before resending: the server's reported reset time, or exponential backoff. */
export function waitMs(medplum: MedplumClient, attempt: number): number {
  const exhausted = medplum.rateLimitStatus().filter((limit) => limit.remainingUnits <= 0);
  if (exhausted.length > 0) {
    return Math.max(...exhausted.map((limit) => limit.secondsUntilReset)) * 1000 + 250;
  }
  return Math.min(60_000, 1000 * 2 ** (attempt - 1));
}
// #endregion load
