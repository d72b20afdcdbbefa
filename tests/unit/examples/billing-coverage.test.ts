/**
 * Runs the coverage, eligibility and superbill examples against MockClient and validates every
 * resource they build.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { BotEvent } from '@medplum/core';
import { createReference, validateResource } from '@medplum/core';
import type {
  Condition,
  CoverageEligibilityRequest,
  Encounter,
  Organization,
  Patient,
  Practitioner,
  Resource,
} from '@medplum/fhirtypes';
import {
  addDependentCoverage,
  answerEligibility,
  benefitSummary,
  buildCoverage,
  buildSuperbillClaim,
  copayFor,
  coveragesInOrder,
  DIABETES_E11_9,
  EM_99213,
  HYPERTENSION_I10,
  MEDICAL_CARE,
  HEALTH_PLAN_COVERAGE,
  primaryCoverage,
  recordCharges,
  renderSuperbill,
  requestBenefits,
  saveSuperbill,
  setBillingDiagnoses,
  VENIPUNCTURE_36415,
} from '../../../examples/billing/coverage';
import { onServer } from '../../server/on-server';
import { mockWithSearch } from './mock-with-search';

function valid(resource: Resource): void {
  assert.doesNotThrow(() => validateResource(resource), resource.resourceType);
}

const CARD = {
  memberId: 'W284619573',
  groupNumber: '0048213',
  groupName: 'Acme Manufacturing',
  planId: 'PPO-GOLD',
  planName: 'Gold PPO',
  primaryCareCopay: 25,
  specialistCopay: 50,
  order: 1,
  start: '2026-01-01',
  end: '2026-12-31',
};

async function setup() {
  const medplum = mockWithSearch();
  const patient = await medplum.createResource<Patient>({
    resourceType: 'Patient',
    name: [{ given: ['June'], family: 'Park' }],
    birthDate: '1980-04-02',
  });
  const payer = await medplum.createResource<Organization>({
    resourceType: 'Organization',
    name: 'Example Health Plan',
  });
  const payer2 = await medplum.createResource<Organization>({ resourceType: 'Organization', name: 'Second Plan' });
  const doctor = await medplum.createResource<Practitioner>({
    resourceType: 'Practitioner',
    name: [{ given: ['Ama'], family: 'Osei' }],
    identifier: [{ system: 'http://hl7.org/fhir/sid/us-npi', value: '1742603180' }],
  });
  return { medplum, patient, payer, payer2, doctor };
}

describe('billing/coverage', () => {
  test('a card becomes a valid Coverage with group, plan and copays', async () => {
    const { patient, payer } = await setup();
    const coverage = buildCoverage(patient, payer, CARD);
    valid(coverage);
    assert.deepEqual(
      coverage.class?.map((c) => [c.type.coding?.[0]?.code, c.value]),
      [
        ['group', '0048213'],
        ['plan', 'PPO-GOLD'],
      ],
    );
    assert.equal(copayFor(coverage, 'gpvisit'), 25);
    assert.equal(copayFor(coverage, 'spvisit'), 50);
    assert.equal(copayFor(coverage, 'emergency'), undefined);
  });

  test('a dependent is the beneficiary, the parent RelatedPerson the subscriber', async () => {
    const { medplum, patient, payer } = await setup();
    const { parent, coverage } = await addDependentCoverage(
      medplum,
      patient,
      payer,
      { given: 'Min', family: 'Park' },
      CARD,
    );
    valid(parent);
    valid(coverage);
    assert.equal(coverage.subscriber?.reference, `RelatedPerson/${parent.id}`);
    assert.equal(coverage.beneficiary.reference, `Patient/${patient.id}`);
    assert.equal(coverage.relationship?.coding?.[0]?.code, 'child');
  });

  test('primary coverage is the lowest order in force on the day', async () => {
    const { medplum, patient, payer, payer2 } = await setup();
    const secondary = await medplum.createResource(
      buildCoverage(patient, payer2, { ...CARD, memberId: 'YLM502718364', order: 2 }),
    );
    const primary = await medplum.createResource(buildCoverage(patient, payer, CARD));
    const lapsed = await medplum.createResource(
      buildCoverage(patient, payer, {
        ...CARD,
        memberId: 'W190375248',
        order: 1,
        start: '2024-01-01',
        end: '2025-12-31',
      }),
    );
    const ordered = await coveragesInOrder(medplum, patient, '2026-11-25');
    assert.deepEqual(
      ordered.map((c) => c.id),
      [primary.id, secondary.id],
    );
    assert.ok(!ordered.some((c) => c.id === lapsed.id));
    assert.equal((await primaryCoverage(medplum, patient, '2026-11-25'))?.id, primary.id);
    assert.equal(await primaryCoverage(medplum, patient, '2027-02-01'), undefined);
  });
});

describe('billing/eligibility', () => {
  test('a request, the bot answer and the summary the front desk reads', async () => {
    const { medplum, patient, payer, doctor } = await setup();
    const coverage = await medplum.createResource(buildCoverage(patient, payer, CARD));
    const request = await requestBenefits(medplum, coverage, doctor, '2026-11-25', [
      HEALTH_PLAN_COVERAGE,
      MEDICAL_CARE,
    ]);
    valid(request);
    assert.equal((await benefitSummary(medplum, request)).answered, false);

    const event = { input: request } as BotEvent<CoverageEligibilityRequest>;
    const response = await answerEligibility(medplum, event, async () => ({
      active: true,
      planStart: '2026-01-01',
      planEnd: '2026-12-31',
      officeCopay: 25,
      deductible: 1500,
      deductibleMet: 400,
      excluded: ['1'],
    }));
    valid(response);
    assert.equal(response.request.reference, `CoverageEligibilityRequest/${request.id}`);
    assert.equal(response.insurance?.[0]?.item?.length, 2);

    const summary = await benefitSummary(medplum, request);
    assert.deepEqual(summary, {
      answered: true,
      inForce: true,
      copay: 25,
      deductibleRemaining: 1100,
      notCovered: ['Medical Care'],
    });
  });

  test('a clearinghouse failure is stored as outcome error', async () => {
    const { medplum, patient, payer, doctor } = await setup();
    const coverage = await medplum.createResource(buildCoverage(patient, payer, CARD));
    const request = await requestBenefits(medplum, coverage, doctor, '2026-11-25');
    const event = { input: request } as BotEvent<CoverageEligibilityRequest>;
    const response = await answerEligibility(medplum, event, async () => {
      throw new Error('timeout');
    });
    valid(response);
    assert.equal(response.outcome, 'error');
    const summary = await benefitSummary(medplum, request);
    assert.equal(summary.inForce, false);
    assert.match(summary.error ?? '', /timeout/);
  });
});

describe('billing/superbill', () => {
  test('charges, ranked diagnoses, the claim and the printable superbill', async () => {
    const { medplum, patient, payer, doctor } = await setup();
    const coverage = await medplum.createResource(buildCoverage(patient, payer, CARD));
    const encounter = await medplum.createResource<Encounter>({
      resourceType: 'Encounter',
      status: 'finished',
      class: { system: 'http://terminology.hl7.org/CodeSystem/v3-ActCode', code: 'AMB', display: 'ambulatory' },
      subject: createReference(patient),
      period: { start: '2026-11-25T09:00:00Z', end: '2026-11-25T09:20:00Z' },
    });
    const conditions: Condition[] = [];
    for (const code of [HYPERTENSION_I10, DIABETES_E11_9]) {
      conditions.push(
        await medplum.createResource<Condition>({
          resourceType: 'Condition',
          subject: createReference(patient),
          encounter: createReference(encounter),
          code: { coding: [code] },
        }),
      );
    }
    const charges = await recordCharges(medplum, encounter, [
      { service: EM_99213, treats: HYPERTENSION_I10, price: 130 },
      { service: VENIPUNCTURE_36415, treats: DIABETES_E11_9, price: 12 },
    ]);
    charges.forEach(valid);
    const stored = await medplum.searchResources('ChargeItem', { context: `Encounter/${encounter.id}` });
    assert.equal(stored.length, 2);

    const ranked = await setBillingDiagnoses(medplum, encounter, conditions);
    valid(ranked);
    assert.deepEqual(
      ranked.diagnosis?.map((d) => d.rank),
      [1, 2],
    );

    const claim = await buildSuperbillClaim(medplum, ranked, conditions, charges, doctor, coverage);
    valid(claim);
    assert.equal(claim.status, 'draft');
    assert.deepEqual(
      claim.diagnosis?.map((d) => d.diagnosisCodeableConcept?.coding?.[0]?.code),
      ['I10', 'E11.9'],
    );
    assert.deepEqual(
      claim.item?.map((i) => i.productOrService.coding?.[0]?.code),
      ['99213', '36415'],
    );
    // Each item points at its own diagnosis: the visit at the hypertension, the blood draw at the diabetes.
    assert.deepEqual(
      claim.item?.map((i) => i.diagnosisSequence),
      [[1], [2]],
    );
    assert.equal(claim.total?.value, 142);

    const html = renderSuperbill(claim, patient, doctor, 25);
    assert.match(html, /99213/);
    assert.match(html, /E11\.9/);
    assert.match(html, /NPI 1742603180/);
    assert.match(html, /Balance: 117\.00 USD/);

    const { binary, document } = await saveSuperbill(medplum, html, claim, encounter);
    valid(document);
    if (onServer) {
      // A server returns the attachment with a signed link to this Binary version in its storage.
      const signed = new URL(document.content[0].attachment.url as string);
      assert.equal(signed.pathname, `/storage/${binary.id}/${binary.meta?.versionId}`);
      assert.ok(signed.searchParams.get('Signature'));
      assert.equal(await (await fetch(signed)).text(), html);
    } else {
      assert.equal(document.content[0].attachment.url, `Binary/${binary.id}`);
    }
    assert.equal(document.context?.encounter?.[0]?.reference, `Encounter/${encounter.id}`);
  });

  test('a condition without an ICD-10-CM code stops the claim', async () => {
    const { medplum, patient, payer, doctor } = await setup();
    const coverage = await medplum.createResource(buildCoverage(patient, payer, CARD));
    const encounter = await medplum.createResource<Encounter>({
      resourceType: 'Encounter',
      status: 'finished',
      class: { system: 'http://terminology.hl7.org/CodeSystem/v3-ActCode', code: 'AMB' },
      subject: createReference(patient),
    });
    const snomedOnly = await medplum.createResource<Condition>({
      resourceType: 'Condition',
      subject: createReference(patient),
      code: {
        coding: [{ system: 'http://snomed.info/sct', code: '59621000', display: 'Essential hypertension (disorder)' }],
      },
    });
    await assert.rejects(
      buildSuperbillClaim(medplum, encounter, [snomedOnly], [], doctor, coverage),
      /no ICD-10-CM code/,
    );
  });
});
