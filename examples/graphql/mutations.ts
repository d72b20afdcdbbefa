/**
 * Writing through GraphQL: <Type>Create, <Type>Update, <Type>Patch and <Type>Delete.
 */
import type { MedplumClient } from '@medplum/core';
import type { Patient } from '@medplum/fhirtypes';
import type { GraphQLResult } from './queries';
import { unwrap } from './queries';

// #region create
const CREATE_PATIENT = `
  mutation CreatePatient($res: PatientCreate!) {
    PatientCreate(res: $res) {
      id
      meta { versionId }
    }
  }
`;

/** Creates a patient and returns only the new id and version. */
export async function createPatient(
  medplum: MedplumClient,
  family: string,
  given: string,
): Promise<{ id: string; meta: { versionId: string } }> {
  const res: Patient = { resourceType: 'Patient', name: [{ family, given: [given] }] };
  const result: GraphQLResult<{ PatientCreate: { id: string; meta: { versionId: string } } }> = await medplum.graphql(
    CREATE_PATIENT,
    'CreatePatient',
    { res },
  );
  return unwrap(result).PatientCreate;
}
// #endregion create

// #region update
// In @medplum/fhir-router 5.2.13 the input type of `res` is named PatientCreate for updates too.
const UPDATE_PATIENT = `
  mutation UpdatePatient($id: ID!, $res: PatientCreate!) {
    PatientUpdate(id: $id, res: $res) {
      id
      birthDate
    }
  }
`;

/**
 * Update replaces the whole resource, exactly like PUT: send every field you want to keep.
 * `res.id` must equal `id`.
 */
export async function setBirthDate(medplum: MedplumClient, patient: Patient, birthDate: string): Promise<string> {
  const res: Patient = { ...patient, birthDate };
  // Server-managed metadata is not part of the update input.
  delete res.meta;
  const result: GraphQLResult<{ PatientUpdate: { birthDate: string } }> = await medplum.graphql(
    UPDATE_PATIENT,
    'UpdatePatient',
    { id: patient.id, res },
  );
  return unwrap(result).PatientUpdate.birthDate;
}
// #endregion update

// #region patch
const PATCH_PATIENT = `
  mutation PatchPatient($id: ID!, $patch: [PatchOperationInput!]!) {
    PatientPatch(id: $id, patch: $patch) {
      id
      gender
    }
  }
`;

/**
 * JSON Patch through GraphQL. The `value` of each operation is typed as a GraphQL String, so
 * this only suits string-valued targets such as codes and dates.
 */
export async function setGender(medplum: MedplumClient, id: string, gender: Patient['gender']): Promise<string> {
  const patch = [{ op: 'add', path: '/gender', value: gender }];
  const result: GraphQLResult<{ PatientPatch: { gender: string } }> = await medplum.graphql(
    PATCH_PATIENT,
    'PatchPatient',
    { id, patch },
  );
  return unwrap(result).PatientPatch.gender;
}
// #endregion patch

// #region delete
const DELETE_PATIENT = `
  mutation DeletePatient($id: ID!) {
    PatientDelete(id: $id) { id }
  }
`;

/** Deletes a patient. The mutation's value is always null; success means no errors. */
export async function deletePatient(medplum: MedplumClient, id: string): Promise<void> {
  unwrap(await medplum.graphql(DELETE_PATIENT, 'DeletePatient', { id }));
}
// #endregion delete
