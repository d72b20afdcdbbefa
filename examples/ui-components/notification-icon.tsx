/** @jsxRuntime automatic @jsxImportSource react */
/**
 * NotificationIcon: a live count badge for the signed-in user's open tasks.
 */
// #region my-tasks-icon
import { getReferenceString } from '@medplum/core';
import { NotificationIcon, useMedplumNavigate, useMedplumProfile } from '@medplum/react';
import type { JSX } from 'react';

// Any icon element works; Medplum's apps use @tabler/icons-react (<IconClipboardCheck />).
function ClipboardCheckIcon(): JSX.Element {
  return (
    <svg
      width={24}
      height={24}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      aria-hidden="true"
    >
      <path d="M9 5h-2a2 2 0 0 0 -2 2v12a2 2 0 0 0 2 2h10a2 2 0 0 0 2 -2v-12a2 2 0 0 0 -2 -2h-2" />
      <path d="M9 5a2 2 0 0 1 2 -2h2a2 2 0 0 1 2 2a2 2 0 0 1 -2 2h-2a2 2 0 0 1 -2 -2z" />
      <path d="M9 14l2 2l4 -4" />
    </svg>
  );
}

export function MyTasksIcon(): JSX.Element | null {
  const profile = useMedplumProfile();
  const navigate = useMedplumNavigate();
  if (!profile) {
    return null;
  }
  const owner = getReferenceString(profile);
  return (
    <NotificationIcon
      iconComponent={<ClipboardCheckIcon />}
      label="My tasks"
      tooltip="Open tasks assigned to me"
      resourceType="Task"
      countCriteria={`owner=${owner}&status=ready,in-progress&_summary=count`}
      subscriptionCriteria={`Task?owner=${owner}&status=ready,in-progress`}
      onClick={() => navigate('/Task')}
    />
  );
}
// #endregion my-tasks-icon
