/**
 * Renders the PatientTimeline example with MockClient (server rendering: the timeline loads its
 * items from an effect) and calls the getMenu the example gives the timeline, as the timeline does
 * for each item, then clicks the menu item it returns.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Communication, Observation, Patient } from '@medplum/fhirtypes';
import { MockClient } from '@medplum/mock';
import type { ResourceTimelineMenuItemContext } from '@medplum/react';
import type { ReactElement, ReactNode } from 'react';
import { ChartTimeline } from '../../../examples/charting/chart-timeline';
import { renderAndCapture } from './support/render';

/** The menu item inside the Menu.Dropdown that getMenu returns: its label and its click handler. */
function menuItem(menu: ReactNode): { label: unknown; click: () => Promise<void> } {
  const item = (menu as ReactElement<{ children: ReactElement<{ children: unknown; onClick: () => Promise<void> }> }>)
    .props.children;
  return { label: item.props.children, click: item.props.onClick };
}

test('ChartTimeline gives PatientTimeline the patient and a getMenu that pins and unpins messages', async () => {
  const medplum = new MockClient();
  const patient = await medplum.createResource<Patient>({ resourceType: 'Patient', name: [{ family: 'Lopez' }] });
  const message = await medplum.createResource<Communication>({
    resourceType: 'Communication',
    status: 'completed',
    subject: { reference: `Patient/${patient.id}` },
    payload: [{ contentString: 'Please call me about my results' }],
  });
  const { element } = renderAndCapture<{
    patient: { reference: string };
    getMenu: (context: ResourceTimelineMenuItemContext) => ReactNode;
  }>(medplum, () => ChartTimeline({ patient: { reference: `Patient/${patient.id}` } }));
  assert.deepEqual(element.props.patient, { reference: `Patient/${patient.id}` });
  const { getMenu } = element.props;
  let reloads = 0;
  const reloadTimeline = (): void => {
    reloads++;
  };

  // Items that are not messages get no menu.
  const observation: Observation = { resourceType: 'Observation', status: 'final', code: { text: 'Weight' } };
  assert.equal(getMenu({ primaryResource: patient, currentResource: observation, reloadTimeline }), undefined);

  const pin = menuItem(getMenu({ primaryResource: patient, currentResource: message, reloadTimeline }));
  assert.equal(pin.label, 'Pin');
  await pin.click();
  const pinned = await medplum.readResource('Communication', message.id as string);
  assert.equal(pinned.priority, 'stat');
  assert.equal(pinned.payload?.[0]?.contentString, 'Please call me about my results');
  assert.equal(reloads, 1);

  const unpin = menuItem(getMenu({ primaryResource: patient, currentResource: pinned, reloadTimeline }));
  assert.equal(unpin.label, 'Unpin');
  await unpin.click();
  assert.equal((await medplum.readResource('Communication', message.id as string)).priority, 'routine');
  assert.equal(reloads, 2);
});
