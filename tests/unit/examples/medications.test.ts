/**
 * Runs the prescribing examples against MockClient and validates every resource they write.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { validateResource } from '@medplum/core';
import type { Patient, Practitioner } from '@medplum/fhirtypes';
import {
  activeMedications,
  DRUGS,
  ensureFormularyMedication,
  prescribe,
  renew,
  stopMedication,
} from '../../../examples/medications/prescribe';
import { mockWithSearch } from './mock-with-search';

const AMLODIPINE_SIG = {
  tablets: 1,
  timesPerDay: 1,
  text: 'Take 1 tablet by mouth once daily',
  dispense: 30,
  refills: 2,
};

async function setup() {
  const medplum = mockWithSearch();
  const patient = await medplum.createResource<Patient>({
    resourceType: 'Patient',
    name: [{ given: ['Amir'], family: 'Haddad' }],
  });
  const prescriber = await medplum.createResource<Practitioner>({
    resourceType: 'Practitioner',
    name: [{ family: 'Nguyen' }],
  });
  return { medplum, patient, prescriber };
}

describe('medications/prescribe', () => {
  test('the formulary holds one Medication per RxNorm code', async () => {
    const { medplum } = await setup();
    const first = await ensureFormularyMedication(medplum, DRUGS.metformin500);
    const again = await ensureFormularyMedication(medplum, DRUGS.metformin500);
    assert.equal(again.id, first.id);
    assert.doesNotThrow(() => validateResource(first));
    assert.equal(first.code?.coding?.[0]?.code, '861007');
  });

  test('prescribe writes a valid active order with a structured dose and supply', async () => {
    const { medplum, patient, prescriber } = await setup();
    const rx = await prescribe(medplum, patient, prescriber, DRUGS.amlodipine2_5, AMLODIPINE_SIG);
    assert.doesNotThrow(() => validateResource(rx));
    assert.equal(rx.medicationCodeableConcept?.coding?.[0]?.display, 'amLODIPine 2.5 MG Oral Tablet');
    assert.equal(rx.dispenseRequest?.expectedSupplyDuration?.value, 30);
    assert.equal(rx.dosageInstruction?.[0]?.timing?.repeat?.frequency, 1);

    const list = await activeMedications(medplum, patient);
    assert.deepEqual(
      list.map((r) => r.id),
      [rx.id],
    );
  });

  test('stopping keeps the order with a reason; renewing leaves exactly one active order', async () => {
    const { medplum, patient, prescriber } = await setup();
    const tetracycline = await prescribe(medplum, patient, prescriber, DRUGS.tetracycline250, {
      tablets: 1,
      timesPerDay: 4,
      text: 'Take 1 tablet by mouth four times daily on an empty stomach',
      dispense: 40,
      refills: 0,
    });
    const metformin = await prescribe(medplum, patient, prescriber, DRUGS.metformin500, {
      tablets: 1,
      timesPerDay: 2,
      text: 'Take 1 tablet by mouth twice daily with meals',
      dispense: 60,
      refills: 5,
    });
    assert.equal(metformin.dispenseRequest?.expectedSupplyDuration?.value, 30);

    const stopped = await stopMedication(medplum, tetracycline, 'Photosensitivity rash');
    assert.equal(stopped.status, 'stopped');
    assert.equal(stopped.statusReason?.text, 'Photosensitivity rash');
    assert.doesNotThrow(() => validateResource(stopped));

    const renewed = await renew(medplum, metformin, {
      dispenseRequest: { ...metformin.dispenseRequest, numberOfRepeatsAllowed: 3 },
    });
    assert.doesNotThrow(() => validateResource(renewed));
    assert.equal(renewed.priorPrescription?.reference, `MedicationRequest/${metformin.id}`);
    assert.notEqual(renewed.id, metformin.id);
    const old = await medplum.readResource('MedicationRequest', metformin.id as string, { cache: 'no-cache' });
    assert.equal(old.status, 'completed');

    const active = await activeMedications(medplum, patient);
    assert.deepEqual(
      active.map((r) => r.id),
      [renewed.id],
    );
  });
});
