/**
 * Runs the audit trail examples against MockClient. MockClient does not write AuditEvents by
 * itself, so the test stores events shaped like the ones the real server writes
 * (packages/server/src/util/auditevent.ts) and checks what the searches return.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { createReference, validateResource } from '@medplum/core';
import type { AuditEvent, Patient } from '@medplum/fhirtypes';
import { mockWithSearch } from './mock-with-search';
import { accessLogFor, DICOM, failedLoginsSince, summarize } from '../../../examples/compliance/audit-events';

function restEvent(patient: Patient, code: string, recorded: string): AuditEvent {
  return {
    resourceType: 'AuditEvent',
    type: { system: 'http://terminology.hl7.org/CodeSystem/audit-event-type', code: 'rest', display: 'Restful Operation' },
    subtype: [{ system: 'http://hl7.org/fhir/restful-interaction', code, display: code }],
    action: code === 'read' ? 'R' : 'U',
    recorded,
    source: { observer: { identifier: { value: 'https://api.example.org/' } } },
    agent: [{ who: { reference: 'Practitioner/dr-1' }, requestor: true, network: { address: '203.0.113.7', type: '2' } }],
    outcome: '0',
    entity: [{ what: createReference(patient) }],
  };
}

function loginEvent(outcome: '0' | '4', recorded: string): AuditEvent {
  return {
    resourceType: 'AuditEvent',
    type: { system: DICOM, code: '110114', display: 'User Authentication' },
    subtype: [{ system: DICOM, code: '110122', display: 'Login' }],
    recorded,
    source: { observer: { identifier: { value: 'https://api.example.org/' } } },
    agent: [{ who: { reference: 'Practitioner/dr-1' }, requestor: true }],
    outcome,
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
      `2026-02-10T10:00:00.000Z Practitioner/dr-1 update Patient/${alice.id} from 203.0.113.7 outcome=0`,
    );
  });

  test('failedLoginsSince keeps only unsuccessful sign-ins', async () => {
    const medplum = mockWithSearch();
    for (const e of [loginEvent('0', '2026-03-01T08:00:00.000Z'), loginEvent('4', '2026-03-01T08:01:00.000Z')]) {
      validateResource(e);
      await medplum.createResource(e);
    }
    const failed = await failedLoginsSince(medplum, '2026-03-01');
    assert.equal(failed.length, 1);
    assert.equal(failed[0].outcome, '4');
  });
});
