/**
 * A bot triggered by a Subscription whose channel.endpoint is a reference to the bot ("Bot/" and its
 * id). The server passes the changed resource as input (for a delete, an object whose
 * deletedResource holds the deleted resource) with content type
 * application/fhir+json, and the same X-Medplum-* headers a rest-hook would get.
 */
import type { BotEvent, MedplumClient } from '@medplum/core';
import { createReference, getReferenceString } from '@medplum/core';
import type { Patient, Task } from '@medplum/fhirtypes';

export type PatientEventInput = Patient | { deletedResource: Patient };

// #region subscription
/** The Subscription that sends new and changed Patients to the bot. */
export function insuranceCheckSubscription(botId: string): {
  resourceType: 'Subscription';
  status: 'active';
  reason: string;
  criteria: string;
  channel: { type: 'rest-hook'; endpoint: string };
  extension: { url: string; valueCode: string }[];
} {
  return {
    resourceType: 'Subscription',
    status: 'active',
    reason: 'Verify insurance for new patients',
    criteria: 'Patient?active=true',
    channel: { type: 'rest-hook', endpoint: getReferenceString({ resourceType: 'Bot', id: botId }) },
    extension: [
      { url: 'https://medplum.com/fhir/StructureDefinition/subscription-supported-interaction', valueCode: 'create' },
    ],
  };
}
// #endregion subscription

// #region handler
export async function handler(medplum: MedplumClient, event: BotEvent<PatientEventInput>): Promise<string> {
  if ('deletedResource' in event.input) {
    return 'ignored: delete';
  }
  const patient = event.input;
  // Idempotent: a retried delivery finds the Task from the first attempt instead of adding one.
  const existing = await medplum.searchOne('Task', { subject: `Patient/${patient.id}`, code: 'insurance-check' });
  if (existing) {
    return `exists: Task/${existing.id}`;
  }
  const task = await medplum.createResource<Task>({
    resourceType: 'Task',
    status: 'requested',
    intent: 'order',
    code: { coding: [{ system: 'https://example.org/fhir/CodeSystem/task-type', code: 'insurance-check' }] },
    description: 'Verify insurance coverage',
    for: createReference(patient),
  });
  return `created: Task/${task.id}`;
}
// #endregion handler
