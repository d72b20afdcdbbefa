/**
 * Runs the `_revinclude=Provenance:target` example against MockClient with the full search
 * parameter set: the report comes back as the match, the Provenance that targets it as an include,
 * and a Provenance about another report is left out.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { DiagnosticReport, Provenance } from '@medplum/fhirtypes';
import { reportWithProvenance } from '../../../examples/search/revinclude-provenance';
import { newSearchClient } from './support/search-mock';

test('reportWithProvenance returns the report and the Provenance that targets it', async () => {
  const medplum = newSearchClient();
  const patient = await medplum.createResource({
    resourceType: 'Patient',
    name: [{ given: ['Ana'], family: 'Silva' }],
  });
  const lipidPanel = {
    coding: [{ system: 'http://loinc.org', code: '57698-3', display: 'Lipid panel with direct LDL - Serum or Plasma' }],
  };
  const report = await medplum.createResource<DiagnosticReport>({
    resourceType: 'DiagnosticReport',
    status: 'final',
    code: lipidPanel,
    subject: { reference: `Patient/${patient.id}` },
  });
  const other = await medplum.createResource<DiagnosticReport>({
    resourceType: 'DiagnosticReport',
    status: 'final',
    code: lipidPanel,
    subject: { reference: `Patient/${patient.id}` },
  });
  const imported = await medplum.createResource<Provenance>({
    resourceType: 'Provenance',
    target: [{ reference: `DiagnosticReport/${report.id}` }],
    recorded: '2026-11-24T16:05:00Z',
    agent: [{ who: { display: 'Quest Diagnostics interface' } }],
  });
  await medplum.createResource<Provenance>({
    resourceType: 'Provenance',
    target: [{ reference: `DiagnosticReport/${other.id}` }],
    recorded: '2026-11-24T16:06:00Z',
    agent: [{ who: { display: 'Quest Diagnostics interface' } }],
  });

  const result = await reportWithProvenance(medplum, report.id as string);
  assert.equal(result.report?.id, report.id);
  assert.deepEqual(
    result.provenance.map((p) => p.id),
    [imported.id],
  );
});
