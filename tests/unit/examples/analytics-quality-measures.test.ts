/**
 * Runs the quality-measure examples: a cohort Group from active conditions, the proportion
 * computed from clinical dates and saved as a MeasureReport, and (on a real server) what
 * $evaluate-measure counts for the same Measure: resources updated in the period, not clinical dates.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { createReference, validateResource } from '@medplum/core';
import type { Condition, Measure, MeasureReport, Observation, Patient } from '@medplum/fhirtypes';
import type { MockClient } from '@medplum/mock';
import {
  buildCohort,
  computeHba1cTesting,
  DIABETES_TYPE_2,
  evaluateOnServer,
  HBA1C,
  hba1cTestingMeasure,
} from '../../../examples/analytics/quality-measures';
import { onServer } from '../../server/on-server';
import { mockWithSearch } from './mock-with-search';
import { scriptedClient } from './support/scripted-fetch';

/** The day `offsetDays` after `base` (YYYY-MM-DD). */
const shift = (base: string, offsetDays: number): string =>
  new Date(Date.parse(base) + offsetDays * 86_400_000).toISOString().slice(0, 10);
/** Today by this process's clock (fixed while the example tests run). */
const TODAY = new Date().toISOString().slice(0, 10);

/** Three patients: two with active type 2 diabetes (one tested in the period, one after it), one without. */
async function chart(medplum: MockClient, base = TODAY) {
  const patient = async (family: string) =>
    (await medplum.createResource<Patient>({ resourceType: 'Patient', name: [{ family }] })) as Patient & {
      id: string;
    };
  const [tested, late, other] = [await patient('Tested'), await patient('Late'), await patient('Other')];
  for (const p of [tested, late]) {
    await medplum.createResource<Condition>({
      resourceType: 'Condition',
      clinicalStatus: {
        coding: [{ system: 'http://terminology.hl7.org/CodeSystem/condition-clinical', code: 'active' }],
      },
      code: { coding: [DIABETES_TYPE_2] },
      subject: createReference(p),
    });
  }
  const hba1c = (p: Patient & { id: string }, offsetDays: number, value: number) =>
    medplum.createResource<Observation>({
      resourceType: 'Observation',
      status: 'final',
      code: { coding: [HBA1C] },
      subject: createReference(p),
      effectiveDateTime: `${shift(base, offsetDays)}T10:00:00Z`,
      valueQuantity: { value, unit: '%', system: 'http://unitsofmeasure.org', code: '%' },
    });
  await hba1c(tested, -60, 7.1);
  await hba1c(late, -10, 8.4);
  return { tested, late, other };
}

describe('analytics/quality-measures', () => {
  test('the cohort is an actual Group of the patients with the condition, rebuilt in place', async () => {
    const medplum = mockWithSearch();
    const { tested, late } = await chart(medplum);
    const cohort = await buildCohort(medplum, 'Type 2 diabetes registry', DIABETES_TYPE_2);
    assert.doesNotThrow(() => validateResource(cohort));
    assert.equal(cohort.actual, true);
    assert.equal(cohort.type, 'person');
    assert.deepEqual(
      cohort.member?.map((m) => m.entity.reference),
      [`Patient/${tested.id}`, `Patient/${late.id}`].sort(),
    );
    assert.equal(cohort.quantity, 2);
    const again = await buildCohort(medplum, 'Type 2 diabetes registry', DIABETES_TYPE_2);
    assert.equal(again.id, cohort.id);
  });

  test('the proportion counts results by clinical date and is saved as a MeasureReport on the cohort', async () => {
    const medplum = mockWithSearch();
    const { tested } = await chart(medplum);
    const measure = await medplum.createResource<Measure>(hba1cTestingMeasure);
    assert.doesNotThrow(() => validateResource(measure));
    const cohort = await buildCohort(medplum, 'Type 2 diabetes registry', DIABETES_TYPE_2);
    const report = await computeHba1cTesting(medplum, measure, cohort, shift(TODAY, -120), shift(TODAY, -30));
    assert.doesNotThrow(() => validateResource(report));
    assert.equal(report.measure, 'https://example.org/fhir/Measure/hba1c-testing');
    assert.equal(report.subject?.reference, `Group/${cohort.id}`);
    assert.deepEqual(
      report.group?.[0].population?.map((p) => [p.code?.coding?.[0].code, p.count]),
      [
        ['denominator', 2],
        ['numerator', 1],
      ],
    );
    assert.equal(report.group?.[0].measureScore?.value, 0.5);
    const stored = await medplum.searchResources('MeasureReport', { subject: `Group/${cohort.id}` });
    assert.deepEqual(
      stored.map((r) => r.id),
      [report.id],
    );
    assert.ok(tested.id);
  });

  test(
    'evaluateOnServer posts the period as Parameters to $evaluate-measure',
    { skip: onServer && 'scripted answers; the server half is in "on the server" below' },
    async () => {
      const { medplum, requests } = scriptedClient([
        {
          status: 201,
          body: {
            resourceType: 'MeasureReport',
            id: 'r1',
            status: 'complete',
            type: 'summary',
            measure: 'x',
            period: {},
          },
        },
      ]);
      const report = await evaluateOnServer(medplum, { ...hba1cTestingMeasure, id: 'm1' }, '2026-07-01', '2026-10-01');
      assert.equal(report.id, 'r1');
      assert.equal(requests[0].method, 'POST');
      assert.equal(requests[0].url.pathname, '/fhir/R4/Measure/m1/$evaluate-measure');
      assert.deepEqual(JSON.parse(requests[0].body as string).parameter, [
        { name: 'periodStart', valueDate: '2026-07-01' },
        { name: 'periodEnd', valueDate: '2026-10-01' },
      ]);
    },
  );
});

describe('analytics/quality-measures on the server', { skip: !onServer }, () => {
  test('$evaluate-measure counts patients updated in the period; the computed report uses clinical dates', async () => {
    const medplum = mockWithSearch();
    const measure = await medplum.createResource<Measure>(hba1cTestingMeasure);
    // Dates from the server's clock, which the stored Measure carries.
    const base = (measure.meta?.lastUpdated as string).slice(0, 10);
    await chart(medplum, base);
    const counts = (r: MeasureReport) => r.group?.[0].population?.map((p) => [p.code?.coding?.[0].code, p.count]);

    // The clinical period, 120 to 30 days ago: nothing in this project was *updated* then.
    const past = await evaluateOnServer(medplum, measure, shift(base, -120), shift(base, -30));
    assert.ok(past.id, 'the server saves the report');
    assert.equal(past.type, 'summary');
    assert.deepEqual(counts(past), [
      ['denominator', 0],
      ['numerator', 0],
    ]);
    // A period around today: both diabetic patients were written today, and both have an HbA1c,
    // so the server's numerator includes the result taken after the clinical period.
    const today = await evaluateOnServer(medplum, measure, shift(base, -1), shift(base, 2));
    assert.deepEqual(counts(today), [
      ['denominator', 2],
      ['numerator', 2],
    ]);

    // The same measure computed from clinical dates.
    const cohort = await buildCohort(medplum, 'Type 2 diabetes registry', DIABETES_TYPE_2);
    const computed = await computeHba1cTesting(medplum, measure, cohort, shift(base, -120), shift(base, -30));
    assert.deepEqual(counts(computed), [
      ['denominator', 2],
      ['numerator', 1],
    ]);
    assert.equal(computed.group?.[0].measureScore?.value, 0.5);
  });
});
