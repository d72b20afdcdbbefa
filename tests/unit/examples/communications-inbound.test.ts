/**
 * Runs the inbound SMS and email bot against MockClient: sender lookup by telecom, threads by key or
 * by In-Reply-To, webhook retries, and replies on the channel the message came in on.
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { describe, test } from 'node:test';
import type { BotEvent } from '@medplum/core';
import { createReference, validateResource } from '@medplum/core';
import type { Communication, Organization, Patient } from '@medplum/fhirtypes';
import {
  EMAIL_MESSAGE_ID,
  findOrCreateThread,
  findSender,
  handler,
  parseInbound,
  replyOnSameChannel,
  SMS_MESSAGE_ID,
  storeInbound,
  THREAD_KEY,
} from '../../../examples/communications/inbound';
import type { Transport } from '../../../examples/communications/inbound';
import { mockWithSearch } from './mock-with-search';

/** The id a provider gives a message it sent: a Twilio message SID, or an email Message-ID. */
function providerId(channel: string, n: number): string {
  const hex = createHash('sha256').update(`${channel} ${n}`).digest('hex');
  return channel === 'sms' ? `SM${hex.slice(0, 32)}` : `<${hex.slice(0, 24)}@clinic.example.org>`;
}

async function setup() {
  const medplum = mockWithSearch();
  const team = await medplum.createResource<Organization>({ resourceType: 'Organization', name: 'Nurse line' });
  const rosa = await medplum.createResource<Patient>({
    resourceType: 'Patient',
    name: [{ given: ['Rosa'], family: 'Diaz' }],
    telecom: [
      { system: 'phone', use: 'mobile', value: '+15555550100' },
      { system: 'email', value: 'rosa@example.com' },
    ],
  });
  const sent: { channel: string; to: string; text: string }[] = [];
  const send: Transport = async (channel, to, text) => {
    sent.push({ channel, to, text });
    return providerId(channel, sent.length);
  };
  const event = (input: Record<string, unknown>): BotEvent<Record<string, unknown>> => ({
    bot: { reference: 'Bot/inbound' },
    contentType: 'application/x-www-form-urlencoded',
    input,
    secrets: { TEAM: { name: 'TEAM', valueString: `Organization/${team.id}` } },
  });
  return { medplum, team, rosa, sent, send, event };
}

const sms = (sid: string, body: string, from = '+15555550100') => ({
  MessageSid: sid,
  From: from,
  To: '+15555550199',
  Body: body,
});

describe('communications/inbound', () => {
  test('parseInbound reads a Twilio-style form post and an email webhook', () => {
    assert.deepEqual(parseInbound(sms('SM128d794b402aee48fae828785b1c68a6', 'Hi')), {
      channel: 'sms',
      from: '+15555550100',
      text: 'Hi',
      providerId: 'SM128d794b402aee48fae828785b1c68a6',
    });
    assert.deepEqual(
      parseInbound({
        messageId: '<CAH8v2Lp5Xc9tMw2qRz7kJb4nDf0sYg3uHe6@mail.example.com>',
        from: 'Rosa Diaz <Rosa@Example.com>',
        text: 'Hello',
      }),
      {
        channel: 'email',
        from: 'rosa@example.com',
        text: 'Hello',
        providerId: '<CAH8v2Lp5Xc9tMw2qRz7kJb4nDf0sYg3uHe6@mail.example.com>',
        inReplyTo: undefined,
      },
    );
    assert.throws(() => parseInbound({ foo: 'bar' }), /Unrecognised webhook body/);
  });

  test('the sender is found by phone or email; unknown and shared numbers match no one', async () => {
    const { medplum, rosa } = await setup();
    assert.equal(
      (await findSender(medplum, parseInbound(sms('SM128d794b402aee48fae828785b1c68a6', 'x'))))?.id,
      rosa.id,
    );
    const email = parseInbound({ messageId: 'm1', from: 'rosa@example.com', text: 'x' });
    assert.equal((await findSender(medplum, email))?.id, rosa.id);
    assert.equal(
      await findSender(medplum, parseInbound(sms('SM717cfd000762ce01b16e41667be51f8a', 'x', '+15555550111'))),
      undefined,
    );

    await medplum.createResource<Patient>({
      resourceType: 'Patient',
      name: [{ given: ['Leo'], family: 'Diaz' }],
      telecom: [{ system: 'phone', value: '+15555550100' }],
    });
    assert.equal(await findSender(medplum, parseInbound(sms('SM55cbe993555a7e6f71374627721cb788', 'x'))), undefined);
  });

  test('an SMS opens a thread, later texts join it, a retry is stored once and answered once', async () => {
    const { medplum, rosa, sent, send, event } = await setup();
    const first = await handler(
      medplum,
      event(sms('SM935b06e02d03098df67c272546189d32', 'Can I take ibuprofen with my new pills?')),
      send,
    );
    assert.match(first, /^filed Communication\/.+ in Communication\/.+$/);
    const retry = await handler(
      medplum,
      event(sms('SM935b06e02d03098df67c272546189d32', 'Can I take ibuprofen with my new pills?')),
      send,
    );
    assert.equal(retry, 'duplicate SM935b06e02d03098df67c272546189d32');
    const second = await handler(
      medplum,
      event(sms('SM8d99d1d75c436593c0e15d92a407b65b', 'It is the lisinopril.')),
      send,
    );
    assert.match(second, /^filed /);

    const threads = await medplum.searchResources('Communication', {
      identifier: `${THREAD_KEY}|sms:+15555550100`,
    });
    assert.equal(threads.length, 1);
    assert.equal(threads[0].subject?.reference, `Patient/${rosa.id}`);
    assert.doesNotThrow(() => validateResource(threads[0]));

    const messages = await medplum.searchResources('Communication', {
      'part-of': `Communication/${threads[0].id}`,
      _sort: 'sent',
    });
    const inbound = messages.filter((m) => m.sender?.reference === `Patient/${rosa.id}`);
    assert.deepEqual(
      inbound.map((m) => m.identifier?.[0]),
      [
        { system: SMS_MESSAGE_ID, value: 'SM935b06e02d03098df67c272546189d32' },
        { system: SMS_MESSAGE_ID, value: 'SM8d99d1d75c436593c0e15d92a407b65b' },
      ],
    );
    const replies = messages.filter((m) => m.inResponseTo?.length);
    assert.equal(replies.length, 2);
    for (const reply of replies) {
      assert.doesNotThrow(() => validateResource(reply));
      assert.deepEqual(reply.medium, inbound[0].medium);
      assert.deepEqual(reply.recipient, [{ reference: `Patient/${rosa.id}`, display: 'Rosa Diaz' }]);
    }
    assert.deepEqual(
      sent.map((s) => [s.channel, s.to]),
      [
        ['sms', '+15555550100'],
        ['sms', '+15555550100'],
      ],
    );
  });

  test('a closed thread is not reused: the next text opens a new one', async () => {
    const { medplum, rosa, team } = await setup();
    const message = parseInbound(sms('SM582ee6b2eb0057ecd366351632a86fff', 'Hello'));
    const thread = await findOrCreateThread(medplum, message, rosa, createReference(team));
    assert.equal((await findOrCreateThread(medplum, message, rosa, createReference(team))).id, thread.id);
    await medplum.updateResource<Communication>({ ...thread, status: 'completed' });
    const next = await findOrCreateThread(medplum, message, rosa, createReference(team));
    assert.notEqual(next.id, thread.id);
    assert.equal(next.status, 'in-progress');
  });

  test('an email that answers our reply lands in that reply’s thread and is answered by email', async () => {
    const { medplum, rosa, team, sent, send } = await setup();
    const firstEmail = parseInbound({
      messageId: '<CAH8v2Lq7Rw0kTz4mXp9sJd3uNb6fYc1gEa5@mail.example.com>',
      from: 'rosa@example.com',
      text: 'Refill?',
    });
    const thread = await findOrCreateThread(medplum, firstEmail, rosa, createReference(team));
    const stored = await storeInbound(medplum, firstEmail, rosa, thread);
    assert.equal(stored.duplicate, false);
    assert.deepEqual(stored.message.medium?.[0]?.coding?.[0]?.code, 'EMAILWRIT');
    const reply = await replyOnSameChannel(
      medplum,
      stored.message,
      'rosa@example.com',
      createReference(team),
      'Sent to your pharmacy.',
      send,
    );
    assert.deepEqual(reply.identifier, [{ system: EMAIL_MESSAGE_ID, value: providerId('email', 1) }]);
    assert.deepEqual(sent[0], { channel: 'email', to: 'rosa@example.com', text: 'Sent to your pharmacy.' });

    // Rosa answers from another address of hers; In-Reply-To still finds the thread.
    const answer = parseInbound({
      messageId: '<CAH8v2Lr3Nq8sKd1wZt6pXm0cJf9uBy4hGe7@mail.example.com>',
      from: 'Rosa <rosa.diaz@work.example.com>',
      text: 'Thank you',
      inReplyTo: providerId('email', 1),
    });
    assert.equal((await findOrCreateThread(medplum, answer, rosa, createReference(team))).id, thread.id);
  });

  test('unknown senders are not answered; a missing TEAM secret fails loudly', async () => {
    const { medplum, sent, send, event } = await setup();
    assert.equal(
      await handler(medplum, event(sms('SMe9ee967df4132a891686e452349f522e', 'Who is this?', '+15555550123')), send),
      'unmatched sms sender',
    );
    assert.equal(sent.length, 0);
    assert.equal(
      (
        await medplum.searchResources('Communication', {
          identifier: `${SMS_MESSAGE_ID}|SMe9ee967df4132a891686e452349f522e`,
        })
      ).length,
      0,
    );
    await assert.rejects(
      handler(medplum, { ...event(sms('SM1cba5992c3b39b7da7aec8609e1b69a3', 'x')), secrets: {} }, send),
      /TEAM secret/,
    );
  });
});
