/**
 * Runs the `$check-eligibility` example against a scripted server (the operation is a custom one,
 * answered by a bot, which MockClient cannot run): the request is saved first, then the operation
 * is called on its id with an empty body, and the bot's response comes back as the answer.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { CoverageEligibilityRequest, CoverageEligibilityResponse } from '@medplum/fhirtypes';
import { onServer } from '../../server/on-server';
import { scriptedClient } from './support/scripted-fetch';
import { checkEligibility } from '../../../examples/billing/check-eligibility';

const REQUEST_ID = '9c4e2b71-3f6a-4d8e-b5c0-7a1d2e3f4b56';

const eligibilityRequest: CoverageEligibilityRequest = {
  resourceType: 'CoverageEligibilityRequest',
  status: 'active',
  purpose: ['validation', 'benefits'],
  patient: { reference: 'Patient/6f1c0c3e-6d64-4a2c-9c1e-2b0c1f1a0a01' },
  servicedDate: '2026-11-25',
  created: '2026-11-25T09:30:00.000Z',
  insurer: { reference: 'Organization/3a7e5c90-1b2d-4f6e-8a9c-0d1e2f3a4b5c' },
  insurance: [{ focal: true, coverage: { reference: 'Coverage/b2d4f6a8-0c1e-4a3b-9d5f-7e8a9b0c1d2e' } }],
  item: [
    {
      category: {
        coding: [
          { system: 'https://x12.org/codes/service-type-codes', code: '30', display: 'Health Benefit Plan Coverage' },
        ],
      },
    },
  ],
};

test(
  'checkEligibility saves the request and returns the response of $check-eligibility',
  { skip: onServer && 'scripted: the custom operation needs the eligibility bot deployed' },
  async () => {
    const answer: CoverageEligibilityResponse = {
      resourceType: 'CoverageEligibilityResponse',
      id: 'e1f2a3b4-c5d6-4e7f-8a9b-0c1d2e3f4a5b',
      status: 'active',
      purpose: ['validation', 'benefits'],
      patient: eligibilityRequest.patient,
      created: '2026-11-25T09:30:01.000Z',
      request: { reference: `CoverageEligibilityRequest/${REQUEST_ID}` },
      outcome: 'complete',
      insurer: eligibilityRequest.insurer,
      insurance: [{ coverage: { reference: 'Coverage/b2d4f6a8-0c1e-4a3b-9d5f-7e8a9b0c1d2e' }, inforce: true }],
    };
    const { medplum, requests } = scriptedClient([
      { status: 201, body: { ...eligibilityRequest, id: REQUEST_ID, meta: { versionId: '1' } } },
      { status: 200, body: answer },
    ]);
    const response = await checkEligibility(medplum, eligibilityRequest);
    assert.equal(response.outcome, 'complete');
    assert.equal(response.insurance?.[0]?.inforce, true);
    assert.equal(requests[0].method, 'POST');
    assert.equal(requests[0].url.pathname, '/fhir/R4/CoverageEligibilityRequest');
    assert.equal(requests[1].method, 'POST');
    assert.equal(requests[1].url.pathname, `/fhir/R4/CoverageEligibilityRequest/${REQUEST_ID}/$check-eligibility`);
    assert.equal(requests[1].body, '{}');
  },
);
