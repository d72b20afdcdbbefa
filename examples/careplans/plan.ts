/**
 * A care plan template (PlanDefinition) applied to a patient. The server's PlanDefinition/$apply
 * creates a RequestGroup and one Task per action.
 */
import type { MedplumClient } from '@medplum/core';
import type { PlanDefinition, RequestGroup, Task } from '@medplum/fhirtypes';

// #region plan-definition
/**
 * A template with two actions: fill in an intake form, then draw a lab. The first action points
 * at a Questionnaire, which is how $apply knows to attach the form to that Task.
 */
export function buildDiabetesFollowUp(questionnaireId: string): PlanDefinition {
  return {
    resourceType: 'PlanDefinition',
    status: 'active',
    name: 'DiabetesFollowUp',
    title: 'Diabetes follow-up',
    action: [
      {
        title: 'Complete intake form',
        description: 'Patient completes the adult intake questionnaire',
        definitionCanonical: `Questionnaire/${questionnaireId}`,
      },
      { title: 'Draw HbA1c', description: 'Collect blood for a Hemoglobin A1c test' },
    ],
  };
}
// #endregion plan-definition

// #region apply
/**
 * Applies a stored PlanDefinition to one patient with `POST PlanDefinition/{id}/$apply`. The answer
 * is the new RequestGroup; its actions point at the Tasks the server created.
 */
export async function applyPlan(medplum: MedplumClient, planId: string, patientId: string): Promise<RequestGroup> {
  const url = medplum.fhirUrl('PlanDefinition', planId, '$apply');
  return medplum.post(url, {
    resourceType: 'Parameters',
    parameter: [{ name: 'subject', valueString: `Patient/${patientId}` }],
  });
}

/** Loads the Tasks a RequestGroup's actions reference, in action order. */
export async function tasksOf(medplum: MedplumClient, group: RequestGroup): Promise<Task[]> {
  const refs = (group.action ?? []).flatMap((a) => (a.resource ? [a.resource] : []));
  return Promise.all(refs.map((ref) => medplum.readReference(ref))) as Promise<Task[]>;
}
// #endregion apply
