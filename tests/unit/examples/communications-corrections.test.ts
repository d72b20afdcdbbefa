/**
 * Runs the drafts and corrections example against MockClient (and, under verify:server, the
 * server): a draft that no chat view or unread search shows until it is sent, an edit that keeps
 * the old text in history, and a withdrawn message with its replacement.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { createReference, resourceMatchesSubscriptionCriteria, validateResource } from '@medplum/core';
import type { Communication, Patient, Practitioner } from '@medplum/fhirtypes';
import {
  describeForDisplay,
  editMessage,
  messageVersions,
  myDrafts,
  onSendSubscription,
  saveDraft,
  sendDraft,
  withdrawAndReplace,
} from '../../../examples/communications/corrections';
import { onServer } from '../../server/on-server';
import { mockWithSearch } from './mock-with-search';

async function setup() {
  const medplum = mockWithSearch();
  const patient = await medplum.createResource<Patient>({ resourceType: 'Patient', name: [{ family: 'Diaz' }] });
  const nurse = await medplum.createResource<Practitioner>({
    resourceType: 'Practitioner',
    name: [{ family: 'Lopez' }],
  });
  const thread = await medplum.createResource<Communication>({
    resourceType: 'Communication',
    status: 'in-progress',
    topic: { text: 'Blood pressure medicine' },
    subject: createReference(patient),
    recipient: [createReference(patient), createReference(nurse)],
  });
  const post = (text: string) =>
    medplum.createResource<Communication>({
      resourceType: 'Communication',
      status: 'in-progress',
      partOf: [createReference(thread)],
      subject: createReference(patient),
      sender: createReference(nurse),
      recipient: [createReference(patient)],
      sent: new Date().toISOString(),
      payload: [{ contentString: text }],
    });
  const inThread = () =>
    medplum.searchResources(
      'Communication',
      { 'part-of': `Communication/${thread.id}`, 'sent:missing': 'false', _sort: 'sent' },
      { cache: 'no-cache' },
    );
  const unread = () =>
    medplum.searchResources(
      'Communication',
      { recipient: `Patient/${patient.id}`, status: 'in-progress', 'part-of:missing': 'false' },
      { cache: 'no-cache' },
    );
  return { medplum, patient, nurse, thread, post, inThread, unread };
}

describe('communications/corrections', () => {
  test('a draft stays out of the thread and the unread list until it is sent, and sends once', async () => {
    const { medplum, patient, nurse, thread, inThread, unread } = await setup();
    const draft = await saveDraft(medplum, thread, createReference(nurse), 'Your results are normal.');
    assert.doesNotThrow(() => validateResource(draft));
    assert.equal(draft.sent, undefined);
    assert.deepEqual(
      (await myDrafts(medplum, createReference(nurse))).map((d) => d.id),
      [draft.id],
    );
    assert.equal((await inThread()).length, 0);
    assert.equal((await unread()).length, 0);

    const sent = await sendDraft(medplum, createReference(draft));
    assert.equal(sent.status, 'in-progress');
    assert.ok(sent.sent);
    assert.deepEqual(sent.recipient, [createReference(patient)]);
    assert.notEqual(sent.meta?.versionId, draft.meta?.versionId);
    assert.deepEqual(
      (await inThread()).map((m) => m.id),
      [draft.id],
    );
    assert.deepEqual(
      (await unread()).map((m) => m.id),
      [draft.id],
    );
    assert.equal((await myDrafts(medplum, createReference(nurse))).length, 0);
    await assert.rejects(sendDraft(medplum, createReference(draft)), /is not a draft \(status in-progress\)/);
  });

  test('the on-send subscription fires for new messages and sent drafts, not for drafts, reads or edits', async () => {
    mockWithSearch(); // loads the search parameter definitions the criteria use
    const sub = onSendSubscription('notify');
    assert.doesNotThrow(() => validateResource(sub));
    const msg = (status: Communication['status'], text = 'Hello'): Communication => ({
      resourceType: 'Communication',
      status,
      partOf: [{ reference: 'Communication/t1' }],
      payload: [{ contentString: text }],
    });
    const fires = (current: Communication, previous?: Communication) =>
      resourceMatchesSubscriptionCriteria({
        resource: current,
        subscription: sub,
        context: { interaction: previous ? 'update' : 'create' },
        getPreviousResource: async () => previous,
      });
    assert.equal(await fires(msg('in-progress')), true);
    assert.equal(await fires(msg('preparation')), false);
    assert.equal(await fires(msg('in-progress'), msg('preparation')), true);
    assert.equal(await fires(msg('completed'), msg('in-progress')), false);
    assert.equal(await fires(msg('in-progress', 'Edited'), msg('in-progress')), false);
    assert.equal(await fires({ ...msg('in-progress'), partOf: undefined }), false);
  });

  test('an edit is a new version; the history keeps the first text', async () => {
    const { medplum, nurse, post } = await setup();
    const message = await post('Take 1 tablet of lisinopril 10 mg dialy.');
    const edited = await editMessage(
      medplum,
      message,
      createReference(nurse),
      'Take 1 tablet of lisinopril 10 mg daily.',
    );
    assert.doesNotThrow(() => validateResource(edited));
    assert.equal(edited.id, message.id);
    assert.notEqual(edited.meta?.versionId, message.meta?.versionId);
    assert.equal(edited.note?.[0]?.text, 'Edited');
    const versions = await messageVersions(medplum, edited);
    assert.deepEqual(
      versions.map((v) => [v.versionId, v.text]),
      [
        [edited.meta?.versionId, 'Take 1 tablet of lisinopril 10 mg daily.'],
        [message.meta?.versionId, 'Take 1 tablet of lisinopril 10 mg dialy.'],
      ],
    );
  });

  test('a withdrawn message stays in the thread as entered-in-error next to its replacement', async () => {
    const { medplum, nurse, post, inThread, unread } = await setup();
    const wrong = await post('Take 2 tablets of lisinopril 10 mg daily.');
    const { withdrawn, replacement } = await withdrawAndReplace(
      medplum,
      wrong,
      createReference(nurse),
      'Take 1 tablet of lisinopril 10 mg daily.',
      'wrong dose',
    );
    assert.doesNotThrow(() => validateResource(withdrawn));
    assert.doesNotThrow(() => validateResource(replacement));
    assert.equal(withdrawn.status, 'entered-in-error');
    assert.equal(withdrawn.note?.[0]?.text, 'Withdrawn: wrong dose');
    assert.deepEqual(replacement.about, [createReference(withdrawn)]);
    assert.deepEqual(replacement.partOf, wrong.partOf);

    const messages = await inThread();
    assert.deepEqual(
      messages.map((m) => m.id),
      [wrong.id, replacement.id],
    );
    assert.deepEqual(describeForDisplay(messages), [
      `[withdrawn, see ${replacement.id}]`,
      'Take 1 tablet of lisinopril 10 mg daily.',
    ]);
    assert.deepEqual(
      (await unread()).map((m) => m.id),
      [replacement.id],
    );
    const versions = await messageVersions(medplum, withdrawn);
    assert.deepEqual(
      versions.map((v) => v.status),
      ['entered-in-error', 'in-progress'],
    );
  });

  test(
    'on the server, PATCH ignores If-Match and a test of /meta/versionId guards it instead',
    { skip: !onServer },
    async () => {
      const { medplum, post } = await setup();
      const message = await post('First text');
      await medplum.updateResource<Communication>({ ...message, payload: [{ contentString: 'Second text' }] });
      const patched = await medplum.patchResource(
        'Communication',
        message.id as string,
        [{ op: 'replace', path: '/payload/0/contentString', value: 'Third text' }],
        { headers: { 'If-Match': `W/"${message.meta?.versionId}"` } },
      );
      assert.equal(patched.payload?.[0]?.contentString, 'Third text');
      await assert.rejects(
        medplum.patchResource('Communication', message.id as string, [
          { op: 'test', path: '/meta/versionId', value: message.meta?.versionId },
          { op: 'replace', path: '/payload/0/contentString', value: 'Fourth text' },
        ]),
      );
    },
  );
});
