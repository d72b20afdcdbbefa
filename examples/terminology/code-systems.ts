/**
 * A practice-specific code system (reasons for a visit) with a hierarchy, and value sets that pick
 * codes from it by listing them or by filtering the hierarchy.
 */
import type { MedplumClient } from '@medplum/core';
import type { CodeSystem, ValueSet } from '@medplum/fhirtypes';

// #region code-system
export const VISIT_REASON_SYSTEM = 'https://example.org/fhir/CodeSystem/visit-reason';

/**
 * A small code system stored with its concepts (`content: 'complete'`). On write the server copies
 * the concepts into its terminology tables, which $expand, $lookup and $validate-code read.
 */
export const visitReasons: CodeSystem = {
  resourceType: 'CodeSystem',
  url: VISIT_REASON_SYSTEM,
  name: 'VisitReason',
  title: 'Visit reasons',
  status: 'active',
  content: 'complete',
  hierarchyMeaning: 'is-a',
  property: [
    {
      code: 'bookable',
      description: 'Patients may choose this reason when booking online',
      type: 'boolean',
    },
  ],
  concept: [
    {
      code: 'follow-up',
      display: 'Follow-up visit',
      property: [{ code: 'bookable', valueBoolean: false }],
      concept: [
        {
          code: 'follow-up-bp',
          display: 'Blood pressure follow-up',
          property: [{ code: 'bookable', valueBoolean: true }],
        },
        {
          code: 'follow-up-diabetes',
          display: 'Diabetes follow-up',
          property: [{ code: 'bookable', valueBoolean: true }],
        },
      ],
    },
    { code: 'new-problem', display: 'New problem', property: [{ code: 'bookable', valueBoolean: true }] },
    { code: 'annual-wellness', display: 'Annual wellness visit', property: [{ code: 'bookable', valueBoolean: true }] },
  ],
};

/** Creates the code system once; later calls return the stored one (matched on its canonical url). */
export async function ensureCodeSystem(medplum: MedplumClient, codeSystem: CodeSystem): Promise<CodeSystem> {
  return medplum.createResourceIfNoneExist(codeSystem, `url=${codeSystem.url}`);
}
// #endregion code-system

// #region value-sets
/** Every code of the system: include the system without listing concepts. */
export const allVisitReasons: ValueSet = {
  resourceType: 'ValueSet',
  url: 'https://example.org/fhir/ValueSet/visit-reason',
  name: 'AllVisitReasons',
  status: 'active',
  compose: { include: [{ system: VISIT_REASON_SYSTEM }] },
};

/** Only the follow-up reasons: a hierarchy filter, which keeps working when codes are added. */
export const followUpReasons: ValueSet = {
  resourceType: 'ValueSet',
  url: 'https://example.org/fhir/ValueSet/follow-up-reason',
  name: 'FollowUpReasons',
  status: 'active',
  compose: {
    include: [
      { system: VISIT_REASON_SYSTEM, filter: [{ property: 'concept', op: 'descendent-of', value: 'follow-up' }] },
    ],
  },
};

/** Reasons patients can pick online: a property filter. */
export const bookableReasons: ValueSet = {
  resourceType: 'ValueSet',
  url: 'https://example.org/fhir/ValueSet/bookable-visit-reason',
  name: 'BookableVisitReasons',
  status: 'active',
  compose: { include: [{ system: VISIT_REASON_SYSTEM, filter: [{ property: 'bookable', op: '=', value: 'true' }] }] },
};

export async function ensureValueSet(medplum: MedplumClient, valueSet: ValueSet): Promise<ValueSet> {
  return medplum.createResourceIfNoneExist(valueSet, `url=${valueSet.url}`);
}
// #endregion value-sets
