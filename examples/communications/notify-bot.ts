/**
 * A bot that tells a patient, by email or SMS, that a new portal message is waiting. It is meant to
 * run from a Subscription on `Communication` (for example criteria `Communication?status=in-progress`).
 * The notification deliberately carries no clinical content: email and SMS are not secure channels.
 */
import type { BotEvent, MedplumClient } from '@medplum/core';
import { getReferenceString, getStatus, normalizeOperationOutcome, resolveId } from '@medplum/core';
import type { Communication, Patient } from '@medplum/fhirtypes';

// #region choose-channel
export type Channel = { kind: 'email'; to: string } | { kind: 'sms'; to: string };

/** Picks how to reach a patient: email first, then a mobile number, else not at all. */
export function channelFor(patient: Patient): Channel | undefined {
  const email = patient.telecom?.find((t) => t.system === 'email' && t.value)?.value;
  if (email) {
    return { kind: 'email', to: email };
  }
  const mobile = patient.telecom?.find((t) => t.system === 'sms' || (t.system === 'phone' && t.use === 'mobile'));
  return mobile?.value ? { kind: 'sms', to: mobile.value } : undefined;
}
// #endregion choose-channel

// #region send-sms
/**
 * Sends a text message through Twilio's REST API. The Medplum server has no SMS endpoint of its
 * own, so a bot calls an SMS vendor directly; the credentials come from the project's secrets.
 */
export async function sendSmsWithTwilio(event: BotEvent, to: string, body: string): Promise<void> {
  const accountSid = event.secrets['TWILIO_ACCOUNT_SID']?.valueString;
  const authToken = event.secrets['TWILIO_AUTH_TOKEN']?.valueString;
  const from = event.secrets['TWILIO_FROM_NUMBER']?.valueString;
  if (!accountSid || !authToken || !from) {
    throw new Error('Missing Twilio secrets in the project settings');
  }
  const response = await fetch(`https://api.twilio.com/2010-04-01/Accounts/${accountSid}/Messages.json`, {
    method: 'POST',
    headers: {
      Authorization: 'Basic ' + Buffer.from(`${accountSid}:${authToken}`).toString('base64'),
      'Content-Type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({ To: to, From: from, Body: body }).toString(),
  });
  if (!response.ok) {
    throw new Error(`Twilio answered ${response.status}`);
  }
}
// #endregion send-sms

// #region send-email
/**
 * Sends the notice with Medplum's email endpoint. The server answers 403 unless the project has
 * the `email` feature and the caller's ProjectMembership has `admin: true`; a bot's membership is
 * not admin unless a project admin makes it so.
 */
export async function sendEmailNotice(medplum: MedplumClient, to: string, text: string): Promise<void> {
  try {
    await medplum.sendEmail({ to, subject: 'New message from your care team', text });
  } catch (err) {
    if (getStatus(normalizeOperationOutcome(err)) === 403) {
      throw new Error(
        'Email refused (403): the project needs the "email" feature and the bot\'s ProjectMembership needs admin: true',
      );
    }
    throw err;
  }
}
// #endregion send-email

// #region handler
const NOTICE = 'You have a new message from your care team. Sign in to the patient portal to read it.';

/**
 * Writes what the bot did to its log, which the execution's AuditEvent keeps in outcomeDesc, and
 * returns the same text, which a caller of $execute receives. A Subscription discards the return
 * value, so the log line is what is left of a subscription run.
 */
function report(outcome: string): string {
  console.log(outcome);
  return outcome;
}

/** Bot entry point. Input: the Communication that triggered the subscription. */
export async function handler(medplum: MedplumClient, event: BotEvent<Communication>): Promise<string> {
  const message = event.input;
  // Only messages (not thread headers) written by staff to a patient.
  if (!message.partOf?.length || message.sender?.reference?.startsWith('Patient/')) {
    return report('skipped: not a staff message');
  }
  const patientRef = message.recipient?.find((r) => r.reference?.startsWith('Patient/'));
  if (!patientRef) {
    return report('skipped: no patient recipient');
  }
  const patient = await medplum.readResource('Patient', resolveId(patientRef) as string);
  const channel = channelFor(patient);
  if (!channel) {
    return report(`skipped: ${getReferenceString(patient)} has no email or mobile number`);
  }
  if (channel.kind === 'email') {
    await sendEmailNotice(medplum, channel.to, NOTICE);
  } else {
    await sendSmsWithTwilio(event, channel.to, NOTICE);
  }
  return report(`notified ${getReferenceString(patient)} by ${channel.kind}`);
}
// #endregion handler
