/**
 * The smallest useful bot: it receives a Patient and opens a welcome-call Task for it.
 * Every bot module exports one `handler`; the server calls it with a MedplumClient that is
 * already signed in as the bot (or as the caller, for run-as-user bots) and a BotEvent.
 */
import type { BotEvent, MedplumClient } from '@medplum/core';
import { createReference, getDisplayString } from '@medplum/core';
import type { Patient, Task } from '@medplum/fhirtypes';

// #region handler
export async function handler(medplum: MedplumClient, event: BotEvent<Patient>): Promise<Task> {
  const patient = event.input;
  if (patient.resourceType !== 'Patient' || !patient.id) {
    // Throwing fails the run: the AuditEvent records the message and the caller gets an error.
    throw new Error('Expected a saved Patient as input');
  }
  console.log(`Opening welcome call for ${getDisplayString(patient)}`);
  return medplum.createResource<Task>({
    resourceType: 'Task',
    status: 'requested',
    intent: 'order',
    description: 'Welcome call for new patient',
    for: createReference(patient),
  });
}
// #endregion handler
