/**
 * Runs the component search example against MockClient: the component-code search returns every
 * blood pressure panel of the patient, and pairing each systolic component with its value keeps
 * only the low readings (not one whose diastolic value alone is below the limit).
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Observation, Patient } from '@medplum/fhirtypes';
import { BP_PANEL, LOINC, lowSystolicReadings, SYSTOLIC } from '../../../examples/search/composite';
import { mockWithSearch } from './mock-with-search';

function bp(patient: Patient, systolic: number, diastolic: number): Observation {
  const q = (value: number) => ({ value, unit: 'mm[Hg]', system: 'http://unitsofmeasure.org', code: 'mm[Hg]' });
  return {
    resourceType: 'Observation',
    status: 'final',
    code: { coding: [{ system: LOINC, code: BP_PANEL }] },
    subject: { reference: `Patient/${patient.id}` },
    component: [
      { code: { coding: [{ system: LOINC, code: SYSTOLIC }] }, valueQuantity: q(systolic) },
      { code: { coding: [{ system: LOINC, code: '8462-4' }] }, valueQuantity: q(diastolic) },
    ],
  };
}

describe('search/composite', () => {
  test('separate component parameters over-match; pairing code and value in code fixes it', async () => {
    const medplum = mockWithSearch();
    const patient = await medplum.createResource<Patient>({ resourceType: 'Patient', name: [{ family: 'Diaz' }] });
    const low = await medplum.createResource(bp(patient, 84, 52));
    const normal = await medplum.createResource(bp(patient, 122, 78));
    await medplum.createResource(bp(patient, 131, 92));

    // Another patient's low reading and a panel without a systolic component stay out.
    const other = await medplum.createResource<Patient>({ resourceType: 'Patient', name: [{ family: 'Okafor' }] });
    await medplum.createResource(bp(other, 80, 50));
    await medplum.createResource<Observation>({
      ...bp(patient, 0, 60),
      component: [bp(patient, 0, 60).component?.[1] as NonNullable<Observation['component']>[number]],
    });
    const raw = await medplum.searchResources('Observation', {
      patient: `Patient/${patient.id}`,
      'component-code': `${LOINC}|${SYSTOLIC}`,
    });
    assert.equal(raw.length, 3);
    // 122/78 has a component below 90 (the diastolic) but is not a low systolic reading.
    assert.ok(raw.some((o) => o.id === normal.id));

    const result = await lowSystolicReadings(medplum, `Patient/${patient.id}`, 90);
    assert.deepEqual(
      result.map((o) => o.id),
      [low.id],
    );
  });
});
