/**
 * Patient self-registration into one project: create the User, then give it a Patient profile in
 * the project, then exchange the resulting code for tokens.
 */
import type { MedplumClient } from '@medplum/core';

export interface PatientSignUp {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  /** The project patients register into; it must allow open registration. */
  projectId: string;
  /** Needed when the project's site has reCAPTCHA keys configured. */
  recaptchaSiteKey?: string;
  recaptchaToken?: string;
}

// #region register-patient
export async function registerPatient(medplum: MedplumClient, signUp: PatientSignUp): Promise<void> {
  // 1. Create a User scoped to the project. Passing projectId is what makes it project-scoped.
  const userStep = await medplum.startNewUser({
    firstName: signUp.firstName,
    lastName: signUp.lastName,
    email: signUp.email,
    password: signUp.password,
    projectId: signUp.projectId,
    recaptchaSiteKey: signUp.recaptchaSiteKey,
    recaptchaToken: signUp.recaptchaToken,
  });

  // 2. Turn the partial login into a Patient membership in that project.
  const patientStep = await medplum.startNewPatient({ login: userStep.login, projectId: signUp.projectId });
  if (!patientStep.code) {
    throw new Error('Registration did not return a login code');
  }

  // 3. Exchange the code; the PKCE verifier from step 1 is still in the client's storage.
  await medplum.processCode(patientStep.code);
}
// #endregion register-patient
