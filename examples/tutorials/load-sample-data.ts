/**
 * Uploads the tutorial's sample bundle from a Node script.
 */
import type { MedplumClient } from '@medplum/core';
import type { Bundle } from '@medplum/fhirtypes';
import { readFile } from 'node:fs/promises';

// #region load
/** Reads a bundle file, sends it, and returns `type/id → status` for each entry. */
export async function loadBundleFile(medplum: MedplumClient, file: string): Promise<string[]> {
  const bundle = JSON.parse(await readFile(file, 'utf8')) as Bundle;
  const response = await medplum.executeBatch(bundle);
  return (response.entry ?? []).map((entry) => {
    const r = entry.resource;
    return `${r ? `${r.resourceType}/${r.id}` : '(no resource)'} → ${entry.response?.status}`;
  });
}
// #endregion load
