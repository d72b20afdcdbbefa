/**
 * Runs the API reference examples in examples/api/.
 * - Against MockClient where @medplum/mock serves the route (admin bot creation, oauth2/token,
 *   auth/me, $graphql, ValueSet/$expand).
 * - Against a MedplumClient with a scripted fetch for routes only the real server implements;
 *   those tests check the request each example sends (method, path, headers, body) against what
 *   the server source expects, and that the example reads the server's documented response shape.
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { describe, test } from 'node:test';
import { ClientStorage, MedplumClient, MemoryStorage, OperationOutcomeError, parseJWTPayload } from '@medplum/core';
import type { Bundle, Patient } from '@medplum/fhirtypes';
import { MockClient } from '@medplum/mock';
import {
  checkResource,
  evaluateMeasure,
  exportPatientData,
  patientNamesByGraphql,
  readWholeRecord,
  resendNotifications,
  runBot,
  searchValueSet,
} from '../../../examples/api/operations';
import {
  buildAuthorizeUrl,
  createPreAuthorizedCode,
  describeAccessToken,
  finishAuthorization,
  getUserInfo,
  redeemPreAuthorizedCode,
  refreshTokens,
  requestClientCredentialsToken,
  signInAsClient,
} from '../../../examples/api/oauth';
import {
  createProjectBot,
  createProjectClient,
  invitePractitioner,
  membersInvitedBy,
} from '../../../examples/api/project-admin';
import { findScimUsers, provisionPractitioner, removeScimUser, renameScimUser } from '../../../examples/api/scim';
import { onServer } from '../../server/on-server';
import { SCRIPTED_BASE, scriptedClient, scriptedFetch } from './support/scripted-fetch';
import { inviteUser, newClientApplication, projectIdOf, serverBaseUrl, signInAs } from './support/server-setup';
import { serverRecordingClient } from './support/server-client';

/** Tests that answer the requests themselves; in server mode the real requests come from the server half. */
const scriptedOnly = { skip: onServer && 'scripted answers; the server half is in "on the server" below' };

const BASE = SCRIPTED_BASE;

describe('project admin examples', () => {
  test(
    'createProjectBot creates a Bot through MockClient',
    { skip: onServer && 'the server half is in "on the server" below' },
    async () => {
      const medplum = new MockClient();
      // MockClient's admin route pattern does not match ids containing '-', so use a plain id here.
      const bot = await createProjectBot(medplum, 'project123', { name: 'Intake bot', description: 'Routes forms' });
      assert.equal(bot.resourceType, 'Bot');
      assert.equal(bot.name, 'Intake bot');
      assert.equal(bot.description, 'Routes forms');
      assert.equal(bot.meta?.project, 'project123');
      assert.ok(bot.id, 'the bot has a server-assigned id');
      assert.match(bot.sourceCode?.url ?? '', /^Binary\//);
      // The created bot can be read back as a FHIR resource.
      const read = await medplum.readResource('Bot', bot.id as string);
      assert.equal(read.name, 'Intake bot');
    },
  );

  test(
    'createProjectClient posts JSON to /admin/projects/{id}/client and returns the secret',
    scriptedOnly,
    async () => {
      const { medplum, requests } = scriptedClient([
        { status: 201, body: { resourceType: 'ClientApplication', id: 'c1', name: 'ETL', secret: 's3cr3t' } },
      ]);
      const result = await createProjectClient(medplum, 'p1', { name: 'ETL', redirectUris: ['https://app/cb'] });
      assert.deepEqual(
        { clientId: result.clientId, clientSecret: result.clientSecret },
        { clientId: 'c1', clientSecret: 's3cr3t' },
      );
      const [req] = requests;
      assert.equal(req.method, 'POST');
      assert.equal(req.url.pathname, '/admin/projects/p1/client');
      assert.equal(req.headers['content-type'], 'application/json');
      assert.equal(req.headers['authorization'], 'Bearer test-access-token');
      assert.deepEqual(JSON.parse(req.body as string), { name: 'ETL', redirectUris: ['https://app/cb'] });
    },
  );

  test('createProjectClient refuses a response without a secret', scriptedOnly, async () => {
    const { medplum } = scriptedClient([{ status: 201, body: { resourceType: 'ClientApplication', id: 'c1' } }]);
    await assert.rejects(createProjectClient(medplum, 'p1', { name: 'ETL' }), /client id and secret/);
  });

  test(
    'membersInvitedBy keeps the memberships whose invitedBy is the given inviter',
    { skip: onServer && 'the server half is in "on the server" below' },
    async () => {
      const medplum = new MockClient();
      const project = { reference: 'Project/123' };
      const admin = { reference: 'User/admin-1' };
      const service = { reference: 'ClientApplication/onboarding-service' };
      const make = (profile: string, invitedBy?: { reference: string }) =>
        medplum.createResource({
          resourceType: 'ProjectMembership',
          project,
          user: { reference: `User/${profile}` },
          profile: { reference: `Practitioner/${profile}` },
          invitedBy,
        });
      await make('a', admin);
      await make('b', service);
      await make('c', admin);
      await make('d');
      const byAdmin = await membersInvitedBy(medplum, admin);
      assert.deepEqual(byAdmin.map((m) => m.profile?.reference).sort(), ['Practitioner/a', 'Practitioner/c']);
      const byService = await membersInvitedBy(medplum, service);
      assert.deepEqual(
        byService.map((m) => m.profile?.reference),
        ['Practitioner/b'],
      );
    },
  );

  test('invitePractitioner sends an InviteRequest and returns the membership', scriptedOnly, async () => {
    const { medplum, requests } = scriptedClient([
      {
        status: 200,
        body: { resourceType: 'ProjectMembership', id: 'm1', profile: { reference: 'Practitioner/pr1' } },
      },
    ]);
    const membership = await invitePractitioner(
      medplum,
      'p1',
      { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.org' },
      { reference: 'AccessPolicy/ap1' },
    );
    assert.equal(membership.id, 'm1');
    const [req] = requests;
    assert.equal(req.method, 'POST');
    assert.equal(req.url.pathname, '/admin/projects/p1/invite');
    assert.deepEqual(JSON.parse(req.body as string), {
      resourceType: 'Practitioner',
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.org',
      sendEmail: false,
      membership: { accessPolicy: { reference: 'AccessPolicy/ap1' } },
    });
  });

  test('invitePractitioner turns the HTTP 200 email-failure OperationOutcome into an error', scriptedOnly, async () => {
    const { medplum } = scriptedClient([
      {
        status: 200,
        body: {
          resourceType: 'OperationOutcome',
          id: 'ok',
          issue: [{ severity: 'error', code: 'exception', details: { text: 'Could not send email.' } }],
        },
      },
    ]);
    await assert.rejects(
      invitePractitioner(medplum, 'p1', { firstName: 'A', lastName: 'B', email: 'a@b.org' }),
      /Could not send email/,
    );
  });
});

describe('oauth examples', () => {
  test(
    'signInAsClient gets tokens from MockClient and signs the client in',
    { skip: onServer && 'the server half is in "on the server" below' },
    async () => {
      const medplum = new MockClient();
      medplum.clear();
      assert.equal(medplum.getAccessToken(), undefined);
      const profile = await signInAsClient(medplum, 'my-client', 'my-secret');
      assert.ok(profile, 'a profile is returned');
      const token = medplum.getAccessToken();
      assert.ok(token, 'an access token is stored');
      assert.equal(parseJWTPayload(token as string).client_id, 'my-client');
    },
  );

  test('requestClientCredentialsToken uses Basic auth and a form body', async () => {
    const { fetch, requests } = scriptedFetch([
      { status: 200, body: { token_type: 'Bearer', access_token: 'at', expires_in: 3600, scope: 'openid' } },
    ]);
    const tokens = await requestClientCredentialsToken(BASE, 'id1', 'pw1', fetch);
    assert.equal(tokens.access_token, 'at');
    const [req] = requests;
    assert.equal(req.method, 'POST');
    assert.equal(req.url.pathname, '/oauth2/token');
    assert.equal(req.headers['content-type'], 'application/x-www-form-urlencoded');
    assert.equal(req.headers['authorization'], 'Basic ' + Buffer.from('id1:pw1').toString('base64'));
    const form = new URLSearchParams(req.body);
    assert.equal(form.get('grant_type'), 'client_credentials');
    assert.equal(form.get('client_secret'), null, 'the secret travels only in the header');
  });

  test('requestClientCredentialsToken reports OAuth2 error bodies', async () => {
    const { fetch } = scriptedFetch([
      { status: 400, body: { error: 'invalid_request', error_description: 'Invalid secret' } },
    ]);
    await assert.rejects(requestClientCredentialsToken(BASE, 'id1', 'bad', fetch), /invalid_request: Invalid secret/);
  });

  test('buildAuthorizeUrl in Node.js falls back to a plain challenge equal to the stored verifier', async () => {
    // @medplum/core base64-encodes the SHA-256 hash with window.btoa, which Node.js lacks,
    // so startPkce() returns code_challenge_method=plain there.
    const storage = new ClientStorage(new MemoryStorage());
    const medplum = new MockClient({ storage });
    const url = await buildAuthorizeUrl(medplum, 'app-1', 'https://app.example.org/callback', 'xyz');
    assert.equal(url.pathname, '/oauth2/authorize');
    assert.equal(url.searchParams.get('response_type'), 'code');
    assert.equal(url.searchParams.get('client_id'), 'app-1');
    assert.equal(url.searchParams.get('redirect_uri'), 'https://app.example.org/callback');
    assert.equal(url.searchParams.get('state'), 'xyz');
    const verifier = storage.getString('codeVerifier');
    assert.ok(verifier, 'startPkce stored a code verifier');
    assert.equal(url.searchParams.get('code_challenge_method'), 'plain');
    assert.equal(url.searchParams.get('code_challenge'), verifier);
  });

  test('buildAuthorizeUrl in a browser-like runtime sends an S256 challenge of the stored verifier', async () => {
    const g = globalThis as unknown as { window?: unknown };
    g.window = { btoa: globalThis.btoa };
    try {
      const storage = new ClientStorage(new MemoryStorage());
      const medplum = new MockClient({ storage });
      const url = await buildAuthorizeUrl(medplum, 'app-1', 'https://app.example.org/callback', 'xyz');
      const verifier = storage.getString('codeVerifier') as string;
      assert.equal(url.searchParams.get('code_challenge_method'), 'S256');
      const expected = createHash('sha256').update(verifier).digest('base64url');
      assert.equal(url.searchParams.get('code_challenge'), expected);
    } finally {
      delete g.window;
    }
  });

  test(
    'finishAuthorization trades the code for tokens and sends the PKCE verifier',
    { skip: onServer && 'the server half is in "on the server" below' },
    async () => {
      const storage = new ClientStorage(new MemoryStorage());
      const medplum = new MockClient({ storage });
      medplum.clear();
      await buildAuthorizeUrl(medplum, 'app-1', 'https://app.example.org/callback', 'xyz');
      const profile = await finishAuthorization(medplum, 'the-code', 'app-1', 'https://app.example.org/callback');
      assert.ok(profile);
      assert.equal(parseJWTPayload(medplum.getAccessToken() as string).client_id, 'app-1');
    },
  );

  test('refreshTokens posts grant_type=refresh_token', async () => {
    const { fetch, requests } = scriptedFetch([
      {
        status: 200,
        body: { token_type: 'Bearer', access_token: 'new-at', refresh_token: 'new-rt', expires_in: 3600 },
      },
    ]);
    const tokens = await refreshTokens(BASE, 'old-rt', fetch);
    assert.equal(tokens.refresh_token, 'new-rt');
    const form = new URLSearchParams(requests[0].body);
    assert.equal(form.get('grant_type'), 'refresh_token');
    assert.equal(form.get('refresh_token'), 'old-rt');
  });

  test('createPreAuthorizedCode posts to auth/preauthorize on behalf of the member', scriptedOnly, async () => {
    const { medplum, requests } = scriptedClient([
      { status: 200, body: { preAuthorizedCode: 'one-time-code', expiresAt: '2026-12-01T12:15:00.000Z' } },
    ]);
    const result = await createPreAuthorizedCode(medplum, 'm1', 'c1');
    assert.equal(result.preAuthorizedCode, 'one-time-code');
    assert.equal(requests[0].method, 'POST');
    assert.equal(requests[0].url.pathname, '/auth/preauthorize');
    assert.equal(requests[0].headers['x-medplum-on-behalf-of'], 'ProjectMembership/m1');
    assert.equal(requests[0].headers['authorization'], 'Bearer test-access-token');
    assert.deepEqual(JSON.parse(requests[0].body as string), { clientId: 'c1', scope: 'openid', expiresIn: 900 });
  });

  test('redeemPreAuthorizedCode sends the pre-authorized code grant without a secret', async () => {
    const { fetch, requests } = scriptedFetch([
      { status: 200, body: { token_type: 'Bearer', access_token: 'at', expires_in: 3600 } },
      { status: 400, body: { error: 'invalid_grant', error_description: 'Token already granted' } },
    ]);
    const tokens = await redeemPreAuthorizedCode(BASE, 'c1', 'one-time-code', fetch);
    assert.equal(tokens.access_token, 'at');
    assert.equal(tokens.refresh_token, undefined);
    const form = new URLSearchParams(requests[0].body);
    assert.equal(requests[0].url.pathname, '/oauth2/token');
    assert.equal(form.get('grant_type'), 'urn:ietf:params:oauth:grant-type:pre-authorized_code');
    assert.equal(form.get('client_id'), 'c1');
    assert.equal(form.get('pre-authorized_code'), 'one-time-code');
    assert.equal(form.get('client_secret'), null);
    await assert.rejects(
      redeemPreAuthorizedCode(BASE, 'c1', 'one-time-code', fetch),
      /invalid_grant: Token already granted/,
    );
  });

  test('describeAccessToken reads jti, login_id and exp from the access token', () => {
    const part = (o: object): string => Buffer.from(JSON.stringify(o)).toString('base64url');
    const token = `${part({ alg: 'RS256' })}.${part({ jti: '0b6f0d4e-5d1a-4c1e-9a57-3c1f2f7f7a10', login_id: 'l1', exp: 1796126400 })}.sig`;
    const medplum = new MedplumClient({ baseUrl: BASE, fetch: (async () => new Response('{}')) as typeof fetch });
    medplum.setAccessToken(token);
    const info = describeAccessToken(medplum);
    assert.equal(info.tokenId, '0b6f0d4e-5d1a-4c1e-9a57-3c1f2f7f7a10');
    assert.equal(info.loginId, 'l1');
    assert.equal(info.expiresAt.toISOString(), new Date(1796126400 * 1000).toISOString());
  });

  test('getUserInfo reads /oauth2/userinfo with the bearer token', scriptedOnly, async () => {
    const { medplum, requests } = scriptedClient([
      { status: 200, body: { sub: 'u1', email: 'ada@example.org', email_verified: true } },
    ]);
    const info = await getUserInfo(medplum);
    assert.equal(info.sub, 'u1');
    assert.equal(info.email_verified, true);
    assert.equal(requests[0].url.pathname, '/oauth2/userinfo');
    assert.equal(requests[0].headers['authorization'], 'Bearer test-access-token');
  });
});

describe('scim examples', () => {
  test('provisionPractitioner posts a SCIM user with userType', scriptedOnly, async () => {
    const { medplum, requests } = scriptedClient([
      {
        status: 201,
        body: { schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'], id: 'm9', userType: 'Practitioner' },
      },
    ]);
    const created = await provisionPractitioner(medplum, 'ada@example.org', 'Ada', 'Lovelace', 'hr-60417');
    assert.equal(created.id, 'm9');
    const [req] = requests;
    assert.equal(req.method, 'POST');
    assert.equal(req.url.pathname, '/scim/v2/Users');
    const body = JSON.parse(req.body as string);
    assert.equal(body.userType, 'Practitioner');
    assert.equal(body.userName, 'ada@example.org');
    assert.deepEqual(body.emails, [{ value: 'ada@example.org' }]);
    assert.equal(body.externalId, 'hr-60417');
  });

  test('findScimUsers sends the userName eq filter and returns Resources', scriptedOnly, async () => {
    const { medplum, requests } = scriptedClient([
      { status: 200, body: { totalResults: 1, startIndex: 1, Resources: [{ id: 'm9', userName: 'ada@example.org' }] } },
    ]);
    const users = await findScimUsers(medplum, 'ada@example.org');
    assert.deepEqual(
      users.map((u) => u.id),
      ['m9'],
    );
    assert.equal(requests[0].url.searchParams.get('filter'), 'userName eq "ada@example.org"');
  });

  test('renameScimUser PUTs the full user including its id', scriptedOnly, async () => {
    const { medplum, requests } = scriptedClient([{ status: 200, body: { id: 'm9', name: { givenName: 'Augusta' } } }]);
    await renameScimUser(medplum, { id: 'm9', userName: 'ada@example.org' }, 'Augusta', 'King');
    const [req] = requests;
    assert.equal(req.method, 'PUT');
    assert.equal(req.url.pathname, '/scim/v2/Users/m9');
    assert.deepEqual(JSON.parse(req.body as string), {
      id: 'm9',
      userName: 'ada@example.org',
      name: { givenName: 'Augusta', familyName: 'King' },
    });
    await assert.rejects(renameScimUser(medplum, { userName: 'x' }, 'A', 'B'), /needs its id/);
  });

  test('removeScimUser sends DELETE and accepts the empty 204', scriptedOnly, async () => {
    const { medplum, requests } = scriptedClient([{ status: 204 }]);
    await removeScimUser(medplum, 'm9');
    assert.equal(requests[0].method, 'DELETE');
    assert.equal(requests[0].url.pathname, '/scim/v2/Users/m9');
  });
});

describe('operation examples', () => {
  test('patientNamesByGraphql runs a real GraphQL query on MockClient', async () => {
    const medplum = new MockClient();
    if (onServer) {
      // MockClient comes with the Simpsons; a new project on a server has no patients yet.
      for (const given of ['Homer', 'Marge']) {
        await medplum.createResource<Patient>({
          resourceType: 'Patient',
          name: [{ given: [given], family: 'Simpson' }],
        });
      }
    }
    const expected = (await medplum.searchResources('Patient', { name: 'Simpson' })).map((p: Patient) =>
      [p.name?.[0]?.given?.join(' '), p.name?.[0]?.family].filter(Boolean).join(' '),
    );
    assert.ok(expected.length > 0, 'the mock data has patients named Simpson');
    const names = await patientNamesByGraphql(medplum, 'Simpson');
    assert.deepEqual([...names].sort(), [...expected].sort());
  });

  test('searchValueSet returns the codings of an expanded ValueSet', async () => {
    const medplum = new MockClient();
    if (onServer) {
      // MockClient answers this URL from its sample data; on a server the ValueSet and its CodeSystem are stored first.
      const system = 'http://example.com/fruit';
      const concept = [
        { code: 'apple', display: 'Apple' },
        { code: 'banana', display: 'Banana' },
        { code: 'kiwi', display: 'Kiwi' },
      ];
      await medplum.createResource({
        resourceType: 'CodeSystem',
        status: 'active',
        url: system,
        content: 'complete',
        concept,
      });
      await medplum.createResource({
        resourceType: 'ValueSet',
        status: 'active',
        url: 'http://example.com/valueset',
        compose: { include: [{ system, concept }] },
      });
    }
    const codings = await searchValueSet(medplum, 'http://example.com/valueset', 'a');
    assert.ok(codings.length > 0);
    for (const coding of codings) {
      assert.equal(typeof coding.code, 'string');
    }
    if (onServer) {
      // The filter keeps the codings whose display contains "a".
      assert.deepEqual(codings.map((c) => c.code).sort(), ['apple', 'banana']);
    }
  });

  test('searchValueSet sends url, filter and count as query parameters', async () => {
    const { medplum, requests } = scriptedClient([
      { status: 200, body: { resourceType: 'ValueSet', status: 'active', expansion: { contains: [{ code: 'x' }] } } },
    ]);
    const codings = await searchValueSet(medplum, 'http://hl7.org/fhir/ValueSet/observation-status', 'fin', 5);
    assert.deepEqual(codings, [{ code: 'x' }]);
    const { url, method } = requests[0];
    assert.equal(method, 'GET');
    assert.equal(url.pathname, '/fhir/R4/ValueSet/$expand');
    assert.equal(url.searchParams.get('url'), 'http://hl7.org/fhir/ValueSet/observation-status');
    assert.equal(url.searchParams.get('filter'), 'fin');
    assert.equal(url.searchParams.get('count'), '5');
  });

  test('checkResource posts the resource to /{type}/$validate', async () => {
    const { medplum, requests } = onServer
      ? serverRecordingClient()
      : scriptedClient([
          {
            status: 200,
            body: {
              resourceType: 'OperationOutcome',
              id: 'ok',
              issue: [{ severity: 'information', code: 'informational' }],
            },
          },
        ]);
    const outcome = await checkResource(medplum, { resourceType: 'Patient', gender: 'female' });
    // The server's answer for a valid resource is its "All OK" outcome.
    assert.equal(outcome.id, 'ok');
    assert.equal(outcome.issue?.[0]?.severity, 'information');
    assert.equal(requests[0].url.pathname, '/fhir/R4/Patient/$validate');
    assert.deepEqual(JSON.parse(requests[0].body as string), { resourceType: 'Patient', gender: 'female' });
  });

  test('checkResource throws when the server answers 400', async () => {
    const { medplum } = onServer
      ? serverRecordingClient()
      : scriptedClient([
          {
            status: 400,
            body: {
              resourceType: 'OperationOutcome',
              issue: [
                {
                  severity: 'error',
                  code: 'structure',
                  details: { text: 'Invalid date format' },
                  expression: ['Patient.birthDate'],
                },
              ],
            },
          },
        ]);
    // A structural error (an unknown gender code fails only where the project validates terminology).
    await assert.rejects(
      checkResource(medplum, { resourceType: 'Patient', birthDate: 'yesterday' }),
      (err: unknown) => {
        assert.ok(err instanceof OperationOutcomeError);
        assert.deepEqual(err.outcome.issue?.[0]?.expression, ['Patient.birthDate']);
        return true;
      },
    );
  });

  test('readWholeRecord follows next links across pages', async () => {
    const page1: Bundle = {
      resourceType: 'Bundle',
      type: 'searchset',
      entry: [
        { resource: { resourceType: 'Patient', id: 'p1' } },
        { resource: { resourceType: 'Observation', id: 'o1', status: 'final', code: {} } },
      ],
      link: [{ relation: 'next', url: `${BASE}fhir/R4/Patient/p1/$everything?_offset=2&_count=2` }],
    };
    const page2: Bundle = {
      resourceType: 'Bundle',
      type: 'searchset',
      entry: [{ resource: { resourceType: 'Encounter', id: 'e1', status: 'finished', class: {} } }],
    };
    if (onServer) {
      // A patient with an Observation and an Encounter in its compartment: one page.
      const { medplum, requests, backend } = serverRecordingClient();
      const patient = await backend.createResource<Patient>({
        resourceType: 'Patient',
        name: [{ family: 'Lovelace' }],
      });
      const subject = { reference: `Patient/${patient.id}` };
      const obs = await backend.createResource({
        resourceType: 'Observation',
        status: 'final',
        code: { text: 'Weight' },
        subject,
      });
      const enc = await backend.createResource({
        resourceType: 'Encounter',
        status: 'finished',
        class: { code: 'AMB' },
        subject,
      });
      const resources = await readWholeRecord(medplum, patient.id);
      assert.deepEqual(
        resources.map((r) => `${r.resourceType}/${r.id}`).sort(),
        [`Encounter/${enc.id}`, `Observation/${obs.id}`, `Patient/${patient.id}`].sort(),
      );
      assert.equal(requests[0].url.pathname, `/fhir/R4/Patient/${patient.id}/$everything`);
      assert.equal(requests.length, 1);
      return;
    }
    const { medplum, requests } = scriptedClient([
      { status: 200, body: page1 },
      { status: 200, body: page2 },
    ]);
    const resources = await readWholeRecord(medplum, 'p1');
    assert.deepEqual(
      resources.map((r) => `${r.resourceType}/${r.id}`),
      ['Patient/p1', 'Observation/o1', 'Encounter/e1'],
    );
    assert.equal(requests[0].url.pathname, '/fhir/R4/Patient/p1/$everything');
    assert.equal(requests[1].url.searchParams.get('_offset'), '2');
  });

  test('runBot posts JSON to Bot/{id}/$execute and returns the bot output', async () => {
    const server = onServer ? serverRecordingClient() : undefined;
    let botId = 'b1';
    if (server) {
      // A vmcontext Bot that greets by the input's name.
      const bot = await server.backend.createResource({
        resourceType: 'Bot',
        name: 'greeter',
        runtimeVersion: 'vmcontext',
      });
      await server.backend.post(server.backend.fhirUrl('Bot', bot.id, '$deploy'), {
        code: "exports.handler = async (medplum, event) => ({ greeting: 'hello ' + event.input.name });",
      });
      botId = bot.id;
    }
    const { medplum, requests } =
      server ??
      scriptedClient([
        { status: 200, body: { greeting: 'hello Ada' }, headers: { 'content-type': 'application/json' } },
      ]);
    const output = await runBot(medplum, botId, { name: 'Ada' });
    assert.deepEqual(output, { greeting: 'hello Ada' });
    assert.equal(requests[0].method, 'POST');
    assert.equal(requests[0].url.pathname, `/fhir/R4/Bot/${botId}/$execute`);
    assert.equal(requests[0].headers['content-type'], 'application/json');
  });

  test('exportPatientData kicks off with Prefer: respond-async and polls until the manifest arrives', async () => {
    const statusUrl = `${BASE}fhir/R4/bulkdata/export/x1`;
    const manifest = {
      transactionTime: '2026-01-01T00:00:00.000Z',
      request: `${BASE}fhir/R4/Patient/$export?_type=Patient,Observation`,
      requiresAccessToken: false,
      output: [{ type: 'Patient', url: 'https://storage.example.org/x1.ndjson' }],
      error: [],
    };
    const { medplum, requests } = scriptedClient([
      {
        status: 202,
        body: {
          resourceType: 'OperationOutcome',
          id: 'accepted',
          issue: [{ severity: 'information', code: 'informational', diagnostics: statusUrl }],
        },
        headers: { 'content-location': statusUrl },
      },
      { status: 202 },
      { status: 200, body: manifest, headers: { 'content-type': 'application/json' } },
    ]);
    if (onServer) {
      // A real export of one patient and one observation: the manifest lists an NDJSON file for each type.
      const server = serverRecordingClient();
      const patient = await server.backend.createResource<Patient>({
        resourceType: 'Patient',
        name: [{ family: 'Lovelace' }],
      });
      await server.backend.createResource({
        resourceType: 'Observation',
        status: 'final',
        code: { text: 'Weight' },
        subject: { reference: `Patient/${patient.id}` },
      });
      const done = await exportPatientData(server.medplum, ['Patient', 'Observation'], undefined, 200);
      assert.deepEqual(done.output?.map((o) => o.type).sort(), ['Observation', 'Patient']);
      const patients = await (await fetch(done.output?.find((o) => o.type === 'Patient')?.url as string)).text();
      assert.equal(JSON.parse(patients.trim()).id, patient.id);
      const sent = server.requests;
      assert.equal(sent[0].method, 'POST');
      assert.equal(sent[0].url.pathname, '/fhir/R4/Patient/$export');
      assert.equal(sent[0].url.searchParams.get('_type'), 'Patient,Observation');
      assert.equal(sent[0].headers['prefer'], 'respond-async');
      // Then the status URL is polled until the manifest is ready.
      const polls = sent.slice(1).map((r) => `${r.method} ${r.url.pathname}`);
      assert.ok(polls.length >= 1);
      assert.ok(
        polls.every((p) => p === polls[0] && p.startsWith('GET /fhir/R4/bulkdata/export/')),
        polls.join(', '),
      );
      return;
    }
    const result = await exportPatientData(medplum, ['Patient', 'Observation'], undefined, 1);
    assert.deepEqual(result.output, manifest.output);
    assert.equal(requests[0].method, 'POST');
    assert.equal(requests[0].url.pathname, '/fhir/R4/Patient/$export');
    assert.equal(requests[0].url.searchParams.get('_type'), 'Patient,Observation');
    assert.equal(requests[0].headers['prefer'], 'respond-async');
    assert.deepEqual(
      requests.slice(1).map((r) => `${r.method} ${r.url.pathname}`),
      ['GET /fhir/R4/bulkdata/export/x1', 'GET /fhir/R4/bulkdata/export/x1'],
    );
  });

  test('resendNotifications posts the options to /{type}/{id}/$resend', async () => {
    const { medplum, requests } = scriptedClient([
      {
        status: 200,
        body: {
          resourceType: 'OperationOutcome',
          id: 'ok',
          issue: [{ severity: 'information', code: 'informational' }],
        },
      },
    ]);
    const server = onServer ? serverRecordingClient() : undefined;
    let patientId = 'p1';
    let subscription = 'Subscription/s1';
    if (server) {
      // A patient and a subscription to patients in the project.
      patientId = (await server.backend.createResource<Patient>({ resourceType: 'Patient', name: [{ family: 'Ng' }] }))
        .id;
      const sub = await server.backend.createResource({
        resourceType: 'Subscription',
        status: 'active',
        reason: 'resend test',
        criteria: 'Patient',
        channel: { type: 'rest-hook', endpoint: 'http://127.0.0.1:9/hook' },
      });
      subscription = `Subscription/${sub.id}`;
    }
    const outcome = await resendNotifications(server?.medplum ?? medplum, 'Patient', patientId, {
      subscription,
      interaction: 'create',
    });
    const sent = server?.requests ?? requests;
    assert.equal(outcome.issue?.[0]?.severity, 'information');
    assert.equal(sent[0].url.pathname, `/fhir/R4/Patient/${patientId}/$resend`);
    assert.deepEqual(JSON.parse(sent[0].body as string), {
      subscription,
      interaction: 'create',
    });
  });

  test('evaluateMeasure sends periodStart and periodEnd as Parameters', async () => {
    const report = {
      resourceType: 'MeasureReport',
      id: 'r1',
      status: 'complete',
      type: 'summary',
      measure: 'http://m',
      period: {},
    };
    const server = onServer ? serverRecordingClient() : undefined;
    let measureId = 'm1';
    let [start, end] = ['2026-01-01', '2026-03-31'];
    if (server) {
      // A Measure counting the patients written in the period, and two patients.
      const measure = await server.backend.createResource({
        resourceType: 'Measure',
        status: 'active',
        url: 'https://example.com/Measure/new-patients',
        group: [
          {
            population: [
              {
                code: { text: 'initial-population' },
                criteria: { language: 'application/x-fhir-query', expression: 'Patient' },
              },
            ],
          },
        ],
      });
      measureId = measure.id;
      for (const family of ['Ng', 'Osei']) {
        await server.backend.createResource<Patient>({ resourceType: 'Patient', name: [{ family }] });
      }
      // A period around any clock: the project holds only these two patients.
      [start, end] = ['2000-01-01', '2100-01-01'];
    }
    const { medplum, requests } = server ?? scriptedClient([{ status: 201, body: report }]);
    const result = await evaluateMeasure(medplum, measureId, start, end);
    if (server) {
      // The server saved the report and counted the two patients.
      assert.ok(result.id);
      assert.equal(result.measure, 'https://example.com/Measure/new-patients');
      assert.equal(result.group?.[0]?.population?.[0]?.count, 2);
    } else {
      assert.equal(result.id, 'r1');
    }
    assert.equal(requests[0].url.pathname, `/fhir/R4/Measure/${measureId}/$evaluate-measure`);
    assert.deepEqual(JSON.parse(requests[0].body as string), {
      resourceType: 'Parameters',
      parameter: [
        { name: 'periodStart', valueDate: start },
        { name: 'periodEnd', valueDate: end },
      ],
    });
  });
});

/**
 * The project admin, OAuth and SCIM examples against the server (server mode only). Each
 * MockClient there is the admin client of a project of its own; users are invited into it with
 * a known password and signed in.
 */
describe('api examples on the server', { skip: !onServer }, () => {
  test('createProjectBot creates a Bot with its source Binary in the project', async () => {
    const medplum = new MockClient();
    const projectId = await projectIdOf(medplum);
    const bot = await createProjectBot(medplum, projectId, { name: 'Intake bot', description: 'Routes forms' });
    assert.equal(bot.resourceType, 'Bot');
    assert.equal(bot.name, 'Intake bot');
    assert.equal(bot.description, 'Routes forms');
    assert.equal(bot.meta?.project, projectId);
    assert.match(bot.sourceCode?.url ?? '', /^Binary\//);
    const read = await medplum.readResource('Bot', bot.id as string);
    assert.equal(read.name, 'Intake bot');
    // The bot got a membership of its own.
    const members = await medplum.searchResources('ProjectMembership', { profile: `Bot/${bot.id}` });
    assert.equal(members.length, 1);
  });

  test('createProjectClient returns a secret that signs in', async () => {
    const medplum = new MockClient();
    const projectId = await projectIdOf(medplum);
    const result = await createProjectClient(medplum, projectId, {
      name: 'ETL',
      redirectUris: ['https://app.example.org/cb'],
    });
    assert.equal(result.client.resourceType, 'ClientApplication');
    assert.equal(result.client.name, 'ETL');
    assert.deepEqual(result.client.redirectUris, ['https://app.example.org/cb']);
    assert.equal(result.clientId, result.client.id);
    assert.ok(result.clientSecret.length >= 32);
    const tokens = await requestClientCredentialsToken(serverBaseUrl(), result.clientId, result.clientSecret);
    assert.equal(parseJWTPayload(tokens.access_token).client_id, result.clientId);
  });

  test('invitePractitioner returns the new membership with its access policy', async () => {
    const medplum = new MockClient();
    const projectId = await projectIdOf(medplum);
    const policy = await medplum.createResource({ resourceType: 'AccessPolicy', name: 'Clinicians', resource: [] });
    const membership = await invitePractitioner(
      medplum,
      projectId,
      { firstName: 'Ada', lastName: 'Lovelace', email: `ada-${projectId}@example.com` },
      { reference: `AccessPolicy/${policy.id}` },
    );
    assert.equal(membership.resourceType, 'ProjectMembership');
    assert.equal(membership.project?.reference, `Project/${projectId}`);
    assert.equal(membership.accessPolicy?.reference, `AccessPolicy/${policy.id}`);
    assert.match(membership.profile?.reference ?? '', /^Practitioner\//);
    const practitioner = await medplum.readReference(membership.profile as { reference: string });
    assert.equal(practitioner.resourceType, 'Practitioner');
  });

  test('membersInvitedBy finds the members one inviter added', async () => {
    const medplum = new MockClient();
    await inviteUser(medplum, { name: 'a' });
    await inviteUser(medplum, { name: 'b' });
    const inviter = (await medplum.get('auth/me')) as { membership: { user: { reference: string } } };
    const invitedByAdmin = await membersInvitedBy(medplum, inviter.membership.user);
    assert.deepEqual(invitedByAdmin.map((m) => m.profile?.display).sort(), ['Test a', 'Test b']);
    const none = await membersInvitedBy(medplum, {
      reference: 'ClientApplication/00000000-0000-0000-0000-000000000000',
    });
    assert.deepEqual(none, []);
  });

  test('signInAsClient signs a client application in', async () => {
    const admin = new MockClient();
    const app = await newClientApplication(admin, { name: 'Service' });
    const medplum = new MedplumClient({ baseUrl: serverBaseUrl(), fetch });
    // ProfileResource does not list ClientApplication, but a client-credentials sign-in answers with one.
    const profile = (await signInAsClient(medplum, app.id, app.secret)) as { resourceType: string; id?: string };
    assert.equal(profile.resourceType, 'ClientApplication');
    assert.equal(profile.id, app.id);
    assert.equal(parseJWTPayload(medplum.getAccessToken() as string).client_id, app.id);
    await assert.rejects(
      signInAsClient(new MedplumClient({ baseUrl: serverBaseUrl(), fetch }), app.id, 'wrong'),
      /Invalid secret/,
    );
  });

  test('finishAuthorization trades a code from a PKCE sign-in for tokens', async () => {
    const admin = new MockClient();
    const user = await inviteUser(admin, { name: 'pkce' });
    const app = await newClientApplication(admin, {
      name: 'Web app',
      redirectUris: ['https://app.example.org/callback'],
    });
    const storage = new ClientStorage(new MemoryStorage());
    const medplum = new MedplumClient({ baseUrl: serverBaseUrl(), fetch, storage });
    const url = await buildAuthorizeUrl(medplum, app.id, 'https://app.example.org/callback', 'xyz');
    // What the sign-in page does after the user enters the password: the code for this client and challenge.
    const login = (await medplum.post('auth/login', {
      email: user.email,
      password: user.password,
      clientId: app.id,
      scope: 'openid',
      codeChallenge: url.searchParams.get('code_challenge'),
      codeChallengeMethod: url.searchParams.get('code_challenge_method'),
    })) as { code: string };
    assert.ok(login.code);
    const profile = await finishAuthorization(medplum, login.code, app.id, 'https://app.example.org/callback');
    assert.equal(profile.resourceType, 'Practitioner');
    assert.equal(`Practitioner/${profile.id}`, user.membership.profile?.reference);
    assert.equal(parseJWTPayload(medplum.getAccessToken() as string).client_id, app.id);
    // A code works once.
    await assert.rejects(
      finishAuthorization(medplum, login.code, app.id, 'https://app.example.org/callback'),
      /Token already granted/,
    );
  });

  test('createPreAuthorizedCode makes a one-time code that redeemPreAuthorizedCode trades once', async () => {
    const admin = new MockClient();
    const user = await inviteUser(admin, { name: 'magic' });
    const app = await newClientApplication(admin, { name: 'Portal' });
    const result = await createPreAuthorizedCode(admin, user.membership.id as string, app.id);
    assert.ok(result.preAuthorizedCode.length > 32);
    assert.ok(Date.parse(result.expiresAt) > Date.now());
    const tokens = await redeemPreAuthorizedCode(serverBaseUrl(), app.id, result.preAuthorizedCode);
    assert.equal(parseJWTPayload(tokens.access_token).client_id, app.id);
    await assert.rejects(redeemPreAuthorizedCode(serverBaseUrl(), app.id, result.preAuthorizedCode), /invalid_grant/);
  });

  test("getUserInfo reads the signed-in user's claims", async () => {
    const admin = new MockClient();
    const user = await inviteUser(admin, { name: 'claims' });
    const medplum = await signInAs(user, 'openid profile email');
    const info = await getUserInfo(medplum);
    assert.equal(`Practitioner/${info.sub}`, user.membership.profile?.reference);
    assert.equal(info.email, user.email);
    assert.equal(info.given_name, 'Test');
    assert.equal(info.family_name, 'claims');
  });

  test('the SCIM examples provision, find, rename and remove a user', async () => {
    const admin = new MockClient();
    // POST /scim/v2/Users needs a login by a User (scim/routes.ts), so an invited admin signs in.
    const scimAdmin = await signInAs(await inviteUser(admin, { name: 'scim-admin', admin: true }));
    const projectId = await projectIdOf(admin);
    const email = `grace-${projectId}@example.com`;
    const created = await provisionPractitioner(scimAdmin, email, 'Grace', 'Hopper', 'hr-61932');
    assert.ok(created.id);
    assert.equal(created.userType, 'Practitioner');
    assert.equal(created.userName, email);
    assert.equal(created.externalId, 'hr-61932');
    const found = await findScimUsers(scimAdmin, email);
    assert.deepEqual(
      found.map((u) => u.id),
      [created.id],
    );
    const all = await findScimUsers(scimAdmin);
    assert.ok(all.some((u) => u.id === created.id));
    const renamed = await renameScimUser(scimAdmin, created, 'Grace B.', 'Murray');
    assert.deepEqual(renamed.name, { givenName: 'Grace B.', familyName: 'Murray' });
    await removeScimUser(scimAdmin, created.id as string);
    assert.deepEqual(await findScimUsers(scimAdmin, email), []);
  });
});
