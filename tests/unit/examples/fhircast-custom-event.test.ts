/**
 * Runs the custom FHIRcast event example against a scripted hub (MockClient has none): one POST to
 * the hub URL, sent as application/json, with the fields the hub requires.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { onServer } from '../../server/on-server';
import { scriptedClient } from './support/scripted-fetch';
import { publishWorklistRefresh } from '../../../examples/fhircast/custom-event';

const TOPIC = 'c5a8e1f4-2b6d-4f3a-9e07-d81b3c6a4f92';
const PATIENT_ID = '7d3b9c21-5e8f-4a06-b1d2-93c4e6f08a57';

test(
  'publishWorklistRefresh posts the event to the hub as JSON',
  { skip: onServer && 'scripted hub answer; the server-mode test is not written yet' },
  async () => {
    const { medplum, requests } = scriptedClient([{ status: 202, body: { success: true } }]);
    await publishWorklistRefresh(medplum, TOPIC, PATIENT_ID);
    assert.equal(requests.length, 1);
    assert.equal(requests[0].method, 'POST');
    assert.equal(requests[0].url.href, medplum.getFhircastHubUrl());
    assert.equal(requests[0].headers['content-type'], 'application/json');
    const message = JSON.parse(requests[0].body ?? '{}');
    assert.match(message.id, /^[0-9a-f-]{36}$/);
    assert.ok(!Number.isNaN(Date.parse(message.timestamp)));
    assert.deepEqual(message.event, {
      'hub.topic': TOPIC,
      'hub.event': 'Worklist-refresh',
      context: [{ key: 'patient', resource: { resourceType: 'Patient', id: PATIENT_ID } }],
    });
  },
);
