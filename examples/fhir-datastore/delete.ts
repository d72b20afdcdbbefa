/**
 * Deleting resources, and permanently removing them with $expunge.
 */
import type { MedplumClient } from '@medplum/core';
import { isGone, isNotFound, normalizeOperationOutcome } from '@medplum/core';
import type { ResourceType } from '@medplum/fhirtypes';

// #region delete
/**
 * Deletes a resource. Afterwards a read fails, but the resource's earlier versions stay in its
 * history, so an auditor can still see what it looked like.
 */
export async function deleteAndConfirm(
  medplum: MedplumClient,
  resourceType: ResourceType,
  id: string,
): Promise<boolean> {
  await medplum.deleteResource(resourceType, id);
  try {
    await medplum.readResource(resourceType, id, { cache: 'no-cache' });
    return false;
  } catch (err) {
    // The server answers a read of a deleted resource with 410 Gone; some servers use 404.
    const outcome = normalizeOperationOutcome(err);
    return isGone(outcome) || isNotFound(outcome);
  }
}
// #endregion delete

// #region expunge
/**
 * Permanently removes a resource and all of its history (`POST [base]/[type]/[id]/$expunge`).
 * The Medplum server allows this for project admins (within their own project) and super admins.
 * With `everything`, the server removes every resource in the resource's compartment as an async
 * job: any compartment for a super admin, only their own Project for a project admin.
 */
export async function expunge(
  medplum: MedplumClient,
  resourceType: ResourceType,
  id: string,
  everything = false,
): Promise<void> {
  const url = medplum.fhirUrl(resourceType, id, '$expunge');
  if (everything) {
    url.searchParams.set('everything', 'true');
  }
  await medplum.post(url, {});
}
// #endregion expunge
