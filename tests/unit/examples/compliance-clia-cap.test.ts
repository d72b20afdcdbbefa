/**
 * Runs the CLIA/CAP traceability example: a glucose result tied to its specimen, analyzer and
 * operator, a correction that keeps the released version in history, and the trace an
 * inspector would ask for.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { createReference, validateResource } from '@medplum/core';
import type { Device, Observation, Organization, Patient, Practitioner, Specimen } from '@medplum/fhirtypes';
import { onServer } from '../../server/on-server';
import { mockWithSearch } from './mock-with-search';
import {
  correctGlucoseResult,
  releaseGlucoseResult,
  reportsChangedSince,
  traceReport,
} from '../../../examples/compliance/clia-cap';

async function setup() {
  const medplum = mockWithSearch();
  const patient = await medplum.createResource<Patient>({
    resourceType: 'Patient',
    name: [{ given: ['Ana'], family: 'Rivera' }],
  });
  const lab = await medplum.createResource<Organization>({
    resourceType: 'Organization',
    name: 'Main Street Clinical Laboratory',
    address: [{ line: ['12 Main Street'], city: 'Springfield', state: 'IL', postalCode: '62701' }],
  });
  const operator = await medplum.createResource<Practitioner>({
    resourceType: 'Practitioner',
    name: [{ given: ['Sam'], family: 'Okafor' }],
  });
  const analyzer = await medplum.createResource<Device>({
    resourceType: 'Device',
    status: 'active',
    manufacturer: 'Example Diagnostics',
    deviceName: [{ name: 'Chemistry analyzer 2', type: 'user-friendly-name' }],
    serialNumber: 'CA2-004417',
    owner: createReference(lab),
  });
  const specimen = await medplum.createResource<Specimen>({
    resourceType: 'Specimen',
    status: 'available',
    accessionIdentifier: { system: 'https://lab.example.org/accession', value: 'A26-000731' },
    type: { coding: [{ system: 'http://snomed.info/sct', code: '119364003', display: 'Serum specimen' }] },
    subject: createReference(patient),
    receivedTime: '2026-11-25T08:05:00Z',
    collection: { collectedDateTime: '2026-11-25T07:40:00Z' },
  });
  return { medplum, patient, lab, operator, analyzer, specimen };
}

describe('compliance/clia-cap', () => {
  test('a released result names its specimen, analyzer, operator, lab and reference interval', async () => {
    const { medplum, patient, lab, operator, analyzer, specimen } = await setup();
    const { observation, report } = await releaseGlucoseResult(medplum, {
      patient: createReference(patient),
      specimen: createReference(specimen),
      analyzer: createReference(analyzer),
      operator: createReference(operator),
      lab: createReference(lab),
      valueMgDl: 142,
      range: { low: 70, high: 99 },
    });
    validateResource(observation);
    validateResource(report);
    assert.equal(observation.status, 'final');
    assert.equal(observation.interpretation?.[0].coding?.[0].code, 'H');
    assert.equal(observation.referenceRange?.[0].high?.value, 99);
    assert.equal(report.result?.[0].reference, `Observation/${observation.id}`);

    const trace = await traceReport(medplum, report.id as string);
    assert.equal(trace.status, 'final');
    assert.equal(trace.versions.length, 1);
    assert.deepEqual(trace.results, [
      {
        observation: `Observation/${observation.id}`,
        value: 142,
        unit: 'mg/dL',
        range: '70-99',
        specimen: `Specimen/${specimen.id}`,
        accession: 'A26-000731',
        device: `Device/${analyzer.id}`,
        serialNumber: 'CA2-004417',
        performers: [`Practitioner/${operator.id}`, `Organization/${lab.id}`],
      },
    ]);
  });

  test('a correction keeps the released versions in history and shows up as a changed report', async () => {
    const { medplum, patient, lab, operator, analyzer, specimen } = await setup();
    const before = new Date(Date.now() - 60_000).toISOString();
    const released = await releaseGlucoseResult(medplum, {
      patient: createReference(patient),
      specimen: createReference(specimen),
      analyzer: createReference(analyzer),
      operator: createReference(operator),
      lab: createReference(lab),
      valueMgDl: 412,
      range: { low: 70, high: 99 },
    });
    assert.equal((await reportsChangedSince(medplum, before)).length, 0);

    const fixed = await correctGlucoseResult(
      medplum,
      released.report as typeof released.report & { id: string },
      released.observation as typeof released.observation & { id: string },
      88,
      'result transcribed from the wrong specimen position',
    );
    assert.equal(fixed.report.status, 'corrected');
    assert.equal(fixed.observation.status, 'corrected');
    assert.equal(fixed.observation.valueQuantity?.value, 88);
    assert.equal(released.observation.interpretation?.[0].coding?.[0].code, 'H');
    assert.equal(fixed.observation.interpretation?.[0].coding?.[0].code, 'N');
    assert.match(fixed.observation.note?.[0].text ?? '', /^Corrected: result transcribed/);

    const trace = await traceReport(medplum, released.report.id as string);
    assert.equal(trace.status, 'corrected');
    assert.deepEqual(
      trace.versions.map((v) => v.status),
      ['final', 'corrected'],
    );
    if (onServer) {
      // The server stamps meta.author on every version; MockClient does not.
      assert.ok(
        trace.versions.every((v) => v.author),
        'each version names who wrote it',
      );
    }
    assert.equal(trace.results[0].value, 88);

    // The released value is still readable from the Observation's history.
    const history = await medplum.readHistory('Observation', released.observation.id as string);
    const values = (history.entry ?? []).map((e) => (e.resource as Observation).valueQuantity?.value);
    assert.deepEqual(values, [88, 412]);

    const changed = await reportsChangedSince(medplum, before);
    assert.deepEqual(
      changed.map((r) => r.id),
      [released.report.id],
    );
  });
});
