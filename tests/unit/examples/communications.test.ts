/**
 * Runs the messaging examples against MockClient: a thread with messages, read receipts, closing,
 * and the notification bot (with email and SMS delivery replaced by recorders).
 */
import assert from 'node:assert/strict';
import { afterEach, describe, test } from 'node:test';
import type { BotEvent, MailOptions } from '@medplum/core';
import { allOk, createReference, forbidden, OperationOutcomeError, validateResource } from '@medplum/core';
import type { Communication, Patient, Practitioner } from '@medplum/fhirtypes';
import { channelFor, handler, sendEmailNotice, sendSmsWithTwilio } from '../../../examples/communications/notify-bot';
import {
  closeThread,
  listMessages,
  markRead,
  sendMessage,
  startThread,
  unreadFor,
} from '../../../examples/communications/threads';
import { mockWithSearch } from './mock-with-search';

async function people(medplum: ReturnType<typeof mockWithSearch>, telecom: Patient['telecom']) {
  const patient = await medplum.createResource<Patient>({
    resourceType: 'Patient',
    name: [{ given: ['Rosa'], family: 'Diaz' }],
    telecom,
  });
  const doctor = await medplum.createResource<Practitioner>({
    resourceType: 'Practitioner',
    name: [{ prefix: ['Dr.'], family: 'Okafor' }],
  });
  return { patient, doctor };
}

function botEvent(input: Communication, secrets: Record<string, string> = {}): BotEvent<Communication> {
  return {
    bot: { reference: 'Bot/notify' },
    contentType: 'application/fhir+json',
    input,
    secrets: Object.fromEntries(Object.entries(secrets).map(([name, valueString]) => [name, { name, valueString }])),
  };
}

describe('communications/threads', () => {
  test('a thread collects messages in order; reading one takes it out of the unread list', async () => {
    const medplum = mockWithSearch();
    const { patient, doctor } = await people(medplum, []);
    const thread = await startThread(medplum, patient, doctor, 'Blood pressure readings');
    assert.doesNotThrow(() => validateResource(thread));
    assert.equal(thread.topic?.text, 'Blood pressure readings');

    const first = await sendMessage(medplum, thread, createReference(doctor), 'Please send this week’s readings.');
    const reply = await sendMessage(medplum, thread, createReference(patient), '128/82 on Monday, 131/85 today.');
    for (const m of [first, reply]) {
      assert.doesNotThrow(() => validateResource(m));
    }
    // The sender is not a recipient of their own message.
    assert.deepEqual(
      first.recipient?.map((r) => r.reference),
      [`Patient/${patient.id}`],
    );
    assert.deepEqual(
      reply.recipient?.map((r) => r.reference),
      [`Practitioner/${doctor.id}`],
    );

    const messages = await listMessages(medplum, thread);
    assert.deepEqual(
      messages.map((m) => m.payload?.[0]?.contentString),
      ['Please send this week’s readings.', '128/82 on Monday, 131/85 today.'],
    );

    assert.equal((await unreadFor(medplum, patient)).length, 1);
    const read = await markRead(medplum, first);
    assert.equal(read.status, 'completed');
    assert.ok(read.received);
    assert.equal((await unreadFor(medplum, patient)).length, 0);
    assert.equal((await unreadFor(medplum, doctor)).length, 1);

    const closed = await closeThread(medplum, thread);
    assert.equal(closed.status, 'completed');
    const completed = await medplum.searchResources(
      'Communication',
      { status: 'completed', 'part-of:missing': 'true' },
      { cache: 'no-cache' },
    );
    assert.ok(completed.some((c) => c.id === thread.id));
  });
});

describe('communications/notify-bot', () => {
  const realFetch = globalThis.fetch;
  afterEach(() => {
    globalThis.fetch = realFetch;
  });

  test('channelFor prefers email, then a mobile number', () => {
    assert.deepEqual(
      channelFor({
        resourceType: 'Patient',
        telecom: [
          { system: 'phone', use: 'mobile', value: '+15555550100' },
          { system: 'email', value: 'rosa@example.com' },
        ],
      }),
      { kind: 'email', to: 'rosa@example.com' },
    );
    assert.deepEqual(
      channelFor({
        resourceType: 'Patient',
        telecom: [
          { system: 'phone', use: 'home', value: '+15555550101' },
          { system: 'sms', value: '+15555550102' },
        ],
      }),
      { kind: 'sms', to: '+15555550102' },
    );
    assert.equal(
      channelFor({ resourceType: 'Patient', telecom: [{ system: 'phone', use: 'home', value: '+15555550101' }] }),
      undefined,
    );
  });

  test('a staff message to a patient with an email address sends an email without clinical text', async () => {
    const medplum = mockWithSearch();
    const sent: MailOptions[] = [];
    // MockClient has no /email/v1/send route; record what the bot would send instead.
    medplum.sendEmail = async (email: MailOptions) => {
      sent.push(email);
      return allOk;
    };
    const { patient, doctor } = await people(medplum, [{ system: 'email', value: 'rosa@example.com' }]);
    const thread = await startThread(medplum, patient, doctor, 'Lab results');
    const message = await sendMessage(medplum, thread, createReference(doctor), 'Your A1c is 6.1%.');
    const result = await handler(medplum, botEvent(message));
    assert.equal(result, `notified Patient/${patient.id} by email`);
    assert.equal(sent.length, 1);
    assert.equal(sent[0].to, 'rosa@example.com');
    assert.ok(!String(sent[0].text).includes('A1c'), 'no clinical content in the email');

    const fromPatient = await sendMessage(medplum, thread, createReference(patient), 'Thanks!');
    assert.equal(await handler(medplum, botEvent(fromPatient)), 'skipped: not a staff message');
    assert.equal(await handler(medplum, botEvent(thread)), 'skipped: not a staff message');
    assert.equal(sent.length, 1);
  });

  test('a 403 from the email endpoint (no email feature, or a bot membership without admin) fails with the setup it needs', async () => {
    const medplum = mockWithSearch();
    // What a real server answers when Project.features lacks 'email' or the membership is not admin.
    medplum.sendEmail = async () => {
      throw new OperationOutcomeError(forbidden);
    };
    await assert.rejects(sendEmailNotice(medplum, 'rosa@example.com', 'x'), /needs the "email" feature.*admin: true/);
    const { patient, doctor } = await people(medplum, [{ system: 'email', value: 'rosa@example.com' }]);
    const thread = await startThread(medplum, patient, doctor, 'Lab results');
    const message = await sendMessage(medplum, thread, createReference(doctor), 'Results are in.');
    await assert.rejects(handler(medplum, botEvent(message)), /Email refused \(403\)/);
  });

  test('a patient with only a mobile number gets an SMS through Twilio with the project secrets', async () => {
    const medplum = mockWithSearch();
    const calls: { url: string; init: RequestInit }[] = [];
    globalThis.fetch = (async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      return new Response('{}', { status: 201 });
    }) as typeof fetch;
    const { patient, doctor } = await people(medplum, [{ system: 'phone', use: 'mobile', value: '+15555550100' }]);
    const thread = await startThread(medplum, patient, doctor, 'Follow-up');
    const message = await sendMessage(medplum, thread, createReference(doctor), 'See you Tuesday.');
    const secrets = { TWILIO_ACCOUNT_SID: 'AC123', TWILIO_AUTH_TOKEN: 'token', TWILIO_FROM_NUMBER: '+15555550199' };
    assert.equal(await handler(medplum, botEvent(message, secrets)), `notified Patient/${patient.id} by sms`);
    assert.equal(calls.length, 1);
    assert.equal(calls[0].url, 'https://api.twilio.com/2010-04-01/Accounts/AC123/Messages.json');
    const form = new URLSearchParams(String(calls[0].init.body));
    assert.equal(form.get('To'), '+15555550100');
    assert.equal(form.get('From'), '+15555550199');

    await assert.rejects(sendSmsWithTwilio(botEvent(message), '+15555550100', 'x'), /Missing Twilio secrets/);
  });
});
