/**
 * Numbers for a dashboard straight from the API: counts with search, and a per-patient summary
 * with one GraphQL query.
 */
import type { MedplumClient } from '@medplum/core';

// #region counts
/**
 * Counts resources matching a search without downloading them: `_summary=count` asks the server
 * for the total only. One request per tile; keep the criteria on indexed search parameters.
 */
export async function countMatching(
  medplum: MedplumClient,
  resourceType: 'Encounter' | 'Task' | 'ServiceRequest',
  criteria: Record<string, string>,
): Promise<number> {
  const bundle = await medplum.search(resourceType, { ...criteria, _summary: 'count' }, { cache: 'no-cache' });
  return bundle.total ?? 0;
}

/** Open work by status, for a "tasks by status" tile. */
export async function taskCountsByStatus(medplum: MedplumClient, statuses: string[]): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const status of statuses) {
    counts[status] = await countMatching(medplum, 'Task', { status });
  }
  return counts;
}
// #endregion counts

// #region graphql-summary
/** Latest glucose results for one patient, newest first: a chart tile in one round trip. */
export async function recentGlucose(
  medplum: MedplumClient,
  patientId: string,
  count = 5,
): Promise<{ value?: number; unit?: string; effective?: string }[]> {
  const query = `
    query RecentGlucose($subject: String!, $count: Int) {
      ObservationList(subject: $subject, code: "http://loinc.org|2339-0", _sort: "-date", _count: $count) {
        effectiveDateTime
        valueQuantity { value unit }
      }
    }`;
  const result = await medplum.graphql(query, 'RecentGlucose', { subject: `Patient/${patientId}`, count });
  if (result.errors?.length) {
    throw new Error(result.errors.map((e: { message: string }) => e.message).join('; '));
  }
  const rows = result.data.ObservationList as {
    effectiveDateTime?: string;
    valueQuantity?: { value?: number; unit?: string };
  }[];
  return rows.map((o) => ({
    value: o.valueQuantity?.value,
    unit: o.valueQuantity?.unit,
    effective: o.effectiveDateTime,
  }));
}
// #endregion graphql-summary
