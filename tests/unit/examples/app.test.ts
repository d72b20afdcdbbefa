/**
 * Checks the app guide's invite example sends the request the server's invite endpoint expects.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { MockClient } from '@medplum/mock';
import type { ProjectMembership } from '@medplum/fhirtypes';
import { inviteClinician } from '../../../examples/app/invite';
import { onServer } from '../../server/on-server';
import { projectIdOf } from './support/server-setup';

function recordingClient(reply: unknown): {
  medplum: MockClient;
  calls: { url: string; method?: string; body: any }[];
} {
  const calls: { url: string; method?: string; body: any }[] = [];
  const medplum = new MockClient({
    fetch: async (url: string, init?: RequestInit) => {
      calls.push({ url: String(url), method: init?.method, body: JSON.parse(String(init?.body)) });
      return new Response(JSON.stringify(reply), { status: 200, headers: { 'content-type': 'application/json' } });
    },
  });
  return { medplum, calls };
}

describe('app/invite', () => {
  test(
    'inviteClinician posts a Practitioner invite with the access policy on the membership',
    { skip: onServer && 'a recording fetch has no project on the server; see "on the server" below' },
    async () => {
      const membership: ProjectMembership = {
        resourceType: 'ProjectMembership',
        id: 'm1',
        project: { reference: 'Project/p' },
        user: { reference: 'User/u' },
        profile: { reference: 'Practitioner/x' },
      };
      const { medplum, calls } = recordingClient(membership);
      const projectId = medplum.getProject()?.id as string;
      const result = await inviteClinician(
        medplum,
        { firstName: 'Ada', lastName: 'Okoye', email: 'ada@example.org' },
        { reference: 'AccessPolicy/nurses' },
      );
      assert.equal(result.id, 'm1');
      assert.equal(calls.length, 1);
      assert.equal(calls[0].url, `https://example.com/admin/projects/${projectId}/invite`);
      assert.equal(calls[0].method, 'POST');
      assert.deepEqual(calls[0].body, {
        resourceType: 'Practitioner',
        firstName: 'Ada',
        lastName: 'Okoye',
        email: 'ada@example.org',
        sendEmail: true,
        membership: { accessPolicy: { reference: 'AccessPolicy/nurses' } },
      });
    },
  );

  test(
    'inviteClinician reports an OperationOutcome reply as an error',
    { skip: onServer && 'a recording fetch has no project on the server; see "on the server" below' },
    async () => {
      const { medplum } = recordingClient({
        resourceType: 'OperationOutcome',
        issue: [{ severity: 'error', code: 'exception', details: { text: 'Could not send email' } }],
      });
      await assert.rejects(
        () => inviteClinician(medplum, { firstName: 'A', lastName: 'B', email: 'a@example.org' }),
        /Could not send email/,
      );
    },
  );
});

describe('app/invite on the server', { skip: !onServer }, () => {
  test('inviteClinician creates the membership in the signed-in project, with the access policy', async () => {
    // In server mode a MockClient is the admin client of a project of its own.
    const medplum = new MockClient();
    const projectId = await projectIdOf(medplum);
    assert.equal(medplum.getProject()?.id, projectId);
    const policy = await medplum.createResource({ resourceType: 'AccessPolicy', name: 'Nurses', resource: [] });
    const membership = await inviteClinician(
      medplum,
      { firstName: 'Ada', lastName: 'Okoye', email: `ada-${projectId}@example.com` },
      { reference: `AccessPolicy/${policy.id}` },
    );
    assert.equal(membership.resourceType, 'ProjectMembership');
    assert.equal(membership.project?.reference, `Project/${projectId}`);
    assert.equal(membership.accessPolicy?.reference, `AccessPolicy/${policy.id}`);
    assert.match(membership.profile?.reference ?? '', /^Practitioner\//);
    assert.match(membership.user?.reference ?? '', /^User\//);
    // Inviting the same address again is refused: the person is already a member.
    await assert.rejects(
      inviteClinician(medplum, { firstName: 'Ada', lastName: 'Okoye', email: `ada-${projectId}@example.com` }),
      /already a member/,
    );
  });
});
