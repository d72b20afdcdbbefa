/**
 * Reading FHIR data through Medplum's GraphQL endpoint (POST /fhir/R4/$graphql).
 */
import type { MedplumClient } from '@medplum/core';
import type { HumanName } from '@medplum/fhirtypes';

// #region result-type
/** The JSON body the endpoint returns: `data` plus, when something failed, `errors`. */
export interface GraphQLResult<T> {
  data?: T;
  errors?: { message: string; path?: (string | number)[] }[];
}

/** Returns `data`, or throws with every error message when the server reported any. */
export function unwrap<T>(result: GraphQLResult<T>): T {
  if (result.errors?.length) {
    throw new Error(result.errors.map((e) => e.message).join('; '));
  }
  return result.data as T;
}
// #endregion result-type

// #region read-by-id
const READ_PATIENT = `
  query ReadPatient($id: ID!) {
    Patient(id: $id) {
      id
      birthDate
      name { given family }
    }
  }
`;

export interface PatientCard {
  id: string;
  birthDate?: string;
  name?: HumanName[];
}

/** One patient by id, with only the fields the card shows. */
export async function readPatient(medplum: MedplumClient, id: string): Promise<PatientCard> {
  const result: GraphQLResult<{ Patient: PatientCard }> = await medplum.graphql(READ_PATIENT, 'ReadPatient', { id });
  return unwrap(result).Patient;
}
// #endregion read-by-id

// #region search-list
const FIND_PATIENTS = `
  query FindPatients($family: String, $count: Int) {
    PatientList(family: $family, _sort: "birthdate", _count: $count) {
      id
      birthDate
      name { given family }
    }
  }
`;

/** `<Type>List` runs a FHIR search; its arguments are that type's search parameters. */
export async function findPatients(medplum: MedplumClient, family: string, count = 20): Promise<PatientCard[]> {
  const result: GraphQLResult<{ PatientList: PatientCard[] | null }> = await medplum.graphql(
    FIND_PATIENTS,
    'FindPatients',
    { family, count },
  );
  // No matches gives []; a search with _count 0 gives null, so default to [].
  return unwrap(result).PatientList ?? [];
}
// #endregion search-list

// #region resolve-references
const OBSERVATIONS_WITH_SUBJECT = `
  query ObservationsWithSubject($code: String) {
    ObservationList(code: $code) {
      id
      status
      subject {
        reference
        resource {
          ... on Patient { id name { given family } }
        }
      }
    }
  }
`;

export interface ObservationRow {
  id: string;
  status: string;
  subject?: { reference?: string; resource?: { id: string; name?: HumanName[] } | null };
}

/**
 * `resource` on any Reference loads the resource it points to. The inline fragment picks fields
 * for each possible target type; references to other types resolve to an empty object.
 */
export async function observationsWithSubject(medplum: MedplumClient, code: string): Promise<ObservationRow[]> {
  const result: GraphQLResult<{ ObservationList: ObservationRow[] | null }> = await medplum.graphql(
    OBSERVATIONS_WITH_SUBJECT,
    'ObservationsWithSubject',
    { code },
  );
  return unwrap(result).ObservationList ?? [];
}
// #endregion resolve-references

// #region reverse-lookup
const PATIENT_CHART = `
  query PatientChart($id: ID!) {
    Patient(id: $id) {
      id
      telecom(system: "phone") { value }
      ObservationList(_reference: subject, _sort: "-_lastUpdated", _count: 5) {
        id
        status
        code { text }
      }
    }
  }
`;

export interface PatientChart {
  id: string;
  telecom?: { value?: string }[];
  ObservationList: { id: string; status: string; code?: { text?: string } }[] | null;
}

/**
 * A nested `<Type>List(_reference: parameter)` is a reverse lookup: resources of that type whose
 * `_reference` search parameter points at the enclosing resource. `telecom(system: "phone")`
 * filters a repeating element by one of its fields.
 */
export async function patientChart(medplum: MedplumClient, id: string): Promise<PatientChart> {
  const result: GraphQLResult<{ Patient: PatientChart }> = await medplum.graphql(PATIENT_CHART, 'PatientChart', { id });
  return unwrap(result).Patient;
}
// #endregion reverse-lookup
