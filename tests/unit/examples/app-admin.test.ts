/**
 * Checks the admin examples send the requests the server's $rate-limits, $rescope and
 * $set-accounts handlers expect, and read their answers as the admin app does.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { getRateLimits, rescopeUser, setPatientAccounts } from '../../../examples/app/admin';
import { MockClient } from '@medplum/mock';
import { onServer } from '../../server/on-server';
import { SCRIPTED_BASE, scriptedClient } from './support/scripted-fetch';
import { inviteUser, projectIdOf, signInAs, superAdminClient } from './support/server-setup';

/** Tests that answer the requests themselves; in server mode the real requests come from the server half. */
const scriptedOnly = { skip: onServer && 'scripted answers; the server half is in "on the server" below' };

describe('admin app requests', () => {
  test('getRateLimits reads project and membership quotas, busiest first', scriptedOnly, async () => {
    const quota = (limit: number, consumed: number, ms: number) => [
      { name: 'limit', valueInteger: limit },
      { name: 'consumedPoints', valueInteger: consumed },
      { name: 'remainingPoints', valueInteger: Math.max(limit - consumed, 0) },
      { name: 'msBeforeReset', valueInteger: ms },
    ];
    const { medplum, requests } = scriptedClient([
      {
        status: 200,
        body: {
          resourceType: 'Parameters',
          parameter: [
            { name: 'project', part: [{ name: 'id', valueString: 'p1' }, ...quota(500000, 125000, 42000)] },
            {
              name: 'membership',
              part: [{ name: 'membershipId', valueString: 'm-low' }, ...quota(50000, 5000, 42000)],
            },
            {
              name: 'membership',
              part: [
                { name: 'membershipId', valueString: 'm-high' },
                { name: 'profile', valueReference: { reference: 'Practitioner/pr1' } },
                ...quota(50000, 47500, 42000),
              ],
            },
            // A member with no quota data yet has only its id.
            { name: 'membership', part: [{ name: 'membershipId', valueString: 'm-idle' }] },
          ],
        },
      },
    ]);
    const { project, memberships } = await getRateLimits(medplum, 'p1', ['m-low', 'm-high', 'm-idle']);
    assert.equal(requests[0].method, 'GET');
    assert.equal(requests[0].url.pathname, '/fhir/R4/Project/p1/$rate-limits');
    assert.deepEqual(requests[0].url.searchParams.getAll('membershipId'), ['m-low', 'm-high', 'm-idle']);
    assert.equal(project.utilization, 25);
    assert.equal(project.remainingPoints, 375000);
    assert.deepEqual(
      memberships.map((m) => [m.membershipId, m.utilization]),
      [
        ['m-high', 95],
        ['m-low', 10],
        ['m-idle', undefined],
      ],
    );
    assert.equal(memberships[0].profile?.reference, 'Practitioner/pr1');
  });

  test('rescopeUser sends scope, and a project reference when assigning to a project', scriptedOnly, async () => {
    const { medplum, requests } = scriptedClient([
      { status: 200, body: { resourceType: 'User', id: 'u1', email: 'ana@example.org' } },
      { status: 200, body: { resourceType: 'User', id: 'u1', project: { reference: 'Project/p2' } } },
    ]);
    const released = await rescopeUser(medplum, 'u1', { scope: 'server' });
    assert.equal(released.project, undefined);
    assert.equal(requests[0].method, 'POST');
    assert.equal(requests[0].url.toString(), `${SCRIPTED_BASE}fhir/R4/User/u1/$rescope`);
    assert.deepEqual(JSON.parse(requests[0].body ?? '{}').parameter, [{ name: 'scope', valueCode: 'server' }]);

    const assigned = await rescopeUser(medplum, 'u1', { scope: 'project', project: 'p2' });
    assert.equal(assigned.project?.reference, 'Project/p2');
    assert.deepEqual(JSON.parse(requests[1].body ?? '{}').parameter, [
      { name: 'scope', valueCode: 'project' },
      { name: 'project', valueReference: { reference: 'Project/p2' } },
    ]);
  });

  test(
    'setPatientAccounts lists every account and asks for an async job only when propagating',
    scriptedOnly,
    async () => {
      const { medplum, requests } = scriptedClient([
        {
          status: 200,
          body: { resourceType: 'Parameters', parameter: [{ name: 'resourcesUpdated', valueInteger: 1 }] },
        },
        {
          status: 202,
          body: { resourceType: 'OperationOutcome', issue: [{ severity: 'information', code: 'informational' }] },
          headers: { 'content-location': `${SCRIPTED_BASE}fhir/R4/job/j1/status` },
        },
      ]);
      const patient = { resourceType: 'Patient' as const, id: 'pat1' };
      await setPatientAccounts(medplum, patient, [{ reference: 'Organization/clinic-a' }], false);
      assert.equal(requests[0].url.pathname, '/fhir/R4/Patient/pat1/$set-accounts');
      assert.equal(requests[0].headers['prefer'], undefined);
      assert.deepEqual(JSON.parse(requests[0].body ?? '{}').parameter, [
        { name: 'accounts', valueReference: { reference: 'Organization/clinic-a' } },
        { name: 'propagate', valueBoolean: false },
      ]);

      await setPatientAccounts(
        medplum,
        patient,
        [{ reference: 'Organization/clinic-a' }, { reference: 'CareTeam/team-1' }],
        true,
      );
      assert.equal(requests[1].headers['prefer'], 'respond-async');
      assert.equal(JSON.parse(requests[1].body ?? '{}').parameter.length, 3);
    },
  );
});

/**
 * The same requests against the server (server mode only): each MockClient there is the admin
 * client of a project of its own.
 */
describe('admin app requests on the server', { skip: !onServer }, () => {
  test('getRateLimits reports the project and its members, busiest first', async () => {
    const admin = new MockClient();
    const projectId = await projectIdOf(admin);
    const busy = await inviteUser(admin, { name: 'busy' });
    const idle = await inviteUser(admin, { name: 'idle' });
    const busyClient = await signInAs(busy);
    for (let i = 0; i < 5; i++) await busyClient.search('Patient', {}, { cache: 'no-cache' });
    const { project, memberships } = await getRateLimits(admin, projectId, [
      idle.membership.id as string,
      busy.membership.id as string,
    ]);
    assert.equal(project.membershipId, undefined);
    assert.ok((project.limit ?? 0) > 0, JSON.stringify(project));
    assert.ok((project.consumedPoints ?? 0) > 0, JSON.stringify(project));
    assert.equal(project.remainingPoints, (project.limit ?? 0) - (project.consumedPoints ?? 0));
    assert.equal(project.utilization, ((project.consumedPoints ?? 0) / (project.limit ?? 1)) * 100);
    assert.deepEqual(
      memberships.map((m) => m.membershipId),
      [busy.membership.id, idle.membership.id],
    );
    assert.ok((memberships[0].utilization ?? 0) > 0, JSON.stringify(memberships[0]));
  });

  test('rescopeUser: the super admin assigns a user to the project, the project admin releases it', async () => {
    const admin = new MockClient();
    const user = await inviteUser(admin, { name: 'ana' });
    const userId = user.membership.user?.reference?.split('/')[1] as string;
    const superAdmin = await superAdminClient();
    const assigned = await rescopeUser(superAdmin, userId, { scope: 'project', project: user.projectId });
    assert.equal(assigned.id, userId);
    assert.equal(assigned.project?.reference, `Project/${user.projectId}`);
    await assert.rejects(rescopeUser(admin, userId, { scope: 'project', project: user.projectId }), /Forbidden/);
    const released = await rescopeUser(admin, userId, { scope: 'server' });
    assert.equal(released.id, userId);
    assert.equal(released.project, undefined);
  });

  test('setPatientAccounts sets the accounts, and with propagate runs an async job over the compartment', async () => {
    const admin = new MockClient();
    const clinic = await admin.createResource({ resourceType: 'Organization', name: 'Clinic A' });
    const team = await admin.createResource({ resourceType: 'CareTeam', name: 'Team 1' });
    const patient = await admin.createResource({ resourceType: 'Patient', name: [{ family: 'Accounts' }] });
    const obs = await admin.createResource({
      resourceType: 'Observation',
      status: 'final',
      code: { text: 'weight' },
      subject: { reference: `Patient/${patient.id}` },
    });
    const direct = (await setPatientAccounts(admin, patient, [{ reference: `Organization/${clinic.id}` }], false)) as {
      resourceType: string;
      parameter?: { name: string; valueInteger?: number }[];
    };
    assert.equal(direct.resourceType, 'Parameters');
    assert.equal(direct.parameter?.find((p) => p.name === 'resourcesUpdated')?.valueInteger, 1);
    const accountsOf = async (type: 'Patient' | 'Observation', id: string) =>
      (await admin.readResource(type, id, { cache: 'no-cache' })).meta?.accounts?.map((a) => a.reference);
    assert.deepEqual(await accountsOf('Patient', patient.id), [`Organization/${clinic.id}`]);
    assert.equal(await accountsOf('Observation', obs.id), undefined);

    const accepted = (await setPatientAccounts(
      admin,
      patient,
      [{ reference: `Organization/${clinic.id}` }, { reference: `CareTeam/${team.id}` }],
      true,
    )) as { resourceType: string; issue?: { diagnostics?: string }[] };
    assert.equal(accepted.resourceType, 'OperationOutcome');
    const jobId = new URL(accepted.issue?.[0]?.diagnostics as string).pathname.split('/').at(-2) as string;
    let job = await admin.readResource('AsyncJob', jobId, { cache: 'no-cache' });
    for (let i = 0; i < 120 && job.status === 'accepted'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      job = await admin.readResource('AsyncJob', jobId, { cache: 'no-cache' });
    }
    assert.equal(job.status, 'completed');
    assert.deepEqual(await accountsOf('Patient', patient.id), [`Organization/${clinic.id}`, `CareTeam/${team.id}`]);
    // Propagation applies the difference to the Patient's old list: only the added CareTeam. The
    // Organization, set earlier without propagation, does not reach the Observation.
    assert.deepEqual(await accountsOf('Observation', obs.id), [`CareTeam/${team.id}`]);
  });
});
