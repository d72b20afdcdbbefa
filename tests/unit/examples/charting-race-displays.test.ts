/**
 * Runs raceDisplays on a patient stored in MockClient with two OMB race categories, where
 * getExtensionValue would give only the first.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { getExtensionValue } from '@medplum/core';
import type { Coding, Patient } from '@medplum/fhirtypes';
import { MockClient } from '@medplum/mock';
import { raceDisplays } from '../../../examples/charting/race-displays';

const RACE = 'http://hl7.org/fhir/us/core/StructureDefinition/us-core-race';
const OMB = 'urn:oid:2.16.840.1.113883.6.238';

test('raceDisplays lists every OMB race category, in order', async () => {
  const medplum = new MockClient();
  const patient = await medplum.createResource<Patient>({
    resourceType: 'Patient',
    name: [{ given: ['Grace'], family: 'Kim' }],
    extension: [
      {
        url: RACE,
        extension: [
          { url: 'ombCategory', valueCoding: { system: OMB, code: '2106-3', display: 'White' } },
          { url: 'ombCategory', valueCoding: { system: OMB, code: '2028-9', display: 'Asian' } },
          { url: 'text', valueString: 'White, Asian' },
        ],
      },
    ],
  });
  const stored = await medplum.readResource('Patient', patient.id as string);
  assert.deepEqual(raceDisplays(stored), ['White', 'Asian']);
  assert.equal((getExtensionValue(stored, RACE, 'ombCategory') as Coding | undefined)?.display, 'White');
  assert.deepEqual(raceDisplays({ resourceType: 'Patient' }), []);
});
