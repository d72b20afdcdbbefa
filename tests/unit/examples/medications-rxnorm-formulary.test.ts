/**
 * RxNorm formulary examples: products with RxNorm and NDC codings, a compounded product, a DEA
 * schedule on MedicationKnowledge, and the formulary List with tiers.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { validateResource } from '@medplum/core';
import type { Medication } from '@medplum/fhirtypes';
import { DRUGS } from '../../../examples/medications/prescribe';
import {
  createCompound,
  ensureFormulary,
  ensureProduct,
  formularyProducts,
  INGREDIENTS,
  NDC,
  ndc11,
  productByNdc,
  recordSchedule,
  SCHEDULES,
  scheduleOf,
  setTier,
} from '../../../examples/medications/rxnorm-formulary';
import { loadFullDefinitions, mockWithSearch } from './mock-with-search';

// NDC layouts only (labeler-product-package): made-up digits, not taken from the FDA NDC Directory.
const NDC_442 = '6418-2937-05';
const NDC_532 = '71608-413-30';
const NDC_541 = '58914-2706-1';

describe('medications/rxnorm-formulary', () => {
  test('ndc11 pads each hyphenated layout to 5-4-2', () => {
    assert.equal(ndc11(NDC_442), '06418293705');
    assert.equal(ndc11(NDC_532), '71608041330');
    assert.equal(ndc11(NDC_541), '58914270601');
    assert.equal(ndc11('58914270601'), '58914270601');
    assert.throws(() => ndc11('7160841330'), /Not a hyphenated NDC/);
  });

  test('a product carries its RxNorm code and its NDCs; an NDC finds the product; loading is idempotent', async () => {
    const medplum = mockWithSearch();
    const amlodipine = await ensureProduct(medplum, {
      drug: DRUGS.amlodipine2_5,
      ingredient: INGREDIENTS.amlodipine,
      mgPerTablet: 2.5,
      ndcs: [NDC_532],
    });
    assert.doesNotThrow(() => validateResource(amlodipine));
    assert.deepEqual(
      amlodipine.code?.coding?.map((c) => [c.system, c.code]),
      [
        [DRUGS.amlodipine2_5.system, '308136'],
        [NDC, '71608041330'],
      ],
    );
    assert.equal(amlodipine.ingredient?.[0].strength?.numerator?.value, 2.5);
    const again = await ensureProduct(medplum, {
      drug: DRUGS.amlodipine2_5,
      ingredient: INGREDIENTS.amlodipine,
      mgPerTablet: 2.5,
    });
    assert.equal(again.id, amlodipine.id);
    // Found by the 10-digit form from a label or the 11-digit form from a claim.
    assert.equal((await productByNdc(medplum, NDC_532))?.id, amlodipine.id);
    assert.equal((await productByNdc(medplum, '71608041330'))?.id, amlodipine.id);
    assert.equal(await productByNdc(medplum, NDC_442), undefined);
  });

  test('a compounded product is described by its ingredients', async () => {
    const medplum = mockWithSearch();
    const compound = await createCompound(medplum);
    assert.doesNotThrow(() => validateResource(compound));
    assert.equal(compound.code?.coding, undefined);
    assert.deepEqual(
      compound.ingredient?.map((i) => i.isActive),
      [true, false],
    );
    assert.equal(compound.ingredient?.[0].itemCodeableConcept?.coding?.[0].code, INGREDIENTS.amlodipine.code);
  });

  test('the schedule comes from MedicationKnowledge of the ingredients', async () => {
    const medplum = mockWithSearch();
    const knowledge = await recordSchedule(medplum, INGREDIENTS.oxycodone, SCHEDULES.II);
    assert.doesNotThrow(() => validateResource(knowledge));
    assert.equal((await recordSchedule(medplum, INGREDIENTS.oxycodone, SCHEDULES.II)).id, knowledge.id);
    assert.equal(knowledge.regulatory?.[0].regulatoryAuthority.display, 'Drug Enforcement Administration');

    const oxycodone: Medication = {
      resourceType: 'Medication',
      code: { text: 'oxycodone hydrochloride 5 MG Oral Tablet' },
      ingredient: [{ itemCodeableConcept: { coding: [INGREDIENTS.oxycodone] }, isActive: true }],
    };
    assert.equal((await scheduleOf(medplum, oxycodone))?.code, 'II');
    const amlodipine = await ensureProduct(medplum, {
      drug: DRUGS.amlodipine2_5,
      ingredient: INGREDIENTS.amlodipine,
      mgPerTablet: 2.5,
    });
    assert.equal(await scheduleOf(medplum, amlodipine), undefined);
    assert.equal(await scheduleOf(medplum, await createCompound(medplum)), undefined);
  });

  test('the formulary is one List; tiers are entry flags; one request returns it with its products', async () => {
    loadFullDefinitions();
    const medplum = mockWithSearch();
    const list = await ensureFormulary(medplum);
    assert.equal((await ensureFormulary(medplum)).id, list.id);
    const amlodipine = await ensureProduct(medplum, {
      drug: DRUGS.amlodipine2_5,
      ingredient: INGREDIENTS.amlodipine,
      mgPerTablet: 2.5,
    });
    const metformin = await ensureProduct(medplum, {
      drug: DRUGS.metformin500,
      ingredient: INGREDIENTS.metformin,
      mgPerTablet: 500,
    });
    await setTier(medplum, list, amlodipine, 'preferred');
    await setTier(medplum, list, metformin, 'preferred');
    const updated = await setTier(medplum, list, amlodipine, 'non-preferred');
    assert.doesNotThrow(() => validateResource(updated));
    assert.equal(updated.entry?.length, 2);

    const products = await formularyProducts(medplum);
    assert.deepEqual(
      products.map((p) => [p.medication.code?.coding?.[0].code, p.tier]),
      [
        ['861007', 'preferred'],
        ['308136', 'non-preferred'],
      ],
    );
  });
});
