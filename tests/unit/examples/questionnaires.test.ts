/**
 * Runs the questionnaire examples against MockClient and validates every resource they build.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { createReference, validateResource } from '@medplum/core';
import type { Bundle, Observation, Patient } from '@medplum/fhirtypes';
import {
  buildIntakeQuestionnaire,
  extractOnServer,
  extractWeightInClient,
  INTAKE_URL,
  saveIntakeResponse,
} from '../../../examples/questionnaires/intake';
import { loadFullDefinitions, mockWithSearch } from './mock-with-search';

async function newPatient(medplum: ReturnType<typeof mockWithSearch>): Promise<Patient & { id: string }> {
  return medplum.createResource<Patient>({ resourceType: 'Patient', name: [{ family: 'Okafor' }] });
}

describe('questionnaires/intake', () => {
  test('the Questionnaire, including its contained template, is valid FHIR R4', () => {
    loadFullDefinitions();
    const questionnaire = buildIntakeQuestionnaire();
    assert.doesNotThrow(() => validateResource(questionnaire));
    assert.deepEqual(
      questionnaire.item?.map((i) => i.linkId),
      ['smoker', 'weight', 'concerns'],
    );
  });

  test('saveIntakeResponse stores a valid response that points at the Questionnaire URL', async () => {
    const medplum = mockWithSearch();
    await medplum.createResource(buildIntakeQuestionnaire());
    const patient = await newPatient(medplum);
    const response = await saveIntakeResponse(medplum, patient, {
      smoker: false,
      weightKg: 72.5,
      concerns: 'Knee pain',
    });
    assert.doesNotThrow(() => validateResource(response));
    assert.equal(response.questionnaire, INTAKE_URL);
    const found = await medplum.searchResources('QuestionnaireResponse', { subject: `Patient/${patient.id}` });
    assert.equal(found.length, 1);
    assert.equal(found[0].item?.find((i) => i.linkId === 'weight')?.answer?.[0]?.valueDecimal, 72.5);
  });

  test('extractWeightInClient writes one weight Observation linked to the response', async () => {
    const medplum = mockWithSearch();
    const patient = await newPatient(medplum);
    const response = await saveIntakeResponse(medplum, patient, { smoker: true, weightKg: 80 });
    const obs = await extractWeightInClient(medplum, response);
    assert.ok(obs?.id);
    assert.doesNotThrow(() => validateResource(obs));
    assert.equal(obs.valueQuantity?.value, 80);
    assert.equal(obs.code?.coding?.[0]?.code, '29463-7');
    assert.equal(obs.derivedFrom?.[0]?.reference, `QuestionnaireResponse/${response.id}`);
    const stored = await medplum.searchResources('Observation', { subject: `Patient/${patient.id}` });
    assert.equal(stored.length, 1);

    const noWeight = await saveIntakeResponse(medplum, patient, { smoker: false });
    assert.equal(await extractWeightInClient(medplum, noWeight), undefined);
  });

  test('extractOnServer executes the transaction the server returns', async () => {
    // MockClient has no $extract; the test stands in the server's answer (a transaction Bundle)
    // and checks that the example posts to the right URL and stores what came back.
    const medplum = mockWithSearch();
    const patient = await newPatient(medplum);
    const response = await saveIntakeResponse(medplum, patient, { smoker: false, weightKg: 64 });
    const extracted: Observation = {
      resourceType: 'Observation',
      status: 'final',
      code: { coding: [{ system: 'http://loinc.org', code: '29463-7', display: 'Body weight' }] },
      subject: createReference(patient),
      valueQuantity: { value: 64, unit: 'kg', system: 'http://unitsofmeasure.org', code: 'kg' },
    };
    const transaction: Bundle = {
      resourceType: 'Bundle',
      type: 'transaction',
      entry: [
        {
          fullUrl: 'urn:uuid:5b0b7e1c-0d0e-4c43-9a59-8a4f6c1f2d11',
          resource: extracted,
          request: { method: 'POST', url: 'Observation' },
        },
      ],
    };
    const posted: string[] = [];
    const realPost = medplum.post.bind(medplum);
    medplum.post = (async (url: URL | string, body: unknown, ...rest: unknown[]) => {
      posted.push(String(url));
      if (String(url).includes('$extract')) {
        return transaction;
      }
      return (realPost as (...args: unknown[]) => Promise<unknown>)(url, body, ...rest);
    }) as typeof medplum.post;

    const result = await extractOnServer(medplum, response.id as string);
    assert.ok(posted[0].endsWith(`/QuestionnaireResponse/${response.id}/$extract`), posted[0]);
    assert.equal(result.type, 'transaction-response');
    const stored = await medplum.searchResources('Observation', { subject: `Patient/${patient.id}` });
    assert.equal(stored.length, 1);
    assert.equal(stored[0].valueQuantity?.value, 64);
  });
});
