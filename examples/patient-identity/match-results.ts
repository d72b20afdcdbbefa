/**
 * Storing what a matcher found: a RiskAssessment per candidate pair, a review Task for a person,
 * and a do-not-match List per Patient so a rejected pair is never proposed again.
 */
import type { MedplumClient, WithId } from '@medplum/core';
import { createReference, getReferenceString } from '@medplum/core';
import type { List, Patient, RiskAssessment, Task } from '@medplum/fhirtypes';

/** Your own code system for the rules your bots run; the URL is yours to choose. */
export const RULES_SYSTEM = 'https://example.org/fhir/CodeSystem/patient-matching-rule';
/** Your own code for the review Task, so open reviews can be searched by code. */
export const DUPLICATE_REVIEW = { system: 'https://example.org/fhir/CodeSystem/task-type', code: 'duplicate-review' };
/** Your own code for the do-not-match List. */
export const DO_NOT_MATCH = { system: 'https://example.org/fhir/CodeSystem/patient-list', code: 'do-not-match' };
const RISK_PROBABILITY = 'http://terminology.hl7.org/CodeSystem/risk-probability';

// #region record-match
/**
 * Stores one proposed pair as a RiskAssessment: `subject` is the record the rule ran for, `basis`
 * the record it may duplicate, `method` the rule that scored it and `prediction` the score. A pair
 * already stored for the same rule, from either side, is updated (keeping its subject and basis)
 * instead of stored twice.
 */
export async function recordMatch(
  medplum: MedplumClient,
  subject: WithId<Patient>,
  other: WithId<Patient>,
  score: number,
  rule: string,
): Promise<WithId<RiskAssessment>> {
  const pair = [getReferenceString(subject), getReferenceString(other)];
  const existing = await medplum.searchResources('RiskAssessment', {
    subject: pair.join(','),
    method: `${RULES_SYSTEM}|${rule}`,
  });
  const previous = existing.find((r) => {
    const basis = r.basis?.[0]?.reference;
    return !!basis && basis !== r.subject.reference && pair.includes(basis) && pair.includes(r.subject.reference ?? '');
  });
  const assessment: RiskAssessment = {
    resourceType: 'RiskAssessment',
    status: 'preliminary',
    subject: createReference(subject),
    basis: [createReference(other)],
    method: { coding: [{ system: RULES_SYSTEM, code: rule }] },
    occurrenceDateTime: new Date().toISOString(),
    prediction: [
      {
        outcome: { text: 'Same person as the basis Patient' },
        probabilityDecimal: score,
        qualitativeRisk: { coding: [riskCoding(score)] },
      },
    ],
  };
  if (previous) {
    return medplum.updateResource<RiskAssessment>({
      ...assessment,
      id: previous.id,
      subject: previous.subject,
      basis: previous.basis,
    });
  }
  return medplum.createResource(assessment);
}

/** The HL7 risk-probability code closest to a 0-1 score (the match-grade thresholds of $match). */
function riskCoding(score: number): { system: string; code: string; display: string } {
  if (score >= 0.9) return { system: RISK_PROBABILITY, code: 'certain', display: 'Certain' };
  if (score >= 0.65) return { system: RISK_PROBABILITY, code: 'high', display: 'High likelihood' };
  if (score >= 0.4) return { system: RISK_PROBABILITY, code: 'moderate', display: 'Moderate likelihood' };
  return { system: RISK_PROBABILITY, code: 'low', display: 'Low likelihood' };
}
// #endregion record-match

// #region review-task
/** Puts a stored pair in front of a person: a Task whose focus is the RiskAssessment. */
export async function requestReview(medplum: MedplumClient, assessment: WithId<RiskAssessment>): Promise<WithId<Task>> {
  return medplum.createResource<Task>({
    resourceType: 'Task',
    status: 'requested',
    intent: 'order',
    priority: (assessment.prediction?.[0]?.probabilityDecimal ?? 0) >= 0.9 ? 'urgent' : 'routine',
    code: { coding: [DUPLICATE_REVIEW], text: 'Review possible duplicate patient' },
    focus: createReference(assessment),
    for: assessment.subject,
    authoredOn: new Date().toISOString(),
  });
}
// #endregion review-task

// #region do-not-match
/**
 * Records a reviewer's "not the same person": both Patients' do-not-match Lists gain the other,
 * the RiskAssessment becomes final with a negligible likelihood, and the review Task completes.
 */
export async function rejectMatch(
  medplum: MedplumClient,
  assessment: WithId<RiskAssessment>,
  task: WithId<Task>,
): Promise<void> {
  const a = assessment.subject.reference as string;
  const b = assessment.basis?.[0]?.reference as string;
  await addToDoNotMatch(medplum, a, b);
  await addToDoNotMatch(medplum, b, a);
  await medplum.updateResource<RiskAssessment>({
    ...assessment,
    status: 'final',
    prediction: [
      {
        ...assessment.prediction?.[0],
        qualitativeRisk: {
          coding: [{ system: RISK_PROBABILITY, code: 'negligible', display: 'Negligible likelihood' }],
        },
      },
    ],
  });
  await medplum.updateResource<Task>({ ...task, status: 'completed', businessStatus: { text: 'Not a duplicate' } });
}

async function addToDoNotMatch(medplum: MedplumClient, patient: string, other: string): Promise<void> {
  const list = await medplum.searchOne('List', {
    subject: patient,
    code: `${DO_NOT_MATCH.system}|${DO_NOT_MATCH.code}`,
  });
  if (!list) {
    await medplum.createResource<List>({
      resourceType: 'List',
      status: 'current',
      mode: 'working',
      code: { coding: [DO_NOT_MATCH], text: 'Do not match' },
      subject: { reference: patient },
      entry: [{ item: { reference: other } }],
    });
  } else if (!list.entry?.some((e) => e.item.reference === other)) {
    await medplum.updateResource<List>({ ...list, entry: [...(list.entry ?? []), { item: { reference: other } }] });
  }
}

/** True when a reviewer has already said these two records are different people. */
export async function isDoNotMatch(medplum: MedplumClient, patient: string, other: string): Promise<boolean> {
  const list = await medplum.searchOne(
    'List',
    { subject: patient, code: `${DO_NOT_MATCH.system}|${DO_NOT_MATCH.code}` },
    { cache: 'no-cache' },
  );
  return !!list?.entry?.some((e) => e.item.reference === other);
}
// #endregion do-not-match
