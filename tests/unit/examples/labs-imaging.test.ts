/**
 * Runs the lab and imaging workflows against MockClient: order, specimen, results, report and
 * review, and checks that every resource is valid and linked as the pages describe.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { createReference, validateResource } from '@medplum/core';
import type { Patient, Practitioner, Resource } from '@medplum/fhirtypes';
import { orderChestXray, recordStudy, reportStudy } from '../../../examples/labs-imaging/imaging';
import {
  collectSpecimen,
  completeReview,
  interpret,
  orderLabs,
  recordResults,
  requestReview,
  reviewQueue,
  TESTS,
} from '../../../examples/labs-imaging/lab-orders';
import { mockWithSearch } from './mock-with-search';

function valid(resource: Resource): void {
  assert.doesNotThrow(() => validateResource(resource), resource.resourceType);
}

async function setup() {
  const medplum = mockWithSearch();
  const patient = await medplum.createResource<Patient>({
    resourceType: 'Patient',
    name: [{ given: ['Lena'], family: 'Brandt' }],
  });
  const doctor = await medplum.createResource<Practitioner>({
    resourceType: 'Practitioner',
    name: [{ family: 'Adeyemi' }],
  });
  return { medplum, patient, doctor };
}

describe('labs-imaging/lab-orders', () => {
  test('interpret flags values outside the reference range', () => {
    assert.equal(interpret(7.2, 4, 5.6).coding?.[0]?.code, 'H');
    assert.equal(interpret(5.0, 4, 5.6).coding?.[0]?.code, 'N');
    assert.equal(interpret(3.1, 4, 5.6).coding?.[0]?.code, 'L');
  });

  test('order -> specimen -> results -> report -> review, all valid and linked', async () => {
    const { medplum, patient, doctor } = await setup();
    const lab = await orderLabs(medplum, patient, doctor, [TESTS.hba1c, TESTS.glucose], 'RQ5547208');
    valid(lab.order);
    lab.tests.forEach(valid);
    assert.equal(lab.tests.length, 2);
    assert.ok(lab.tests.every((t) => t.basedOn?.[0]?.reference === `ServiceRequest/${lab.order.id}`));
    const sameRequisition = await medplum.searchResources('ServiceRequest', {
      requisition: 'https://example.org/lab-requisition|RQ5547208',
    });
    assert.equal(sameRequisition.length, 3);

    const specimen = await collectSpecimen(medplum, lab, 'C26-1187402');
    valid(specimen);
    assert.equal(specimen.request?.length, 2);

    const report = await recordResults(medplum, lab, specimen, [
      { test: lab.tests[0], value: 7.2, unit: '%', ucum: '%', low: 4, high: 5.6 },
      { test: lab.tests[1], value: 92, unit: 'mg/dL', ucum: 'mg/dL', low: 70, high: 99 },
    ]);
    valid(report);
    assert.equal(report.result?.length, 2);
    const observations = await medplum.searchResources('Observation', { subject: `Patient/${patient.id}` });
    observations.forEach(valid);
    assert.deepEqual(observations.map((o) => o.interpretation?.[0]?.coding?.[0]?.code).sort(), ['H', 'N']);
    const reports = await medplum.searchResources('DiagnosticReport', { 'based-on': `ServiceRequest/${lab.order.id}` });
    assert.deepEqual(
      reports.map((r) => r.id),
      [report.id],
    );
    const order = await medplum.readResource('ServiceRequest', lab.order.id as string, { cache: 'no-cache' });
    assert.equal(order.status, 'completed');

    const task = await requestReview(medplum, report, createReference(doctor));
    valid(task);
    assert.equal(task.priority, 'urgent', 'the A1c is high');
    const queue = await reviewQueue(medplum, doctor);
    assert.deepEqual(
      queue.map((t) => t.id),
      [task.id],
    );
    const done = await completeReview(medplum, task, 'A1c above target; discuss metformin at follow-up.');
    assert.equal(done.status, 'completed');
    assert.equal((await reviewQueue(medplum, doctor)).length, 0);
  });
});

describe('labs-imaging/imaging', () => {
  test('an X-ray order gets a study and a report that link back to it', async () => {
    const { medplum, patient, doctor } = await setup();
    const order = await orderChestXray(medplum, patient, doctor, 'Cough for three weeks');
    valid(order);
    const study = await recordStudy(
      medplum,
      order,
      '1.2.840.113619.2.55.3.604688119.969.1268071029.320',
      '1.2.840.113619.2.55.3.604688119.969.1268071029.321',
      2,
    );
    valid(study);
    const report = await reportStudy(medplum, order, study, doctor, 'No acute cardiopulmonary abnormality.');
    valid(report);
    assert.equal(report.imagingStudy?.[0]?.reference, `ImagingStudy/${study.id}`);
    const studies = await medplum.searchResources('ImagingStudy', { basedon: `ServiceRequest/${order.id}` });
    assert.deepEqual(
      studies.map((s) => s.id),
      [study.id],
    );
    const stored = await medplum.readResource('ServiceRequest', order.id as string, { cache: 'no-cache' });
    assert.equal(stored.status, 'completed');
  });
});
