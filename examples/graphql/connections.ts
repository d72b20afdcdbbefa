/**
 * The FHIR GraphQL Connection API: counts, page metadata and edges.
 */
import type { MedplumClient } from '@medplum/core';
import type { GraphQLResult } from './queries';
import { unwrap } from './queries';

// #region connection-page
const PATIENT_PAGE = `
  query PatientPage($family: String, $count: Int, $offset: Int) {
    PatientConnection(family: $family, _count: $count, _offset: $offset, _sort: "_lastUpdated") {
      count
      offset
      pageSize
      next
      edges {
        mode
        resource { id name { family given } }
      }
    }
  }
`;

export interface PatientPage {
  count: number | null;
  offset: number;
  pageSize: number;
  next: string | null;
  edges: { mode: string; resource: { id: string } }[] | null;
}

/** One page of patients plus the total number of matches. */
export async function patientPage(
  medplum: MedplumClient,
  family: string,
  count: number,
  offset: number,
): Promise<PatientPage> {
  const result: GraphQLResult<{ PatientConnection: PatientPage }> = await medplum.graphql(PATIENT_PAGE, 'PatientPage', {
    family,
    count,
    offset,
  });
  return unwrap(result).PatientConnection;
}
// #endregion connection-page

// #region count-per-parent
const OBSERVATION_COUNTS = `
  query ObservationCounts($family: String) {
    PatientList(family: $family) {
      id
      ObservationConnection(_reference: subject) { count }
    }
  }
`;

/**
 * How many observations each matching patient has. Only `count` is selected, so the server
 * counts without loading any Observation.
 */
export async function observationCounts(medplum: MedplumClient, family: string): Promise<Map<string, number>> {
  const result: GraphQLResult<{
    PatientList: { id: string; ObservationConnection: { count: number } }[] | null;
  }> = await medplum.graphql(OBSERVATION_COUNTS, 'ObservationCounts', { family });
  const counts = new Map<string, number>();
  for (const patient of unwrap(result).PatientList ?? []) {
    counts.set(patient.id, patient.ObservationConnection.count);
  }
  return counts;
}
// #endregion count-per-parent
