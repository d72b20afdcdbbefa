/**
 * A DiagnosticReport together with the Provenance resources that name it as their target, in one
 * search with `_revinclude=Provenance:target`.
 */
import type { MedplumClient } from '@medplum/core';
import type { BundleEntry, DiagnosticReport, Provenance } from '@medplum/fhirtypes';

// #region report-provenance
export async function reportWithProvenance(
  medplum: MedplumClient,
  reportId: string, // for example '2d5bd5c4-3f4c-4a3c-9d43-1e0a0f6f2b11'
): Promise<{ report: DiagnosticReport | undefined; provenance: Provenance[] }> {
  const bundle = await medplum.search('DiagnosticReport', {
    _id: reportId,
    _revinclude: 'Provenance:target',
  });
  // The included Provenance resources share the Bundle with the report, so read it as any entries.
  const entries: BundleEntry[] = bundle.entry ?? [];
  const report = entries.find((e) => e.search?.mode === 'match')?.resource as DiagnosticReport | undefined;
  const provenance = entries
    .filter((e) => e.search?.mode === 'include')
    .map((e) => e.resource)
    .filter((r): r is Provenance => r?.resourceType === 'Provenance');
  return { report, provenance };
}
// #endregion report-provenance
