/**
 * Runs the self-hosting operations examples: the metric catalogue and alert rules, the OTel
 * environment builder, the CORS predictor (same cases as the server's own cors tests), the
 * sign-in branding and menu against MockClient, and the post-restore count check.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { validateResource } from '@medplum/core';
import type { ClientApplication } from '@medplum/fhirtypes';
import {
  brandSignIn,
  corsAllowed,
  createBrandedMenu,
  externalAuthEnv,
  medplumWithExternalToken,
  MEDPLUM_METRICS,
  otelEnvironment,
  RECOMMENDED_ALERTS,
  unknownAlertMetrics,
  verifyRestoredCounts,
} from '../../../examples/self-hosting/ops';
import { loadFullDefinitions, mockWithSearch } from './mock-with-search';

describe('self-hosting/ops metrics', () => {
  test('every recommended alert names a metric from the catalogue', () => {
    assert.deepEqual(unknownAlertMetrics(RECOMMENDED_ALERTS), []);
    assert.ok(MEDPLUM_METRICS.length >= 10);
  });

  test('a typo in a rule is reported', () => {
    assert.deepEqual(
      unknownAlertMetrics([
        { metric: 'medplum.db.queriesAwaitingClients', condition: '> 0', forMinutes: 5, severity: 'page' },
      ]),
      ['medplum.db.queriesAwaitingClients'],
    );
  });
});

describe('self-hosting/ops otel', () => {
  test('builds OTLP_TRACE_ENDPOINT (singular) and OTLP_METRICS_ENDPOINT', () => {
    assert.deepEqual(otelEnvironment({ traces: 'http://otel-collector:4318', metrics: 'http://otel-collector:4318' }), {
      OTLP_TRACE_ENDPOINT: 'http://otel-collector:4318/v1/traces',
      OTLP_METRICS_ENDPOINT: 'http://otel-collector:4318/v1/metrics',
    });
  });

  test('leaves a signal off when its collector is not given', () => {
    assert.deepEqual(otelEnvironment({ metrics: 'http://collector:4318' }), {
      OTLP_METRICS_ENDPOINT: 'http://collector:4318/v1/metrics',
    });
    assert.deepEqual(otelEnvironment({}), {});
  });
});

describe('self-hosting/ops cors', () => {
  const appBaseUrl = 'http://localhost:3000/';

  test('the app origin is allowed on FHIR paths, not on the root', () => {
    assert.equal(corsAllowed({ appBaseUrl }, 'http://localhost:3000', '/fhir/R4/Patient'), true);
    assert.equal(corsAllowed({ appBaseUrl }, 'http://localhost:3000', '/'), false);
    assert.equal(corsAllowed({ appBaseUrl }, 'http://localhost:3000', '/healthcheck'), false);
  });

  test('CDS Hooks services are a CORS path; SCIM and the /api/ copies are not', () => {
    assert.equal(corsAllowed({ appBaseUrl }, 'http://localhost:3000', '/cds-services'), true);
    assert.equal(corsAllowed({ appBaseUrl }, 'http://localhost:3000', '/cds-services/my-service'), true);
    assert.equal(corsAllowed({ appBaseUrl }, 'http://localhost:3000', '/scim/v2/Users'), false);
    assert.equal(corsAllowed({ appBaseUrl }, 'http://localhost:3000', '/api/fhir/R4/Patient'), false);
  });

  test('no Origin header means no CORS headers', () => {
    assert.equal(corsAllowed({ appBaseUrl, allowedOrigins: '*' }, undefined, '/fhir/R4/Patient'), false);
  });

  test('allowedOrigins: star, exact list entries with spaces trimmed, and closed', () => {
    assert.equal(corsAllowed({ appBaseUrl, allowedOrigins: '*' }, 'https://example.com', '/fhir/R4/Patient'), true);
    assert.equal(
      corsAllowed(
        { appBaseUrl, allowedOrigins: 'https://abc.com, https://example.com' },
        'https://example.com',
        '/fhir/R4/Patient',
      ),
      true,
    );
    assert.equal(
      corsAllowed(
        { appBaseUrl, allowedOrigins: 'https://abc.com,https://def.com' },
        'https://example.com',
        '/fhir/R4/Patient',
      ),
      false,
    );
    assert.equal(corsAllowed({ appBaseUrl }, 'https://example.com', '/fhir/R4/Patient'), false);
  });

  test('an entry with a trailing slash never matches a browser Origin', () => {
    assert.equal(
      corsAllowed(
        { appBaseUrl, allowedOrigins: 'https://portal.example.org/' },
        'https://portal.example.org',
        '/fhir/R4/Patient',
      ),
      false,
    );
  });

  test('the appBaseUrl test is a prefix test', () => {
    assert.equal(
      corsAllowed({ appBaseUrl: 'https://app.example.com/' }, 'https://app.example.co', '/fhir/R4/Patient'),
      true,
    );
  });
});

describe('self-hosting/ops branding', () => {
  test('brandSignIn sets signInForm.welcomeString and logo on the ClientApplication', async () => {
    loadFullDefinitions();
    const medplum = mockWithSearch();
    const client = await medplum.createResource<ClientApplication>({
      resourceType: 'ClientApplication',
      name: 'Patient portal',
      redirectUris: ['https://portal.example.org/signin'],
    });
    const updated = await brandSignIn(medplum, client.id as string, 'Sign in to Example Health', {
      contentType: 'image/png',
      url: 'https://portal.example.org/logo.png',
      title: 'Example Health logo',
    });
    assert.equal(updated.signInForm?.welcomeString, 'Sign in to Example Health');
    assert.equal(updated.signInForm?.logo?.url, 'https://portal.example.org/logo.png');
    assert.deepEqual(updated.redirectUris, ['https://portal.example.org/signin']);
    assert.doesNotThrow(() => validateResource(updated));
    const reread = await medplum.readResource('ClientApplication', client.id as string);
    assert.equal(reread.signInForm?.welcomeString, 'Sign in to Example Health');
  });

  test('createBrandedMenu builds a valid UserConfiguration menu', async () => {
    loadFullDefinitions();
    const medplum = mockWithSearch();
    const config = await createBrandedMenu(medplum, 'Example Health', [
      { name: 'Patients', target: '/Patient' },
      { name: 'Tasks', target: '/Task?status=requested' },
    ]);
    assert.equal(config.menu?.[0]?.title, 'Example Health');
    assert.deepEqual(
      config.menu?.[0]?.link?.map((l) => [l.name, l.target]),
      [
        ['Patients', '/Patient'],
        ['Tasks', '/Task?status=requested'],
      ],
    );
    assert.doesNotThrow(() => validateResource(config));
  });
});

describe('self-hosting/ops restore check', () => {
  test('verifyRestoredCounts compares counts with the numbers written down at backup time', async () => {
    loadFullDefinitions();
    const medplum = mockWithSearch();
    for (const family of ['Restore1', 'Restore2']) {
      const p = await medplum.createResource({ resourceType: 'Patient', name: [{ family }] });
      assert.doesNotThrow(() => validateResource(p));
    }
    const results = await verifyRestoredCounts(medplum, { Patient: 2, Device: 1 });
    const patient = results.find((r) => r.resourceType === 'Patient');
    const device = results.find((r) => r.resourceType === 'Device');
    assert.ok(patient && patient.actual >= 2 && patient.ok);
    assert.ok(device && device.actual === 0 && !device.ok);
  });
});

describe('self-hosting/ops external auth', () => {
  const providers = [{ issuer: 'https://idp.example.org/', userInfoUrl: 'https://idp.example.org/oauth2/userinfo' }];

  test('externalAuthEnv writes the JSON list the server parses', () => {
    const env = externalAuthEnv(providers);
    assert.deepEqual(Object.keys(env), ['MEDPLUM_EXTERNAL_AUTH_PROVIDERS']);
    assert.deepEqual(JSON.parse(env.MEDPLUM_EXTERNAL_AUTH_PROVIDERS), providers);
  });

  test('externalAuthEnv refuses a plain-http userinfo endpoint', () => {
    assert.throws(
      () => externalAuthEnv([{ issuer: 'https://idp.example.org/', userInfoUrl: 'http://idp.example.org/userinfo' }]),
      /must be an https URL/,
    );
  });

  test('medplumWithExternalToken sends the external token as the bearer token', async () => {
    const b64 = (o: object): string => Buffer.from(JSON.stringify(o)).toString('base64url');
    const token = `${b64({ alg: 'RS256', typ: 'JWT' })}.${b64({
      iss: 'https://idp.example.org/',
      sub: 'user-123',
      exp: Math.floor(Date.now() / 1000) + 3600,
    })}.signature`;
    const seen: { url: string; auth?: string }[] = [];
    const fetchStub = async (url: string | URL | Request, init?: RequestInit): Promise<Response> => {
      const headers = (init?.headers ?? {}) as Record<string, string>;
      seen.push({ url: String(url), auth: headers.Authorization });
      return new Response(JSON.stringify({ resourceType: 'Bundle', type: 'searchset', entry: [] }), {
        status: 200,
        headers: { 'content-type': 'application/fhir+json' },
      });
    };
    const medplum = medplumWithExternalToken('https://api.example.org/', token, fetchStub as typeof fetch);
    await medplum.searchResources('Patient', { name: 'Smith' });
    assert.equal(seen.length, 1);
    assert.equal(seen[0].url, 'https://api.example.org/fhir/R4/Patient?name=Smith');
    assert.equal(seen[0].auth, `Bearer ${token}`);
  });
});
