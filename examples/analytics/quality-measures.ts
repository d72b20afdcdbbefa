/**
 * Quality measures with what the platform has: a cohort kept as an actual Group, a Measure that
 * documents the populations, the server's $evaluate-measure (counts of resources updated in the
 * period), and a proportion computed in your own code from clinical dates and saved as a
 * MeasureReport.
 */
import type { MedplumClient, WithId } from '@medplum/core';
import { createReference } from '@medplum/core';
import type {
  Group,
  Measure,
  MeasureReport,
  MeasureReportGroupPopulation,
  Parameters,
  Reference,
} from '@medplum/fhirtypes';

export const DIABETES_TYPE_2 = {
  system: 'http://snomed.info/sct',
  code: '44054006',
  display: 'Diabetes mellitus type 2',
};
export const HBA1C = {
  system: 'http://loinc.org',
  code: '4548-4',
  display: 'Hemoglobin A1c/Hemoglobin.total in Blood',
};

// #region cohort
/**
 * Builds (or rebuilds) a cohort as an actual Group: the patients with an active condition coded
 * as given. The member list is a snapshot; rebuild it on a schedule or when conditions change.
 */
export async function buildCohort(
  medplum: MedplumClient,
  name: string,
  condition: { system: string; code: string; display: string },
): Promise<WithId<Group>> {
  const conditions = await medplum.searchResources(
    'Condition',
    { code: `${condition.system}|${condition.code}`, 'clinical-status': 'active', _count: '1000' },
    { cache: 'no-cache' },
  );
  const patients = [...new Set(conditions.map((c) => c.subject.reference as string))].sort();
  const group: Group = {
    resourceType: 'Group',
    type: 'person',
    actual: true,
    name,
    code: { coding: [condition] },
    quantity: patients.length,
    member: patients.map((reference) => ({ entity: { reference } })),
  };
  const existing = await medplum.searchOne('Group', { 'name:exact': name }, { cache: 'no-cache' });
  return existing ? medplum.updateResource<Group>({ ...group, id: existing.id }) : medplum.createResource(group);
}
// #endregion cohort

// #region measure
/**
 * The measure as a Measure resource. Its criteria are FHIR searches, the only criteria language
 * the server's $evaluate-measure reads.
 */
export const hba1cTestingMeasure: Measure = {
  resourceType: 'Measure',
  url: 'https://example.org/fhir/Measure/hba1c-testing',
  name: 'HbA1cTesting',
  title: 'HbA1c test for patients with type 2 diabetes',
  status: 'active',
  subjectCodeableConcept: { coding: [{ system: 'http://hl7.org/fhir/resource-types', code: 'Patient' }] },
  scoring: {
    coding: [
      { system: 'http://terminology.hl7.org/CodeSystem/measure-scoring', code: 'proportion', display: 'Proportion' },
    ],
  },
  group: [
    {
      population: [
        {
          code: {
            coding: [{ system: 'http://terminology.hl7.org/CodeSystem/measure-population', code: 'denominator' }],
          },
          description: 'Patients with active type 2 diabetes',
          criteria: {
            language: 'application/x-fhir-query',
            expression: 'Patient?_has:Condition:patient:code=http://snomed.info/sct|44054006',
          },
        },
        {
          code: { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/measure-population', code: 'numerator' }] },
          description: 'Of those, patients with an HbA1c result in the period',
          criteria: {
            language: 'application/x-fhir-query',
            expression:
              'Patient?_has:Condition:patient:code=http://snomed.info/sct|44054006&_has:Observation:patient:code=http://loinc.org|4548-4',
          },
        },
      ],
    },
  ],
};

/** Asks the server to evaluate the measure: each population becomes a count of search matches. */
export async function evaluateOnServer(
  medplum: MedplumClient,
  measure: WithId<Measure>,
  periodStart: string,
  periodEnd: string,
): Promise<MeasureReport> {
  return medplum.post<MeasureReport>(medplum.fhirUrl('Measure', measure.id, '$evaluate-measure'), {
    resourceType: 'Parameters',
    parameter: [
      { name: 'periodStart', valueDate: periodStart },
      { name: 'periodEnd', valueDate: periodEnd },
    ],
  } satisfies Parameters);
}
// #endregion measure

// #region compute
/**
 * Computes the proportion from clinical dates: the cohort is the denominator, and a member is in
 * the numerator with an HbA1c result whose effective date is in [periodStart, periodEnd).
 * Saves and returns a summary MeasureReport whose subject is the cohort Group.
 */
export async function computeHba1cTesting(
  medplum: MedplumClient,
  measure: Measure,
  cohort: WithId<Group>,
  periodStart: string,
  periodEnd: string,
): Promise<MeasureReport> {
  const members = (cohort.member ?? []).map((m) => m.entity.reference as string);
  const tested = new Set<string>();
  for (let i = 0; i < members.length; i += 50) {
    const results = await medplum.searchResources(
      'Observation',
      [
        ['code', `${HBA1C.system}|${HBA1C.code}`],
        ['subject', members.slice(i, i + 50).join(',')],
        ['date', `ge${periodStart}`],
        ['date', `lt${periodEnd}`],
        ['_count', '1000'],
      ],
      { cache: 'no-cache' },
    );
    for (const obs of results) {
      tested.add(obs.subject?.reference as string);
    }
  }
  const population = (code: string, count: number): MeasureReportGroupPopulation => ({
    code: { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/measure-population', code }] },
    count,
  });
  return medplum.createResource<MeasureReport>({
    resourceType: 'MeasureReport',
    status: 'complete',
    type: 'summary',
    measure: measure.url as string,
    subject: createReference(cohort) as Reference<Group>,
    date: new Date().toISOString(),
    period: { start: periodStart, end: periodEnd },
    group: [
      {
        population: [population('denominator', members.length), population('numerator', tested.size)],
        measureScore: { value: members.length ? tested.size / members.length : 0 },
      },
    ],
  });
}
// #endregion compute
