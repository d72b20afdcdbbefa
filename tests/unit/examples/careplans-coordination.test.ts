/**
 * Runs the care coordination examples (care teams and queues, care plans and goals, decision
 * support bots, episodes of care, PlanDefinition/$apply) against MockClient and validates every
 * resource they build.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { BotEvent, CdsRequest } from '@medplum/core';
import {
  createReference,
  evalFhirPathTyped,
  getExtension,
  getReferenceString,
  toTypedValue,
  validateResource,
} from '@medplum/core';
import type {
  ActivityDefinition,
  Bot,
  Bundle,
  CarePlan,
  Condition,
  Observation,
  Organization,
  Parameters,
  Patient,
  PlanDefinition,
  Practitioner,
  Questionnaire,
  Reference,
  RequestGroup,
  RequestGroupAction,
  Resource,
  ServiceRequest,
  Task,
} from '@medplum/fhirtypes';
import type { MockClient } from '@medplum/mock';
import { HBA1C } from '../../../examples/careplans/codes';
import {
  applyOnce,
  applyParameters,
  buildDietitianReferralActivity,
  buildHba1cGoal,
  buildHba1cSubscription,
  buildProtocol,
  caseload,
  cdsHandler,
  changeEpisodeStatus,
  collectApplied,
  createCareTeam,
  createDiabetesCarePlan,
  createOwnedTask,
  createRoleTask,
  delegateTask,
  endParticipation,
  episodeEncounters,
  handler,
  hba1cCards,
  judgeProgress,
  myQueue,
  openEpisode,
  recordEpisodeVisit,
  recordHba1c,
  reviewGoal,
  registerCdsService,
  ROLES,
  runPatientViewHooks,
  roleQueue,
  signOrders,
  TASK_ELEMENTS,
} from '../../../examples/careplans/coordination';
import { buildHba1cActivity } from '../../../examples/careplans/plan';
import { mockWithSearch } from './mock-with-search';

function valid(resource: Resource): void {
  assert.doesNotThrow(() => validateResource(resource), resource.resourceType);
}

async function people(medplum: MockClient) {
  const patient = await medplum.createResource<Patient>({ resourceType: 'Patient', name: [{ family: 'Reyes' }] });
  const nurse = await medplum.createResource<Practitioner>({ resourceType: 'Practitioner', name: [{ family: 'Ode' }] });
  const doctor = await medplum.createResource<Practitioner>({
    resourceType: 'Practitioner',
    name: [{ family: 'Hale' }],
  });
  const dietitian = await medplum.createResource<Practitioner>({
    resourceType: 'Practitioner',
    name: [{ family: 'Vu' }],
  });
  const clinic = await medplum.createResource<Organization>({
    resourceType: 'Organization',
    name: 'Nutrition Partners',
  });
  return { patient, nurse, doctor, dietitian, clinic };
}

function botEvent<T>(input: T): BotEvent<T> {
  return { bot: { reference: 'Bot/test' }, contentType: 'application/fhir+json', input, secrets: {} } as BotEvent<T>;
}

describe('careplans/coordination: care teams and queues', () => {
  test('care team with roles and onBehalfOf; role queue, team queue, delegation', async () => {
    const medplum = mockWithSearch();
    const { patient, nurse, doctor, dietitian, clinic } = await people(medplum);
    const team = await createCareTeam(
      medplum,
      createReference(patient),
      [
        { practitioner: createReference(doctor), role: ROLES.physician },
        { practitioner: createReference(nurse), role: ROLES.nurse },
        { practitioner: createReference(dietitian), role: ROLES.dietitian, onBehalfOf: createReference(clinic) },
      ],
      '2026-01-05',
    );
    valid(team);
    assert.equal(team.participant?.length, 3);
    assert.equal(team.participant?.[2].onBehalfOf?.reference, getReferenceString(clinic));
    assert.equal(team.category?.[0].coding?.[0].code, 'LA28865-6');

    const ended = await endParticipation(medplum, team, createReference(dietitian), '2026-06-30');
    valid(ended);
    assert.equal(ended.participant?.[2].period?.end, '2026-06-30');
    assert.equal(ended.participant?.[0].period?.end, undefined);

    const forNurse = await createRoleTask(
      medplum,
      createReference(patient),
      ROLES.nurse,
      'Foot check call',
      createReference(team),
    );
    const forDoctor = await createRoleTask(medplum, createReference(patient), ROLES.physician, 'Sign lab order');
    const forTeam = await createOwnedTask(
      medplum,
      createReference(patient),
      createReference(team),
      'Weekly huddle review',
    );
    const forNurseByName = await createOwnedTask(
      medplum,
      createReference(patient),
      createReference(nurse),
      'Call back',
    );
    [forNurse, forDoctor, forTeam, forNurseByName].forEach(valid);

    const nurseQueue = await roleQueue(medplum, ROLES.nurse);
    assert.deepEqual(
      nurseQueue.map((t) => t.id),
      [forNurse.id],
    );

    const nurseOwn = await myQueue(medplum, createReference(nurse));
    assert.deepEqual(nurseOwn.map((t) => t.id).sort(), [forTeam.id, forNurseByName.id].sort());

    const delegated = await delegateTask(
      medplum,
      forNurseByName,
      createReference(doctor),
      createReference(nurse),
      'Needs a prescriber',
    );
    valid(delegated);
    assert.equal(delegated.owner?.reference, getReferenceString(doctor));
    assert.equal(delegated.note?.[0].text, 'Needs a prescriber');
    const doctorQueue = await myQueue(medplum, createReference(doctor));
    assert.ok(doctorQueue.some((t) => t.id === forNurseByName.id));
  });
});

describe('careplans/coordination: care plans and goals', () => {
  test('goal with LOINC target, care plan with activities, progress from Observations', async () => {
    const medplum = mockWithSearch();
    const { patient, nurse } = await people(medplum);
    const team = await createCareTeam(
      medplum,
      createReference(patient),
      [{ practitioner: createReference(nurse), role: ROLES.nurse }],
      '2026-01-05',
    );
    const goal = buildHba1cGoal(createReference(patient), '2026-12-31');
    valid(goal);
    const plan = await createDiabetesCarePlan(medplum, createReference(patient), createReference(team), goal);
    valid(plan);
    assert.equal(plan.goal?.length, 1);
    assert.equal(plan.activity?.[0].detail?.goal?.[0].reference, plan.goal?.[0].reference);
    const savedGoal = await medplum.readReference(plan.goal?.[0] as Reference<typeof goal>);
    valid(savedGoal);

    assert.equal(judgeProgress(undefined, undefined, 7), 'in-progress');
    assert.equal(judgeProgress(8.1, undefined, 7), 'in-progress');
    assert.equal(judgeProgress(7.5, 8.1, 7), 'improving');
    assert.equal(judgeProgress(8.4, 8.1, 7), 'worsening');
    assert.equal(judgeProgress(6.8, 7.5, 7), 'achieved');

    const first = await recordHba1c(medplum, createReference(patient), 8.1, '2026-02-01');
    valid(first);
    const second = await recordHba1c(medplum, createReference(patient), 7.4, '2026-05-01');
    const reviewed = await reviewGoal(medplum, savedGoal);
    valid(reviewed);
    assert.equal(reviewed.achievementStatus?.coding?.[0].code, 'improving');
    assert.equal(reviewed.outcomeReference?.[0].reference, getReferenceString(second));
    assert.equal(reviewed.lifecycleStatus, 'active');
  });
});

describe('careplans/coordination: decision support', () => {
  test('rule bot opens one urgent nurse task for a high HbA1c and ignores normal ones', async () => {
    const medplum = mockWithSearch();
    const { patient } = await people(medplum);
    const sub = buildHba1cSubscription({ reference: 'Bot/123' });
    valid(sub);
    assert.equal(sub.criteria, 'Observation?code=http://loinc.org|4548-4');
    const normal = await recordHba1c(medplum, createReference(patient), 6.5, '2026-03-01');
    assert.equal(await handler(medplum, botEvent(normal)), undefined);
    const high = await recordHba1c(medplum, createReference(patient), 10.2, '2026-03-02');
    const task = (await handler(medplum, botEvent(high))) as Task;
    valid(task);
    assert.equal(task.priority, 'urgent');
    assert.equal(task.focus?.reference, getReferenceString(high));
    assert.equal(task.performerType?.[0].coding?.[0].code, '224535009');
    const again = (await handler(medplum, botEvent(high))) as Task;
    assert.equal(again.id, task.id);
    assert.equal((await medplum.searchResources('Task', { focus: getReferenceString(high) })).length, 1);
  });

  test('CDS service bot: registration, cards from prefetch or from a search, client call with prefetch', async () => {
    const medplum = mockWithSearch();
    const { patient, doctor } = await people(medplum);
    const created = await medplum.createResource<Bot>({ resourceType: 'Bot', name: 'hba1c-patient-view' });
    const bot = await registerCdsService(medplum, created);
    valid(bot);
    assert.equal(bot.cdsService?.hook, 'patient-view');
    assert.equal(bot.cdsService?.prefetch?.length, 2);

    const now = new Date('2026-11-25T12:00:00Z');
    assert.deepEqual(
      hba1cCards(undefined, now).map((c) => c.indicator),
      ['warning'],
    );
    const old: Observation = {
      resourceType: 'Observation',
      status: 'final',
      code: { coding: [HBA1C] },
      effectiveDateTime: '2026-01-10',
      valueQuantity: { value: 9.4, unit: '%' },
    };
    assert.deepEqual(
      hba1cCards(old, now).map((c) => c.indicator),
      ['critical', 'warning'],
    );

    const prefetched: Bundle<Observation> = { resourceType: 'Bundle', type: 'searchset', entry: [{ resource: old }] };
    const fromPrefetch = await cdsHandler(
      medplum,
      botEvent({
        hook: 'patient-view',
        hookInstance: 'a1',
        context: { patientId: patient.id },
        prefetch: { hba1c: prefetched },
      }),
    );
    assert.equal(fromPrefetch.cards[0].indicator, 'critical');

    await recordHba1c(medplum, createReference(patient), 6.2, new Date().toISOString());
    const fromSearch = await cdsHandler(
      medplum,
      botEvent({
        hook: 'patient-view',
        hookInstance: 'a2',
        context: { patientId: patient.id },
      }),
    );
    assert.deepEqual(fromSearch.cards, []);

    // MockClient has no /cds-services routes: answer discovery the way the server does (from the
    // bot's cdsService, prefetch flattened to an object) and run the handler for the call.
    const calls: string[] = [];
    const sent: CdsRequest[] = [];
    const realGet = medplum.get.bind(medplum) as (...args: unknown[]) => Promise<unknown>;
    medplum.get = (async (url: URL | string, ...rest: unknown[]) => {
      if (!String(url).includes('cds-services')) {
        return realGet(url, ...rest);
      }
      calls.push(String(url));
      const service = bot.cdsService as NonNullable<Bot['cdsService']>;
      return {
        services: [
          {
            id: bot.id,
            hook: service.hook,
            title: service.title,
            description: service.description,
            prefetch: Object.fromEntries((service.prefetch ?? []).map((p) => [p.key, p.query])),
          },
          { id: 'other', hook: 'order-sign', prefetch: {} },
        ],
      };
    }) as typeof medplum.get;
    medplum.post = (async (url: URL | string, body: unknown) => {
      calls.push(String(url));
      sent.push(body as CdsRequest);
      return cdsHandler(medplum, botEvent(body as CdsRequest));
    }) as typeof medplum.post;
    const cards = await runPatientViewHooks(medplum, doctor as Practitioner & { id: string }, patient.id as string);
    assert.deepEqual(cards, []);
    assert.ok(calls[0].endsWith('/cds-services'));
    assert.equal(calls.length, 2);
    assert.ok(calls[1].endsWith(`/cds-services/${bot.id}`));
    assert.equal(sent[0].hook, 'patient-view');
    assert.equal(sent[0].context.userId, getReferenceString(doctor));
    assert.equal((sent[0].prefetch?.patient as Patient).id, patient.id);
    assert.equal((sent[0].prefetch?.hba1c as Bundle).entry?.length, 1);
  });
});

describe('careplans/coordination: episodes of care', () => {
  test('episode with diagnosis and team, status history, encounters and caseload', async () => {
    const medplum = mockWithSearch();
    const { patient, nurse, clinic } = await people(medplum);
    const condition = await medplum.createResource<Condition>({
      resourceType: 'Condition',
      subject: createReference(patient),
      code: { coding: [{ system: 'http://snomed.info/sct', code: '44054006', display: 'Diabetes mellitus type 2' }] },
    });
    const team = await createCareTeam(
      medplum,
      createReference(patient),
      [{ practitioner: createReference(nurse), role: ROLES.nurse }],
      '2026-01-05',
    );
    const episode = await openEpisode(
      medplum,
      createReference(patient),
      createReference(condition),
      createReference(nurse),
      createReference(team),
      createReference(clinic),
      '2026-01-05',
    );
    valid(episode);
    const v1 = await recordEpisodeVisit(medplum, episode, '2026-03-01T09:00:00Z', '2026-03-01T09:30:00Z');
    const v2 = await recordEpisodeVisit(medplum, episode, '2026-01-10T09:00:00Z', '2026-01-10T09:30:00Z');
    valid(v1);
    const visits = await episodeEncounters(medplum, episode);
    assert.deepEqual(visits.map((e) => e.id).sort(), [v1.id, v2.id].sort());

    assert.deepEqual(
      (await caseload(medplum, createReference(nurse))).map((e) => e.id),
      [episode.id],
    );

    const paused = await changeEpisodeStatus(medplum, episode, 'onhold', '2026-04-01');
    valid(paused);
    const finished = await changeEpisodeStatus(medplum, paused, 'finished', '2026-09-01');
    valid(finished);
    assert.deepEqual(finished.statusHistory, [
      { status: 'active', period: { start: '2026-01-05', end: '2026-04-01' } },
      { status: 'onhold', period: { start: '2026-04-01', end: '2026-09-01' } },
    ]);
    assert.equal(finished.period?.end, '2026-09-01');
    assert.equal((await caseload(medplum, createReference(nurse))).length, 0);
  });
});

describe('careplans/coordination: PlanDefinition/$apply', () => {
  test('parameters, applyOnce, what the server creates per action kind, signing draft orders', async () => {
    const medplum = mockWithSearch();
    const { patient, doctor, clinic } = await people(medplum);
    const qUrl = 'https://example.org/fhir/Questionnaire/diabetes-self-assessment';
    const labUrl = 'https://example.org/fhir/ActivityDefinition/baseline-hba1c';
    const dietUrl = 'https://example.org/fhir/ActivityDefinition/dietitian-intro';
    await medplum.createResource<Questionnaire>({ resourceType: 'Questionnaire', url: qUrl, status: 'active' });
    const lab = await medplum.createResource(buildHba1cActivity(labUrl));
    const diet = await medplum.createResource(buildDietitianReferralActivity(dietUrl));
    valid(diet);
    const plan = (await medplum.createResource(buildProtocol(qUrl, labUrl, dietUrl))) as PlanDefinition & {
      id: string;
    };
    valid(plan);

    const params = applyParameters(createReference(patient), {
      practitioner: createReference(doctor),
      organization: createReference(clinic),
    });
    valid(params);
    assert.deepEqual(
      params.parameter?.map((p) => p.name),
      ['subject', 'practitioner', 'organization'],
    );

    // MockClient has no $apply: this stand-in follows the server handler (definitions found by url,
    // draft ServiceRequest for ServiceRequest-kind ActivityDefinitions, task-elements owner and
    // performerType for any ActivityDefinition, a RequestGroup and a CarePlan).
    let applyCalls = 0;
    const realPost = medplum.post.bind(medplum) as (...args: unknown[]) => Promise<unknown>;
    medplum.post = (async (url: URL | string, body: unknown, ...rest: unknown[]) => {
      if (!String(url).endsWith('$apply')) {
        return realPost(url, body, ...rest);
      }
      applyCalls++;
      const input = (name: string) => (body as Parameters).parameter?.find((p) => p.name === name)?.valueString;
      const subject = { reference: input('subject') as string };
      const vars = {
        '%practitioner': toTypedValue(input('practitioner') ? { reference: input('practitioner') } : undefined),
        '%organization': toTypedValue(input('organization') ? { reference: input('organization') } : undefined),
        '%subject': toTypedValue(subject),
      };
      const actions: RequestGroupAction[] = [];
      for (const action of plan.action ?? []) {
        const def = action.definitionCanonical
          ? ((await medplum.searchOne('Questionnaire', { url: action.definitionCanonical })) ??
            (await medplum.searchOne('ActivityDefinition', { url: action.definitionCanonical })))
          : undefined;
        const task: Task = {
          resourceType: 'Task',
          status: 'requested',
          intent: 'order',
          code: { text: action.title },
          description: action.description,
          for: subject,
          authoredOn: new Date().toISOString(),
          basedOn: [{ reference: getReferenceString(plan), display: plan.title }],
        };
        if (def?.resourceType === 'Questionnaire') {
          task.input = [
            {
              type: { text: 'Questionnaire' },
              valueReference: { reference: getReferenceString(def), display: action.title },
            },
          ];
        } else if (def?.resourceType === 'ActivityDefinition') {
          const ad = def as ActivityDefinition;
          const elements = getExtension(ad, TASK_ELEMENTS);
          const expr = getExtension(elements, 'owner')?.valueExpression?.expression;
          task.owner = expr
            ? (evalFhirPathTyped(expr, [toTypedValue({})], vars)[0]?.value as Task['owner'])
            : undefined;
          const pt = getExtension(elements, 'performerType')?.valueCodeableConcept;
          task.performerType = pt ? [pt] : undefined;
          if (ad.kind === 'ServiceRequest') {
            const order = await medplum.createResource<ServiceRequest>({
              resourceType: 'ServiceRequest',
              status: 'draft',
              intent: ad.intent as ServiceRequest['intent'],
              subject,
              code: ad.code,
            });
            task.input = [
              {
                type: { text: 'ServiceRequest' },
                valueReference: { reference: getReferenceString(order), display: action.title },
              },
            ];
          }
        }
        task.focus = task.input?.[0]?.valueReference;
        actions.push({ title: action.title, resource: createReference(await medplum.createResource(task)) });
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

    const carePlan = await applyOnce(medplum, plan, createReference(patient), {
      practitioner: createReference(doctor),
      organization: createReference(clinic),
    });
    valid(carePlan);
    const { group, tasks, orders } = await collectApplied(medplum, carePlan);
    valid(group);
    tasks.forEach(valid);
    assert.deepEqual(
      tasks.map((t) => t.code?.text),
      ['Diabetes self-assessment', 'Baseline HbA1c', 'Dietitian introduction', 'Give glucose meter'],
    );
    assert.match(tasks[0].focus?.reference ?? '', /^Questionnaire\//);
    assert.equal(tasks[0].owner, undefined);
    assert.equal(tasks[1].owner?.reference, getReferenceString(doctor));
    assert.equal(tasks[2].owner?.reference, getReferenceString(clinic));
    assert.equal(tasks[2].performerType?.[0].coding?.[0].code, '159033005');
    assert.equal(tasks[2].focus, undefined);
    assert.equal(tasks[3].owner, undefined);
    assert.equal(orders.length, 1);
    assert.equal(orders[0].status, 'draft');
    assert.equal(orders[0].code?.coding?.[0].code, lab.code?.coding?.[0].code);

    const again = await applyOnce(medplum, plan, createReference(patient));
    assert.equal(again.id, carePlan.id);
    assert.equal(applyCalls, 1);

    const signed = await signOrders(medplum, orders, createReference(doctor));
    signed.forEach(valid);
    assert.equal(signed[0].status, 'active');
    assert.equal(signed[0].requester?.reference, getReferenceString(doctor));
  });
});
