/**
 * Sending an email through the server's relay (SMTP or Amazon SES) with MedplumClient.sendEmail,
 * which posts to /email/v1/send.
 */
import type { MedplumClient } from '@medplum/core';

/** Confirms an appointment by email; the server sends it through its one relay. */
export async function sendAppointmentConfirmation(medplum: MedplumClient): Promise<void> {
  // #region send-email
  await medplum.sendEmail({
    from: 'Example Clinic <care@example.org>',
    to: ['patient@example.com'],
    cc: ['nurse@example.org'],
    replyTo: 'front-desk@example.org',
    subject: 'Your appointment',
    text: 'Your appointment is confirmed for Monday at 9:00.',
  });
  // #endregion send-email
}
