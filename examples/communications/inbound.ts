/**
 * Inbound SMS and email into Communication threads: a public-webhook bot receives a message from an
 * SMS or email provider, finds the patient who sent it by phone number or email address, files it
 * in an open thread (or the thread the email replies to), ignores the provider's retries, and
 * acknowledges on the channel the message came in on.
 */
import type { BotEvent, MedplumClient } from '@medplum/core';
import { createReference, getReferenceString } from '@medplum/core';
import type { CodeableConcept, Communication, Organization, Patient, Reference } from '@medplum/fhirtypes';

// #region parse-inbound
/** Identifier systems of this project: one namespace per provider id, one for thread keys. */
export const SMS_MESSAGE_ID = 'https://example.org/fhir/sms-provider-message-id';
export const EMAIL_MESSAGE_ID = 'https://example.org/fhir/email-message-id';
export const THREAD_KEY = 'https://example.org/fhir/inbound-thread-key';

/** Email has an HL7 ParticipationMode code; SMS has none, so it gets a code system of your own. */
export const EMAIL_MEDIUM: CodeableConcept = {
  coding: [{ system: 'http://terminology.hl7.org/CodeSystem/v3-ParticipationMode', code: 'EMAILWRIT' }],
  text: 'email',
};
export const SMS_MEDIUM: CodeableConcept = {
  coding: [{ system: 'https://example.org/fhir/CodeSystem/message-channel', code: 'sms' }],
  text: 'SMS',
};

export interface InboundMessage {
  channel: 'sms' | 'email';
  /** The sender's phone number (E.164) or email address. */
  from: string;
  text: string;
  /** The provider's id for this message: the same on every retry. */
  providerId: string;
  /** Email only: the Message-ID this email answers, if any. */
  inReplyTo?: string;
}

/**
 * Normalises a webhook body. SMS: a Twilio-style form post (From, Body, MessageSid), which the
 * server parses into an object of strings. Email: a JSON body from an inbound-email service.
 */
export function parseInbound(input: Record<string, unknown>): InboundMessage {
  if (typeof input.MessageSid === 'string') {
    return {
      channel: 'sms',
      from: String(input.From ?? '').trim(),
      text: String(input.Body ?? ''),
      providerId: input.MessageSid,
    };
  }
  if (typeof input.messageId === 'string') {
    const from = String(input.from ?? '');
    // "Rosa Diaz <Rosa@Example.com>" -> "rosa@example.com"
    const address = (/<([^>]+)>/.exec(from)?.[1] ?? from).trim().toLowerCase();
    return {
      channel: 'email',
      from: address,
      text: String(input.text ?? ''),
      providerId: input.messageId,
      inReplyTo: typeof input.inReplyTo === 'string' ? input.inReplyTo : undefined,
    };
  }
  throw new Error('Unrecognised webhook body');
}
// #endregion parse-inbound

// #region find-sender
/**
 * Finds the patient by the contact point the message came from. `phone` and `email` search
 * `Patient.telecom` entries of that system; the server compares contact point values without
 * regard to case, but does not normalise phone formatting, so store numbers in E.164.
 */
export async function findSender(medplum: MedplumClient, message: InboundMessage): Promise<Patient | undefined> {
  const param = message.channel === 'sms' ? 'phone' : 'email';
  const matches = await medplum.searchResources('Patient', { [param]: message.from, _count: '2' });
  // Two patients sharing a number (a parent and a child) cannot be told apart automatically.
  return matches.length === 1 ? matches[0] : undefined;
}
// #endregion find-sender

// #region find-thread
/**
 * Files the message in a thread. An email that answers one of our emails goes to that email's
 * thread. Anything else goes to the open thread for this channel and address, created on first use
 * with a conditional create, so two messages arriving at once cannot open two threads.
 */
export async function findOrCreateThread(
  medplum: MedplumClient,
  message: InboundMessage,
  patient: Patient,
  team: Reference<Organization>,
): Promise<Communication> {
  if (message.inReplyTo) {
    const earlier = await medplum.searchOne('Communication', {
      identifier: `${EMAIL_MESSAGE_ID}|${message.inReplyTo}`,
    });
    const threadRef = earlier?.partOf?.[0] as Reference<Communication> | undefined;
    if (threadRef) {
      const thread = await medplum.readReference(threadRef);
      if (thread.status === 'in-progress') {
        return thread;
      }
    }
  }
  const key = `${message.channel}:${message.from}`;
  return medplum.createResourceIfNoneExist<Communication>(
    {
      resourceType: 'Communication',
      status: 'in-progress',
      identifier: [{ system: THREAD_KEY, value: key }],
      topic: { text: message.channel === 'sms' ? 'Text messages' : 'Email' },
      subject: createReference(patient),
      recipient: [createReference(patient), team],
    },
    `identifier=${THREAD_KEY}|${encodeURIComponent(key)}&status=in-progress`,
  );
}
// #endregion find-thread

// #region store-message
/**
 * Stores the message once, however often the provider retries. The conditional create returns the
 * existing message on a retry; the SDK does not expose the 200/201 status, so the bot compares the
 * `received` instant it just wrote with the one it got back.
 */
export async function storeInbound(
  medplum: MedplumClient,
  message: InboundMessage,
  patient: Patient,
  thread: Communication,
): Promise<{ message: Communication; duplicate: boolean }> {
  const system = message.channel === 'sms' ? SMS_MESSAGE_ID : EMAIL_MESSAGE_ID;
  const received = new Date().toISOString();
  const stored = await medplum.createResourceIfNoneExist<Communication>(
    {
      resourceType: 'Communication',
      status: 'in-progress',
      identifier: [{ system, value: message.providerId }],
      partOf: [createReference(thread)],
      subject: createReference(patient),
      sender: createReference(patient),
      recipient: (thread.recipient ?? []).filter((r) => r.reference !== getReferenceString(patient)),
      medium: [message.channel === 'sms' ? SMS_MEDIUM : EMAIL_MEDIUM],
      sent: received,
      received,
      payload: [{ contentString: message.text }],
    },
    `identifier=${system}|${encodeURIComponent(message.providerId)}`,
  );
  return { message: stored, duplicate: stored.received !== received };
}
// #endregion store-message

// #region reply
export type Transport = (channel: InboundMessage['channel'], to: string, text: string) => Promise<string>;

/**
 * Answers on the channel the message came in on: the reply copies its `medium`, points at it with
 * `inResponseTo`, and records the provider's id of the outgoing message, so an email reply to it
 * finds the thread again.
 */
export async function replyOnSameChannel(
  medplum: MedplumClient,
  inbound: Communication,
  to: string,
  sender: Reference<Organization>,
  text: string,
  send: Transport,
): Promise<Communication> {
  const channel = inbound.medium?.[0]?.coding?.[0]?.code === 'EMAILWRIT' ? 'email' : 'sms';
  const providerId = await send(channel, to, text);
  const now = new Date().toISOString();
  return medplum.createResource<Communication>({
    resourceType: 'Communication',
    status: 'completed',
    identifier: [{ system: channel === 'sms' ? SMS_MESSAGE_ID : EMAIL_MESSAGE_ID, value: providerId }],
    partOf: inbound.partOf,
    inResponseTo: [createReference(inbound)],
    subject: inbound.subject,
    sender,
    recipient: inbound.sender ? [inbound.sender] : [],
    medium: inbound.medium,
    sent: now,
    payload: [{ contentString: text }],
  });
}
// #endregion reply

// #region handler
const ACK =
  'Thanks, your care team has your message and will answer within one business day. For emergencies call 911.';

/**
 * Public-webhook bot. `TEAM` (a project secret) holds the reference of the Organization that
 * answers, for example `Organization/08476093-2ff5-4b9a-97d7-aeebac30c703`: unlike a CareTeam, an
 * Organization may be a message's `sender`. Unknown senders get no answer: replying would confirm
 * to anyone who texts the number that it belongs to a clinic's patient list.
 */
export async function handler(
  medplum: MedplumClient,
  event: BotEvent<Record<string, unknown>>,
  send: Transport,
): Promise<string> {
  const message = parseInbound(event.input);
  const team = event.secrets['TEAM']?.valueString;
  if (!team?.startsWith('Organization/')) {
    throw new Error('The TEAM secret must hold an Organization reference');
  }
  const teamRef: Reference<Organization> = { reference: team };
  const patient = await findSender(medplum, message);
  if (!patient) {
    return `unmatched ${message.channel} sender`;
  }
  const thread = await findOrCreateThread(medplum, message, patient, teamRef);
  const stored = await storeInbound(medplum, message, patient, thread);
  if (stored.duplicate) {
    return `duplicate ${message.providerId}`;
  }
  await replyOnSameChannel(medplum, stored.message, message.from, teamRef, ACK, send);
  return `filed ${getReferenceString(stored.message)} in ${getReferenceString(thread)}`;
}
// #endregion handler
