/**
 * Creating resources: plain create, conditional create and upsert.
 */
import type { MedplumClient, WithId } from '@medplum/core';
import type { Patient } from '@medplum/fhirtypes';

/** The identifier system these examples use for medical record numbers. */
export const MRN_SYSTEM = 'https://example.org/fhir/mrn';

// #region create
/** Creates a new Patient every time it is called. The server assigns `id` and `meta`. */
export async function createPatient(medplum: MedplumClient, given: string, family: string): Promise<WithId<Patient>> {
  return medplum.createResource<Patient>({
    resourceType: 'Patient',
    name: [{ given: [given], family }],
  });
}
// #endregion create

// #region create-if-none-exist
/**
 * Creates a Patient only when no Patient already carries this MRN. Calling it twice with the same
 * MRN returns the same resource both times instead of making a duplicate.
 */
export async function ensurePatientByMrn(
  medplum: MedplumClient,
  mrn: string,
  given: string,
  family: string,
): Promise<WithId<Patient>> {
  return medplum.createResourceIfNoneExist<Patient>(
    {
      resourceType: 'Patient',
      identifier: [{ system: MRN_SYSTEM, value: mrn }],
      name: [{ given: [given], family }],
    },
    // Only the search parameters: no resource type and no leading "?".
    `identifier=${MRN_SYSTEM}|${mrn}`,
  );
}
// #endregion create-if-none-exist

// #region upsert
/**
 * Creates or replaces the Patient with this MRN in one request: a conditional update, which is a
 * PUT to `fhir/R4/Patient` with the MRN as an `identifier` search in the query string. The
 * resource you pass becomes the whole new version.
 */
export async function upsertPatientByMrn(
  medplum: MedplumClient,
  mrn: string,
  patient: Omit<Patient, 'resourceType' | 'identifier'>,
): Promise<WithId<Patient>> {
  return medplum.upsertResource<Patient>(
    {
      ...patient,
      resourceType: 'Patient',
      identifier: [{ system: MRN_SYSTEM, value: mrn }],
    },
    { identifier: `${MRN_SYSTEM}|${mrn}` },
  );
}
// #endregion upsert

// #region upsert-created-or-updated
/**
 * The same conditional update as `upsertPatientByMrn`, sent as a one-entry batch so the entry's
 * `response.status` says whether the server created the Patient (`"201"`) or replaced the one it
 * found (`"200"`).
 */
export async function upsertPatientTellingCreated(
  medplum: MedplumClient,
  mrn: string,
  given: string,
  family: string,
): Promise<{ created: boolean; id: string | undefined }> {
  const patient: Patient = {
    resourceType: 'Patient',
    identifier: [{ system: MRN_SYSTEM, value: mrn }],
    name: [{ given: [given], family }],
  };

  const result = await medplum.executeBatch({
    resourceType: 'Bundle',
    type: 'batch',
    entry: [
      {
        resource: patient,
        request: { method: 'PUT', url: `Patient?identifier=${MRN_SYSTEM}|${mrn}` },
      },
    ],
  });
  const entry = result.entry?.[0];
  const wasCreated = entry?.response?.status === '201';
  return { created: wasCreated, id: (entry?.resource as Patient | undefined)?.id };
}
// #endregion upsert-created-or-updated
