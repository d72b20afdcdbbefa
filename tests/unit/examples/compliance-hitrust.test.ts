/**
 * Runs the access review example. With MockClient the memberships are written directly; on the
 * server two users are invited into the test's project (one then given a policy through the admin
 * API) next to the project's own admin client.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { createReference } from '@medplum/core';
import type { AccessPolicy, ProjectMembership } from '@medplum/fhirtypes';
import { onServer } from '../../server/on-server';
import { mockWithSearch } from './mock-with-search';
import { inviteUser } from './support/server-setup';
import { accessReview } from '../../../examples/compliance/hitrust';

describe('compliance/hitrust', () => {
  test('accessReview lists each membership with its policies and puts unrestricted ones first', async () => {
    const medplum = mockWithSearch();
    const policy = await medplum.createResource<AccessPolicy>({
      resourceType: 'AccessPolicy',
      name: 'Front desk',
      resource: [{ resourceType: 'Patient' }, { resourceType: 'Appointment' }],
    });
    let withPolicy: string;
    let withoutPolicy: string;
    if (onServer) {
      const desk = await inviteUser(medplum, { name: 'desk' });
      const path = `admin/projects/${desk.projectId}/members/${desk.membership.id}`;
      const current = (await medplum.get(path)) as ProjectMembership;
      await medplum.post(path, { ...current, accessPolicy: createReference(policy) });
      const open = await inviteUser(medplum, { name: 'open' });
      withPolicy = desk.membership.profile.reference as string;
      withoutPolicy = open.membership.profile.reference as string;
    } else {
      const project = { reference: 'Project/p1' };
      await medplum.createResource<ProjectMembership>({
        resourceType: 'ProjectMembership',
        project,
        user: { reference: 'User/u0' },
        profile: { reference: 'ClientApplication/c0' },
        admin: true,
      });
      await medplum.createResource<ProjectMembership>({
        resourceType: 'ProjectMembership',
        project,
        user: { reference: 'User/u1' },
        profile: { reference: 'Practitioner/desk' },
        accessPolicy: createReference(policy),
      });
      await medplum.createResource<ProjectMembership>({
        resourceType: 'ProjectMembership',
        project,
        user: { reference: 'User/u2' },
        profile: { reference: 'Practitioner/open' },
      });
      withPolicy = 'Practitioner/desk';
      withoutPolicy = 'Practitioner/open';
    }

    const rows = await accessReview(medplum);
    // MockClient starts with one membership of its own (its signed-in practitioner, no policy).
    assert.equal(rows.length, onServer ? 3 : 4);
    const open = rows.find((r) => r.profile === withoutPolicy);
    assert.equal(open?.unrestricted, true);
    assert.deepEqual(open?.policies, []);
    const firstRestricted = rows.findIndex((r) => !r.unrestricted);
    assert.ok(
      firstRestricted > 0 && rows.slice(firstRestricted).every((r) => !r.unrestricted),
      'unrestricted rows first',
    );

    const desk = rows.find((r) => r.profile === withPolicy);
    assert.deepEqual(desk?.policies, ['Front desk']);
    assert.equal(desk?.unrestricted, false);
    assert.equal(desk?.admin, false);
    assert.equal(desk?.active, true);

    const admins = rows.filter((r) => r.admin);
    assert.equal(admins.length, 1);
    assert.equal(admins[0].unrestricted, false);
    assert.ok(rows.every((r) => r.lastChanged));
  });
});
