/**
 * A work queue built from Task resources: list what is open, claim one, finish it.
 */
import type { MedplumClient } from '@medplum/core';
import { createReference } from '@medplum/core';
import type { Practitioner, Reference, Task } from '@medplum/fhirtypes';

// #region create
/** Creates a Task asking for something to be done for a patient. */
export async function createTask(
  medplum: MedplumClient,
  patientId: string,
  description: string,
  priority: Task['priority'] = 'routine',
): Promise<Task> {
  return medplum.createResource<Task>({
    resourceType: 'Task',
    status: 'requested',
    intent: 'order',
    priority,
    description,
    for: { reference: `Patient/${patientId}` },
    authoredOn: new Date().toISOString(),
  });
}
// #endregion create

// #region queue
/**
 * The open queue: tasks nobody has finished or cancelled, most urgent first. Medplum's
 * `priority-order` search parameter sorts by urgency (stat, asap, urgent, routine) rather than
 * alphabetically, which plain `priority` would do.
 */
export async function openQueue(medplum: MedplumClient, patientId?: string): Promise<Task[]> {
  const query: Record<string, string> = {
    status: 'requested,received,accepted,ready,in-progress',
    _sort: '-priority-order,authored-on',
    _count: '50',
  };
  if (patientId) {
    // The same queue narrowed to one patient, as a chart's task panel shows it.
    query.patient = `Patient/${patientId}`;
  }
  return medplum.searchResources('Task', query);
}
// #endregion queue

// #region claim
/**
 * Claims a task for a practitioner. The update sends the version the caller read (If-Match), so
 * if a colleague claimed it first the server answers 412 and nobody's work is overwritten.
 */
export async function claimTask(
  medplum: MedplumClient,
  task: Task & { id: string },
  owner: Practitioner & { id: string },
): Promise<Task> {
  if (task.owner) {
    throw new Error(`Task/${task.id} is already owned by ${task.owner.reference}`);
  }
  const claimed: Task = { ...task, owner: createReference(owner) as Reference<Practitioner>, status: 'in-progress' };
  return medplum.updateResource(claimed, {
    headers: task.meta?.versionId ? { 'If-Match': `W/"${task.meta.versionId}"` } : undefined,
  });
}

/** Marks a task done, keeping who did it and when: the note names its author and time. */
export async function completeTask(
  medplum: MedplumClient,
  task: Task & { id: string },
  author: Practitioner & { id: string },
  note?: string,
): Promise<Task> {
  const now = new Date().toISOString();
  return medplum.updateResource<Task>({
    ...task,
    status: 'completed',
    lastModified: now,
    note: note
      ? [
          ...(task.note ?? []),
          { authorReference: createReference(author) as Reference<Practitioner>, time: now, text: note },
        ]
      : task.note,
  });
}
// #endregion claim
