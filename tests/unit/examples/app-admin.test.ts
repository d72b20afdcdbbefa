/**
 * Checks the admin examples send the requests the server's $rate-limits, $rescope and
 * $set-accounts handlers expect, and read their answers as the admin app does.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { getRateLimits, rescopeUser, setPatientAccounts } from '../../../examples/app/admin';
import { SCRIPTED_BASE, scriptedClient } from './support/scripted-fetch';

describe('admin app requests', () => {
  test('getRateLimits reads project and membership quotas, busiest first', async () => {
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

  test('rescopeUser sends scope, and a project reference when assigning to a project', async () => {
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

  test('setPatientAccounts lists every account and asks for an async job only when propagating', async () => {
    const { medplum, requests } = scriptedClient([
      { status: 200, body: { resourceType: 'Parameters', parameter: [{ name: 'resourcesUpdated', valueInteger: 1 }] } },
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
  });
});
