/**
 * A public-webhook bot: a booking service POSTs JSON to /webhook/ and the bot's membership id, signed with an
 * HMAC-SHA256 of the body. The server parses a JSON body before the bot runs, so the bot
 * re-serialises it (this sender writes compact JSON) and recomputes the signature before anything
 * is trusted.
 */
import type { BotEvent, MedplumClient } from '@medplum/core';
import type { Appointment } from '@medplum/fhirtypes';
import { Buffer } from 'node:buffer';
import { createHmac, timingSafeEqual } from 'node:crypto';

/** Shape of the booking service's payload (only the fields this bot reads). */
export interface BookingPayload {
  event: 'booking.created' | 'booking.cancelled';
  bookingId: string;
  start: string;
  end: string;
  attendeeName: string;
}

export const BOOKING_SYSTEM = 'https://booking.example.com/booking-id';

// #region verify
/**
 * Constant-time comparison of the hex HMAC the sender put in `x-signature`. `Buffer` is imported
 * from `node:buffer` because the vmcontext runtime has no `Buffer` global.
 */
export function isValidSignature(rawBody: string, signatureHeader: unknown, secret: string): boolean {
  if (typeof signatureHeader !== 'string') {
    return false;
  }
  const expected = createHmac('sha256', secret).update(rawBody).digest();
  const received = Buffer.from(signatureHeader, 'hex');
  return received.length === expected.length && timingSafeEqual(received, expected);
}
// #endregion verify

// #region handler
export async function handler(
  medplum: MedplumClient,
  event: BotEvent<string | BookingPayload>,
): Promise<{ appointment: string }> {
  const secret = event.secrets['BOOKING_WEBHOOK_SECRET']?.valueString;
  if (!secret) {
    throw new Error('BOOKING_WEBHOOK_SECRET is not set');
  }
  // A JSON body arrives parsed; a text/plain body arrives as the original text.
  const rawBody = typeof event.input === 'string' ? event.input : JSON.stringify(event.input);
  if (!isValidSignature(rawBody, event.headers?.['x-signature'], secret)) {
    throw new Error('Rejected webhook: bad signature');
  }
  const booking = JSON.parse(rawBody) as BookingPayload;
  // Upsert by the sender's id, so a redelivered webhook updates instead of duplicating.
  const appointment = await medplum.upsertResource<Appointment>(
    {
      resourceType: 'Appointment',
      identifier: [{ system: BOOKING_SYSTEM, value: booking.bookingId }],
      status: booking.event === 'booking.cancelled' ? 'cancelled' : 'booked',
      start: booking.start,
      end: booking.end,
      participant: [{ actor: { display: booking.attendeeName }, status: 'accepted' }],
    },
    { identifier: `${BOOKING_SYSTEM}|${booking.bookingId}` },
  );
  return { appointment: `Appointment/${appointment.id}` };
}
// #endregion handler
