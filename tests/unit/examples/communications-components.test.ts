/**
 * Renders the ThreadChat and ThreadInbox examples with MockClient (server rendering), then calls
 * the callbacks each example passes to the component, as the component would, and checks where
 * they navigate and what they log.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { ProfileResource, SearchRequest } from '@medplum/core';
import { Operator } from '@medplum/core';
import type { Communication, Patient } from '@medplum/fhirtypes';
import { MockClient } from '@medplum/mock';
import { PatientMessages, ThreadPane } from '../../../examples/communications/thread-components';
import { renderAndCapture } from './support/render';

const thread: Communication = {
  resourceType: 'Communication',
  id: 't1',
  status: 'in-progress',
  topic: { text: 'Refill question' },
};

describe('communications/threads: ThreadChat', () => {
  test('shows the thread with a paperclip button and logs the id of each message sent', () => {
    type ChatProps = { thread: Communication; uploadEnabled?: boolean; onMessageSent: (m: Communication) => void };
    const { html, element } = renderAndCapture<ChatProps>(new MockClient(), () => ThreadPane({ thread }));
    assert.match(html, /<h2[^>]*>Refill question<\/h2>/);
    assert.match(html, /aria-label="Attach file"/);
    assert.match(html, /<input[^>]*placeholder="Type a message..."[^>]*name="message"/);
    assert.equal(element.props.thread, thread);
    assert.equal(element.props.uploadEnabled, true);

    const logged: unknown[] = [];
    const realLog = console.log;
    console.log = (...args: unknown[]) => logged.push(...args);
    try {
      element.props.onMessageSent({ resourceType: 'Communication', id: 'm42', status: 'in-progress' });
    } finally {
      console.log = realLog;
    }
    assert.deepEqual(logged, ['m42']);
  });
});

describe('communications/threads: ThreadInbox in a patient portal', () => {
  type InboxProps = {
    subject?: ProfileResource;
    allowPatientSelection?: boolean;
    threadId?: string;
    query: string;
    onNew: (thread: Communication) => void;
    getThreadUri: (thread: Communication) => string;
    onChange: (search: SearchRequest) => void;
  };
  const patient: Patient = { resourceType: 'Patient', id: 'p1', name: [{ given: ['Ann'], family: 'Lee' }] };

  test('a signed-in patient is the locked subject; new threads, links and tab changes go under /messages', () => {
    const paths: string[] = [];
    const { html, element } = renderAndCapture<InboxProps>(
      new MockClient({ profile: patient }),
      () => PatientMessages({ threadId: 't1', query: 'status=in-progress' }),
      (path) => paths.push(path),
    );
    assert.match(html, /<a[^>]*href="\/messages\?status=in-progress"[^>]*aria-selected="true"/);
    assert.match(html, /<a[^>]*href="\/messages\?status=completed"[^>]*aria-selected="false"/);
    assert.equal(element.props.subject?.id, 'p1');
    assert.equal(element.props.allowPatientSelection, undefined, 'left at its default, false');
    assert.equal(element.props.threadId, 't1');
    assert.equal(element.props.query, 'status=in-progress');

    assert.equal(element.props.getThreadUri(thread), '/messages/t1');
    element.props.onNew({ ...thread, id: 't2' });
    element.props.onChange({
      resourceType: 'Communication',
      filters: [{ code: 'status', operator: Operator.EQUALS, value: 'completed' }],
    });
    assert.deepEqual(paths, ['/messages/t2', '/messages?status=completed']);
  });

  test('for a practitioner the subject is left out, so the patient field stays editable', () => {
    // MockClient signs in as its sample practitioner.
    const { element } = renderAndCapture<InboxProps>(new MockClient(), () => PatientMessages({ query: '' }));
    assert.equal(element.props.subject, undefined);
  });
});
