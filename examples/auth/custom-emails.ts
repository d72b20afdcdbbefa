/**
 * Sending your own password-reset and invite emails. The platform records each request as a
 * UserSecurityRequest (called PasswordChangeRequest in older releases); a Bot subscribed to that
 * resource can mail a link to your own app instead of the platform's default page.
 */
import type { BotEvent, MedplumClient } from '@medplum/core';
import { getReferenceString } from '@medplum/core';
import type { Subscription, User, UserSecurityRequest } from '@medplum/fhirtypes';

// #region request-reset
/**
 * Starts a reset without the default email. Resolves whether or not the email exists, so the
 * answer reveals no accounts; only addresses at a domain with an external identity provider
 * are refused (400). Servers with reCAPTCHA configured also need the site key and the token
 * your page obtained.
 */
export async function requestPasswordReset(
  medplum: MedplumClient,
  email: string,
  projectId: string,
  recaptcha?: { siteKey: string; token: string },
): Promise<void> {
  await medplum.post('auth/resetpassword', {
    email,
    projectId,
    sendEmail: false,
    recaptchaSiteKey: recaptcha?.siteKey,
    recaptchaToken: recaptcha?.token,
  });
}
// #endregion request-reset

// #region subscription
/** Runs the bot every time the server records a new security request in this project. */
export async function subscribeEmailBot(medplum: MedplumClient, botId: string): Promise<Subscription> {
  return medplum.createResource<Subscription>({
    resourceType: 'Subscription',
    status: 'active',
    reason: 'Send branded password and invite emails',
    criteria: 'UserSecurityRequest',
    channel: { type: 'rest-hook', endpoint: `Bot/${botId}` },
  });
}
// #endregion subscription

// #region bot
/**
 * Bot handler, triggered by the Subscription above. Sending email requires the bot's membership
 * to be a project admin and the project to have the `email` feature.
 */
export async function handler(medplum: MedplumClient, event: BotEvent<UserSecurityRequest>): Promise<string> {
  const request = event.input;
  if (request.used) {
    return 'skipped: request already used';
  }
  const user = await medplum.readReference<User>(request.user);
  if (!user.email) {
    return `skipped: ${getReferenceString(user)} has no email address`;
  }

  // A verify-email request is completed by posting to auth/verifyemail, which refuses the other
  // types; invites and resets by posting to auth/setpassword, which refuses verify-email. So each
  // kind of link opens its own page.
  const type = request.type ?? 'reset';
  const page = type === 'verify-email' ? 'verify-email' : 'set-password';
  const link = `https://portal.example.com/${page}/${request.id}/${request.secret}`;
  const wording = {
    invite: ['Your Example Clinic account is ready', 'Choose a password to finish setting up your account:'],
    reset: ['Reset your Example Clinic password', 'Choose a new password here:'],
    'verify-email': ['Confirm your Example Clinic email address', 'Confirm this is your address here:'],
  }[type];
  await medplum.sendEmail({
    to: user.email,
    subject: wording[0],
    text: [
      `Hello ${user.firstName},`,
      '',
      wording[1],
      link,
      '',
      'If you did not expect this message you can ignore it.',
    ].join('\n'),
  });
  return `sent ${type} email`;
}
// #endregion bot

// #region set-password
/** Called by your own set-password page with the id and secret from the link. */
export async function setNewPassword(
  medplum: MedplumClient,
  requestId: string,
  secret: string,
  password: string,
): Promise<void> {
  await medplum.post('auth/setpassword', { id: requestId, secret, password });
}
// #endregion set-password
