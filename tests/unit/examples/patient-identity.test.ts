/**
 * Runs the patient identity examples (match results, master records, matching jobs) against
 * MockClient and checks what they stored.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { createReference, getReferenceString } from '@medplum/core';
import type { WithId } from '@medplum/core';
import type {
  AllergyIntolerance,
  Bot,
  Observation,
  Patient,
  Provenance,
  RiskAssessment,
  Task,
} from '@medplum/fhirtypes';
import { mockWithSearch } from './mock-with-search';
import { onServer } from '../../server/on-server';
import { makeBotEvent } from '../../../examples/bots/local-runner';
import {
  DUPLICATE_REVIEW,
  isDoNotMatch,
  recordMatch,
  rejectMatch,
  requestReview,
} from '../../../examples/patient-identity/match-results';
import { mergePatients, promoteFields, unmergePatients } from '../../../examples/patient-identity/master-records';
import {
  matchOne,
  NIGHTLY,
  newPatientSubscription,
  nightlyMatch,
  onNewPatient,
  scorePair,
} from '../../../examples/patient-identity/matching-jobs';
import { isValidFiveFieldCron } from './support/cron-check';

const MRN = 'https://example.org/fhir/mrn';

function maria(mrn: string, phone: string, extra: Partial<Patient> = {}): Patient {
  return {
    resourceType: 'Patient',
    identifier: [{ system: MRN, value: mrn }],
    name: [{ given: ['Maria'], family: 'Santos' }],
    birthDate: '1984-02-29',
    telecom: [{ system: 'phone', value: phone }],
    ...extra,
  };
}

describe('patient-identity/match-results', () => {
  test('recordMatch stores one RiskAssessment per pair and rule, requestReview and rejectMatch close the loop', async () => {
    const medplum = mockWithSearch();
    const a = await medplum.createResource(maria('MRN-40230917', '617-555-0142'));
    const b = await medplum.createResource(maria('MRN-58861204', '(617) 555-0142'));

    const first = await recordMatch(medplum, b, a, 0.7, 'demographics-v1');
    assert.equal(first.status, 'preliminary');
    assert.equal(first.subject.reference, getReferenceString(b));
    assert.deepEqual(
      first.basis?.map((r) => r.reference),
      [getReferenceString(a)],
    );
    assert.equal(first.prediction?.[0]?.probabilityDecimal, 0.7);
    assert.equal(first.prediction?.[0]?.qualitativeRisk?.coding?.[0]?.code, 'high');

    // Scoring the same pair again with the same rule updates the stored assessment.
    const again = await recordMatch(medplum, b, a, 0.95, 'demographics-v1');
    assert.equal(again.id, first.id);
    assert.equal(again.prediction?.[0]?.qualitativeRisk?.coding?.[0]?.code, 'certain');
    const all = await medplum.searchResources(
      'RiskAssessment',
      { subject: getReferenceString(b) },
      { cache: 'no-cache' },
    );
    assert.equal(all.length, 1);
    // Found again from the other side (a nightly run, say), the pair keeps its one assessment.
    const reversed = await recordMatch(medplum, a, b, 0.95, 'demographics-v1');
    assert.equal(reversed.id, first.id);
    assert.equal(reversed.subject.reference, getReferenceString(b));
    assert.deepEqual(
      (await medplum.searchResources('RiskAssessment', { subject: getReferenceString(a) }, { cache: 'no-cache' }))
        .length,
      0,
    );
    // The score is searchable as `probability` on the server; MockClient does not evaluate that
    // number search (RiskAssessment.prediction.probability is a choice element) and finds nothing.
    const strongest = await medplum.searchResources('RiskAssessment', { probability: 'ge0.9' }, { cache: 'no-cache' });
    assert.deepEqual(
      strongest.map((r) => r.id),
      onServer ? [first.id] : [],
    );

    const task = await requestReview(medplum, again);
    assert.equal(task.status, 'requested');
    assert.equal(task.priority, 'urgent');
    assert.equal(task.focus?.reference, getReferenceString(again));
    assert.equal(task.for?.reference, getReferenceString(b));
    // The reviewers' queue is one search by the Task's code.
    const queue = await medplum.searchResources(
      'Task',
      { code: `${DUPLICATE_REVIEW.system}|${DUPLICATE_REVIEW.code}`, status: 'requested' },
      { cache: 'no-cache' },
    );
    assert.deepEqual(
      queue.map((t) => t.id),
      [task.id],
    );

    assert.equal(await isDoNotMatch(medplum, getReferenceString(a), getReferenceString(b)), false);
    await rejectMatch(medplum, again, task);
    assert.equal(await isDoNotMatch(medplum, getReferenceString(a), getReferenceString(b)), true);
    assert.equal(await isDoNotMatch(medplum, getReferenceString(b), getReferenceString(a)), true);
    const closed = await medplum.readResource('Task', task.id);
    assert.equal(closed.status, 'completed');
    const final = await medplum.readResource('RiskAssessment', again.id);
    assert.equal(final.status, 'final');
    assert.equal(final.prediction?.[0]?.qualitativeRisk?.coding?.[0]?.code, 'negligible');
    assert.equal(final.prediction?.[0]?.probabilityDecimal, 0.95);
  });
});

describe('patient-identity/master-records', () => {
  test('promoteFields adds what the master lacks and marks carried identifiers old', () => {
    const { master, added } = promoteFields(
      { resourceType: 'Patient', identifier: [{ system: MRN, value: 'MRN-40230917' }], gender: 'female' },
      maria('MRN-58861204', '617-555-0142', { gender: 'male' }),
    );
    assert.deepEqual(
      master.identifier?.map((i) => `${i.value}:${i.use ?? ''}`),
      ['MRN-40230917:', 'MRN-58861204:old'],
    );
    assert.equal(master.birthDate, '1984-02-29');
    assert.equal(master.gender, 'female');
    assert.deepEqual(added, ['identifier MRN-58861204', 'phone 617-555-0142', 'birthDate']);
  });

  test('mergePatients links, retires and moves; unmergePatients puts everything back', async () => {
    const medplum = mockWithSearch();
    const master = await medplum.createResource<Patient>({
      resourceType: 'Patient',
      identifier: [{ system: MRN, value: 'MRN-40230917' }],
      name: [{ given: ['Maria'], family: 'Santos' }],
    });
    const duplicate = await medplum.createResource(maria('MRN-58861204', '617-555-0142'));
    const obs = await medplum.createResource<Observation>({
      resourceType: 'Observation',
      status: 'final',
      code: { text: 'Body weight' },
      subject: createReference(duplicate),
    });
    const allergy = await medplum.createResource<AllergyIntolerance>({
      resourceType: 'AllergyIntolerance',
      patient: createReference(duplicate),
      clinicalStatus: {
        coding: [{ system: 'http://terminology.hl7.org/CodeSystem/allergyintolerance-clinical', code: 'active' }],
      },
      code: { text: 'Penicillin' },
    });

    const provenance = await mergePatients(medplum, duplicate.id, master.id);
    const mergedMaster = await medplum.readResource('Patient', master.id);
    const retired = await medplum.readResource('Patient', duplicate.id);
    assert.equal(retired.active, false);
    assert.deepEqual(
      retired.link?.map((l) => [l.type, l.other.reference]),
      [['replaced-by', getReferenceString(master)]],
    );
    assert.deepEqual(
      mergedMaster.link?.map((l) => [l.type, l.other.reference]),
      [['replaces', getReferenceString(duplicate)]],
    );
    assert.equal(mergedMaster.birthDate, '1984-02-29');
    assert.deepEqual(
      mergedMaster.identifier?.map((i) => i.value),
      ['MRN-40230917', 'MRN-58861204'],
    );
    assert.equal((await medplum.readResource('Observation', obs.id)).subject?.reference, getReferenceString(master));
    assert.equal(
      (await medplum.readResource('AllergyIntolerance', allergy.id)).patient.reference,
      getReferenceString(master),
    );
    assert.deepEqual(
      provenance.target.map((t) => t.reference),
      [getReferenceString(master), getReferenceString(obs), getReferenceString(allergy)],
    );
    assert.equal(provenance.entity?.[1]?.what.reference, `Patient/${master.id}/_history/${master.meta?.versionId}`);
    // The merge's Provenance is found from either record.
    const byEntity = await medplum.searchResources(
      'Provenance',
      { entity: getReferenceString(duplicate) },
      { cache: 'no-cache' },
    );
    assert.deepEqual(
      byEntity.map((p) => p.id),
      [provenance.id],
    );
    const byTarget = await medplum.searchResources(
      'Provenance',
      { target: getReferenceString(master) },
      { cache: 'no-cache' },
    );
    assert.deepEqual(
      byTarget.map((p) => p.id),
      [provenance.id],
    );

    await unmergePatients(medplum, provenance as WithId<Provenance>);
    const restoredMaster = await medplum.readResource('Patient', master.id);
    const restoredDuplicate = await medplum.readResource('Patient', duplicate.id);
    assert.equal(restoredDuplicate.active, true);
    assert.deepEqual(restoredDuplicate.link ?? [], []);
    assert.deepEqual(restoredMaster.link ?? [], []);
    assert.deepEqual(
      restoredMaster.identifier?.map((i) => i.value),
      ['MRN-40230917'],
    );
    assert.deepEqual(restoredMaster.telecom ?? [], []);
    assert.equal(restoredMaster.birthDate, undefined);
    assert.equal((await medplum.readResource('Observation', obs.id)).subject?.reference, getReferenceString(duplicate));
    assert.equal(
      (await medplum.readResource('AllergyIntolerance', allergy.id)).patient.reference,
      getReferenceString(duplicate),
    );
  });
});

describe('patient-identity/matching-jobs', () => {
  test('scorePair compares only the fields both records have', () => {
    assert.equal(scorePair(maria('A', '617-555-0142'), maria('B', '(617) 555-0142')), 1);
    assert.equal(scorePair(maria('A', '617-555-0142'), maria('B', '617-555-0187')), 0.63);
    assert.equal(scorePair({ resourceType: 'Patient' }, maria('B', '1')), 0);
  });

  test('onNewPatient stores a match and one review task, and respects the do-not-match list', async () => {
    const medplum = mockWithSearch();
    const existing = await medplum.createResource(maria('MRN-40230917', '617-555-0142'));
    await medplum.createResource<Patient>({
      ...maria('MRN-71395548', '617-555-0119'),
      name: [{ given: ['Ana'], family: 'Lopez' }],
    });
    const created = await medplum.createResource(maria('MRN-58861204', '(617) 555-0142'));

    assert.deepEqual(await onNewPatient(medplum, makeBotEvent<Patient>(created)), { stored: 1 });
    const [assessment] = await medplum.searchResources(
      'RiskAssessment',
      { subject: getReferenceString(created) },
      { cache: 'no-cache' },
    );
    assert.equal(assessment.basis?.[0]?.reference, getReferenceString(existing));
    assert.equal(assessment.prediction?.[0]?.probabilityDecimal, 1);
    // A second run updates the assessment and does not open a second review task.
    assert.deepEqual(await onNewPatient(medplum, makeBotEvent<Patient>(created)), { stored: 1 });
    const tasks = await medplum.searchResources(
      'Task',
      { focus: getReferenceString(assessment) },
      { cache: 'no-cache' },
    );
    assert.equal(tasks.length, 1);

    await rejectMatch(medplum, assessment as WithId<RiskAssessment>, tasks[0] as WithId<Task>);
    assert.equal(await matchOne(medplum, created), 0);
  });

  test('newPatientSubscription runs the bot on creates only; nightlyMatch stores each pair once', async () => {
    const sub = newPatientSubscription('bot-1');
    assert.equal(sub.criteria, 'Patient');
    assert.equal(sub.channel.endpoint, 'Bot/bot-1');
    assert.equal(sub.extension?.[0]?.valueCode, 'create');
    assert.ok(isValidFiveFieldCron(NIGHTLY));

    const medplum = mockWithSearch();
    // MockClient starts with a few Patients of its own; the run checks those too.
    const seeded = (await medplum.searchResources('Patient', { _count: 1000 })).length;
    await medplum.createResource(maria('MRN-40230917', '617-555-0142'));
    await medplum.createResource(maria('MRN-58861204', '617-555-0142'));
    await medplum.createResource(maria('MRN-26608371', '617-555-0142', { active: false }));
    const bot: Bot = { resourceType: 'Bot', id: 'b1', name: 'Nightly match', cronString: NIGHTLY };
    assert.deepEqual(await nightlyMatch(medplum, makeBotEvent<Bot>(bot)), { checked: seeded + 3, stored: 1 });
    const stored = await medplum.searchResources('RiskAssessment', {}, { cache: 'no-cache' });
    assert.equal(stored.length, 1);
  });
});
