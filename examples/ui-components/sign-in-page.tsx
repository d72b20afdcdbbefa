/** @jsxRuntime automatic @jsxImportSource react */
/**
 * A sign-in page built on SignInForm. Navigation goes through MedplumProvider's `navigate`
 * (useMedplumNavigate), which an app wires to its router.
 */
// #region sign-in-page
import { Title } from '@mantine/core';
import { Logo, SignInForm, useMedplumNavigate } from '@medplum/react';
import type { JSX } from 'react';

export function SignInPage(): JSX.Element {
  // The navigate function your app gives MedplumProvider (Medplum's apps pass their react-router
  // router's navigate), so this page works with any router.
  const navigate = useMedplumNavigate();
  return (
    <SignInForm
      projectId="b2a4c6d8-1e3f-4a5b-8c7d-9e0f1a2b3c4d"
      googleClientId="418203957716-k2v9qd0rjm5h8tce1pnw7s3fxbu4lga6.apps.googleusercontent.com"
      onSuccess={() => navigate('/')}
      onForgotPassword={() => navigate('/resetpassword')}
      onRegister={() => navigate('/register')}
    >
      <Logo size={32} />
      <Title order={3}>Sign in to Example Clinic</Title>
    </SignInForm>
  );
}
// #endregion sign-in-page
