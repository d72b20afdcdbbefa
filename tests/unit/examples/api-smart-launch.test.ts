/**
 * Runs examples/api/operations-smart-launch.ts against MockClient: the example stores a
 * SmartAppLaunch with the patient context and returns the app's launch URI with iss and launch.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { describe, test } from 'node:test';
import type { SmartAppLaunch } from '@medplum/fhirtypes';
import { MockClient } from '@medplum/mock';
import { onServer } from '../../server/on-server';
import { buildSmartLaunchUrl } from '../../../examples/api/operations-smart-launch';

describe('api/operations/smart-launch', () => {
  test('stores the launch context and builds the launch URL', async () => {
    const medplum = new MockClient();
    const url = new URL(
      await buildSmartLaunchUrl(
        medplum,
        { resourceType: 'ClientApplication', launchUri: 'https://app.example.com/launch?x=1' },
        'b936e773-5612-4509-b5df-e0f7378ea762',
      ),
    );
    assert.equal(url.origin + url.pathname, 'https://app.example.com/launch');
    assert.equal(url.searchParams.get('x'), '1');
    // iss is the FHIR base URL of the server the client talks to.
    assert.equal(url.searchParams.get('iss'), onServer ? `${serverBaseUrl()}fhir/R4/` : 'https://example.com/fhir/R4/');
    const launchId = url.searchParams.get('launch') as string;
    const launch = (await medplum.readResource('SmartAppLaunch', launchId)) as SmartAppLaunch;
    assert.equal(launch.patient?.reference, 'Patient/b936e773-5612-4509-b5df-e0f7378ea762');
  });

  test('refuses an app without a launch URI', async () => {
    await assert.rejects(
      buildSmartLaunchUrl(new MockClient(), { resourceType: 'ClientApplication' }, 'p1'),
      /not configured for launch/,
    );
  });
});

/** The server's base URL from the verify:server env file (server mode only). */
function serverBaseUrl(): string {
  const { baseUrl } = JSON.parse(fs.readFileSync(process.env.MEDPLUM_VERIFY_ENV as string, 'utf8')) as {
    baseUrl: string;
  };
  return baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`;
}
