/**
 * Runs the form-logic and multi-resource extraction examples against MockClient and validates
 * every resource they build. MockClient has no $extract; the templates are validated and their
 * shape checked, and the code-based extraction runs as a real transaction.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { evalFhirPathTyped, getExtension, toJsBoolean, toTypedValue, validateResource } from '@medplum/core';
import type { AllergyIntolerance, Encounter, Patient, QuestionnaireResponse, Signature } from '@medplum/fhirtypes';
import {
  buildAllergyTransaction,
  buildScreenQuestionnaire,
  buildScreenResponse,
  checkResponse,
  extractAllergies,
  isEnabled,
  SIGNATURE_REQUIRED_URL,
  withExtractionTemplates,
} from '../../../examples/questionnaires/logic';
import { loadFullDefinitions, mockWithSearch } from './mock-with-search';

const signature: Signature = {
  type: [{ system: 'urn:iso-astm:E1762-95:2013', code: '1.2.840.10065.1.12.1.1', display: "Author's Signature" }],
  when: '2026-11-25T15:00:00Z',
  who: { display: 'Priya Raman' },
  data: 'iVBORw0KGgo=',
  sigFormat: 'image/png',
};

async function setup(): Promise<{ patient: Patient & { id: string }; response: QuestionnaireResponse }> {
  const medplum = mockWithSearch();
  const patient = await medplum.createResource<Patient>({
    resourceType: 'Patient',
    name: [{ family: 'Raman', given: ['Priya'] }],
  });
  return { patient, response: buildScreenResponse(patient, signature) };
}

describe('questionnaires/logic', () => {
  test('the form, the templated form and the response are valid FHIR', async () => {
    loadFullDefinitions();
    const q = buildScreenQuestionnaire();
    assert.doesNotThrow(() => validateResource(q));
    assert.ok(getExtension(q, SIGNATURE_REQUIRED_URL));
    const templated = withExtractionTemplates(q);
    assert.doesNotThrow(() => validateResource(templated));
    assert.equal(templated.contained?.length, 2);
    assert.ok(templated.item?.find((i) => i.linkId === 'allergy')?.extension?.length);
    // The plain form carries no extraction extension, so it cannot point at a missing template.
    assert.equal(q.item?.find((i) => i.linkId === 'allergy')?.extension, undefined);
    const { response } = await setup();
    assert.doesNotThrow(() => validateResource(response));
  });

  test('enableWhen: any by default, all when asked, and numeric operators', async () => {
    const q = buildScreenQuestionnaire();
    const { response } = await setup();
    const byId = (id: string) => q.item?.find((i) => i.linkId === id);
    assert.equal(isEnabled(byId('packs-per-day')!, response), true);
    assert.equal(isEnabled(byId('quit-help')!, response), true);
    const light: QuestionnaireResponse = {
      ...response,
      item: response.item?.map((i) => (i.linkId === 'packs-per-day' ? { ...i, answer: [{ valueDecimal: 0.25 }] } : i)),
    };
    assert.equal(isEnabled(byId('quit-help')!, light), false, 'all: 0.25 packs fails >= 0.5');
    const nonSmoker: QuestionnaireResponse = {
      ...response,
      item: [{ linkId: 'smokes', answer: [{ valueBoolean: false }] }],
    };
    assert.equal(isEnabled(byId('packs-per-day')!, nonSmoker), false);
    assert.equal(isEnabled(byId('allergy')!, nonSmoker), false);
  });

  test('the enableWhenExpression on quit-help waits for both answers', async () => {
    const q = buildScreenQuestionnaire();
    const { response } = await setup();
    const ext = getExtension(
      q.item!.find((i) => i.linkId === 'quit-help')!,
      'http://hl7.org/fhir/uv/sdc/StructureDefinition/sdc-questionnaire-enableWhenExpression',
    );
    const expression = ext?.valueExpression?.expression as string;
    assert.ok(expression);
    // Evaluated the way QuestionnaireForm evaluates it: against the whole response, as %resource.
    const enabled = (r: QuestionnaireResponse): boolean => {
      const value = toTypedValue(r);
      return toJsBoolean(evalFhirPathTyped(expression, [value], { '%resource': value }));
    };
    const blank: QuestionnaireResponse = { ...response, item: [{ linkId: 'smokes' }, { linkId: 'packs-per-day' }] };
    assert.equal(enabled(blank), false, 'nothing answered yet');
    const smokerOnly: QuestionnaireResponse = {
      ...response,
      item: [{ linkId: 'smokes', answer: [{ valueBoolean: true }] }, { linkId: 'packs-per-day' }],
    };
    assert.equal(enabled(smokerOnly), false, 'packs not answered yet');
    assert.equal(enabled(response), true, 'smoker, one pack a day');
    // The plain enableWhen, read strictly as checkResponse does, agrees on the complete answers.
    assert.equal(isEnabled(q.item!.find((i) => i.linkId === 'quit-help')!, smokerOnly), false);
  });

  test('checkResponse accepts the signed response and reports what is wrong with others', async () => {
    const q = buildScreenQuestionnaire();
    const { response } = await setup();
    assert.deepEqual(checkResponse(q, response), []);
    const unsigned = { ...response, extension: [] };
    assert.deepEqual(checkResponse(q, unsigned), ['signature: required']);
    const missing: QuestionnaireResponse = {
      ...response,
      item: response.item?.filter((i) => i.linkId !== 'packs-per-day'),
    };
    assert.ok(checkResponse(q, missing).includes('packs-per-day: required'));
    const stale: QuestionnaireResponse = {
      ...response,
      item: [
        { linkId: 'smokes', answer: [{ valueBoolean: false }] },
        { linkId: 'packs-per-day', answer: [{ valueDecimal: 2 }] },
      ],
    };
    assert.ok(checkResponse(q, stale).includes('packs-per-day: answered but disabled'));
    const noSubstance: QuestionnaireResponse = {
      ...response,
      item: [
        ...(response.item ?? []),
        { linkId: 'allergy', item: [{ linkId: 'severity', answer: [{ valueCoding: { code: 'mild' } }] }] },
      ],
    };
    assert.ok(checkResponse(q, noSubstance).includes('substance: required'));
  });

  test('extraction in code writes an Encounter and one AllergyIntolerance per repeat, linked', async () => {
    loadFullDefinitions();
    const medplum = mockWithSearch();
    const patient = await medplum.createResource<Patient>({ resourceType: 'Patient', name: [{ family: 'Raman' }] });
    const response = await medplum.createResource(buildScreenResponse(patient, signature));
    const bundle = buildAllergyTransaction(response);
    assert.equal(bundle.entry?.length, 3);
    for (const entry of bundle.entry ?? []) {
      assert.match(entry.fullUrl ?? '', /^urn:uuid:/);
      assert.doesNotThrow(() => validateResource(entry.resource!));
    }
    const result = await extractAllergies(medplum, response);
    assert.equal(result.type, 'transaction-response');
    const encounters = await medplum.searchResources('Encounter', { subject: `Patient/${patient.id}` });
    assert.equal(encounters.length, 1);
    const allergies = await medplum.searchResources('AllergyIntolerance', { patient: `Patient/${patient.id}` });
    assert.deepEqual(allergies.map((a: AllergyIntolerance) => a.code?.text).sort(), ['Peanuts', 'Penicillin']);
    for (const allergy of allergies) {
      assert.equal(allergy.encounter?.reference, `Encounter/${(encounters[0] as Encounter).id}`);
    }
    assert.equal(allergies.find((a) => a.code?.text === 'Penicillin')?.reaction?.[0]?.severity, 'severe');
  });
});
