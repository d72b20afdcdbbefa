/**
 * Runs the message-routing example against MockClient: a Task per message in the team's queue,
 * claiming and answering it, and the timings read from the thread and the Task's history.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { createReference, validateResource } from '@medplum/core';
import type { Communication, Organization, Patient, Practitioner } from '@medplum/fhirtypes';
import { answer, claim, routeToTeam, teamQueue, timings } from '../../../examples/communications/routing';
import { mockWithSearch } from './mock-with-search';

async function setup() {
  const medplum = mockWithSearch();
  const team = await medplum.createResource<Organization>({ resourceType: 'Organization', name: 'Nurse line' });
  const nurse = await medplum.createResource<Practitioner>({
    resourceType: 'Practitioner',
    name: [{ given: ['Ana'], family: 'Lopez' }],
  });
  const patient = await medplum.createResource<Patient>({ resourceType: 'Patient', name: [{ family: 'Diaz' }] });
  const thread = await medplum.createResource<Communication>({
    resourceType: 'Communication',
    status: 'in-progress',
    topic: { text: 'Text messages' },
    subject: createReference(patient),
    recipient: [createReference(patient), createReference(team)],
  });
  // Sent two hours before now, so the timings have something to measure.
  const message = await medplum.createResource<Communication>({
    resourceType: 'Communication',
    status: 'in-progress',
    partOf: [createReference(thread)],
    subject: createReference(patient),
    sender: createReference(patient),
    recipient: [createReference(team)],
    sent: new Date(Date.now() - 2 * 3600_000).toISOString(),
    payload: [{ contentString: 'My refill has not arrived.' }],
  });
  return { medplum, team, nurse, patient, message };
}

describe('communications/routing', () => {
  test('a message gets one Task in the team queue, however often it is routed', async () => {
    const { medplum, team, message } = await setup();
    const task = await routeToTeam(medplum, message, createReference(team), 4);
    assert.doesNotThrow(() => validateResource(task));
    assert.equal(task.focus?.reference, `Communication/${message.id}`);
    assert.equal(task.owner?.reference, `Organization/${team.id}`);
    assert.equal(
      Date.parse(task.restriction?.period?.end as string) - Date.parse(message.sent as string),
      4 * 3600_000,
    );
    const again = await routeToTeam(medplum, message, createReference(team), 4);
    assert.equal(again.id, task.id);
    assert.deepEqual(
      (await teamQueue(medplum, createReference(team))).map((t) => t.id),
      [task.id],
    );
  });

  test('claiming takes the Task out of the queue; answering completes it; timings come from thread and history', async () => {
    const { medplum, team, nurse, message } = await setup();
    const task = await routeToTeam(medplum, message, createReference(team), 4);
    const claimed = await claim(medplum, task, nurse);
    assert.equal(claimed.status, 'in-progress');
    assert.equal((await teamQueue(medplum, createReference(team))).length, 0);

    const { reply, task: done } = await answer(medplum, claimed, message, nurse, 'It ships today.');
    assert.doesNotThrow(() => validateResource(reply));
    assert.doesNotThrow(() => validateResource(done));
    assert.equal(done.status, 'completed');
    assert.equal(done.executionPeriod?.start, claimed.executionPeriod?.start);
    assert.equal(done.executionPeriod?.end, reply.sent);

    const t = await timings(medplum, done);
    assert.deepEqual(t.owners, [`Organization/${team.id}`, `Practitioner/${nurse.id}`]);
    const expectedFirst = (Date.parse(reply.sent as string) - Date.parse(message.sent as string)) / 60_000;
    assert.equal(t.firstResponseMinutes, expectedFirst);
    assert.ok(t.firstResponseMinutes !== undefined && t.firstResponseMinutes >= 120);
    const expectedQueue =
      (Date.parse(claimed.executionPeriod?.start as string) - Date.parse(task.authoredOn as string)) / 60_000;
    assert.equal(t.queueMinutes, expectedQueue);
    assert.ok(t.queueMinutes !== undefined && t.queueMinutes >= 120);
  });

  test('an unanswered message has no first-response time yet', async () => {
    const { medplum, team, message } = await setup();
    const task = await routeToTeam(medplum, message, createReference(team), 4);
    const t = await timings(medplum, task);
    assert.equal(t.firstResponseMinutes, undefined);
    assert.equal(t.queueMinutes, undefined);
    assert.deepEqual(t.owners, [`Organization/${team.id}`]);
  });
});
