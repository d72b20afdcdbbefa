/**
 * Runs the wearable example against MockClient: one Device per serial number, valid heart-rate and
 * step Observations that point at it, and a batch upload that stores a re-sent sample only once.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { createReference, validateResource } from '@medplum/core';
import type { Patient } from '@medplum/fhirtypes';
import {
  dailySteps,
  heartRate,
  readingsFromDevice,
  registerWearable,
  uploadReadings,
} from '../../../examples/charting/wearables';
import { mockWithSearch } from './mock-with-search';

describe('charting/wearables', () => {
  test('a device, its readings in one batch, and a re-sent sample stored once', async () => {
    const medplum = mockWithSearch();
    const patient = await medplum.createResource<Patient>({ resourceType: 'Patient', name: [{ family: 'Okafor' }] });

    const device = await registerWearable(medplum, patient, 'SN-4471');
    assert.doesNotThrow(() => validateResource(device));
    const again = await registerWearable(medplum, patient, 'SN-4471');
    assert.equal(again.id, device.id, 'pairing the same watch again finds the first Device');
    assert.equal(device.patient?.reference, `Patient/${patient.id}`);

    const subject = createReference(patient);
    const source = createReference(device);
    const readings = [
      heartRate(subject, source, 'hr-20261124T070000Z', 64, '2026-11-24T07:00:00Z'),
      heartRate(subject, source, 'hr-20261124T070500Z', 71, '2026-11-24T07:05:00Z'),
      dailySteps(subject, source, 'steps-2026-11-24', 8412, '2026-11-24T00:00:00Z', '2026-11-25T00:00:00Z'),
    ];
    readings.forEach((o) => assert.doesNotThrow(() => validateResource(o)));
    assert.equal(readings[0].device?.reference, `Device/${device.id}`);
    assert.deepEqual(readings[0].valueQuantity, {
      value: 64,
      unit: 'beats/minute',
      system: 'http://unitsofmeasure.org',
      code: '/min',
    });
    assert.deepEqual(readings[2].effectivePeriod, { start: '2026-11-24T00:00:00Z', end: '2026-11-25T00:00:00Z' });
    assert.equal(readings[2].effectiveDateTime, undefined);

    assert.deepEqual(await uploadReadings(medplum, readings), []);
    // The next sync sends the last heart-rate sample again with a new one.
    const next = [readings[1], heartRate(subject, source, 'hr-20261124T071000Z', 88, '2026-11-24T07:10:00Z')];
    assert.deepEqual(await uploadReadings(medplum, next), []);

    const heart = await readingsFromDevice(medplum, device, '8867-4');
    assert.deepEqual(heart.map((o) => o.identifier?.[0]?.value).sort(), [
      'hr-20261124T070000Z',
      'hr-20261124T070500Z',
      'hr-20261124T071000Z',
    ]);
    const steps = await readingsFromDevice(medplum, device, '41950-7');
    assert.equal(steps.length, 1);
    assert.equal(steps[0].valueQuantity?.value, 8412);
  });
});
