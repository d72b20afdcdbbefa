/**
 * Runs examples/auth/smart-launch-context.ts. Against MockClient the launch is stored and the
 * patient found by identifier, with the app's OAuth requests answered by a script shaped like the
 * server's answers. Against the server (server mode) the whole launch runs: a ClientApplication
 * with launchIdentifierSystems, the launch, the app's configuration look-up and authorize URL,
 * a user's sign-in with the launch (what Medplum's sign-in page posts), the code exchange, whose
 * token response carries the MRN and the fhirContext, and the patient search with the app's token.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { createReference, MedplumClient, validateResource } from '@medplum/core';
import type { ClientApplication, Patient, ServiceRequest, SmartAppLaunch } from '@medplum/fhirtypes';
import { MockClient } from '@medplum/mock';
import { onServer } from '../../server/on-server';
import { mockWithSearch } from './mock-with-search';
import { inviteUser, newClientApplication, serverBaseUrl } from './support/server-setup';
import {
  createLaunch,
  finishAppLaunch,
  resolveLaunchPatient,
  startAppLaunch,
} from '../../../examples/auth/smart-launch-context';

const MRN = 'https://clinic.example.org/mrn';
const REDIRECT = 'https://app.example.org/callback';
const mockOnly = { skip: onServer && 'scripted OAuth answers; the server half is "the whole launch on the server"' };

async function chart(medplum: MedplumClient) {
  const patient = (await medplum.createResource<Patient>({
    resourceType: 'Patient',
    identifier: [{ system: MRN, value: 'MRN-20417' }],
    name: [{ family: 'Okafor', given: ['Amara'] }],
  })) as Patient & { id: string };
  const order = await medplum.createResource<ServiceRequest>({
    resourceType: 'ServiceRequest',
    status: 'active',
    intent: 'order',
    code: { text: 'MRI lumbar spine' },
    subject: createReference(patient),
  });
  return { patient, order };
}

describe('auth/smart-launch-context', () => {
  test('createLaunch stores the patient with its MRN and builds the launch URL', async () => {
    const medplum = mockWithSearch();
    const { patient, order } = await chart(medplum);
    const app: ClientApplication = {
      resourceType: 'ClientApplication',
      launchUri: 'https://app.example.org/launch?site=main',
      launchIdentifierSystems: [{ resourceType: 'Patient', system: MRN }],
    };
    const url = new URL(await createLaunch(medplum, app, patient, { fhirContext: [createReference(order)] }));
    assert.equal(url.origin + url.pathname, 'https://app.example.org/launch');
    assert.equal(url.searchParams.get('site'), 'main');
    assert.equal(url.searchParams.get('iss'), medplum.fhirUrl().toString().replace(/\/?$/, '/'));
    const launch = (await medplum.readResource(
      'SmartAppLaunch',
      url.searchParams.get('launch') as string,
    )) as SmartAppLaunch;
    assert.doesNotThrow(() => validateResource(launch));
    assert.equal(launch.patient?.reference, `Patient/${patient.id}`);
    assert.deepEqual(launch.patient?.identifier, { system: MRN, value: 'MRN-20417' });
    assert.deepEqual(
      launch.fhirContext?.map((r) => r.reference),
      [`ServiceRequest/${order.id}`],
    );

    // Without launchIdentifierSystems the reference is the Medplum id only.
    const plain = new URL(await createLaunch(medplum, { ...app, launchIdentifierSystems: undefined }, patient));
    const plainLaunch = await medplum.readResource('SmartAppLaunch', plain.searchParams.get('launch') as string);
    assert.equal(plainLaunch.patient?.reference, `Patient/${patient.id}`);
    assert.equal(plainLaunch.patient?.identifier, undefined);
    await assert.rejects(createLaunch(medplum, { resourceType: 'ClientApplication' }, patient), /not configured/);
  });

  test('the app builds the authorize URL and reads the launch context from the token response', mockOnly, async () => {
    const seen: { url: string; body?: string }[] = [];
    const answers = [
      {
        authorization_endpoint: 'https://api.example.org/oauth2/authorize',
        token_endpoint: 'https://api.example.org/oauth2/token',
      },
      {
        token_type: 'Bearer',
        access_token: 'header.payload.signature',
        scope: 'openid fhirUser launch launch/patient patient/*.rs',
        patient: 'MRN-20417',
        fhirContext: [{ reference: 'ServiceRequest/sr1' }],
        need_patient_banner: true,
      },
    ];
    const fetchFn = (async (input: string | URL | Request, init?: RequestInit) => {
      seen.push({ url: input.toString(), body: init?.body as string | undefined });
      return new Response(JSON.stringify(answers.shift()), { status: 200 });
    }) as typeof fetch;
    const launchUrl =
      'https://app.example.org/launch?site=main&iss=https%3A%2F%2Fapi.example.org%2Ffhir%2FR4%2F&launch=L1';
    const pending = await startAppLaunch(launchUrl, 'client-1', REDIRECT, fetchFn);
    assert.equal(seen[0].url, 'https://api.example.org/fhir/R4/.well-known/smart-configuration');
    const authorize = new URL(pending.authorizeUrl);
    assert.equal(authorize.origin + authorize.pathname, 'https://api.example.org/oauth2/authorize');
    assert.equal(authorize.searchParams.get('launch'), 'L1');
    assert.equal(authorize.searchParams.get('aud'), 'https://api.example.org/fhir/R4/');
    assert.equal(authorize.searchParams.get('code_challenge_method'), 'S256');
    assert.match(authorize.searchParams.get('scope') ?? '', /\blaunch\b/);
    assert.equal(authorize.searchParams.get('state'), pending.state);

    await assert.rejects(
      finishAppLaunch(pending, `${REDIRECT}?code=C1&state=other`, 'client-1', REDIRECT, fetchFn),
      /State mismatch/,
    );
    const token = await finishAppLaunch(
      pending,
      `${REDIRECT}?code=C1&state=${pending.state}`,
      'client-1',
      REDIRECT,
      fetchFn,
    );
    const form = new URLSearchParams(seen[1].body);
    assert.equal(form.get('grant_type'), 'authorization_code');
    assert.equal(form.get('code'), 'C1');
    assert.equal(form.get('code_verifier'), pending.codeVerifier);
    assert.equal(token.patient, 'MRN-20417');
    assert.deepEqual(token.fhirContext, [{ reference: 'ServiceRequest/sr1' }]);
  });

  test(
    'resolveLaunchPatient finds the patient by identifier, or by id when the launch sent one',
    mockOnly,
    async () => {
      const medplum = mockWithSearch();
      const { patient } = await chart(medplum);
      const byMrn = await resolveLaunchPatient(medplum, { access_token: 't', scope: '', patient: 'MRN-20417' }, MRN);
      assert.equal(byMrn.id, patient.id);
      const byId = await resolveLaunchPatient(medplum, { access_token: 't', scope: '', patient: patient.id }, MRN);
      assert.equal(byId.id, patient.id);
      await assert.rejects(resolveLaunchPatient(medplum, { access_token: 't', scope: '' }, MRN), /no patient context/);
    },
  );
});

describe('the whole launch on the server', { skip: !onServer }, () => {
  test('the token response names the patient by MRN; the app finds it with its own token', async () => {
    const admin = new MockClient();
    const { patient, order } = await chart(admin);
    const app = await newClientApplication(admin, {
      name: 'Imaging viewer',
      launchUri: 'https://app.example.org/launch?site=main',
      redirectUris: [REDIRECT],
      launchIdentifierSystems: [{ resourceType: 'Patient', system: MRN }],
    });
    const launchUrl = await createLaunch(admin, app, patient, { fhirContext: [createReference(order)] });
    assert.equal(new URL(launchUrl).searchParams.get('iss'), `${serverBaseUrl()}fhir/R4/`);

    const pending = await startAppLaunch(launchUrl, app.id, REDIRECT, fetch);
    assert.equal(pending.tokenEndpoint, `${serverBaseUrl()}oauth2/token`);
    // The server accepts the authorize request and sends the browser to its sign-in page.
    const authorize = await fetch(pending.authorizeUrl, { redirect: 'manual' });
    assert.equal(authorize.status, 302);
    assert.ok(!(authorize.headers.get('location') ?? '').startsWith(REDIRECT), authorize.headers.get('location') ?? '');

    // What the sign-in page posts once the user has entered a password.
    const user = await inviteUser(admin, { name: 'launcher' });
    const authorizeParams = new URL(pending.authorizeUrl).searchParams;
    const login = (await new MedplumClient({ baseUrl: serverBaseUrl(), fetch }).post('auth/login', {
      email: user.email,
      password: user.password,
      clientId: app.id,
      launch: authorizeParams.get('launch'),
      scope: authorizeParams.get('scope'),
      codeChallenge: authorizeParams.get('code_challenge'),
      codeChallengeMethod: 'S256',
    })) as { code: string };

    const token = await finishAppLaunch(
      pending,
      `${REDIRECT}?code=${login.code}&state=${pending.state}`,
      app.id,
      REDIRECT,
      fetch,
    );
    assert.equal(token.patient, 'MRN-20417', 'the identifier value, not the Patient id');
    assert.deepEqual(
      token.fhirContext?.map((r) => r.reference),
      [`ServiceRequest/${order.id}`],
    );
    assert.equal(token.need_patient_banner, true);

    const appClient = new MedplumClient({ baseUrl: serverBaseUrl(), fetch });
    appClient.setAccessToken(token.access_token);
    const found = await resolveLaunchPatient(appClient, token, MRN);
    assert.equal(found.id, patient.id);

    // Token introspection reports the same launch patient by its id.
    const introspect = await fetch(`${serverBaseUrl()}oauth2/introspect`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token: token.access_token }).toString(),
    });
    assert.equal((await introspect.json()).patient, patient.id);
  });
});
