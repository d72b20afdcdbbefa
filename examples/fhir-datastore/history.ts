/**
 * Reading a resource's history (every version) and one specific version (vread).
 */
import type { MedplumClient, WithId } from '@medplum/core';
import type { Patient } from '@medplum/fhirtypes';

/** One line of an audit view: which version, when it was written, and who wrote it. */
export interface VersionSummary {
  versionId: string;
  lastUpdated: string;
  author?: string;
  family?: string;
}

// #region history
/** Lists every version of a Patient, newest first, as the server returns them. */
export async function listVersions(medplum: MedplumClient, id: string): Promise<VersionSummary[]> {
  const bundle = await medplum.readHistory('Patient', id);
  return (bundle.entry ?? [])
    .map((entry) => entry.resource)
    .filter((resource): resource is WithId<Patient> => resource !== undefined)
    .map((version) => ({
      versionId: version.meta?.versionId as string,
      lastUpdated: version.meta?.lastUpdated as string,
      author: version.meta?.author?.reference,
      family: version.name?.[0]?.family,
    }));
}
// #endregion history

// #region vread
/** Reads one earlier version by its versionId (`GET /Patient/{id}/_history/{vid}`). */
export async function readOldVersion(medplum: MedplumClient, id: string, versionId: string): Promise<WithId<Patient>> {
  return medplum.readVersion('Patient', id, versionId);
}
// #endregion vread

// #region restore
/**
 * Restores an earlier version by writing its content as a new version. History is append-only:
 * the versions in between stay in the history, and the restore itself becomes the newest entry.
 */
export async function restoreVersion(medplum: MedplumClient, id: string, versionId: string): Promise<WithId<Patient>> {
  const old = await medplum.readVersion('Patient', id, versionId);
  const { meta: _oldMeta, ...content } = old;
  return medplum.updateResource<Patient>({ ...content, resourceType: 'Patient', id });
}
// #endregion restore
