/**
 * Runs the care plan examples (plans, the task queue, the diagnostic catalog, reference ranges)
 * against MockClient and validates every resource they build.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { createReference, validateResource } from '@medplum/core';
import type { Patient, Practitioner, RequestGroup, Resource, Task } from '@medplum/fhirtypes';
import { codeToken, GLUCOSE_BLOOD, HBA1C } from '../../../examples/careplans/codes';
import { createHba1cEntry, orderFromCatalog } from '../../../examples/careplans/diagnostic-catalog';
import { applyPlan, buildDiabetesFollowUp, tasksOf } from '../../../examples/careplans/plan';
import { buildGlucoseDefinition, interpret, recordGlucose } from '../../../examples/careplans/reference-ranges';
import { claimTask, completeTask, createTask, openQueue } from '../../../examples/careplans/tasks';
import { loadFullDefinitions, mockWithSearch } from './mock-with-search';

function valid(resource: Resource): void {
  assert.doesNotThrow(() => validateResource(resource), resource.resourceType);
}

describe('careplans/plan', () => {
  test('the PlanDefinition is valid and applyPlan reads the Tasks the server created', async () => {
    const medplum = mockWithSearch();
    const plan = await medplum.createResource(buildDiabetesFollowUp('intake-1'));
    valid(plan);
    const patient = await medplum.createResource<Patient>({ resourceType: 'Patient', name: [{ family: 'Lind' }] });

    // MockClient has no $apply: the stand-in does what the server does (one Task per action,
    // then a RequestGroup pointing at them) so the example's reading of the answer is exercised.
    const posted: string[] = [];
    const realPost = medplum.post.bind(medplum) as (...args: unknown[]) => Promise<unknown>;
    medplum.post = (async (url: URL | string, ...rest: unknown[]) => {
      if (!String(url).includes('$apply')) {
        return realPost(url, ...rest);
      }
      posted.push(String(url));
      const tasks = [];
      for (const action of plan.action ?? []) {
        tasks.push(await createTask(medplum, patient.id as string, action.description as string));
      }
      return medplum.createResource<RequestGroup>({
        resourceType: 'RequestGroup',
        status: 'active',
        intent: 'order',
        subject: createReference(patient),
        instantiatesCanonical: [`PlanDefinition/${plan.id}`],
        action: tasks.map((t, i) => ({ title: plan.action?.[i]?.title, resource: createReference(t) })),
      });
    }) as typeof medplum.post;

    const group = await applyPlan(medplum, plan.id as string, patient.id as string);
    assert.ok(posted[0].endsWith(`/PlanDefinition/${plan.id}/$apply`));
    valid(group);
    const tasks = await tasksOf(medplum, group);
    assert.deepEqual(
      tasks.map((t) => t.description),
      ['Patient completes the adult intake questionnaire', 'Collect blood for a Hemoglobin A1c test'],
    );
  });
});

describe('careplans/tasks', () => {
  test('the queue lists open tasks most urgent first; claim and complete update them', async () => {
    const medplum = mockWithSearch();
    const patient = await medplum.createResource<Patient>({ resourceType: 'Patient', name: [{ family: 'Queue' }] });
    const pid = patient.id as string;
    const routine = (await createTask(medplum, pid, 'Call back about results')) as Task & { id: string };
    const urgent = (await createTask(medplum, pid, 'Review critical glucose', 'urgent')) as Task & { id: string };
    valid(routine);
    const practitioner = (await medplum.createResource<Practitioner>({
      resourceType: 'Practitioner',
      name: [{ family: 'Nakamura' }],
    })) as Practitioner & { id: string };

    // The real server sorts by `priority-order`; MockClient does not reproduce that order reliably,
    // so the test checks the query the example sends and the set of tasks that come back.
    const searches: string[] = [];
    const realGet = medplum.get.bind(medplum);
    medplum.get = ((url: URL | string, ...rest: unknown[]) => {
      searches.push(String(url));
      return (realGet as (...args: unknown[]) => ReturnType<typeof medplum.get>)(url, ...rest);
    }) as typeof medplum.get;
    const queue = await openQueue(medplum, pid);
    assert.deepEqual(queue.map((t) => t.id).sort(), [urgent.id, routine.id].sort());
    const sent = new URL(searches.find((u) => u.includes('/Task?')) as string);
    assert.equal(sent.searchParams.get('_sort'), '-priority-order,authored-on');
    assert.equal(sent.searchParams.get('patient'), `Patient/${pid}`);

    const claimed = (await claimTask(medplum, urgent, practitioner)) as Task & { id: string };
    assert.equal(claimed.status, 'in-progress');
    assert.equal(claimed.owner?.reference, `Practitioner/${practitioner.id}`);
    await assert.rejects(claimTask(medplum, claimed, practitioner), /already owned/);

    const done = await completeTask(medplum, claimed, 'Spoke with patient');
    valid(done);
    assert.equal(done.status, 'completed');
    const stillOpen = await openQueue(medplum, pid);
    assert.deepEqual(
      stillOpen.map((t) => t.id),
      [routine.id],
    );
  });
});

describe('careplans/diagnostic-catalog', () => {
  test('creates linked, valid definitions and orders the test by its LOINC code', async () => {
    const medplum = mockWithSearch();
    const { activity, observation, specimen } = await createHba1cEntry(medplum);
    [activity, observation, specimen].forEach(valid);
    assert.equal(activity.observationResultRequirement?.[0]?.reference, `ObservationDefinition/${observation.id}`);
    assert.equal(activity.specimenRequirement?.[0]?.reference, `SpecimenDefinition/${specimen.id}`);

    const order = await orderFromCatalog(medplum, 'patient-1');
    valid(order);
    assert.equal(order.code?.coding?.[0]?.code, '4548-4');
    assert.deepEqual(order.instantiatesCanonical, [`ActivityDefinition/${activity.id}`]);
    await assert.rejects(orderFromCatalog(medplum, 'patient-1', GLUCOSE_BLOOD), /No active catalog entry/);
    assert.equal(codeToken(HBA1C), 'http://loinc.org|4548-4');
  });
});

describe('careplans/reference-ranges', () => {
  const adult: Patient = { resourceType: 'Patient', gender: 'female', birthDate: '1980-05-01' };
  const child: Patient = { resourceType: 'Patient', gender: 'male', birthDate: '2016-05-01' };

  test('interpret picks the interval for the patient and value', () => {
    loadFullDefinitions();
    const definition = buildGlucoseDefinition();
    valid(definition);
    const code = (p: Patient, v: number): string | undefined => interpret(definition, p, v).coding?.[0]?.code;
    assert.equal(code(adult, 85), 'N');
    assert.equal(code(adult, 65), 'L');
    assert.equal(code(child, 65), 'N');
    assert.equal(code(adult, 150), 'H');
    assert.equal(code(adult, 30), 'LL');
    assert.equal(code(child, 450), 'HH');
  });

  test('recordGlucose stores the value, its interpretation and the range that applied', async () => {
    const medplum = mockWithSearch();
    const patient = (await medplum.createResource(adult)) as Patient & { id: string };
    const obs = await recordGlucose(medplum, buildGlucoseDefinition(), patient, 112);
    valid(obs);
    assert.equal(obs.interpretation?.[0]?.coding?.[0]?.code, 'H');
    assert.equal(obs.referenceRange?.[0]?.low?.value, 70);
    assert.equal(obs.referenceRange?.[0]?.high?.value, 99);
    const found = await medplum.searchResources('Observation', { code: codeToken(GLUCOSE_BLOOD) });
    assert.equal(found.length, 1);
  });
});
