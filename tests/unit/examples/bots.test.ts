/**
 * Runs every bot handler shown in docs/bots against MockClient with the event the server would
 * build, and checks what the bot did: resources written, values returned, errors thrown.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, mock, test } from 'node:test';
import {
  ContentType,
  createReference,
  getStatus,
  Hl7Message,
  MedplumClient,
  OperationOutcomeError,
  validateResource,
} from '@medplum/core';
import type { Bot, MedicationRequest, Observation, Patient, QuestionnaireResponse, Task } from '@medplum/fhirtypes';
import { mockWithSearch } from './mock-with-search';
import { scriptedClient } from './support/scripted-fetch';
import { serverRecordingClient } from './support/server-client';
import { onServer } from '../../server/on-server';
import { isValidFiveFieldCron } from './support/cron-check';
import { runLikeVmContext } from './support/vmcontext-harness';
import { handler as welcomeBot } from '../../../examples/bots/bot-basics';
import { handler as eventBot } from '../../../examples/bots/bot-event';
import { handler as secretsBot, requireSecret } from '../../../examples/bots/bot-secrets';
import { handler as cronBot, SCHEDULES } from '../../../examples/bots/cron-job';
import { BOOKING_SYSTEM, handler as webhookBot } from '../../../examples/bots/consuming-webhooks';
import type { BookingPayload } from '../../../examples/bots/consuming-webhooks';
import { handler as insuranceBot, insuranceCheckSubscription } from '../../../examples/bots/subscription-bot';
import { handler as mrnBot } from '../../../examples/bots/pre-commit-bot';
import { handler as vitalsBot } from '../../../examples/bots/questionnaire-response';
import {
  handler as prescriptionBot,
  prescriptionRequest,
  RESPONSE_ID_SYSTEM,
} from '../../../examples/bots/prescription-form';
import { handler as ownBotBot } from '../../../examples/bots/read-own-bot';
import { handler as adtBot, MRN_SYSTEM as ADT_MRN } from '../../../examples/bots/hl7-adt';
import { handler as csvBot, MRN_SYSTEM as CSV_MRN, summaryBinary } from '../../../examples/bots/file-upload';
import { BOT_IDENTIFIER, runAsync, runById, runByIdentifier, runWithGet } from '../../../examples/bots/execute-bot';
import { makeBotEvent, runLocally, secretsFrom } from '../../../examples/bots/local-runner';
import { deployBundleAsBinary } from '../../../examples/bots/deploying-bots';
import { parseSearchRequest } from '@medplum/core';

async function savedPatient(medplum: MedplumClient, extra: Partial<Patient> = {}): Promise<Patient> {
  return medplum.createResource<Patient>({
    resourceType: 'Patient',
    name: [{ given: ['Amara'], family: 'Okafor' }],
    ...extra,
  });
}

describe('bots/bot-basics', () => {
  test('creates a welcome-call Task for the patient it receives', async () => {
    const medplum = mockWithSearch();
    const patient = await savedPatient(medplum);
    const task = await welcomeBot(medplum, makeBotEvent(patient));
    assert.equal(task.for?.reference, `Patient/${patient.id}`);
    const stored = await medplum.readResource('Task', task.id as string);
    assert.equal(stored.status, 'requested');
    assert.doesNotThrow(() => validateResource(stored));
  });

  test('fails the run for anything but a saved Patient', async () => {
    const medplum = mockWithSearch();
    await assert.rejects(welcomeBot(medplum, makeBotEvent({ resourceType: 'Patient' } as Patient)), /saved Patient/);
  });
});

describe('bots/bot-event', () => {
  test('reports the event fields without leaking secret values', async () => {
    const medplum = mockWithSearch();
    const summary = await eventBot(
      medplum,
      makeBotEvent<unknown>(
        { hello: 'world' },
        {
          bot: { reference: 'Bot/123' },
          contentType: ContentType.JSON,
          secrets: secretsFrom({ API_KEY: 'k-1', OTHER: 'x' }),
          requester: { reference: 'Practitioner/42' },
          traceId: 'trace-1',
          headers: { 'x-medplum-interaction': 'create' },
        },
      ),
    );
    assert.deepEqual(summary, {
      bot: 'Bot/123',
      contentType: 'application/json',
      inputType: 'object',
      secretNames: ['API_KEY', 'OTHER'],
      requester: 'Practitioner/42',
      traceId: 'trace-1',
      interaction: 'create',
    });
    assert.ok(!JSON.stringify(summary).includes('k-1'));
  });
});

describe('bots/read-own-bot', () => {
  test('resolves event.bot to the Bot resource and reads its name and site identifier', async () => {
    const medplum = mockWithSearch();
    const bot = await medplum.createResource<Bot>({
      resourceType: 'Bot',
      name: 'Intake router',
      identifier: [{ system: 'https://example.com/bot-site', value: 'north-clinic' }],
    });
    // makeBotEvent's default bot is Bot/local-test-bot, which does not exist: point it at the saved one.
    const event = makeBotEvent<unknown>({}, { bot: createReference(bot) });
    assert.equal(event.bot.reference, `Bot/${bot.id}`);
    assert.equal(event.bot.display, 'Intake router');
    assert.equal(await ownBotBot(medplum, event), 'Intake router serves north-clinic');
  });

  test('a bot without the site identifier serves every site', async () => {
    const medplum = mockWithSearch();
    const bot = await medplum.createResource<Bot>({ resourceType: 'Bot', name: 'Intake router' });
    assert.equal(
      await ownBotBot(medplum, makeBotEvent<unknown>({}, { bot: createReference(bot) })),
      'Intake router serves every site',
    );
  });
});

describe('bots/bot-secrets', () => {
  const realFetch = globalThis.fetch;
  afterEach(() => {
    globalThis.fetch = realFetch;
  });

  test('sends the API key from event.secrets and returns the directory answer', async () => {
    const calls: { url: string; auth: string | null }[] = [];
    globalThis.fetch = (async (url: string | URL, init?: RequestInit) => {
      calls.push({ url: String(url), auth: new Headers(init?.headers).get('Authorization') });
      return new Response(JSON.stringify({ npi: '1742603180', name: 'Dr. Lee' }), { status: 200 });
    }) as typeof fetch;
    const result = await secretsBot(
      mockWithSearch(),
      makeBotEvent({ npi: '1742603180' }, { secrets: secretsFrom({ DIRECTORY_API_KEY: 's3cret' }) }),
    );
    assert.deepEqual(result, { npi: '1742603180', name: 'Dr. Lee' });
    assert.deepEqual(calls, [{ url: 'https://directory.example.com/providers/1742603180', auth: 'Bearer s3cret' }]);
  });

  test('a missing secret fails with a message naming it', () => {
    assert.throws(() => requireSecret({}, 'DIRECTORY_API_KEY'), /DIRECTORY_API_KEY/);
  });
});

describe('bots/cron-job', () => {
  test('every schedule on the page is a valid five-field cron expression', () => {
    for (const expr of Object.values(SCHEDULES)) {
      assert.ok(isValidFiveFieldCron(expr), expr);
    }
    assert.equal(isValidFiveFieldCron('0 25 * * *'), false);
    assert.equal(isValidFiveFieldCron('* * * *'), false);
  });

  test('escalates only tasks older than the cutoff', async () => {
    const medplum = mockWithSearch();
    const old = await medplum.createResource<Task>({
      resourceType: 'Task',
      status: 'requested',
      intent: 'order',
      priority: 'routine',
      authoredOn: new Date(Date.now() - 72 * 3600_000).toISOString(),
    });
    const fresh = await medplum.createResource<Task>({
      resourceType: 'Task',
      status: 'requested',
      intent: 'order',
      priority: 'routine',
      authoredOn: new Date().toISOString(),
    });
    const bot: Bot = { resourceType: 'Bot', id: 'b1', name: 'Escalate', cronString: SCHEDULES.everyWeekdayAt7 };
    assert.doesNotThrow(() => validateResource(bot));
    const result = await cronBot(medplum, makeBotEvent<Bot>(bot));
    assert.deepEqual(result, { escalated: 1 });
    assert.equal((await medplum.readResource('Task', old.id as string)).priority, 'urgent');
    assert.equal((await medplum.readResource('Task', fresh.id as string)).priority, 'routine');
  });

  test('an ESCALATE_AFTER_HOURS secret shortens the cutoff', async () => {
    const medplum = mockWithSearch();
    await medplum.createResource<Task>({
      resourceType: 'Task',
      status: 'requested',
      intent: 'order',
      authoredOn: new Date(Date.now() - 2 * 3600_000).toISOString(),
    });
    const bot: Bot = { resourceType: 'Bot', id: 'b1', name: 'Escalate', cronString: SCHEDULES.everyFifteenMinutes };
    // Without the secret the default of 48 hours applies and the two-hour-old Task stays.
    assert.deepEqual(await cronBot(medplum, makeBotEvent<Bot>(bot)), { escalated: 0 });
    const event = makeBotEvent<Bot>(bot, { secrets: secretsFrom({ ESCALATE_AFTER_HOURS: '1' }) });
    assert.deepEqual(await cronBot(medplum, event), { escalated: 1 });
  });
});

describe('bots/consuming-webhooks', () => {
  const secret = 'whsec_4fQm8Z2rTk9vXy3NcL7bJp1dHs6w';
  const body = JSON.stringify({
    event: 'booking.created',
    bookingId: 'bk_8Xq2Lm5Rt9Vw3Z',
    start: '2026-12-01T15:00:00Z',
    end: '2026-12-01T15:30:00Z',
    attendeeName: 'Amara Okafor',
  });
  const sign = (s: string): string => createHmac('sha256', secret).update(s).digest('hex');

  test('a correctly signed booking becomes one Appointment, even when delivered twice', async () => {
    const medplum = mockWithSearch();
    // The server hands the bot the parsed JSON, not the bytes that were signed.
    const event = makeBotEvent<string | BookingPayload>(JSON.parse(body) as BookingPayload, {
      contentType: ContentType.JSON,
      secrets: secretsFrom({ BOOKING_WEBHOOK_SECRET: secret }),
      headers: { 'x-signature': sign(body) },
    });
    const first = await webhookBot(medplum, event);
    const second = await webhookBot(medplum, event);
    assert.equal(second.appointment, first.appointment);
    const all = await medplum.searchResources('Appointment', { identifier: `${BOOKING_SYSTEM}|bk_8Xq2Lm5Rt9Vw3Z` });
    assert.equal(all.length, 1);
    assert.equal(all[0].status, 'booked');
    assert.doesNotThrow(() => validateResource(all[0]));
  });

  test('a bad signature is rejected before anything is written', async () => {
    const medplum = mockWithSearch();
    const event = makeBotEvent<string | BookingPayload>(JSON.parse(body) as BookingPayload, {
      contentType: ContentType.JSON,
      secrets: secretsFrom({ BOOKING_WEBHOOK_SECRET: secret }),
      headers: { 'x-signature': sign(body + ' ') },
    });
    await assert.rejects(webhookBot(medplum, event), /bad signature/);
    assert.equal((await medplum.searchResources('Appointment', {})).length, 0);
  });
});

describe('bots/subscription-bot', () => {
  test('the subscription is valid and its criteria parse', () => {
    const sub = insuranceCheckSubscription('b1');
    assert.doesNotThrow(() => validateResource(sub));
    const search = parseSearchRequest(sub.criteria);
    assert.equal(search.resourceType, 'Patient');
    assert.deepEqual(
      search.filters?.map((f) => [f.code, f.value]),
      [['active', 'true']],
    );
  });

  test('creates one insurance Task per patient and ignores deletes', async () => {
    const medplum = mockWithSearch();
    const patient = await savedPatient(medplum);
    const headers = { 'X-Medplum-Subscription': 's1', 'X-Medplum-Interaction': 'create' };
    const first = await insuranceBot(
      medplum,
      makeBotEvent<Patient | { deletedResource: Patient }>(patient, { headers }),
    );
    assert.match(first, /^created: Task\//);
    const retry = await insuranceBot(
      medplum,
      makeBotEvent<Patient | { deletedResource: Patient }>(patient, { headers }),
    );
    assert.equal(retry, first.replace('created', 'exists'));
    const deleted = await insuranceBot(
      medplum,
      makeBotEvent<Patient | { deletedResource: Patient }>({ deletedResource: patient }),
    );
    assert.equal(deleted, 'ignored: delete');
  });
});

describe('bots/pre-commit-bot', () => {
  test('refuses a Patient without an MRN with a 400 OperationOutcome', async () => {
    const medplum = mockWithSearch();
    for (const patient of [
      { resourceType: 'Patient', name: [{ family: 'Okafor' }] },
      { resourceType: 'Patient', identifier: [{ system: 'http://example.org/other', value: '1' }] },
    ] satisfies Patient[]) {
      await assert.rejects(mrnBot(medplum, makeBotEvent<Patient>(patient)), (err: unknown) => {
        assert.ok(err instanceof OperationOutcomeError);
        assert.equal(err.outcome.issue?.[0]?.code, 'invalid');
        assert.equal(err.outcome.issue?.[0]?.details?.text, 'Patient must have an MRN');
        assert.equal(getStatus(err.outcome), 400);
        return true;
      });
    }
  });

  test('returns the Patient with active defaulted to true, and keeps an active set by the writer', async () => {
    const medplum = mockWithSearch();
    const identifier = [{ system: 'http://example.org/mrn', value: 'MRN-1' }];
    const stored = await mrnBot(medplum, makeBotEvent<Patient>({ resourceType: 'Patient', id: 'p1', identifier }));
    assert.deepEqual(stored, { resourceType: 'Patient', id: 'p1', identifier, active: true });
    const inactive = await mrnBot(
      medplum,
      makeBotEvent<Patient>({ resourceType: 'Patient', id: 'p2', identifier, active: false }),
    );
    assert.equal(inactive.active, false);
  });
});

describe('bots/questionnaire-response', () => {
  test('completed answers become vital-sign Observations linked to the response', async () => {
    const medplum = mockWithSearch();
    const patient = await savedPatient(medplum);
    const response = await medplum.createResource<QuestionnaireResponse>({
      resourceType: 'QuestionnaireResponse',
      status: 'completed',
      questionnaire: 'https://example.com/Questionnaire/vitals-intake',
      subject: createReference(patient),
      authored: '2026-11-20T10:00:00Z',
      item: [
        {
          linkId: 'vitals',
          item: [
            { linkId: 'body-weight', answer: [{ valueDecimal: 72.5 }] },
            { linkId: 'body-height', answer: [{ valueInteger: 168 }] },
          ],
        },
        { linkId: 'comments', answer: [{ valueString: 'none' }] },
      ],
    });
    const created = await vitalsBot(medplum, makeBotEvent(response));
    assert.equal(created.length, 2);
    const observations = await Promise.all(
      created.map((ref) => medplum.readReference<Observation>({ reference: ref })),
    );
    assert.deepEqual(
      observations.map((o) => [o.code?.coding?.[0]?.code, o.valueQuantity?.value]),
      [
        ['29463-7', 72.5],
        ['8302-2', 168],
      ],
    );
    for (const o of observations) {
      assert.equal(o.subject?.reference, `Patient/${patient.id}`);
      assert.doesNotThrow(() => validateResource(o));
    }
  });

  test('in-progress responses are left alone', async () => {
    const medplum = mockWithSearch();
    const draft: QuestionnaireResponse = {
      resourceType: 'QuestionnaireResponse',
      status: 'in-progress',
      item: [{ linkId: 'body-weight', answer: [{ valueDecimal: 70 }] }],
    };
    assert.deepEqual(await vitalsBot(medplum, makeBotEvent(draft)), []);
  });
});

describe('bots/prescription-form', () => {
  const amlodipine = prescriptionRequest.item?.[0]?.answerOption?.[0]?.valueCoding;

  async function completedResponse(medplum: MedplumClient, patient: Patient): Promise<QuestionnaireResponse> {
    return medplum.createResource<QuestionnaireResponse>({
      resourceType: 'QuestionnaireResponse',
      status: 'completed',
      questionnaire: prescriptionRequest.url,
      subject: createReference(patient),
      authored: '2026-11-20T10:00:00Z',
      item: [
        { linkId: 'medication', answer: [{ valueCoding: amlodipine }] },
        { linkId: 'directions', answer: [{ valueString: 'Take one tablet by mouth once daily' }] },
        { linkId: 'quantity', answer: [{ valueInteger: 30 }] },
        { linkId: 'refills', answer: [{ valueInteger: 2 }] },
      ],
    });
  }

  test('a completed response becomes one draft MedicationRequest with its answers', async () => {
    const medplum = mockWithSearch();
    const patient = await savedPatient(medplum);
    const response = await completedResponse(medplum, patient);
    const order = await prescriptionBot(medplum, makeBotEvent(response));
    assert.ok(order);
    const orders = await medplum.searchResources('MedicationRequest', {});
    assert.equal(orders.length, 1);
    const stored = orders[0];
    assert.equal(stored.id, order.id);
    assert.equal(stored.status, 'draft');
    assert.equal(stored.intent, 'order');
    assert.equal(stored.subject.reference, `Patient/${patient.id}`);
    assert.deepEqual(
      stored.medicationCodeableConcept?.coding?.map((c) => [c.system, c.code]),
      [['http://www.nlm.nih.gov/research/umls/rxnorm', '308136']],
    );
    assert.equal(stored.dosageInstruction?.[0]?.text, 'Take one tablet by mouth once daily');
    assert.equal(stored.dispenseRequest?.quantity?.value, 30);
    assert.equal(stored.dispenseRequest?.numberOfRepeatsAllowed, 2);
    assert.equal(stored.authoredOn, '2026-11-20T10:00:00Z');
    assert.equal(stored.supportingInformation?.[0]?.reference, `QuestionnaireResponse/${response.id}`);
    assert.doesNotThrow(() => validateResource(stored));
  });

  test('running again for the same response finds the order and creates no second one', async () => {
    const medplum = mockWithSearch();
    const patient = await savedPatient(medplum);
    const response = await completedResponse(medplum, patient);
    const first = await prescriptionBot(medplum, makeBotEvent(response));
    assert.ok(first);
    // The subscription fires again when the completed response is updated.
    const updated = await medplum.updateResource<QuestionnaireResponse>({
      ...response,
      authored: '2026-11-20T10:05:00Z',
    });
    const second = await prescriptionBot(medplum, makeBotEvent(updated));
    assert.equal(second?.id, first.id);
    const orders = await medplum.searchResources('MedicationRequest', {
      identifier: `${RESPONSE_ID_SYSTEM}|${response.id}`,
    });
    assert.equal(orders.length, 1);
  });

  /**
   * The MedicationRequest JSON the bot sends for `response`, as a server would receive it (MockClient's
   * store drops empty objects, so what it stores would hide an empty element the bot sent).
   */
  async function sentOrder(medplum: MedplumClient, response: QuestionnaireResponse): Promise<MedicationRequest> {
    const create = mock.method(medplum, 'createResourceIfNoneExist');
    try {
      assert.ok(await prescriptionBot(medplum, makeBotEvent(response)));
      return JSON.parse(JSON.stringify(create.mock.calls[0]?.arguments[0])) as MedicationRequest;
    } finally {
      create.mock.restore();
    }
  }

  test('a response without directions sends no empty dosage entry', async () => {
    const medplum = mockWithSearch();
    const patient = await savedPatient(medplum);
    const response = await completedResponse(medplum, patient);
    const noDirections: QuestionnaireResponse = {
      ...response,
      item: response.item?.filter((item) => item.linkId !== 'directions'),
    };
    // A server validates the body as sent, where dosageInstruction: [{}] fails strict validation.
    const sent = await sentOrder(medplum, noDirections);
    assert.equal(sent.dosageInstruction, undefined);
    assert.doesNotThrow(() => validateResource(sent));
  });

  test('a response with neither tablets nor refills sends no empty dispense request', async () => {
    const medplum = mockWithSearch();
    const patient = await savedPatient(medplum);
    const response = await completedResponse(medplum, patient);
    const noDispense: QuestionnaireResponse = {
      ...response,
      item: response.item?.filter((item) => item.linkId !== 'quantity' && item.linkId !== 'refills'),
    };
    // Medplum's validator reads a lone {} as absent, but FHIR allows no empty element.
    const sent = await sentOrder(medplum, noDispense);
    assert.equal(sent.dispenseRequest, undefined);
    assert.equal(sent.dosageInstruction?.[0]?.text, 'Take one tablet by mouth once daily');
    // Zero refills is an answer, and is kept.
    const noTablets: QuestionnaireResponse = {
      ...response,
      id: 'b7d4c2e9-1f3a-4c6b-9d8e-2a5f7c1e3b60',
      item: response.item
        ?.filter((item) => item.linkId !== 'quantity')
        .map((item) => (item.linkId === 'refills' ? { ...item, answer: [{ valueInteger: 0 }] } : item)),
    };
    assert.deepEqual((await sentOrder(medplum, noTablets)).dispenseRequest, { numberOfRepeatsAllowed: 0 });
  });

  test('in-progress responses, and responses without a patient or a medication, create nothing', async () => {
    const medplum = mockWithSearch();
    const patient = await savedPatient(medplum);
    const response = await completedResponse(medplum, patient);
    const draft: QuestionnaireResponse = { ...response, status: 'in-progress' };
    const noSubject: QuestionnaireResponse = { ...response, subject: undefined };
    const noMedication: QuestionnaireResponse = {
      ...response,
      item: response.item?.filter((item) => item.linkId !== 'medication'),
    };
    for (const input of [draft, noSubject, noMedication]) {
      assert.equal(await prescriptionBot(medplum, makeBotEvent(input)), undefined);
    }
    assert.equal((await medplum.searchResources('MedicationRequest', {})).length, 0);
  });
});

describe('bots/hl7-adt', () => {
  const adt = [
    'MSH|^~\\&|REGADT|GOODHEALTH|MEDPLUM|CLINIC|20261123093000||ADT^A01|MSG73519046|P|2.5.1',
    'EVN|A01|20261123093000',
    'PID|1||MRN-48213^^^GOODHEALTH^MR||Okafor^Amara^N||19840317|F|||12 Harbour Rd^^Portland^OR^97201',
    'PV1|1|I|4W^402^1',
  ].join('\r');

  test('parses the ADT message, upserts the Patient and acknowledges with AA', async () => {
    const message = Hl7Message.parse(adt);
    assert.equal(message.header.getComponent(9, 1), 'ADT');
    assert.equal(message.getSegment('PID')?.getComponent(5, 2), 'Amara');
    const medplum = mockWithSearch();
    const ack = await adtBot(medplum, makeBotEvent(message, { contentType: ContentType.HL7_V2 }));
    assert.equal(ack.getSegment('MSA')?.getField(1).toString(), 'AA');
    assert.equal(ack.getSegment('MSA')?.getField(2).toString(), 'MSG73519046');
    const [patient] = await medplum.searchResources('Patient', { identifier: `${ADT_MRN}|MRN-48213` });
    assert.equal(patient.name?.[0]?.family, 'Okafor');
    assert.equal(patient.birthDate, '1984-03-17');
    assert.equal(patient.gender, 'female');
    assert.doesNotThrow(() => validateResource(patient));
    // A second A08-style resend updates the same Patient instead of creating another.
    await adtBot(medplum, makeBotEvent(Hl7Message.parse(adt), { contentType: ContentType.HL7_V2 }));
    assert.equal((await medplum.searchResources('Patient', { identifier: `${ADT_MRN}|MRN-48213` })).length, 1);
  });

  test('rejects messages that are not ADT', async () => {
    const oru = adt.replace('ADT^A01', 'ORU^R01');
    const ack = await adtBot(
      mockWithSearch(),
      makeBotEvent(Hl7Message.parse(oru), { contentType: ContentType.HL7_V2 }),
    );
    assert.equal(ack.getSegment('MSA')?.getField(1).toString(), 'AR');
  });
});

describe('bots/file-upload', () => {
  test('stores the CSV as a Binary and creates an Observation per valid row', async () => {
    const medplum = mockWithSearch();
    const patient = await savedPatient(medplum, { identifier: [{ system: CSV_MRN, value: 'MRN-48213' }] });
    const csv = [
      'mrn,loinc,value,unit,date',
      'MRN-48213,2339-0,104,mg/dL,2026-11-20',
      'MRN-48213,4548-4,6.1,%,2026-11-20',
      'MRN-77102,2339-0,99,mg/dL,2026-11-20',
    ].join('\n');
    const result = await csvBot(medplum, makeBotEvent(csv, { contentType: ContentType.TEXT }));
    assert.equal(result.observations.length, 2);
    assert.equal(result.skipped, 1);
    const docRef = await medplum.readReference({ reference: result.documentReference });
    assert.equal(docRef.resourceType, 'DocumentReference');
    const url = docRef.resourceType === 'DocumentReference' ? docRef.content[0].attachment.url : undefined;
    // MockClient answers with its own storage URL; the real server gives a Binary URL.
    assert.ok(url);
    const obs = await medplum.readReference<Observation>({ reference: result.observations[1] });
    assert.equal(obs.subject?.reference, `Patient/${patient.id}`);
    assert.equal(obs.code?.coding?.[0]?.display, 'Hemoglobin A1c/Hemoglobin.total in Blood');
    assert.doesNotThrow(() => validateResource(obs));
    const summary = await summaryBinary(medplum, result);
    const binary = await medplum.readResource('Binary', summary.id);
    assert.equal(binary.contentType, 'text/plain');
  });
});

describe('bots/execute-bot', () => {
  // MockClient has no Bot $execute; a scripted fetch answers as the server does and records the
  // requests (so the page's HTTP, curl and Python tabs show them too).
  test('by id, by identifier, with GET and asynchronously', async () => {
    const server = onServer ? serverRecordingClient() : undefined;
    let botId = 'bot-1';
    if (server) {
      // A vmcontext Bot with the identifier the example looks for, echoing its input.
      const bot = await server.backend.createResource<Bot>({
        resourceType: 'Bot',
        name: 'welcome-call',
        identifier: [BOT_IDENTIFIER],
        runtimeVersion: 'vmcontext',
      });
      await server.backend.post(server.backend.fhirUrl('Bot', bot.id as string, '$deploy'), {
        code: 'exports.handler = async (medplum, event) => ({ ok: true, input: event.input });',
      });
      botId = bot.id as string;
    }
    const { medplum, requests } =
      server ??
      scriptedClient([
        { status: 200, body: { ok: true } },
        { status: 200, body: { ok: true } },
        { status: 200, body: { ok: true } },
        {
          status: 202,
          body: { resourceType: 'OperationOutcome', issue: [{ severity: 'information', code: 'informational' }] },
        },
      ]);
    const patient: Patient = { resourceType: 'Patient', id: '2b6597a9-4216-48fd-ae0a-7676db4e0a78' };
    const byId = await runById(medplum, botId, patient);
    const byIdentifier = await runByIdentifier(medplum, patient);
    const withGet = await runWithGet(medplum, botId, { mrn: 'MRN-64029317' });
    const accepted = await runAsync(medplum, botId, { hello: 'world' });
    if (server) {
      // The bot got the posted Patient, the query parameters of the GET; the async run was accepted.
      assert.deepEqual(byId, { ok: true, input: patient });
      assert.deepEqual(byIdentifier, { ok: true, input: patient });
      assert.deepEqual(withGet, { ok: true, input: { mrn: 'MRN-64029317' } });
      assert.equal((accepted as { resourceType?: string }).resourceType, 'OperationOutcome');
    } else {
      assert.deepEqual(byId, { ok: true });
    }
    assert.equal(requests[0].method, 'POST');
    assert.equal(requests[0].url.pathname, `/fhir/R4/Bot/${botId}/$execute`);
    assert.equal(requests[0].headers['content-type'], ContentType.FHIR_JSON);
    assert.deepEqual(JSON.parse(requests[0].body ?? ''), patient);
    assert.equal(requests[1].url.searchParams.get('identifier'), `${BOT_IDENTIFIER.system}|${BOT_IDENTIFIER.value}`);
    assert.equal(requests[2].method, 'GET');
    assert.equal(requests[2].url.searchParams.get('mrn'), 'MRN-64029317');
    assert.equal(requests[3].headers.prefer, 'respond-async');
    assert.equal(requests[3].headers['content-type'], ContentType.JSON);
  });
});

describe('bots/local-runner', () => {
  test('runLocally builds the event and runs the handler against the given client', async () => {
    const medplum = mockWithSearch();
    const patient = await savedPatient(medplum);
    const task = await runLocally(welcomeBot, medplum, patient);
    assert.equal(task.for?.reference, `Patient/${patient.id}`);
    const event = makeBotEvent('x', { contentType: ContentType.TEXT });
    assert.equal(event.bot.reference, 'Bot/local-test-bot');
    assert.equal(event.contentType, 'text/plain');
  });
});

describe('bots/deploying-bots: the vmcontext build command', () => {
  // The command is read from the page itself, so the test and the page cannot drift apart.
  const page = readFileSync('docs/bots/deploying-bots.mdx', 'utf8');
  const commandLine = page.split('\n').find((line) => line.startsWith('npx esbuild ') && line.includes('--footer'));
  const esbuild = path.resolve('node_modules/.bin/esbuild');

  /** Splits a shell command line on spaces, keeping single-quoted parts together. */
  function shellWords(line: string): string[] {
    return [...line.matchAll(/'([^']*)'|(\S+)/g)].map((m) => m[1] ?? m[2]);
  }

  /** Runs the page's esbuild command on the bot-basics example and returns the bundle text. */
  function build(withFooter: boolean): string {
    assert.ok(commandLine, 'deploying-bots.mdx shows an `npx esbuild ... --footer` command');
    const dir = mkdtempSync(path.join(tmpdir(), 'bot-build-'));
    const outfile = path.join(dir, 'welcome-call.js');
    const args = shellWords(commandLine)
      .slice(2)
      .filter((arg) => withFooter || !arg.startsWith('--footer'))
      .map((arg) => {
        if (arg === 'src/welcome-call.ts') {
          return 'examples/bots/bot-basics.ts';
        }
        return arg.startsWith('--outfile=') ? `--outfile=${outfile}` : arg;
      });
    execFileSync(esbuild, args, { stdio: 'pipe' });
    const code = readFileSync(outfile, 'utf8');
    rmSync(dir, { recursive: true, force: true });
    return code;
  }

  /** Answers the bot's createResource call the way a FHIR server would: 201 with an id. */
  const fhirServer = (async (_url: string | URL | Request, init?: RequestInit) =>
    new Response(JSON.stringify({ ...JSON.parse(String(init?.body)), id: 'task-1' }), {
      status: 201,
      headers: { 'content-type': ContentType.FHIR_JSON },
    })) as typeof fetch;

  test('the bundle with the footer runs: exports.handler is found and creates the Task', async () => {
    const patient: Patient = { resourceType: 'Patient', id: 'p-1', name: [{ given: ['Amara'], family: 'Okafor' }] };
    const { returnValue, logs } = await runLikeVmContext(build(true), patient, fhirServer);
    const task = returnValue as Task;
    assert.equal(task.resourceType, 'Task');
    assert.equal(task.id, 'task-1');
    assert.equal(task.for?.reference, 'Patient/p-1');
    assert.deepEqual(logs, ['Opening welcome call for Amara Okafor']);
  });

  test('plain --format=cjs output fails with "exports.handler is not a function"', async () => {
    const code = build(false);
    assert.match(code, /module\.exports = __toCommonJS/);
    await assert.rejects(
      runLikeVmContext(code, { resourceType: 'Patient', id: 'p-1' }, fhirServer),
      /exports\.handler is not a function/,
    );
  });
});

describe('bots/deploying-bots: a bundle too large for $deploy with code', () => {
  // MockClient has no Bot $deploy; a scripted fetch answers as the server does and records the
  // requests (on a server, a vmcontext Bot runs the deployed bundle afterwards).
  test('uploads the bundle as a Binary, points executableCode at it and deploys without a body', async () => {
    const handler = 'exports.handler = async (medplum, event) => ({ deployed: true, input: event.input });';
    const dir = mkdtempSync(path.join(tmpdir(), 'bot-bundle-'));
    const bundlePath = path.join(dir, 'welcome-call.js');
    writeFileSync(bundlePath, handler);
    try {
      const server = onServer ? serverRecordingClient() : undefined;
      // On a server: a vmcontext Bot of the project (bots are enabled there), without code yet.
      const botId = server
        ? ((
            await server.backend.createResource({
              resourceType: 'Bot',
              name: 'welcome-call',
              runtimeVersion: 'vmcontext',
            })
          ).id as string)
        : '42361d65-eba2-4566-a28b-c1d067366a29';
      const stored: Bot = { resourceType: 'Bot', id: botId, meta: { versionId: '1' }, name: 'welcome-call' };
      const { medplum, requests } =
        server ??
        scriptedClient([
          { status: 201, body: { resourceType: 'Binary', id: 'bin-1', contentType: ContentType.JAVASCRIPT } },
          { status: 200, body: stored },
          {
            status: 200,
            body: {
              ...stored,
              meta: { versionId: '2' },
              executableCode: { contentType: ContentType.JAVASCRIPT, url: 'Binary/bin-1', title: 'welcome-call.js' },
            },
          },
          {
            status: 200,
            body: { resourceType: 'OperationOutcome', issue: [{ severity: 'information', code: 'informational' }] },
          },
        ]);

      await deployBundleAsBinary(medplum, botId, bundlePath);

      assert.deepEqual(
        requests.map((r) => `${r.method} ${r.url.pathname}`),
        [
          'POST /fhir/R4/Binary',
          `GET /fhir/R4/Bot/${botId}`,
          `PUT /fhir/R4/Bot/${botId}`,
          `POST /fhir/R4/Bot/${botId}/$deploy`,
        ],
      );
      // The bundle goes up as the raw file, not inside JSON.
      assert.equal(requests[0].headers['content-type'], ContentType.JAVASCRIPT);
      assert.equal(requests[0].body, handler);
      assert.equal(requests[0].url.searchParams.get('_filename'), 'welcome-call.js');
      const put = JSON.parse(requests[2].body ?? '{}') as Bot;
      assert.match(put.executableCode?.url ?? '', /^Binary\/[^/]+$/);
      assert.equal(put.executableCode?.contentType, ContentType.JAVASCRIPT);
      assert.equal(put.executableCode?.title, 'welcome-call.js');
      assert.equal(put.name, 'welcome-call');
      // $deploy is sent without a body, so the server reads the stored Binary.
      assert.equal(requests[3].body, undefined);
      if (server) {
        const result = await server.backend.executeBot(botId, { hello: 1 }, ContentType.JSON);
        assert.deepEqual(result, { deployed: true, input: { hello: 1 } });
      } else {
        assert.equal(put.executableCode?.url, 'Binary/bin-1');
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
