/**
 * Runs the Part 11 signature and access policy examples against MockClient. MockClient stores
 * Provenance like the server does (target references are stored as written, versioned ones
 * included), so the search by versioned reference is checked here.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { createReference, validateResource } from '@medplum/core';
import type { Observation, Practitioner } from '@medplum/fhirtypes';
import { mockWithSearch } from './mock-with-search';
import {
  isSignatureCurrent,
  officeOnlyPolicy,
  SIGNATURE_TYPE_SYSTEM,
  signaturesOnVersion,
  signRecord,
} from '../../../examples/compliance/part11';

describe('compliance part11 examples', () => {
  test('signRecord writes a Provenance with a versioned target and a signature meaning', async () => {
    const medplum = mockWithSearch();
    const doctor = await medplum.createResource<Practitioner>({
      resourceType: 'Practitioner',
      name: [{ given: ['Ada'], family: 'Lovelace' }],
    });
    const obs = await medplum.createResource<Observation>({
      resourceType: 'Observation',
      status: 'final',
      code: { coding: [{ system: 'http://loinc.org', code: '8867-4', display: 'Heart rate' }] },
      valueQuantity: { value: 72, unit: '/min', system: 'http://unitsofmeasure.org', code: '/min' },
    });

    const prov = await signRecord(medplum, obs, createReference(doctor), 'author');
    assert.equal(prov.target[0].reference, `Observation/${obs.id}/_history/${obs.meta?.versionId}`);
    assert.equal(prov.signature?.[0].type[0].system, SIGNATURE_TYPE_SYSTEM);
    assert.equal(prov.signature?.[0].type[0].code, '1.2.840.10065.1.12.1.1');
    assert.equal(prov.signature?.[0].who.reference, `Practitioner/${doctor.id}`);
    assert.equal(prov.agent[0].type?.coding?.[0].code, 'author');
    validateResource(prov);

    const found = await signaturesOnVersion(medplum, obs);
    assert.equal(found.length, 1);
    assert.equal(found[0].id, prov.id);
    assert.equal(isSignatureCurrent(obs, found[0]), true);

    const edited = await medplum.updateResource<Observation>({
      ...obs,
      valueQuantity: { ...obs.valueQuantity, value: 80 },
    });
    assert.notEqual(edited.meta?.versionId, obs.meta?.versionId);
    assert.equal(isSignatureCurrent(edited, found[0]), false);
    assert.equal((await signaturesOnVersion(medplum, edited)).length, 0);
  });

  test('signRecord refuses a record that was never stored', async () => {
    const medplum = mockWithSearch();
    await assert.rejects(
      signRecord(
        medplum,
        { resourceType: 'Observation', status: 'final', code: { text: 'x' } },
        { reference: 'Practitioner/1' },
        'review',
      ),
      /stored version/,
    );
  });

  test('officeOnlyPolicy allows the prefixes then blocks everything else', async () => {
    const medplum = mockWithSearch();
    const policy = officeOnlyPolicy('Office only', ['203.0.113.', '198.51.100.']);
    assert.deepEqual(
      policy.ipAccessRule?.map((r) => [r.value, r.action]),
      [
        ['203.0.113.', 'allow'],
        ['198.51.100.', 'allow'],
        ['*', 'block'],
      ],
    );
    validateResource(policy);
    const saved = await medplum.createResource(policy);
    assert.equal(saved.ipAccessRule?.length, 3);
  });
});
