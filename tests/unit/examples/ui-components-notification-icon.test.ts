/**
 * The NotificationIcon example of the useSubscription page, rendered with MockClient (server
 * rendering), with its count search run against MockClient.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { MockClient } from '@medplum/mock';
import { MyTasksIcon } from '../../../examples/ui-components/notification-icon';
import { renderAndCapture, renderToStaticMarkup } from './support/render';
import { createElement } from 'react';
import { AppProviders } from '../../../examples/ui-components/providers';
import { mockWithSearch } from './mock-with-search';

interface IconProps {
  label: string;
  tooltip: string;
  resourceType: string;
  countCriteria: string;
  subscriptionCriteria: string;
  onClick: () => void;
}

test('MyTasksIcon counts and watches the same search for the signed-in practitioner', async () => {
  const medplum = mockWithSearch();
  const owner = `Practitioner/${medplum.getProfile()?.id}`;
  const paths: string[] = [];
  const { html, element } = renderAndCapture<IconProps>(medplum, MyTasksIcon, (path) => paths.push(path));
  assert.match(html, /<svg[^>]*viewBox="0 0 24 24"/);
  assert.equal(element.props.resourceType, 'Task');
  assert.equal(element.props.label, 'My tasks');
  assert.equal(element.props.countCriteria, `owner=${owner}&status=ready,in-progress&_summary=count`);
  assert.equal(element.props.subscriptionCriteria, `Task?owner=${owner}&status=ready,in-progress`);
  element.props.onClick();
  assert.deepEqual(paths, ['/Task']);

  // The count the badge shows: the total of the count search.
  for (const status of ['ready', 'in-progress', 'completed'] as const) {
    await medplum.createResource({
      resourceType: 'Task',
      status,
      intent: 'order',
      owner: { reference: owner },
      description: `Review lab results (${status})`,
    });
  }
  const bundle = await medplum.search('Task', element.props.countCriteria);
  assert.equal(bundle.total, 2);
});

test('MyTasksIcon draws nothing while no one is signed in', () => {
  const html = renderToStaticMarkup(
    createElement(AppProviders, { medplum: new MockClient({ profile: null }), children: createElement(MyTasksIcon) }),
  );
  // Only the Mantine provider's style tags: no icon, no button.
  assert.doesNotMatch(html, /<svg|<button/);
});
