/**
 * A care plan template (PlanDefinition) applied to a patient. The server's PlanDefinition/$apply
 * creates one Task per action, a RequestGroup that lists them and a CarePlan that points at the
 * RequestGroup; the CarePlan is the answer.
 */
import type { MedplumClient } from '@medplum/core';
import type { ActivityDefinition, CarePlan, PlanDefinition, RequestGroup, Task } from '@medplum/fhirtypes';
import { HBA1C } from './codes';

/** The Medplum extension an ActivityDefinition carries to fill in the Task that $apply creates. */
export const TASK_ELEMENTS_URL = 'https://medplum.com/fhir/StructureDefinition/task-elements';

// #region activity-definition
/**
 * An orderable lab step. `kind: 'ServiceRequest'` makes $apply create a draft ServiceRequest with
 * this code and point the Task at it. The task-elements extension says who owns the Task
 * (`%practitioner` is the practitioner passed to $apply) and what kind of performer it needs.
 */
export function buildHba1cActivity(url: string): ActivityDefinition {
  return {
    resourceType: 'ActivityDefinition',
    url,
    status: 'active',
    name: 'OrderHba1c',
    title: 'Order Hemoglobin A1c',
    kind: 'ServiceRequest',
    intent: 'order',
    code: { coding: [HBA1C] },
    extension: [
      {
        url: TASK_ELEMENTS_URL,
        extension: [
          { url: 'owner', valueExpression: { language: 'text/fhirpath', expression: '%practitioner' } },
          { url: 'performerType', valueCodeableConcept: { text: 'Phlebotomist' } },
        ],
      },
    ],
  };
}
// #endregion activity-definition

// #region plan-definition
/**
 * A template with two actions: fill in an intake form, then order a lab. Each action names its
 * definition by canonical URL (the `url` of the Questionnaire or ActivityDefinition), which is
 * how current servers find it.
 */
export function buildDiabetesFollowUp(questionnaireUrl: string, labActivityUrl: string): PlanDefinition {
  return {
    resourceType: 'PlanDefinition',
    url: 'https://example.org/fhir/PlanDefinition/diabetes-follow-up',
    status: 'active',
    name: 'DiabetesFollowUp',
    title: 'Diabetes follow-up',
    action: [
      {
        title: 'Complete intake form',
        description: 'Patient completes the adult intake questionnaire',
        definitionCanonical: questionnaireUrl,
      },
      {
        title: 'Draw HbA1c',
        description: 'Collect blood for a Hemoglobin A1c test',
        definitionCanonical: labActivityUrl,
      },
    ],
  };
}
// #endregion plan-definition

// #region apply
/**
 * Applies a stored PlanDefinition to one patient with `POST PlanDefinition/{id}/$apply`. The
 * practitioner is optional; the lab step's owner expression above reads it. The answer is the new
 * CarePlan.
 */
export async function applyPlan(
  medplum: MedplumClient,
  planId: string,
  patientId: string,
  practitionerId?: string,
): Promise<CarePlan> {
  const parameter = [{ name: 'subject', valueString: `Patient/${patientId}` }];
  if (practitionerId) {
    parameter.push({ name: 'practitioner', valueString: `Practitioner/${practitionerId}` });
  }
  return medplum.post(medplum.fhirUrl('PlanDefinition', planId, '$apply'), { resourceType: 'Parameters', parameter });
}

/** Follows the CarePlan to its RequestGroup and loads the Tasks the group's actions reference, in action order. */
export async function tasksOf(medplum: MedplumClient, carePlan: CarePlan): Promise<Task[]> {
  const groupRef = carePlan.activity?.find((a) => a.reference?.reference?.startsWith('RequestGroup/'))?.reference;
  if (!groupRef) {
    return [];
  }
  const group = (await medplum.readReference(groupRef)) as RequestGroup;
  const refs = (group.action ?? []).flatMap((a) => (a.resource ? [a.resource] : []));
  return Promise.all(refs.map((ref) => medplum.readReference(ref))) as Promise<Task[]>;
}
// #endregion apply
