/**
 * Runs the Provider app integration examples against MockClient. MockClient has no Bots and no
 * e-fax operation, so executeBot and post are replaced by recorders and the tests check what the
 * examples sent and stored.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { getReferenceString, PATIENT_PREFERRED_PHARMACY_URL } from '@medplum/core';
import type { MockClient } from '@medplum/mock';
import type {
  Bot,
  Claim,
  Coverage,
  CoverageEligibilityResponse,
  Organization,
  Parameters,
  Patient,
  Practitioner,
} from '@medplum/fhirtypes';
import {
  checkEligibility,
  ELIGIBILITY_BOT,
  sendFax,
  setPreferredPharmacy,
  startConversation,
  submitClaim,
} from '../../../examples/provider/integrations';
import { onServer } from '../../server/on-server';
import { mockWithSearch } from './mock-with-search';

type Saved<T> = T & { id: string };

function recordBots(
  medplum: MockClient,
  answer: (id: unknown, body: any) => Promise<unknown>,
): { id: unknown; body: any; type?: string }[] {
  const calls: { id: unknown; body: any; type?: string }[] = [];
  (medplum as any).executeBot = async (id: unknown, body: any, type?: string) => {
    calls.push({ id, body, type });
    return answer(id, body);
  };
  return calls;
}

async function setup(): Promise<{ medplum: MockClient; patient: Saved<Patient>; coverage: Saved<Coverage> }> {
  const medplum = mockWithSearch();
  const patient = (await medplum.createResource<Patient>({
    resourceType: 'Patient',
    name: [{ given: ['Maria'], family: 'Lopez' }],
  })) as Saved<Patient>;
  const payor = await medplum.createResource<Organization>({ resourceType: 'Organization', name: 'Acme Health Plan' });
  const coverage = (await medplum.createResource<Coverage>({
    resourceType: 'Coverage',
    status: 'active',
    beneficiary: { reference: getReferenceString(patient) },
    payor: [{ reference: getReferenceString(payor), display: 'Acme Health Plan' }],
    subscriberId: 'A837260415',
  })) as Saved<Coverage>;
  return { medplum, patient, coverage };
}

describe('Provider app integrations', () => {
  test('checkEligibility saves the request, runs the eligibility Bot and finds its response', async () => {
    const { medplum, patient, coverage } = await setup();
    const clinic = { reference: 'Organization/6675a338-ec7c-4a72-880c-da97820e9a2d' };
    const calls = recordBots(medplum, async (_id, request) => {
      // What an eligibility Bot does: store a response pointing at the request.
      await medplum.createResource<CoverageEligibilityResponse>({
        resourceType: 'CoverageEligibilityResponse',
        status: 'active',
        purpose: ['benefits'],
        patient: request.patient,
        created: new Date().toISOString(),
        request: { reference: getReferenceString(request) },
        outcome: 'complete',
        insurer: request.insurer,
      });
      return {};
    });
    const { request, response } = await checkEligibility(medplum, patient, coverage, {
      resourceType: 'PractitionerRole',
      organization: clinic,
    });
    assert.equal(request.purpose?.[0], 'benefits');
    assert.equal(request.insurer?.display, 'Acme Health Plan');
    assert.deepEqual(request.provider, clinic);
    assert.equal(request.insurance?.[0]?.coverage?.reference, getReferenceString(coverage));
    assert.equal(request.insurance?.[0]?.focal, true);
    assert.equal(calls.length, 1);
    assert.deepEqual(calls[0].id, ELIGIBILITY_BOT);
    assert.equal(calls[0].body.id, request.id);
    assert.equal(calls[0].type, 'application/fhir+json');
    assert.equal(response?.request.reference, getReferenceString(request as Saved<typeof request>));
  });

  test('submitClaim saves the chosen coverages for Candid and sends a copy with them to Stedi', async () => {
    const { medplum, patient, coverage } = await setup();
    const claim = (await medplum.createResource<Claim>({
      resourceType: 'Claim',
      status: 'draft',
      use: 'claim',
      type: { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/claim-type', code: 'professional' }] },
      patient: { reference: getReferenceString(patient) },
      created: '2026-12-01T10:00:00Z',
      provider: { reference: 'Practitioner/eb36ab08-b1d6-49f8-a476-5ecdd59d18e8' },
      priority: { coding: [{ code: 'normal' }] },
      // Claim.insurance is required (1..*): the draft names the coverage on file, the dialog's choice replaces it.
      insurance: [{ sequence: 1, focal: true, coverage: { reference: 'Coverage/on-file' } }],
    })) as Saved<Claim>;
    await medplum.createResource<Bot>({
      resourceType: 'Bot',
      name: 'send-to-candid',
      identifier: [{ system: 'https://medplum.com/integrations/candid-health', value: 'send-to-candid' }],
    });
    await medplum.createResource<Bot>({
      resourceType: 'Bot',
      name: 'submit-claim-to-stedi',
      identifier: [{ system: 'https://www.medplum.com/bots', value: 'submit-claim-to-stedi' }],
    });
    const calls = recordBots(medplum, async () => ({ message: 'ok' }));
    const coverageRef = { reference: getReferenceString(coverage) };

    await assert.rejects(submitClaim(medplum, claim, [coverageRef], 0, 'candid'), /at least one diagnosis/);
    await assert.rejects(submitClaim(medplum, claim, [], 1, 'candid'), /at least one coverage/);

    await submitClaim(medplum, claim, [coverageRef], 1, 'candid');
    const stored = await medplum.readResource('Claim', claim.id);
    assert.deepEqual(stored.insurance, [{ sequence: 1, focal: true, coverage: coverageRef }]);
    assert.equal(calls[0].body.insurance[0].coverage.reference, coverageRef.reference);

    const before = stored.meta?.versionId;
    await submitClaim(medplum, stored as Saved<Claim>, [coverageRef, { reference: 'Coverage/second' }], 1, 'stedi');
    assert.equal(calls.length, 2);
    assert.deepEqual(
      calls[1].body.insurance.map((i: any) => [i.sequence, i.focal]),
      [
        [1, true],
        [2, false],
      ],
    );
    assert.equal((await medplum.readResource('Claim', claim.id)).meta?.versionId, before, 'Stedi path does not save');
  });

  test('sendFax stores an outbound fax Communication and posts it to $send-efax', async () => {
    const { medplum, patient } = await setup();
    const practitioner = (await medplum.getProfile()) as Saved<Practitioner>;
    const posts: { url: string; body: any }[] = [];
    const realPost = medplum.post.bind(medplum);
    (medplum as any).post = async (url: URL | string, body: any, ...rest: any[]) => {
      if (!url.toString().includes('$send-efax')) {
        return realPost(url, body, ...rest);
      }
      posts.push({ url: url.toString(), body });
      return {};
    };
    await assert.rejects(
      sendFax(medplum, practitioner, '555-0100', {
        contentType: 'application/pdf',
        url: 'Binary/a91f2a0f-5fc8-4220-86cc-177c059ccee9',
      }),
      /at least 10 digits/,
    );
    const fax = await sendFax(
      medplum,
      practitioner,
      '+1 (555) 010-0199',
      { contentType: 'application/pdf', url: 'Binary/a91f2a0f-5fc8-4220-86cc-177c059ccee9', title: 'referral.pdf' },
      { patient: { reference: getReferenceString(patient) }, subject: 'Referral', coverNote: 'Please call back' },
    );
    assert.equal(fax.category?.[0]?.coding?.[0]?.code, 'outbound');
    assert.equal(fax.medium?.[0]?.coding?.[0]?.code, 'FAXWRIT');
    assert.equal(fax.topic?.text, 'Referral');
    const recipient = await medplum.readReference(fax.recipient?.[0] as { reference: string });
    assert.equal((recipient as Organization).contact?.[0]?.telecom?.[0]?.value, '15550100199');
    assert.equal(posts.length, 1);
    assert.match(posts[0].url, /\/fhir\/R4\/Communication\/\$send-efax$/);
    assert.equal(posts[0].body.id, fax.id);
  });

  test('setPreferredPharmacy writes the preferred-pharmacy extension and keeps one primary', async () => {
    const { medplum, patient } = await setup();
    const first = (await medplum.createResource<Organization>({
      resourceType: 'Organization',
      name: 'Main St Pharmacy',
    })) as Saved<Organization>;
    const second = (await medplum.createResource<Organization>({
      resourceType: 'Organization',
      name: 'Oak Ave Pharmacy',
    })) as Saved<Organization>;
    const one = await setPreferredPharmacy(medplum, patient, first, true);
    const two = await setPreferredPharmacy(medplum, one.patient as Saved<Patient>, second, true);
    assert.ok(two.patient.extension?.every((e) => e.url === PATIENT_PREFERRED_PHARMACY_URL));
    assert.equal(two.pharmacies.length, 2);
    const primary = two.pharmacies.filter((p) => p.isPrimary);
    assert.equal(primary.length, 1);
    assert.equal(primary[0].organizationRef.reference, getReferenceString(second));
  });

  test('startConversation stores a topic and a first turn, then asks the request Bot', async () => {
    const medplum = mockWithSearch();
    if (onServer) {
      // Signed in before the example runs, as in the app (a server client learns its profile at sign-in).
      await (medplum as unknown as { ready(): Promise<unknown> }).ready();
    }
    const calls = recordBots(medplum, async () => ({
      resourceType: 'Parameters',
      parameter: [{ name: 'content', valueString: 'You have 3 patients named Smith.' }],
    }));
    const { topic, turn, reply } = await startConversation(medplum, 'How many patients are named Smith?');
    assert.equal(topic.identifier?.[0]?.value, 'ai-message-topic');
    assert.equal(topic.topic?.text, 'How many patients are named Smith?');
    assert.deepEqual(JSON.parse(topic.note?.[0]?.text ?? '{}'), { model: 'gpt-5.5' });
    assert.equal(topic.sender?.reference, getReferenceString(medplum.getProfile() as Saved<Practitioner>));
    assert.equal(turn.partOf?.[0]?.reference, getReferenceString(topic as Saved<typeof topic>));
    assert.equal(JSON.parse(turn.payload?.[0]?.contentString ?? '{}').role, 'user');
    assert.deepEqual(calls[0].id, { system: 'https://www.medplum.com/bots', value: 'ai-fhir-request-tools' });
    const params = calls[0].body as Parameters;
    assert.equal(params.parameter?.find((p) => p.name === 'model')?.valueString, 'gpt-5.5');
    assert.equal(reply.parameter?.[0]?.valueString, 'You have 3 patients named Smith.');
  });
});
