/**
 * The dynamicValue example: the ActivityDefinition is valid, and each expression, evaluated the way
 * $apply evaluates it (the draft ServiceRequest as context, the inputs as %variables holding
 * references), gives the value and type the server writes. MockClient has no $apply.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { evalFhirPathTyped, toTypedValue, validateResource } from '@medplum/core';
import type { ServiceRequest } from '@medplum/fhirtypes';
import { buildUrgentLabActivity } from '../../../examples/careplans/coordination';
import { loadFullDefinitions } from './mock-with-search';

describe('careplans dynamicValue', () => {
  test('the urgent lab definition evaluates to a performer, a priority and an occurrence dateTime', () => {
    loadFullDefinitions();
    const activity = buildUrgentLabActivity('https://example.org/fhir/ActivityDefinition/urgent-hba1c');
    assert.doesNotThrow(() => validateResource(activity));

    const draft: ServiceRequest = {
      resourceType: 'ServiceRequest',
      status: 'draft',
      intent: 'order',
      subject: { reference: 'Patient/p1' },
      code: activity.code,
    };
    const variables = {
      '%practitioner': toTypedValue({ reference: 'Practitioner/dr-1' }),
      '%organization': toTypedValue({ reference: 'Organization/clinic' }),
      '%subject': toTypedValue({ reference: 'Patient/p1' }),
      '%encounter': toTypedValue({ reference: 'Encounter/e1' }),
    };
    const results = Object.fromEntries(
      (activity.dynamicValue ?? []).map((dv) => [
        dv.path,
        evalFhirPathTyped(dv.expression?.expression as string, [toTypedValue(draft)], variables),
      ]),
    );
    assert.deepEqual(results.performer[0].value, { reference: 'Practitioner/dr-1' });
    assert.equal(results.priority[0].value, 'urgent');
    assert.equal(results['occurrence[x]'][0].type, 'dateTime', 'so the server writes occurrenceDateTime');
    assert.ok(!Number.isNaN(Date.parse(results['occurrence[x]'][0].value)));
  });
});
