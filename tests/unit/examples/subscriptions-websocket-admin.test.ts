/**
 * MockClient has none of the WebSocket admin operations; a scripted fetch answers with the
 * Parameters shapes the server's handlers build and records the requests.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { scriptedClient } from './support/scripted-fetch';
import {
  clearProjectWsSubs,
  reviewBindings,
  wsSubProjectStats,
  wsSubStats,
} from '../../../examples/subscriptions/websocket-admin';
import type { WsProjectDetail } from '../../../examples/subscriptions/websocket-admin';

const PROJECT = '0d4f7c1e-4b2a-4c55-9b0e-7e2f3a1d9c10';
const NOW = Date.UTC(2026, 11, 1, 12, 0, 0);
const IN_AN_HOUR = NOW / 1000 + 3600;
const AN_HOUR_AGO = NOW / 1000 - 3600;

const detail: WsProjectDetail = {
  projectId: PROJECT,
  resourceTypes: [
    {
      resourceType: 'Communication',
      count: 3,
      criteria: [
        {
          criteria: 'Communication?recipient=Practitioner/7b1e',
          count: 3,
          entries: [
            {
              subscriptionId: 's1',
              criteria: 'Communication?recipient=Practitioner/7b1e',
              expiration: IN_AN_HOUR,
              author: 'Practitioner/7b1e',
            },
            {
              subscriptionId: 's2',
              criteria: 'Communication?recipient=Practitioner/7b1e',
              expiration: IN_AN_HOUR,
              author: 'Practitioner/7b1e',
            },
            {
              subscriptionId: 's3',
              criteria: 'Communication?recipient=Practitioner/7b1e',
              expiration: AN_HOUR_AGO,
              author: 'Practitioner/7b1e',
            },
          ],
        },
      ],
    },
    {
      resourceType: 'Task',
      count: 1,
      criteria: [
        {
          criteria: 'Task?owner=Practitioner/5c2d',
          count: 1,
          entries: [
            {
              subscriptionId: 's4',
              criteria: 'Task?owner=Practitioner/5c2d',
              expiration: IN_AN_HOUR,
              author: 'Practitioner/5c2d',
            },
          ],
        },
      ],
    },
  ],
};

describe('subscriptions/websocket-admin', () => {
  test('reads the stats, reviews one project and clears it', async () => {
    const summary = {
      projects: [
        {
          projectId: PROJECT,
          subscriptionCount: 4,
          resourceTypes: [
            { resourceType: 'Communication', count: 3 },
            { resourceType: 'Task', count: 1 },
          ],
        },
      ],
    };
    const { medplum, requests } = scriptedClient([
      {
        status: 200,
        body: { resourceType: 'Parameters', parameter: [{ name: 'stats', valueString: JSON.stringify(summary) }] },
      },
      {
        status: 200,
        body: { resourceType: 'Parameters', parameter: [{ name: 'stats', valueString: JSON.stringify(detail) }] },
      },
      {
        status: 200,
        body: {
          resourceType: 'Parameters',
          parameter: [
            { name: 'pubSubKeysDeleted', valueInteger: 2 },
            { name: 'cacheKeysDeleted', valueInteger: 4 },
            { name: 'userKeysDeleted', valueInteger: 2 },
          ],
        },
      },
    ]);

    const projects = await wsSubStats(medplum);
    assert.equal(projects[0].subscriptionCount, 4);
    assert.equal(requests[0].method, 'GET');
    assert.equal(requests[0].url.pathname, '/fhir/R4/$get-ws-sub-stats');

    const project = await wsSubProjectStats(medplum, projects[0].projectId);
    assert.equal(requests[1].url.pathname, '/fhir/R4/$get-ws-sub-project-stats');
    assert.equal(requests[1].url.searchParams.get('projectId'), PROJECT);

    const findings = reviewBindings(project, NOW);
    assert.deepEqual(findings, [
      { author: 'Practitioner/7b1e', criteria: 'Communication?recipient=Practitioner/7b1e', bindings: 3, expired: 1 },
    ]);

    const cleared = await clearProjectWsSubs(medplum, PROJECT);
    assert.deepEqual(cleared, { pubSubKeysDeleted: 2, cacheKeysDeleted: 4, userKeysDeleted: 2 });
    assert.equal(requests[2].method, 'POST');
    assert.equal(requests[2].url.pathname, '/fhir/R4/$clear-all-ws-subs');
    assert.deepEqual(JSON.parse(requests[2].body ?? ''), {
      resourceType: 'Parameters',
      parameter: [{ name: 'projectId', valueString: PROJECT }],
    });
  });
});
