/**
 * Checks the app guide's invite example sends the request the server's invite endpoint expects.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { MockClient } from '@medplum/mock';
import type { ProjectMembership } from '@medplum/fhirtypes';
import { inviteClinician } from '../../../examples/app/invite';

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
  test('inviteClinician posts a Practitioner invite with the access policy on the membership', async () => {
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
  });

  test('inviteClinician reports an OperationOutcome reply as an error', async () => {
    const { medplum } = recordingClient({
      resourceType: 'OperationOutcome',
      issue: [{ severity: 'error', code: 'exception', details: { text: 'Could not send email' } }],
    });
    await assert.rejects(
      () => inviteClinician(medplum, { firstName: 'A', lastName: 'B', email: 'a@example.org' }),
      /Could not send email/,
    );
  });
});
