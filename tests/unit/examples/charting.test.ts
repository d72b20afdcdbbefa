/**
 * Runs the charting examples against MockClient and validates every resource they build.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { createReference, validateResource } from '@medplum/core';
import type { Condition, Encounter, Patient } from '@medplum/fhirtypes';
import {
  activeProblems,
  addProblem,
  buildVitals,
  recordVitals,
  writeAssessment,
} from '../../../examples/charting/vitals';
import { loadFullDefinitions, mockWithSearch } from './mock-with-search';

const VITALS = { systolic: 132, diastolic: 84, heartRate: 72, weightKg: 91.2 };

describe('charting/vitals', () => {
  test('buildVitals makes valid vital-sign Observations with LOINC codes', () => {
    loadFullDefinitions();
    const obs = buildVitals({ reference: 'Patient/p' }, { reference: 'Encounter/e' }, VITALS, '2026-11-23T10:00:00Z');
    obs.forEach((o) => assert.doesNotThrow(() => validateResource(o)));
    assert.deepEqual(
      obs.map((o) => o.code.coding?.[0]?.code),
      ['85354-9', '8867-4', '29463-7'],
    );
    assert.deepEqual(
      obs[0].component?.map((c) => [c.code.coding?.[0]?.code, c.valueQuantity?.value]),
      [
        ['8480-6', 132],
        ['8462-4', 84],
      ],
    );
  });

  test('a visit: vitals in one transaction, a problem, and an assessment linking both', async () => {
    const medplum = mockWithSearch();
    const patient = (await medplum.createResource<Patient>({
      resourceType: 'Patient',
      name: [{ family: 'Berg' }],
    })) as Patient & { id: string };
    const encounter = (await medplum.createResource<Encounter>({
      resourceType: 'Encounter',
      status: 'in-progress',
      class: { system: 'http://terminology.hl7.org/CodeSystem/v3-ActCode', code: 'AMB', display: 'ambulatory' },
      subject: createReference(patient),
    })) as Encounter & { id: string };

    const vitals = await recordVitals(medplum, patient, encounter, VITALS);
    assert.equal(vitals.length, 3);
    assert.ok(vitals.every((o) => o.id));
    const stored = await medplum.searchResources('Observation', { encounter: `Encounter/${encounter.id}` });
    assert.equal(stored.length, 3);

    const problem = await addProblem(medplum, patient);
    assert.doesNotThrow(() => validateResource(problem));
    const problems = await activeProblems(medplum, patient.id);
    assert.deepEqual(
      problems.map((c) => c.code?.coding?.[0]?.code),
      ['44054006'],
    );

    const impression = await writeAssessment(
      medplum,
      encounter,
      problems[0] as Condition & { id: string },
      vitals,
      'BP above goal; recheck in 4 weeks.',
    );
    assert.doesNotThrow(() => validateResource(impression));
    assert.equal(impression.problem?.[0]?.reference, `Condition/${problems[0].id}`);
    assert.equal(impression.investigation?.[0]?.item?.length, 3);
    assert.equal(impression.subject.reference, `Patient/${patient.id}`);
  });
});
