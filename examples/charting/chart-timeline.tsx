/** @jsxRuntime automatic @jsxImportSource react */
/**
 * PatientTimeline with an actions menu on each message: pin a Communication (priority stat, so the
 * timeline lists it first) or unpin it.
 */
// #region chart-timeline
import { Menu } from '@mantine/core';
import { PatientTimeline, useMedplum } from '@medplum/react';
import type { ResourceTimelineMenuItemContext } from '@medplum/react';
import type { Communication, Patient, Reference } from '@medplum/fhirtypes';
import type { JSX, ReactNode } from 'react';

export function ChartTimeline(props: { patient: Reference<Patient> }): JSX.Element {
  const medplum = useMedplum();

  function getMenu({ currentResource, reloadTimeline }: ResourceTimelineMenuItemContext): ReactNode {
    if (currentResource.resourceType !== 'Communication') {
      return undefined;
    }
    const message = currentResource as Communication;
    return (
      <Menu.Dropdown>
        <Menu.Item
          onClick={() =>
            medplum
              .updateResource({ ...message, priority: message.priority === 'stat' ? 'routine' : 'stat' })
              .then(reloadTimeline)
              .catch(console.error)
          }
        >
          {message.priority === 'stat' ? 'Unpin' : 'Pin'}
        </Menu.Item>
      </Menu.Dropdown>
    );
  }

  return <PatientTimeline patient={props.patient} getMenu={getMenu} />;
}
// #endregion chart-timeline
