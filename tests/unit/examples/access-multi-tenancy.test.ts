/**
 * Runs the multi-tenancy examples: the policies and the admin steps against MockClient (and
 * scripted answers for the admin routes MockClient lacks), and, against a real server, what a
 * member with two allowed tenants can see and write, the active tenant in their
 * UserConfiguration, and one user with one membership per tenant choosing at sign-in.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { createReference, MedplumClient } from '@medplum/core';
import type {
  AccessPolicy,
  Observation,
  Organization,
  Patient,
  ProjectMembership,
  Reference,
  UserConfiguration,
} from '@medplum/fhirtypes';
import type { MockClient } from '@medplum/mock';
import {
  ACTIVE_TENANT,
  allowedTenants,
  chooseTenantMembership,
  enrolPatient,
  getActiveTenant,
  grantTenants,
  inviteToTenant,
  saveTenantPolicies,
  setActiveTenant,
  TENANT_LABEL,
  tenantClinicianPolicy,
  tenantHomePolicy,
  tenantPatients,
} from '../../../examples/access/multi-tenancy';
import { onServer } from '../../server/on-server';
import { mockWithSearch } from './mock-with-search';
import { scriptedClient } from './support/scripted-fetch';
import { inviteUser, projectIdOf, serverBaseUrl, signInAs } from './support/server-setup';

const scriptedOnly = { skip: onServer && 'scripted answers; the server half is in "on the server" below' };

async function org(medplum: MockClient, name: string): Promise<Organization & { id: string }> {
  return medplum.createResource<Organization>({ resourceType: 'Organization', name }) as Promise<
    Organization & { id: string }
  >;
}

describe('access/multi-tenancy', () => {
  test('one clinician policy serves every tenant; only the home policy stamps new resources', () => {
    const json = JSON.stringify(tenantClinicianPolicy);
    assert.match(json, /%tenant/);
    assert.equal(tenantClinicianPolicy.compartment, undefined);
    assert.ok(
      !tenantClinicianPolicy.resource?.some((r) => r.resourceType === 'Patient' && r.interaction?.includes('create')),
    );
    assert.equal(tenantHomePolicy.compartment?.reference, '%tenant');
  });

  test(
    'grantTenants gives one access entry per tenant and a UserConfiguration starting at the first',
    { skip: onServer && 'a made-up membership is refused on the server; see "on the server" below' },
    async () => {
      const medplum = mockWithSearch();
      const [north, south] = [await org(medplum, 'North clinic'), await org(medplum, 'South clinic')];
      const membership = await medplum.createResource<ProjectMembership>({
        resourceType: 'ProjectMembership',
        project: { reference: 'Project/123' },
        user: { reference: 'User/u1' },
        profile: { reference: 'Practitioner/x' },
      });
      const policies = await saveTenantPolicies(medplum);
      const updated = await grantTenants(
        medplum,
        membership.id as string,
        [createReference(north), createReference(south)],
        policies,
      );
      assert.deepEqual(
        updated.access?.map((a) => [
          a.policy.reference,
          a.parameter?.[0].name,
          a.parameter?.[0].valueReference?.reference,
        ]),
        [
          [policies.clinician.reference, 'tenant', `Organization/${north.id}`],
          [policies.clinician.reference, 'tenant', `Organization/${south.id}`],
          [policies.settings.reference, 'settings', updated.userConfiguration?.reference],
        ],
      );
      const settingsId = updated.userConfiguration?.reference?.split('/')[1] as string;
      assert.equal(await getActiveTenant(medplum, settingsId), `Organization/${north.id}`);
    },
  );

  test(
    'setActiveTenant saves an allowed tenant and refuses another',
    { skip: onServer && 'see "on the server" below' },
    async () => {
      const medplum = mockWithSearch();
      const north = await org(medplum, 'North clinic');
      const settings = await medplum.createResource<UserConfiguration>({
        resourceType: 'UserConfiguration',
        option: [{ id: 'theme', valueString: 'dark' }],
      });
      const saved = await setActiveTenant(medplum, settings.id as string, `Organization/${north.id}`);
      assert.deepEqual(saved.option, [
        { id: 'theme', valueString: 'dark' },
        { id: ACTIVE_TENANT, valueString: `Organization/${north.id}` },
      ]);
      await assert.rejects(
        setActiveTenant(medplum, settings.id as string, 'Organization/not-mine'),
        /is not one of this member's tenants/,
      );
    },
  );

  test('tenantPatients narrows with _compartment: one tenant, several, or none', scriptedOnly, async () => {
    const bundle = { resourceType: 'Bundle', type: 'searchset', entry: [] };
    const { medplum, requests } = scriptedClient([
      { status: 200, body: bundle },
      { status: 200, body: bundle },
      { status: 200, body: bundle },
    ]);
    await tenantPatients(medplum, ['Organization/a']);
    await tenantPatients(medplum, ['Organization/a', 'Organization/b']);
    await tenantPatients(medplum);
    assert.deepEqual(
      requests.map((r) => r.url.searchParams.get('_compartment')),
      ['Organization/a', 'Organization/a,Organization/b', null],
    );
    assert.ok(requests.every((r) => r.url.pathname === '/fhir/R4/Patient'));
  });

  test('enrolPatient posts the tenant accounts with propagate to $set-accounts', scriptedOnly, async () => {
    const { medplum, requests } = scriptedClient([
      { status: 200, body: { resourceType: 'Parameters', parameter: [{ name: 'resourcesUpdated', valueInteger: 3 }] } },
    ]);
    const count = await enrolPatient(medplum, { reference: 'Patient/p1' }, [{ reference: 'Organization/a' }]);
    assert.equal(count, 3);
    assert.equal(requests[0].method, 'POST');
    assert.equal(requests[0].url.pathname, '/fhir/R4/Patient/p1/$set-accounts');
    assert.deepEqual(JSON.parse(requests[0].body as string), {
      resourceType: 'Parameters',
      parameter: [
        { name: 'accounts', valueReference: { reference: 'Organization/a' } },
        { name: 'propagate', valueBoolean: true },
      ],
    });
  });

  test('inviteToTenant forces a new membership labelled with the tenant', scriptedOnly, async () => {
    const membership: ProjectMembership = {
      resourceType: 'ProjectMembership',
      id: 'm2',
      project: { reference: 'Project/p' },
      user: { reference: 'User/u' },
      profile: { reference: 'Practitioner/x' },
    };
    const { medplum, requests } = scriptedClient([{ status: 200, body: membership }]);
    const policies = {
      clinician: { reference: 'AccessPolicy/c' },
      settings: { reference: 'AccessPolicy/s' },
      home: { reference: 'AccessPolicy/h' },
    };
    const result = await inviteToTenant(
      medplum,
      'p',
      { firstName: 'Ada', lastName: 'Okoye', email: 'ada@example.org' },
      { reference: 'Organization/b' },
      'south',
      policies,
    );
    assert.equal(result.id, 'm2');
    assert.equal(requests[0].url.pathname, '/admin/projects/p/invite');
    const body = JSON.parse(requests[0].body as string);
    assert.equal(body.forceNewMembership, true);
    assert.deepEqual(body.membership.identifier, [{ system: TENANT_LABEL, value: 'south' }]);
    assert.deepEqual(
      body.membership.access.map((a: { policy: Reference }) => a.policy.reference),
      ['AccessPolicy/c', 'AccessPolicy/h'],
    );
  });

  test('chooseTenantMembership posts the labelled membership to auth/profile', scriptedOnly, async () => {
    const { medplum, requests } = scriptedClient([{ status: 200, body: { login: 'l1', code: 'c2' } }]);
    const login = {
      login: 'l1',
      memberships: [
        { id: 'm1', identifier: [{ system: TENANT_LABEL, value: 'north' }] },
        { id: 'm2', identifier: [{ system: TENANT_LABEL, value: 'south' }] },
      ] as ProjectMembership[],
    };
    assert.equal(await chooseTenantMembership(medplum, login, 'south'), 'c2');
    assert.equal(requests[0].url.pathname, '/auth/profile');
    assert.deepEqual(JSON.parse(requests[0].body as string), { login: 'l1', profile: 'm2' });
    // A login that already has a code (one membership) needs no choice.
    assert.equal(await chooseTenantMembership(medplum, { login: 'l2', code: 'c1' }, 'south'), 'c1');
    assert.equal(requests.length, 1);
    await assert.rejects(chooseTenantMembership(medplum, login, 'east'), /No membership for tenant east/);
  });
});

describe('access/multi-tenancy on the server', { skip: !onServer }, () => {
  /** Three tenants, one enrolled patient in each, the saved policies. */
  async function tenants(admin: MockClient) {
    const [north, south, east] = [
      await org(admin, 'North clinic'),
      await org(admin, 'South clinic'),
      await org(admin, 'East clinic'),
    ];
    const patients: Record<string, Patient & { id: string }> = {};
    for (const [name, tenant] of [
      ['Nash', north],
      ['Soto', south],
      ['Eames', east],
    ] as const) {
      const patient = (await admin.createResource<Patient>({
        resourceType: 'Patient',
        name: [{ family: name }],
      })) as Patient & {
        id: string;
      };
      assert.equal(await enrolPatient(admin, createReference(patient), [createReference(tenant)]), 1);
      patients[name] = patient;
    }
    const policies = await saveTenantPolicies(admin);
    return { north, south, east, patients, policies };
  }

  test('a member with two allowed tenants sees both, narrows to one, and writes into the patient’s tenant', async () => {
    const admin = mockWithSearch();
    const { north, south, east, patients, policies } = await tenants(admin);
    // An observation written by the admin after enrolment inherits the patient's tenant.
    const adminObs = await admin.createResource<Observation>({
      resourceType: 'Observation',
      status: 'final',
      code: { text: 'Weight' },
      subject: createReference(patients.Nash),
    });
    assert.deepEqual(
      adminObs.meta?.accounts?.map((a) => a.reference),
      [`Organization/${north.id}`],
    );

    const user = await inviteUser(admin, { name: 'two-tenants' });
    const membership = await grantTenants(
      admin,
      user.membership.id as string,
      [createReference(north), createReference(south)],
      policies,
    );
    const member = await signInAs(user);

    assert.deepEqual(
      (await allowedTenants(member)).map((o) => o.name),
      ['North clinic', 'South clinic'],
    );
    const family = (list: Patient[]): string[] => list.map((p) => p.name?.[0]?.family as string).sort();
    assert.deepEqual(family(await tenantPatients(member)), ['Nash', 'Soto']);
    assert.deepEqual(family(await tenantPatients(member, [`Organization/${north.id}`])), ['Nash']);
    assert.deepEqual(family(await tenantPatients(member, [`Organization/${north.id}`, `Organization/${south.id}`])), [
      'Nash',
      'Soto',
    ]);
    // A tenant the member is not allowed: the filter cannot widen the policy.
    assert.deepEqual(family(await tenantPatients(member, [`Organization/${east.id}`])), []);
    await assert.rejects(member.readResource('Patient', patients.Eames.id), /Not found/);

    // A record the member writes about a South patient carries South only.
    const obs = await member.createResource<Observation>({
      resourceType: 'Observation',
      status: 'final',
      code: { text: 'Weight' },
      subject: createReference(patients.Soto),
    });
    const stored = await admin.readResource('Observation', obs.id as string, { cache: 'no-cache' });
    assert.deepEqual(
      stored.meta?.accounts?.map((a) => a.reference),
      [`Organization/${south.id}`],
    );
    // Registering a patient is not something this policy allows.
    await assert.rejects(
      member.createResource<Patient>({ resourceType: 'Patient', name: [{ family: 'New' }] }),
      /Forbidden/,
    );

    // The active tenant lives in the member's own UserConfiguration.
    const settingsId = membership.userConfiguration?.reference?.split('/')[1] as string;
    assert.equal(member.getUserConfiguration()?.id, settingsId);
    assert.equal(await getActiveTenant(member, settingsId), `Organization/${north.id}`);
    const switched = await setActiveTenant(member, settingsId, `Organization/${south.id}`);
    assert.deepEqual(switched.option, [{ id: ACTIVE_TENANT, valueString: `Organization/${south.id}` }]);
    await assert.rejects(setActiveTenant(member, settingsId, `Organization/${east.id}`), /not one of this member/);
    // Menus stay as the admin stored them: readonlyFields puts them back.
    const edited = await member.updateResource<UserConfiguration>({
      ...switched,
      menu: [{ title: 'Mine', link: [{ name: 'All', target: '/Patient' }] }],
    });
    assert.equal(edited.menu, undefined);
  });

  test('two values for one parameter name in a single access entry: only the first is used', async () => {
    const admin = mockWithSearch();
    const { north, south, policies } = await tenants(admin);
    const user = await inviteUser(admin, { name: 'one-entry' });
    const membership = await admin.readResource('ProjectMembership', user.membership.id as string);
    await admin.updateResource<ProjectMembership>({
      ...membership,
      access: [
        {
          policy: policies.clinician,
          parameter: [
            { name: 'tenant', valueReference: createReference(north) },
            { name: 'tenant', valueReference: createReference(south) },
          ],
        },
      ],
    });
    const member = await signInAs(user);
    assert.deepEqual(
      (await tenantPatients(member)).map((p) => p.name?.[0]?.family),
      ['Nash'],
    );
  });

  test('granting create without a policy compartment does not help: the new Patient has no accounts and fails the criteria', async () => {
    const admin = mockWithSearch();
    const north = await org(admin, 'North clinic');
    const policy = await admin.createResource<AccessPolicy>({
      resourceType: 'AccessPolicy',
      name: 'Register without a stamp',
      resource: [
        {
          resourceType: 'Patient',
          criteria: 'Patient?_compartment=%tenant',
          interaction: ['create', 'read', 'search'],
        },
      ],
    });
    const user = await inviteUser(admin, { name: 'no-stamp' });
    const membership = await admin.readResource('ProjectMembership', user.membership.id as string);
    await admin.updateResource<ProjectMembership>({
      ...membership,
      access: [
        { policy: createReference(policy), parameter: [{ name: 'tenant', valueReference: createReference(north) }] },
      ],
    });
    const member = await signInAs(user);
    await assert.rejects(
      member.createResource<Patient>({ resourceType: 'Patient', name: [{ family: 'Unstamped' }] }),
      /Forbidden/,
    );
  });

  test('one user, one membership per tenant: chosen at sign-in, and new records are stamped with that tenant', async () => {
    const admin = mockWithSearch();
    const projectId = await projectIdOf(admin);
    const { north, south, patients, policies } = await tenants(admin);
    // The person already has a North membership (with a known password); the admin labels it.
    const user = await inviteUser(admin, { name: 'per-tenant' });
    const first = await admin.readResource('ProjectMembership', user.membership.id as string);
    const parameter = [{ name: 'tenant', valueReference: createReference(north) as Reference }];
    await admin.updateResource<ProjectMembership>({
      ...first,
      identifier: [{ system: TENANT_LABEL, value: 'north' }],
      access: [
        { policy: policies.clinician, parameter },
        { policy: policies.home, parameter },
      ],
    });
    // Without forceNewMembership a second invite is refused.
    await assert.rejects(
      admin.invite(projectId, {
        resourceType: 'Practitioner',
        firstName: 'Test',
        lastName: 'per-tenant',
        email: user.email,
        sendEmail: false,
      }),
      /already a member/,
    );
    const second = await inviteToTenant(
      admin,
      projectId,
      { firstName: 'Test', lastName: 'per-tenant', email: user.email },
      createReference(south),
      'south',
      policies,
    );
    assert.notEqual(second.id, first.id);
    assert.equal(second.user.reference, first.user.reference);
    assert.equal(second.profile.reference, first.profile.reference);

    const member = new MedplumClient({ baseUrl: serverBaseUrl(), fetch });
    const login = await member.startLogin({ email: user.email, password: user.password, projectId });
    assert.equal(login.code, undefined);
    assert.equal(login.memberships?.length, 2);
    await member.processCode(await chooseTenantMembership(member, login, 'south'));

    const created = await member.createResource<Patient>({ resourceType: 'Patient', name: [{ family: 'Sims' }] });
    const stored = await admin.readResource('Patient', created.id as string, { cache: 'no-cache' });
    assert.deepEqual(
      stored.meta?.accounts?.map((a) => a.reference),
      [`Organization/${south.id}`],
    );
    assert.deepEqual((await tenantPatients(member)).map((p) => p.name?.[0]?.family).sort(), ['Sims', 'Soto']);
    await assert.rejects(member.readResource('Patient', patients.Nash.id), /Not found/);
  });
});
