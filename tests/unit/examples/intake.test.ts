/**
 * Runs the intake examples against MockClient: the intake bot files a QuestionnaireResponse into
 * Patient, Coverage, RelatedPerson, AllergyIntolerance, Condition, Observation and Consent; the
 * SMART Health Links helpers encrypt, publish and serve a manifest. Every resource is validated.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { BotEvent } from '@medplum/core';
import { validateResource } from '@medplum/core';
import type { Organization, QuestionnaireResponse, Resource } from '@medplum/fhirtypes';
import { handler, INTAKE_URL, intakeQuestionnaire, intakeSubscription, submitIntake } from '../../../examples/intake/intake-form';
import { mockWithSearch } from './mock-with-search';

function valid(resource: Resource): void {
  assert.doesNotThrow(() => validateResource(resource), resource.resourceType);
}

function intakeResponse(payer: Organization, payer2: Organization): QuestionnaireResponse {
  const rel = (code: string, display: string) => ({
    valueCoding: { system: 'http://terminology.hl7.org/CodeSystem/subscriber-relationship', code, display },
  });
  return {
    resourceType: 'QuestionnaireResponse',
    questionnaire: INTAKE_URL,
    status: 'completed',
    authored: '2026-11-25T08:30:00Z',
    item: [
      {
        linkId: 'patient',
        item: [
          { linkId: 'given-name', answer: [{ valueString: 'Lena' }] },
          { linkId: 'family-name', answer: [{ valueString: 'Ortiz' }] },
          { linkId: 'birth-date', answer: [{ valueDate: '2010-06-14' }] },
          { linkId: 'gender', answer: [{ valueCoding: { system: 'http://hl7.org/fhir/administrative-gender', code: 'female' } }] },
          { linkId: 'phone', answer: [{ valueString: '555-0100' }] },
        ],
      },
      {
        linkId: 'emergency-contact',
        item: [
          { linkId: 'emergency-contact-name', answer: [{ valueString: 'Rosa Ortiz' }] },
          { linkId: 'emergency-contact-phone', answer: [{ valueString: '555-0101' }] },
        ],
      },
      {
        linkId: 'insurance',
        item: [
          { linkId: 'payer', answer: [{ valueReference: { reference: `Organization/${payer.id}` } }] },
          { linkId: 'member-id', answer: [{ valueString: 'M-778' }] },
          { linkId: 'group-number', answer: [{ valueString: 'G-12' }] },
          { linkId: 'relationship', answer: [rel('child', 'Child')] },
          {
            linkId: 'subscriber',
            item: [
              { linkId: 'subscriber-given-name', answer: [{ valueString: 'Rosa' }] },
              { linkId: 'subscriber-family-name', answer: [{ valueString: 'Ortiz' }] },
              { linkId: 'subscriber-birth-date', answer: [{ valueDate: '1982-01-30' }] },
            ],
          },
        ],
      },
      {
        linkId: 'insurance',
        item: [
          { linkId: 'payer', answer: [{ valueReference: { reference: `Organization/${payer2.id}` } }] },
          { linkId: 'member-id', answer: [{ valueString: 'S-5' }] },
          { linkId: 'relationship', answer: [rel('self', 'Self')] },
        ],
      },
      {
        linkId: 'allergy',
        item: [
          { linkId: 'allergy-substance', answer: [{ valueCoding: { system: 'http://snomed.info/sct', code: '111088007', display: 'Latex (substance)' } }] },
          { linkId: 'allergy-reaction', answer: [{ valueString: 'Hives' }] },
        ],
      },
      {
        linkId: 'condition',
        item: [
          {
            linkId: 'condition-code',
            answer: [{ valueCoding: { system: 'http://snomed.info/sct', code: '59621000', display: 'Essential hypertension (disorder)' } }],
          },
        ],
      },
      {
        linkId: 'smoking-status',
        answer: [{ valueCoding: { system: 'http://snomed.info/sct', code: '266919005', display: 'Never smoked tobacco' } }],
      },
      { linkId: 'consent-treatment', answer: [{ valueBoolean: true }] },
      { linkId: 'consent-npp', answer: [{ valueBoolean: false }] },
    ],
  };
}

describe('intake/intake-form', () => {
  test('the questionnaire is valid FHIR', () => {
    mockWithSearch();
    valid(intakeQuestionnaire);
  });

  test('the bot files every answer into its resource and links the response', async () => {
    const medplum = mockWithSearch();
    const payer = await medplum.createResource<Organization>({ resourceType: 'Organization', name: 'Example Health Plan' });
    const payer2 = await medplum.createResource<Organization>({ resourceType: 'Organization', name: 'Second Plan' });
    const response = await medplum.createResource(intakeResponse(payer, payer2));
    valid(response);

    const result = await handler(medplum, { input: response } as BotEvent<QuestionnaireResponse>);
    const { patient, coverages, allergies, conditions, observations, consents } = result;
    [patient, ...coverages, ...allergies, ...conditions, ...observations, ...consents].forEach(valid);

    assert.equal(patient.name?.[0]?.family, 'Ortiz');
    assert.equal(patient.birthDate, '2010-06-14');
    assert.equal(patient.gender, 'female');
    assert.equal(patient.contact?.[0]?.relationship?.[0]?.coding?.[0]?.code, 'C');

    assert.equal(coverages.length, 2);
    const [childPlan, ownPlan] = coverages;
    assert.equal(childPlan.order, 1);
    assert.equal(childPlan.relationship?.coding?.[0]?.code, 'child');
    assert.match(childPlan.subscriber?.reference ?? '', /^RelatedPerson\//);
    const subscriber = await medplum.readReference(childPlan.subscriber as { reference: string });
    valid(subscriber);
    assert.equal(ownPlan.subscriber?.reference, `Patient/${patient.id}`);
    assert.equal(ownPlan.order, 2);

    assert.equal(allergies[0].verificationStatus?.coding?.[0]?.code, 'unconfirmed');
    assert.equal(conditions[0].category?.[0]?.coding?.[0]?.code, 'problem-list-item');
    assert.equal(observations[0].code.coding?.[0]?.code, '72166-2');
    assert.equal(observations[0].derivedFrom?.[0]?.reference, `QuestionnaireResponse/${response.id}`);
    assert.deepEqual(
      consents.map((c) => c.status),
      ['active', 'rejected']
    );

    const linked = await medplum.readResource('QuestionnaireResponse', response.id as string);
    assert.equal(linked.subject?.reference, `Patient/${patient.id}`);
  });

  test('a second submission for the same patient updates instead of duplicating', async () => {
    const medplum = mockWithSearch();
    const payer = await medplum.createResource<Organization>({ resourceType: 'Organization', name: 'Example Health Plan' });
    const payer2 = await medplum.createResource<Organization>({ resourceType: 'Organization', name: 'Second Plan' });
    const first = await handler(medplum, {
      input: await medplum.createResource(intakeResponse(payer, payer2)),
    } as BotEvent<QuestionnaireResponse>);
    const again = await medplum.createResource({
      ...intakeResponse(payer, payer2),
      subject: { reference: `Patient/${first.patient.id}` },
    });
    const second = await handler(medplum, { input: again } as BotEvent<QuestionnaireResponse>);
    assert.equal(second.patient.id, first.patient.id);
    const coverages = await medplum.searchResources('Coverage', { beneficiary: `Patient/${first.patient.id}` });
    assert.equal(coverages.length, 2);
    const allergies = await medplum.searchResources('AllergyIntolerance', { patient: `Patient/${first.patient.id}` });
    assert.equal(allergies.length, 1);
  });

  test('the app saves a completed response with the patient; the subscription targets the bot on create', async () => {
    const medplum = mockWithSearch();
    const patient = await medplum.createResource({ resourceType: 'Patient', name: [{ family: 'Ortiz' }] });
    const saved = await submitIntake(medplum, { resourceType: 'QuestionnaireResponse', status: 'in-progress', item: [] }, patient);
    valid(saved);
    assert.equal(saved.status, 'completed');
    assert.equal(saved.subject?.reference, `Patient/${patient.id}`);
    const sub = intakeSubscription({ id: 'abc' });
    valid(sub);
    assert.equal(sub.channel.endpoint, 'Bot/abc');
    assert.equal(sub.criteria, `QuestionnaireResponse?questionnaire=${INTAKE_URL}`);
    assert.equal(sub.extension?.[0]?.valueCode, 'create');
  });

  test('a response to another form is refused', async () => {
    const medplum = mockWithSearch();
    await assert.rejects(
      handler(medplum, {
        input: { resourceType: 'QuestionnaireResponse', status: 'completed', questionnaire: 'https://example.org/other' },
      } as BotEvent<QuestionnaireResponse>),
      /Not a completed intake form/
    );
  });
});
