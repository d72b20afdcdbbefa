/**
 * Runs the audit trail examples against MockClient. MockClient does not write AuditEvents by
 * itself, so the test stores events shaped like the ones the real server writes
 * (createAuditEvent and createSubscriptionAuditEvent in packages/server/src/util/auditevent.ts)
 * and checks what the searches return.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { createReference, validateResource } from '@medplum/core';
import type { AuditEvent, Patient, Subscription } from '@medplum/fhirtypes';
import { mockWithSearch } from './mock-with-search';
import { accessLogFor, failedDeliveriesSince, summarize } from '../../../examples/compliance/audit-events';

function restEvent(patient: Patient, code: string, recorded: string): AuditEvent {
  return {
    resourceType: 'AuditEvent',
    type: {
      system: 'http://terminology.hl7.org/CodeSystem/audit-event-type',
      code: 'rest',
      display: 'Restful Operation',
    },
    subtype: [{ system: 'http://hl7.org/fhir/restful-interaction', code, display: code }],
    action: code === 'read' ? 'R' : 'U',
    recorded,
    source: { observer: { identifier: { value: 'https://api.example.org/' } } },
    agent: [
      {
        who: { reference: 'Practitioner/8992a2e3-190e-4f54-af5c-ce89138c3d1d' },
        requestor: true,
        network: { address: '203.0.113.7', type: '2' },
      },
    ],
    outcome: '0',
    entity: [{ what: createReference(patient) }],
  };
}

/** Shaped like createSubscriptionAuditEvent in the server: one event per rest-hook attempt. */
function deliveryEvent(patient: Patient, subscription: Subscription, outcome: '0' | '4', recorded: string): AuditEvent {
  return {
    resourceType: 'AuditEvent',
    type: { code: 'transmit' },
    recorded,
    period: { start: recorded, end: recorded },
    agent: [{ type: { text: 'Subscription' }, requestor: false }],
    source: { observer: createReference(subscription) as AuditEvent['source']['observer'] },
    entity: [
      { what: createReference(patient), role: { code: '1', display: 'Patient' } },
      { what: createReference(subscription), role: { code: '9', display: 'Subscriber' } },
    ],
    outcome,
    outcomeDesc: outcome === '0' ? 'Attempt 0 received status 200' : 'Attempt 0 received status 500',
  };
}

describe('compliance/audit-events', () => {
  test('accessLogFor returns the events for one patient since a date, newest first', async () => {
    const medplum = mockWithSearch();
    const alice = await medplum.createResource<Patient>({ resourceType: 'Patient', name: [{ family: 'Audit' }] });
    const bob = await medplum.createResource<Patient>({ resourceType: 'Patient', name: [{ family: 'Other' }] });
    for (const e of [
      restEvent(alice, 'read', '2026-01-10T10:00:00.000Z'),
      restEvent(alice, 'update', '2026-02-10T10:00:00.000Z'),
      restEvent(alice, 'read', '2025-06-01T10:00:00.000Z'), // before the window
      restEvent(bob, 'read', '2026-02-11T10:00:00.000Z'), // another patient
    ]) {
      validateResource(e);
      await medplum.createResource(e);
    }
    const log = await accessLogFor(medplum, alice, '2026-01-01');
    assert.deepEqual(
      log.map((e) => e.subtype?.[0]?.code),
      ['update', 'read'],
    );
    assert.equal(
      summarize(log[0]),
      `2026-02-10T10:00:00.000Z Practitioner/8992a2e3-190e-4f54-af5c-ce89138c3d1d update Patient/${alice.id} from 203.0.113.7 outcome=0`,
    );
  });

  test('failedDeliveriesSince keeps only unsuccessful attempts of one subscription', async () => {
    const medplum = mockWithSearch();
    const patient = await medplum.createResource<Patient>({ resourceType: 'Patient', name: [{ family: 'Hook' }] });
    const sub = await medplum.createResource<Subscription>({
      resourceType: 'Subscription',
      status: 'active',
      reason: 'audit test',
      criteria: 'Patient',
      channel: { type: 'rest-hook', endpoint: 'https://example.org/hook' },
    });
    const other = await medplum.createResource<Subscription>({
      resourceType: 'Subscription',
      status: 'active',
      reason: 'other',
      criteria: 'Patient',
      channel: { type: 'rest-hook', endpoint: 'https://example.org/other' },
    });
    for (const e of [
      deliveryEvent(patient, sub, '0', '2026-03-01T08:00:00.000Z'),
      deliveryEvent(patient, sub, '4', '2026-03-01T08:01:00.000Z'),
      deliveryEvent(patient, other, '4', '2026-03-01T08:02:00.000Z'),
      deliveryEvent(patient, sub, '4', '2026-01-01T08:00:00.000Z'), // before the window
    ]) {
      validateResource(e);
      await medplum.createResource(e);
    }
    const failed = await failedDeliveriesSince(medplum, sub, '2026-03-01');
    assert.equal(failed.length, 1);
    assert.equal(failed[0].outcome, '4');
    assert.equal(failed[0].recorded, '2026-03-01T08:01:00.000Z');
    assert.equal(
      summarize(failed[0]),
      `2026-03-01T08:01:00.000Z unknown transmit Patient/${patient.id} from - outcome=4`,
    );
  });
});
