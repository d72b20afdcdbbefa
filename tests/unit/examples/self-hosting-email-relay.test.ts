/**
 * Runs the sendEmail example: against a scripted answer it checks the request the client sends to
 * /email/v1/send; on the server (verify:server, whose email provider is 'none') the send succeeds
 * once the project has the email feature.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { allOk, forbidden } from '@medplum/core';
import { MockClient } from '@medplum/mock';
import { sendAppointmentConfirmation } from '../../../examples/self-hosting/email-relay';
import { onServer, superAdminOnServer } from '../../server/on-server';
import { scriptedClient } from './support/scripted-fetch';

describe('self-hosting/email-relay', () => {
  test(
    'sendEmail posts the whole message as JSON to email/v1/send',
    { skip: onServer && 'scripted answer; the server half is in "on the server" below' },
    async () => {
      const { medplum, requests } = scriptedClient([{ status: 200, body: allOk }]);
      await sendAppointmentConfirmation(medplum);
      assert.equal(requests.length, 1);
      assert.equal(requests[0].method, 'POST');
      assert.equal(requests[0].url.pathname, '/email/v1/send');
      assert.match(requests[0].headers['content-type'], /^application\/json/);
      assert.deepEqual(JSON.parse(requests[0].body as string), {
        from: 'Example Clinic <care@example.org>',
        to: ['patient@example.com'],
        cc: ['nurse@example.org'],
        replyTo: 'front-desk@example.org',
        subject: 'Your appointment',
        text: 'Your appointment is confirmed for Monday at 9:00.',
      });
    },
  );

  test(
    'a refusal from the server (403 without the project email feature) rejects the call',
    { skip: onServer && 'scripted answer; the server half is in "on the server" below' },
    async () => {
      const { medplum } = scriptedClient([{ status: 403, body: forbidden }]);
      await assert.rejects(sendAppointmentConfirmation(medplum), /Forbidden/);
    },
  );
});

describe('self-hosting/email-relay on the server', { skip: !onServer }, () => {
  test('the send is refused without the project email feature and accepted with it', async () => {
    const medplum = new MockClient();
    await assert.rejects(sendAppointmentConfirmation(medplum), /Forbidden/);
    const projectId = medplum.getProject()?.id;
    assert.ok(projectId);
    const superAdmin = await superAdminOnServer();
    const project = await superAdmin.readResource('Project', projectId);
    await superAdmin.patchResource('Project', projectId, [
      { op: 'add', path: '/features', value: [...(project.features ?? []), 'email'] },
    ]);
    await sendAppointmentConfirmation(medplum);
  });
});
