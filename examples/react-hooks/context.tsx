/** @jsxRuntime automatic */
/**
 * The context hooks of @medplum/react-hooks: one MedplumProvider at the root, and components
 * below it that read the client, the signed-in profile and the navigate function.
 */
// #region provider
import type { MedplumClient } from '@medplum/core';
import { MedplumProvider } from '@medplum/react-hooks';
import type { JSX, ReactNode } from 'react';

/** Wraps an app (or a test) in the provider every hook needs. */
export function HooksRoot(props: {
  medplum: MedplumClient;
  navigate?: (path: string) => void;
  children: ReactNode;
}): JSX.Element {
  return (
    <MedplumProvider medplum={props.medplum} navigate={props.navigate}>
      {props.children}
    </MedplumProvider>
  );
}
// #endregion provider

// #region profile
import { formatHumanName, getReferenceString } from '@medplum/core';
import { useMedplum, useMedplumContext, useMedplumNavigate, useMedplumProfile } from '@medplum/react-hooks';

/** Shows who is signed in, against which server, and links to the profile resource. */
export function WhoAmI(): JSX.Element {
  const medplum = useMedplum();
  const profile = useMedplumProfile();
  const { loading } = useMedplumContext();
  const navigate = useMedplumNavigate();
  if (loading) {
    return <p>Checking the session…</p>;
  }
  if (!profile) {
    return <p>Not signed in to {medplum.getBaseUrl()}</p>;
  }
  const name = profile.name?.[0] ? formatHumanName(profile.name[0]) : getReferenceString(profile);
  return (
    <button type="button" onClick={() => navigate(`/${getReferenceString(profile)}`)}>
      {name} on {medplum.getBaseUrl()}
    </button>
  );
}
// #endregion profile
