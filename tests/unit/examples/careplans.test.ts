/**
 * Runs the care plan examples (plans, the task queue, the diagnostic catalog, reference ranges)
 * against MockClient and validates every resource they build.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { createReference, evalFhirPathTyped, getExtension, toTypedValue, validateResource } from '@medplum/core';
import type {
  ActivityDefinition,
  CarePlan,
  Parameters,
  Patient,
  Practitioner,
  Questionnaire,
  Reference,
  RequestGroup,
  Resource,
  ServiceRequest,
  Task,
} from '@medplum/fhirtypes';
import { codeToken, GLUCOSE_BLOOD, HBA1C } from '../../../examples/careplans/codes';
import { createHba1cEntry, orderFromCatalog } from '../../../examples/careplans/diagnostic-catalog';
import {
  applyPlan,
  buildDiabetesFollowUp,
  buildHba1cActivity,
  TASK_ELEMENTS_URL,
  tasksOf,
} from '../../../examples/careplans/plan';
import { buildGlucoseDefinition, interpret, recordGlucose } from '../../../examples/careplans/reference-ranges';
import { claimTask, completeTask, createTask, openQueue } from '../../../examples/careplans/tasks';
import { loadFullDefinitions, mockWithSearch } from './mock-with-search';

function valid(resource: Resource): void {
  assert.doesNotThrow(() => validateResource(resource), resource.resourceType);
}

describe('careplans/plan', () => {
  test('the definitions are valid and applyPlan follows the CarePlan to the Tasks the server created', async () => {
    const medplum = mockWithSearch();
    const questionnaireUrl = 'https://example.org/fhir/Questionnaire/adult-intake';
    const labUrl = 'https://example.org/fhir/ActivityDefinition/order-hba1c';
    await medplum.createResource<Questionnaire>({
      resourceType: 'Questionnaire',
      url: questionnaireUrl,
      status: 'active',
    });
    const activity = await medplum.createResource(buildHba1cActivity(labUrl));
    valid(activity);
    const plan = await medplum.createResource(buildDiabetesFollowUp(questionnaireUrl, labUrl));
    valid(plan);
    const patient = await medplum.createResource<Patient>({ resourceType: 'Patient', name: [{ family: 'Lind' }] });
    const practitioner = await medplum.createResource<Practitioner>({
      resourceType: 'Practitioner',
      name: [{ family: 'Okafor' }],
    });

    // MockClient has no $apply. The stand-in does what the server's handler does: it finds each
    // action's definition by canonical URL, creates a draft ServiceRequest for a ServiceRequest-kind
    // ActivityDefinition, takes owner and performerType from the task-elements extension, creates one
    // Task per action, a RequestGroup listing them and a CarePlan whose activity points at the group.
    const posted: { url: string; body: Parameters }[] = [];
    const realPost = medplum.post.bind(medplum) as (...args: unknown[]) => Promise<unknown>;
    medplum.post = (async (url: URL | string, body: unknown, ...rest: unknown[]) => {
      if (!String(url).includes('$apply')) {
        return realPost(url, body, ...rest);
      }
      const params = body as Parameters;
      posted.push({ url: String(url), body: params });
      const subject = { reference: params.parameter?.find((p) => p.name === 'subject')?.valueString as string };
      const practitionerRef = params.parameter?.find((p) => p.name === 'practitioner')?.valueString;
      const actions = [];
      for (const action of plan.action ?? []) {
        const questionnaire = await medplum.searchOne('Questionnaire', { url: action.definitionCanonical as string });
        const definition = await medplum.searchOne('ActivityDefinition', { url: action.definitionCanonical as string });
        const task: Task = {
          resourceType: 'Task',
          status: 'requested',
          intent: 'order',
          code: { text: action.title },
          description: action.description,
          for: subject,
          basedOn: [{ reference: `PlanDefinition/${plan.id}`, display: plan.title }],
        };
        if (questionnaire) {
          task.input = [
            {
              type: { text: 'Questionnaire' },
              valueReference: { reference: `Questionnaire/${questionnaire.id}`, display: action.title },
            },
          ];
        } else if (definition?.kind === 'ServiceRequest') {
          const order = await medplum.createResource<ServiceRequest>({
            resourceType: 'ServiceRequest',
            status: 'draft',
            intent: 'order',
            subject,
            code: definition.code,
          });
          task.input = [
            {
              type: { text: 'ServiceRequest' },
              valueReference: { reference: `ServiceRequest/${order.id}`, display: action.title },
            },
          ];
          const elements = getExtension(definition, TASK_ELEMENTS_URL);
          const ownerExpression = getExtension(elements, 'owner')?.valueExpression?.expression;
          const practitionerValue = practitionerRef ? { reference: practitionerRef } : undefined;
          const owner = ownerExpression
            ? evalFhirPathTyped(ownerExpression, [toTypedValue({})], {
                '%practitioner': toTypedValue(practitionerValue),
              })[0]?.value
            : undefined;
          task.owner = owner as Task['owner'];
          const performerType = getExtension(elements, 'performerType')?.valueCodeableConcept;
          task.performerType = performerType ? [performerType] : undefined;
        }
        task.focus = task.input?.[0]?.valueReference;
        const created = await medplum.createResource(task);
        actions.push({ title: action.title, resource: createReference(created) });
      }
      const group = await medplum.createResource<RequestGroup>({
        resourceType: 'RequestGroup',
        status: 'active',
        intent: 'order',
        subject,
        instantiatesCanonical: [plan.url as string],
        action: actions,
      });
      return medplum.createResource<CarePlan>({
        resourceType: 'CarePlan',
        status: 'active',
        intent: 'plan',
        subject,
        instantiatesCanonical: [plan.url as string],
        activity: [{ reference: createReference(group) }],
      });
    }) as typeof medplum.post;

    const carePlan = await applyPlan(medplum, plan.id as string, patient.id as string, practitioner.id as string);
    assert.ok(posted[0].url.endsWith(`/PlanDefinition/${plan.id}/$apply`));
    assert.deepEqual(posted[0].body.parameter, [
      { name: 'subject', valueString: `Patient/${patient.id}` },
      { name: 'practitioner', valueString: `Practitioner/${practitioner.id}` },
    ]);
    valid(posted[0].body);
    valid(carePlan);
    assert.equal(carePlan.resourceType, 'CarePlan');
    const tasks = await tasksOf(medplum, carePlan);
    tasks.forEach(valid);
    assert.deepEqual(
      tasks.map((t) => t.description),
      ['Patient completes the adult intake questionnaire', 'Collect blood for a Hemoglobin A1c test'],
    );
    assert.equal(tasks[0].owner, undefined);
    assert.match(tasks[0].focus?.reference ?? '', /^Questionnaire\//);
    assert.equal(tasks[1].owner?.reference, `Practitioner/${practitioner.id}`);
    assert.equal(tasks[1].performerType?.[0]?.text, 'Phlebotomist');
    const order = await medplum.readReference(tasks[1].focus as Reference<ServiceRequest>);
    assert.equal(order.status, 'draft');
    assert.equal(order.code?.coding?.[0]?.code, '4548-4');
    assert.deepEqual(
      await tasksOf(medplum, {
        resourceType: 'CarePlan',
        status: 'active',
        intent: 'plan',
        subject: createReference(patient),
      }),
      [],
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

    const done = await completeTask(medplum, claimed, practitioner, 'Spoke with patient');
    valid(done);
    assert.equal(done.status, 'completed');
    const note = done.note?.at(-1);
    assert.equal(note?.text, 'Spoke with patient');
    assert.equal(note?.authorReference?.reference, `Practitioner/${practitioner.id}`);
    assert.equal(note?.time, done.lastModified);
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

    const order = await orderFromCatalog(medplum, '3f9a6c2e-7b41-4d8e-a5c0-1e2d7f8b9c64');
    valid(order);
    assert.equal(order.code?.coding?.[0]?.code, '4548-4');
    assert.deepEqual(order.instantiatesCanonical, ['https://example.org/fhir/ActivityDefinition/hba1c-test']);
    await assert.rejects(
      orderFromCatalog(medplum, '3f9a6c2e-7b41-4d8e-a5c0-1e2d7f8b9c64', GLUCOSE_BLOOD),
      /No active catalog entry/,
    );
    // An entry without a canonical url cannot be named in instantiatesCanonical: no order is written.
    await medplum.createResource<ActivityDefinition>({
      resourceType: 'ActivityDefinition',
      status: 'active',
      kind: 'ServiceRequest',
      code: { coding: [GLUCOSE_BLOOD] },
    });
    await assert.rejects(
      orderFromCatalog(medplum, '3f9a6c2e-7b41-4d8e-a5c0-1e2d7f8b9c64', GLUCOSE_BLOOD),
      /has no canonical url/,
    );
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
    const code = (p: Patient, v: number): string | undefined => interpret(definition, p, v)?.coding?.[0]?.code;
    assert.equal(code(adult, 85), 'N');
    assert.equal(code(adult, 65), 'L');
    assert.equal(code(child, 65), 'N');
    assert.equal(code(adult, 150), 'H');
    assert.equal(code(adult, 30), 'LL');
    assert.equal(code(child, 450), 'HH');
    const noBirthDate: Patient = { resourceType: 'Patient', gender: 'female' };
    assert.equal(code(noBirthDate, 85), undefined);
    assert.equal(code(noBirthDate, 30), 'LL');
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
