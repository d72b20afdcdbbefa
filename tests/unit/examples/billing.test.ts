/**
 * Runs the billing chain against MockClient (coverage, eligibility, charge, claim, invoice) and
 * validates every resource it writes.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { createReference, validateResource } from '@medplum/core';
import type {
  CoverageEligibilityResponse,
  Encounter,
  Organization,
  Patient,
  Practitioner,
  Resource,
} from '@medplum/fhirtypes';
import {
  addCoverage,
  chargeForVisit,
  createClaim,
  HYPERTENSION,
  invoicePatient,
  isCovered,
  OFFICE_VISIT,
  requestEligibility,
} from '../../../examples/billing/revenue-cycle';
import { mockWithSearch } from './mock-with-search';

function valid(resource: Resource): void {
  assert.doesNotThrow(() => validateResource(resource), resource.resourceType);
}

describe('billing/revenue-cycle', () => {
  test('coverage, eligibility, charge, claim and invoice link up and are valid FHIR', async () => {
    const medplum = mockWithSearch();
    const patient = await medplum.createResource<Patient>({
      resourceType: 'Patient',
      name: [{ given: ['June'], family: 'Park' }],
    });
    const doctor = await medplum.createResource<Practitioner>({
      resourceType: 'Practitioner',
      name: [{ family: 'Osei' }],
    });
    const payer = await medplum.createResource<Organization>({
      resourceType: 'Organization',
      name: 'Example Health Plan',
    });
    const encounter = await medplum.createResource<Encounter>({
      resourceType: 'Encounter',
      status: 'finished',
      class: { system: 'http://terminology.hl7.org/CodeSystem/v3-ActCode', code: 'AMB', display: 'ambulatory' },
      subject: createReference(patient),
    });

    const coverage = await addCoverage(medplum, patient, payer, 'H71836402', '00731264');
    valid(coverage);
    const onFile = await medplum.searchResources('Coverage', { beneficiary: `Patient/${patient.id}` });
    assert.equal(onFile.length, 1);

    const eligibility = await requestEligibility(medplum, coverage, doctor);
    valid(eligibility);
    assert.equal(eligibility.insurer.reference, `Organization/${payer.id}`);
    assert.equal(await isCovered(medplum, eligibility), false, 'no answer yet');

    // The clearinghouse integration (a bot on a real server) records the payer's answer.
    const answer = await medplum.createResource<CoverageEligibilityResponse>({
      resourceType: 'CoverageEligibilityResponse',
      status: 'active',
      purpose: ['validation', 'benefits'],
      patient: createReference(patient),
      created: new Date().toISOString(),
      request: createReference(eligibility),
      outcome: 'complete',
      insurer: createReference(payer),
      insurance: [{ coverage: createReference(coverage), inforce: true }],
    });
    valid(answer);
    assert.equal(await isCovered(medplum, eligibility), true);

    const charge = await chargeForVisit(medplum, encounter, OFFICE_VISIT, 125);
    valid(charge);
    assert.equal(charge.subject.reference, `Patient/${patient.id}`);

    const claim = await createClaim(medplum, coverage, doctor, encounter, [charge], HYPERTENSION);
    valid(claim);
    assert.equal(claim.item?.[0]?.productOrService.coding?.[0]?.code, '99213');
    assert.equal(claim.total?.value, 125);
    assert.equal(claim.insurance[0].coverage.reference, `Coverage/${coverage.id}`);

    const invoice = await invoicePatient(medplum, patient, [charge], 95);
    valid(invoice);
    assert.equal(invoice.totalNet?.value, 30);
    assert.equal(invoice.lineItem?.[0]?.chargeItemReference?.reference, `ChargeItem/${charge.id}`);
    const billed = await medplum.readResource('ChargeItem', charge.id as string, { cache: 'no-cache' });
    assert.equal(billed.status, 'billed');
  });
});
