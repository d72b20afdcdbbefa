/**
 * Runs the intake examples against MockClient: the intake bot files a QuestionnaireResponse into
 * Patient, Coverage, RelatedPerson, AllergyIntolerance, Condition, Observation and Consent; the
 * SMART Health Links helpers encrypt, publish and serve a manifest. Every resource is validated.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { BotEvent, MedplumClient } from '@medplum/core';
import { validateResource } from '@medplum/core';
import type {
  AllergyIntolerance,
  Bundle,
  Organization,
  Patient,
  QuestionnaireResponse,
  Resource,
} from '@medplum/fhirtypes';
import type { MockClient } from '@medplum/mock';
import {
  handler,
  INTAKE_URL,
  intakeQuestionnaire,
  intakeSubscription,
  submitIntake,
} from '../../../examples/intake/intake-form';
import type { ManifestRequest } from '../../../examples/intake/smart-health-links';
import {
  createSmartHealthLink,
  decryptJwe,
  encryptJwe,
  handler as shlHandler,
  parseShlink,
  randomToken,
  revokeSmartHealthLink,
  serveManifest,
  summaryBundle,
} from '../../../examples/intake/smart-health-links';
import { onServer } from '../../server/on-server';
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
          {
            linkId: 'gender',
            answer: [{ valueCoding: { system: 'http://hl7.org/fhir/administrative-gender', code: 'female' } }],
          },
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
          { linkId: 'member-id', answer: [{ valueString: 'XJH604417823' }] },
          { linkId: 'group-number', answer: [{ valueString: '0061742' }] },
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
          { linkId: 'member-id', answer: [{ valueString: 'W271840396' }] },
          { linkId: 'relationship', answer: [rel('self', 'Self')] },
        ],
      },
      {
        linkId: 'allergy',
        item: [
          {
            linkId: 'allergy-substance',
            answer: [
              { valueCoding: { system: 'http://snomed.info/sct', code: '111088007', display: 'Latex (substance)' } },
            ],
          },
          { linkId: 'allergy-reaction', answer: [{ valueString: 'Hives' }] },
        ],
      },
      {
        linkId: 'condition',
        item: [
          {
            linkId: 'condition-code',
            answer: [
              {
                valueCoding: {
                  system: 'http://snomed.info/sct',
                  code: '59621000',
                  display: 'Essential hypertension (disorder)',
                },
              },
            ],
          },
        ],
      },
      {
        linkId: 'smoking-status',
        answer: [
          { valueCoding: { system: 'http://snomed.info/sct', code: '266919005', display: 'Never smoked tobacco' } },
        ],
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
    const payer = await medplum.createResource<Organization>({
      resourceType: 'Organization',
      name: 'Example Health Plan',
    });
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
      ['active', 'rejected'],
    );

    const linked = await medplum.readResource('QuestionnaireResponse', response.id as string);
    assert.equal(linked.subject?.reference, `Patient/${patient.id}`);
  });

  test('a second submission for the same patient updates instead of duplicating', async () => {
    const medplum = mockWithSearch();
    const payer = await medplum.createResource<Organization>({
      resourceType: 'Organization',
      name: 'Example Health Plan',
    });
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
    // The dependent's policy holder is looked up through the stored Coverage, not created again.
    assert.equal(second.coverages[0].subscriber?.reference, first.coverages[0].subscriber?.reference);
    const holders = await medplum.searchResources('RelatedPerson', { patient: `Patient/${first.patient.id}` });
    assert.equal(holders.length, 1);
    const allergies = await medplum.searchResources('AllergyIntolerance', { patient: `Patient/${first.patient.id}` });
    assert.equal(allergies.length, 1);
  });

  test('the app saves a completed response with the patient; the subscription targets the bot on create', async () => {
    const medplum = mockWithSearch();
    const patient = await medplum.createResource({ resourceType: 'Patient', name: [{ family: 'Ortiz' }] });
    const saved = await submitIntake(
      medplum,
      { resourceType: 'QuestionnaireResponse', status: 'in-progress', item: [] },
      patient,
    );
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
        input: {
          resourceType: 'QuestionnaireResponse',
          status: 'completed',
          questionnaire: 'https://example.org/other',
        },
      } as BotEvent<QuestionnaireResponse>),
      /Not a completed intake form/,
    );
  });
});

describe('intake/smart-health-links', () => {
  // MockClient cannot download Binary content; read the stored base64 data instead.
  const readFromMock = async (medplum: MockClient, url: string): Promise<string> => {
    const binary = await medplum.readResource('Binary', url.replace('Binary/', ''));
    return Buffer.from(binary.data as string, 'base64').toString();
  };

  async function setup() {
    const medplum = mockWithSearch();
    const patient = await medplum.createResource<Patient>({
      resourceType: 'Patient',
      name: [{ given: ['Lena'], family: 'Ortiz' }],
    });
    await medplum.createResource<AllergyIntolerance>({
      resourceType: 'AllergyIntolerance',
      patient: { reference: `Patient/${patient.id}` },
      // A server enforces ait-1: clinicalStatus is required unless the entry was entered in error.
      clinicalStatus: {
        coding: [{ system: 'http://terminology.hl7.org/CodeSystem/allergyintolerance-clinical', code: 'active' }],
      },
      code: { coding: [{ system: 'http://snomed.info/sct', code: '111088007', display: 'Latex (substance)' }] },
    });
    return { medplum, patient };
  }

  test('JWE round trip; a wrong key fails', async () => {
    const key = randomToken();
    assert.equal(key.length, 43);
    const jwe = await encryptJwe('{"a":1}', key, 'application/fhir+json');
    assert.equal(jwe.split('.').length, 5);
    assert.equal(jwe.split('.')[1], '');
    assert.equal(await decryptJwe(jwe, key), '{"a":1}');
    await assert.rejects(decryptJwe(jwe, randomToken()));
  });

  test('a link with a passcode: payload, manifest, wrong passcode, revocation', async () => {
    const { medplum, patient } = await setup();
    const bundle = await summaryBundle(medplum, patient);
    valid(bundle);
    assert.equal(bundle.entry?.length, 2);

    const expiresAt = new Date(Date.now() + 7 * 24 * 3600 * 1000);
    const { uri, record } = await createSmartHealthLink(medplum, patient, bundle, {
      manifestBase: 'https://shl.example.org/m',
      label: 'Allergies for camp',
      passcode: '4711',
      expiresAt,
      maxAttempts: 2,
    });
    valid(record);
    assert.match(uri, /^shlink:\/[A-Za-z0-9_-]+$/);
    const payload = parseShlink(`https://viewer.example.org/#${uri}`);
    assert.equal(payload.flag, 'P');
    assert.equal(payload.exp, Math.floor(expiresAt.getTime() / 1000));
    assert.equal(payload.label, 'Allergies for camp');
    assert.ok(payload.url.length <= 128);
    const shlId = payload.url.split('/').pop() as string;
    assert.ok(!JSON.stringify(record).includes(payload.key), 'the key is not stored');
    assert.ok(!JSON.stringify(record).includes('4711'), 'the passcode is not stored');

    // A server hands out a signed storage link that the example's own reader downloads.
    const read = onServer ? undefined : (m: MedplumClient, url: string) => readFromMock(m as MockClient, url);
    const wrong = await serveManifest(medplum, { shlId, recipient: 'Camp nurse', passcode: '0000' }, read);
    assert.deepEqual(wrong, { status: 401, body: { remainingAttempts: 1 } });

    const ok = await serveManifest(medplum, { shlId, recipient: 'Camp nurse', passcode: '4711' }, read);
    assert.equal(ok.status, 200);
    if (ok.status === 200) {
      const shared = JSON.parse(await decryptJwe(ok.body.files[0].embedded, payload.key)) as Bundle;
      assert.deepEqual(
        shared.entry?.map((e) => e.resource?.resourceType),
        ['Patient', 'AllergyIntolerance'],
      );
    }

    const last = await serveManifest(medplum, { shlId, recipient: 'x', passcode: 'nope' }, read);
    assert.deepEqual(last, { status: 401, body: { remainingAttempts: 0 } });
    const locked = await serveManifest(medplum, { shlId, recipient: 'x', passcode: '4711' }, read);
    assert.equal(locked.status, 404);

    const { record: open } = await createSmartHealthLink(medplum, patient, bundle, {
      manifestBase: 'https://shl.example.org/m',
    });
    const openId = open.identifier?.[0]?.value as string;
    assert.equal((await serveManifest(medplum, { shlId: openId, recipient: 'x' }, read)).status, 200);
    await revokeSmartHealthLink(medplum, open);
    assert.equal((await serveManifest(medplum, { shlId: openId, recipient: 'x' }, read)).status, 404);
  });

  test('an expired link and a request without an id get 404', async () => {
    const { medplum, patient } = await setup();
    const bundle = await summaryBundle(medplum, patient);
    const { record } = await createSmartHealthLink(medplum, patient, bundle, {
      manifestBase: 'https://shl.example.org/m',
      expiresAt: new Date(Date.now() - 1000),
    });
    // A server hands out a signed storage link that the example's own reader downloads.
    const read = onServer ? undefined : (m: MedplumClient, url: string) => readFromMock(m as MockClient, url);
    assert.equal(
      (await serveManifest(medplum, { shlId: record.identifier?.[0]?.value as string, recipient: 'x' }, read)).status,
      404,
    );
    const reply = await shlHandler(medplum, { input: { recipient: 'x' } } as BotEvent<ManifestRequest>);
    assert.equal(reply.status, 404);
  });
});
