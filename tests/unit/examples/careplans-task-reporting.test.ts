/**
 * Runs the Task reporting example against MockClient (and, under verify:server, the server):
 * transitions read from paged history, time per status, counts by status, open work by owner,
 * queue age and turnaround for a period.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { createReference } from '@medplum/core';
import type { Organization, Patient, Practitioner, Task } from '@medplum/fhirtypes';
import {
  allVersions,
  countsByStatus,
  minutesPerStatus,
  openByOwner,
  queueAge,
  transitions,
  turnaround,
} from '../../../examples/careplans/task-reporting';
import { onServer } from '../../server/on-server';
import { mockWithSearch } from './mock-with-search';

const HOUR = 3_600_000;

async function setup() {
  const medplum = mockWithSearch();
  const now = Date.now();
  const at = (hoursAgo: number) => new Date(now - hoursAgo * HOUR).toISOString();
  const team = await medplum.createResource<Organization>({ resourceType: 'Organization', name: 'Nurse line' });
  const nurse = await medplum.createResource<Practitioner>({
    resourceType: 'Practitioner',
    name: [{ family: 'Lopez' }],
  });
  const patient = await medplum.createResource<Patient>({ resourceType: 'Patient', name: [{ family: 'Diaz' }] });
  const task = (fields: Partial<Task>) =>
    medplum.createResource<Task>({
      resourceType: 'Task',
      status: 'requested',
      intent: 'order',
      code: { text: 'Answer patient message' },
      for: createReference(patient),
      owner: createReference(team),
      ...fields,
    });
  return { medplum, now, at, team, nurse, patient, task };
}

describe('careplans/task-reporting', () => {
  test('history gives status and owner transitions, paged, oldest first', async () => {
    const { medplum, at, team, nurse, task } = await setup();
    const created = await task({ authoredOn: at(5) });
    const claimed = await medplum.updateResource<Task>({
      ...created,
      status: 'in-progress',
      owner: createReference(nurse),
      executionPeriod: { start: at(3) },
    });
    const edited = await medplum.updateResource<Task>({ ...claimed, priority: 'urgent' });
    await medplum.updateResource<Task>({
      ...edited,
      status: 'completed',
      executionPeriod: { start: at(3), end: at(1) },
    });

    const versions = await allVersions(medplum, created.id as string, 2);
    assert.equal(versions.length, 4);
    assert.deepEqual(
      versions.map((v) => v.status),
      ['requested', 'in-progress', 'in-progress', 'completed'],
    );
    const changes = transitions(versions);
    assert.deepEqual(
      changes.map((c) => [c.field, c.from, c.to]),
      [
        ['status', undefined, 'requested'],
        ['owner', undefined, `Organization/${team.id}`],
        ['status', 'requested', 'in-progress'],
        ['owner', `Organization/${team.id}`, `Practitioner/${nurse.id}`],
        ['status', 'in-progress', 'completed'],
      ],
    );
    if (onServer) {
      // The server records meta.author on every version (MockClient leaves it out).
      assert.ok(
        changes.every((c) => c.by),
        'each change names its author',
      );
    }
    assert.ok(
      changes.every((c, i) => i === 0 || c.at >= changes[i - 1].at),
      'in the order they were stored',
    );

    const perStatus = minutesPerStatus(changes);
    assert.deepEqual(Object.keys(perStatus).sort(), ['in-progress', 'requested']);
    assert.ok(Object.values(perStatus).every((m) => m >= 0));
  });

  test('counts by status, open work by owner and queue age', async () => {
    const { medplum, now, at, team, nurse, patient, task } = await setup();
    await task({ authoredOn: at(2) });
    await task({ authoredOn: at(30), code: { text: 'Review lab result' } });
    await task({ authoredOn: at(0.5), owner: createReference(nurse), status: 'in-progress' });
    await task({ authoredOn: at(10), status: 'completed', executionPeriod: { start: at(9), end: at(8) } });
    await task({ authoredOn: at(10), status: 'cancelled' });

    const counts = await countsByStatus(medplum, ['requested', 'in-progress', 'completed', 'cancelled'], {
      subject: `Patient/${patient.id}`,
    });
    assert.deepEqual(counts, { requested: 2, 'in-progress': 1, completed: 1, cancelled: 1 });

    const byOwner = await openByOwner(medplum);
    assert.equal(byOwner[`Organization/${team.id}`], 2);
    assert.equal(byOwner[`Practitioner/${nurse.id}`], 1);
    assert.deepEqual(await openByOwner(medplum, 'Review lab result'), { [`Organization/${team.id}`]: 1 });

    const age = await queueAge(medplum, `Organization/${team.id}`, new Date(now));
    assert.equal(Math.round(age.oldestHours), 30);
    assert.deepEqual(age.buckets, { under1h: 0, under4h: 1, under24h: 0, older: 1 });
  });

  test('turnaround uses executionPeriod.end for the window and authoredOn for the start', async () => {
    const { medplum, now, at, task } = await setup();
    await task({ authoredOn: at(5), status: 'completed', executionPeriod: { start: at(3), end: at(1) } });
    await task({
      authoredOn: at(10),
      status: 'completed',
      code: { text: 'Review lab result' },
      executionPeriod: { start: at(9), end: at(8) },
    });
    // Finished ten days ago, written today: found by the _lastUpdated search, left out by the window.
    await task({ authoredOn: at(250), status: 'completed', executionPeriod: { start: at(245), end: at(240) } });
    await task({ authoredOn: at(2) });

    const report = await turnaround(medplum, new Date(now - 7 * 24 * HOUR), new Date(now));
    assert.deepEqual(report['Answer patient message'], { completed: 1, medianMinutes: 240, p90Minutes: 240 });
    assert.deepEqual(report['Review lab result'], { completed: 1, medianMinutes: 120, p90Minutes: 120 });
  });
});
