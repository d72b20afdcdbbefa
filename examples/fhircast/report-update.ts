/**
 * FHIRcast content sharing: a DiagnosticReport-update that quotes the context's current versionId.
 */
// #region report-update
import { generateId } from '@medplum/core';
import type { MedplumClient } from '@medplum/core';
import type { Bundle, DiagnosticReport, Observation } from '@medplum/fhirtypes';

/** Shares a draft measurement with the other apps and returns the context's new version. */
export async function shareMeasurement(
  medplum: MedplumClient,
  topic: string,
  report: DiagnosticReport,
  measurement: Observation,
): Promise<string> {
  const current = await medplum.fhircastGetContext(topic);
  if (current['context.type'] !== 'DiagnosticReport') {
    throw new Error('No report is open on this topic');
  }
  const updates: Bundle = {
    resourceType: 'Bundle',
    id: generateId(),
    type: 'transaction',
    entry: [{ request: { method: 'PUT', url: `Observation/${measurement.id}` }, resource: measurement }],
  };
  const answer = await medplum.fhircastPublish(
    topic,
    'DiagnosticReport-update',
    [
      { key: 'report', reference: { reference: `DiagnosticReport/${report.id}` } },
      { key: 'updates', resource: updates },
    ],
    current['context.versionId'],
  );
  return answer.event.event['context.versionId'];
}
// #endregion report-update
