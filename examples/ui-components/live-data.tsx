/** @jsxRuntime automatic @jsxImportSource react */
/**
 * Live screens with useSubscription, and the session state MedplumProvider puts in context.
 */
import type { Bundle, Communication } from '@medplum/fhirtypes';
import { getReferenceString } from '@medplum/core';
import { useMedplum, useMedplumContext, useMedplumProfile, useSubscription } from '@medplum/react';
import type { JSX, ReactNode } from 'react';
import { useCallback, useEffect, useState } from 'react';
import { summarizeNotification } from './session-events';

// #region live-inbox
/**
 * Shows the signed-in user's unread messages and refreshes when one is created or changed.
 * The criteria string is derived from the profile, so it is stable between renders; the inline
 * callback does not need useCallback (the hook always calls the latest one).
 */
export function LiveInbox(): JSX.Element {
  const medplum = useMedplum();
  const profile = useMedplumProfile();
  const [messages, setMessages] = useState<Communication[]>([]);
  const [live, setLive] = useState(false);
  const recipient = profile ? getReferenceString(profile) : undefined;

  const load = useCallback(
    (cache: 'default' | 'reload') => {
      if (!recipient) {
        return;
      }
      medplum
        .searchResources('Communication', { recipient, status: 'in-progress', _sort: '-_lastUpdated' }, { cache })
        .then(setMessages)
        .catch(console.error);
    },
    [medplum, recipient],
  );

  useEffect(() => load('default'), [load]);

  useSubscription(
    recipient ? `Communication?recipient=${recipient}` : undefined,
    (bundle: Bundle) => {
      if (summarizeNotification(bundle)?.focus) {
        load('reload');
      }
    },
    {
      onSubscriptionConnect: () => setLive(true),
      onWebSocketClose: () => setLive(false),
      onError: (err) => console.error('Live updates failed', err),
    },
  );

  return (
    <section>
      <p>{live ? 'Live' : 'Not live: refresh to see new messages'}</p>
      <ul>
        {messages.map((m) => (
          <li key={m.id}>{m.payload?.[0]?.contentString ?? '(no text)'}</li>
        ))}
      </ul>
    </section>
  );
}
// #endregion live-inbox

// #region session-gate
/**
 * Renders children only once the client knows who is signed in. `loading` is true while stored
 * credentials are being read or the profile is being fetched; after that `profile` is either the
 * signed-in user or undefined.
 */
export function SessionGate(props: { readonly signIn: ReactNode; readonly children: ReactNode }): JSX.Element {
  const { loading, profile } = useMedplumContext();
  if (loading) {
    return <p>Loading…</p>;
  }
  if (!profile) {
    return <>{props.signIn}</>;
  }
  return <>{props.children}</>;
}

/** Signing out revokes the token on the server, clears stored credentials and fires `change`. */
export function SignOutButton(): JSX.Element {
  const medplum = useMedplum();
  return (
    <button type="button" onClick={() => medplum.signOut().catch(console.error)}>
      Sign out
    </button>
  );
}
// #endregion session-gate
