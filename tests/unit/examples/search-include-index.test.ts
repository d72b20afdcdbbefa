/**
 * Runs patientsOfObservations on a real `_include` result from MockClient (full search parameter
 * set): each observation maps to its own patient, and one whose subject was not included maps to
 * undefined.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Bundle, Observation } from '@medplum/fhirtypes';
import { patientsOfObservations } from '../../../examples/search/include-index';
import { newSearchClient, uniqueTag } from './support/search-mock';

test('patientsOfObservations maps each matched observation to its included patient', async () => {
  const medplum = newSearchClient();
  const tag = uniqueTag('hr');
  const ana = await medplum.createResource({ resourceType: 'Patient', name: [{ given: ['Ana'], family: 'Silva' }] });
  const ben = await medplum.createResource({ resourceType: 'Patient', name: [{ given: ['Ben'], family: 'Okafor' }] });
  for (const patient of [ana, ben]) {
    await medplum.createResource<Observation>({
      resourceType: 'Observation',
      status: 'final',
      code: { coding: [{ system: 'http://loinc.org', code: '8867-4', display: 'Heart rate' }] },
      identifier: [{ system: 'https://example.org/test-run', value: tag }],
      subject: { reference: `Patient/${patient.id}` },
      valueQuantity: { value: 72, unit: 'beats/minute', system: 'http://unitsofmeasure.org', code: '/min' },
    });
  }
  const bundle = await medplum.search('Observation', {
    identifier: `https://example.org/test-run|${tag}`,
    _include: 'Observation:subject',
  });
  const byObservation = patientsOfObservations(bundle);
  assert.equal(byObservation.size, 2);
  for (const [observation, patient] of byObservation) {
    assert.equal(`Patient/${patient?.id}`, observation.subject?.reference);
  }
  assert.deepEqual([...byObservation.values()].map((p) => p?.name?.[0]?.given?.[0]).sort(), ['Ana', 'Ben']);

  // A match whose subject did not come along maps to undefined.
  const orphan: Observation = {
    resourceType: 'Observation',
    id: 'obs-1',
    status: 'final',
    code: { text: 'Heart rate' },
    subject: { reference: 'Patient/0b6a3c52-7e1d-4f89-a2c4-9d5e8f1b3a70' },
  };
  const single: Bundle = {
    resourceType: 'Bundle',
    type: 'searchset',
    entry: [{ resource: orphan, search: { mode: 'match' } }],
  };
  assert.deepEqual([...patientsOfObservations(single)], [[orphan, undefined]]);
});
