/**
 * A lab order from request to reviewed result: ServiceRequests (one per order, one per test),
 * the Specimen collected for them, Observations with reference ranges and interpretations, the
 * DiagnosticReport that groups them, and a Task asking the ordering clinician to review it.
 */
import type { MedplumClient } from '@medplum/core';
import { createReference, getReferenceString } from '@medplum/core';
import type {
  CodeableConcept,
  Coding,
  DiagnosticReport,
  Identifier,
  Observation,
  Patient,
  Practitioner,
  Reference,
  ServiceRequest,
  Specimen,
  Task,
} from '@medplum/fhirtypes';

// #region codes
const LOINC = 'http://loinc.org';
export const TESTS = {
  hba1c: { system: LOINC, code: '4548-4', display: 'Hemoglobin A1c/Hemoglobin.total in Blood' },
  glucose: { system: LOINC, code: '2339-0', display: 'Glucose [Mass/volume] in Blood' },
} satisfies Record<string, Coding>;

const BLOOD_SPECIMEN: CodeableConcept = {
  coding: [{ system: 'http://snomed.info/sct', code: '119297000', display: 'Blood specimen' }],
};
const LAB_CATEGORY: CodeableConcept = {
  coding: [{ system: 'http://terminology.hl7.org/CodeSystem/v2-0074', code: 'LAB', display: 'Laboratory' }],
};
const INTERPRETATION = 'http://terminology.hl7.org/CodeSystem/v3-ObservationInterpretation';
const UCUM = 'http://unitsofmeasure.org';
// #endregion codes

// #region order
export interface LabOrder {
  order: ServiceRequest;
  tests: ServiceRequest[];
}

/**
 * Places one order for several tests: a parent ServiceRequest for the order as a whole and one
 * child per test (`basedOn` the parent). A shared `requisition` identifier ties them together, as
 * the lab will quote it on the results.
 */
export async function orderLabs(
  medplum: MedplumClient,
  patient: Patient,
  orderer: Practitioner,
  tests: Coding[],
  requisitionId: string,
): Promise<LabOrder> {
  const requisition: Identifier = { system: 'https://example.org/lab-requisition', value: requisitionId };
  const common = {
    resourceType: 'ServiceRequest',
    status: 'active',
    intent: 'order',
    subject: createReference(patient),
    requester: createReference(orderer),
    authoredOn: new Date().toISOString(),
    requisition,
  } satisfies Partial<ServiceRequest>;
  const order = await medplum.createResource<ServiceRequest>({ ...common, code: { text: 'Lab order' } });
  const children = [];
  for (const test of tests) {
    children.push(
      await medplum.createResource<ServiceRequest>({
        ...common,
        code: { coding: [test], text: test.display },
        basedOn: [createReference(order)],
      }),
    );
  }
  return { order, tests: children };
}
// #endregion order

// #region specimen
/** Records the blood draw. One tube can serve several tests, so it points at all of them. */
export async function collectSpecimen(medplum: MedplumClient, lab: LabOrder, accession: string): Promise<Specimen> {
  return medplum.createResource<Specimen>({
    resourceType: 'Specimen',
    status: 'available',
    type: BLOOD_SPECIMEN,
    subject: lab.order.subject,
    accessionIdentifier: { system: 'https://example.org/accession', value: accession },
    request: lab.tests.map((t) => createReference(t)),
    collection: { collectedDateTime: new Date().toISOString() },
  });
}
// #endregion specimen

// #region results
export interface Measured {
  test: ServiceRequest;
  value: number;
  unit: string;
  ucum: string;
  low: number;
  high: number;
}

/** Flags a value against its reference range: H, L or N. */
export function interpret(value: number, low: number, high: number): CodeableConcept {
  if (value > high) {
    return { coding: [{ system: INTERPRETATION, code: 'H', display: 'High' }] };
  }
  if (value < low) {
    return { coding: [{ system: INTERPRETATION, code: 'L', display: 'Low' }] };
  }
  return { coding: [{ system: INTERPRETATION, code: 'N', display: 'Normal' }] };
}

/**
 * Stores the lab's results: one Observation per test, and a final DiagnosticReport that groups
 * them, names the specimen and points back at the orders. Then the order is complete.
 */
export async function recordResults(
  medplum: MedplumClient,
  lab: LabOrder,
  specimen: Specimen,
  measured: Measured[],
): Promise<DiagnosticReport> {
  const effective = new Date().toISOString();
  const observations: Observation[] = [];
  for (const m of measured) {
    observations.push(
      await medplum.createResource<Observation>({
        resourceType: 'Observation',
        status: 'final',
        category: [
          {
            coding: [
              {
                system: 'http://terminology.hl7.org/CodeSystem/observation-category',
                code: 'laboratory',
                display: 'Laboratory',
              },
            ],
          },
        ],
        code: m.test.code as CodeableConcept,
        subject: lab.order.subject,
        basedOn: [createReference(m.test)],
        specimen: createReference(specimen),
        effectiveDateTime: effective,
        valueQuantity: { value: m.value, unit: m.unit, system: UCUM, code: m.ucum },
        referenceRange: [
          {
            low: { value: m.low, unit: m.unit, system: UCUM, code: m.ucum },
            high: { value: m.high, unit: m.unit, system: UCUM, code: m.ucum },
          },
        ],
        interpretation: [interpret(m.value, m.low, m.high)],
      }),
    );
  }
  const report = await medplum.createResource<DiagnosticReport>({
    resourceType: 'DiagnosticReport',
    status: 'final',
    category: [LAB_CATEGORY],
    code: { text: 'Diabetes monitoring' },
    subject: lab.order.subject,
    basedOn: [lab.order, ...lab.tests].map((r) => createReference(r)),
    specimen: [createReference(specimen)],
    effectiveDateTime: effective,
    issued: new Date().toISOString(),
    result: observations.map((o) => createReference(o)),
  });
  for (const request of [lab.order, ...lab.tests]) {
    await medplum.updateResource({ ...request, status: 'completed' });
  }
  return report;
}
// #endregion results

// #region review
/** Puts the report in the ordering clinician's queue, flagged urgent when any value is abnormal. */
export async function requestReview(
  medplum: MedplumClient,
  report: DiagnosticReport,
  orderer: Reference<Practitioner>,
): Promise<Task> {
  const results = await Promise.all((report.result ?? []).map((r) => medplum.readReference(r)));
  const abnormal = results.some((o) => o.interpretation?.[0]?.coding?.[0]?.code !== 'N');
  return medplum.createResource<Task>({
    resourceType: 'Task',
    status: 'requested',
    intent: 'order',
    priority: abnormal ? 'urgent' : 'routine',
    code: { text: 'Review lab results' },
    focus: createReference(report),
    for: report.subject,
    owner: orderer,
    authoredOn: new Date().toISOString(),
  });
}

/** The clinician's queue: open review tasks, urgent first. */
export async function reviewQueue(medplum: MedplumClient, clinician: Practitioner): Promise<Task[]> {
  const tasks = await medplum.searchResources(
    'Task',
    { owner: getReferenceString(clinician), status: 'requested' },
    { cache: 'no-cache' },
  );
  return tasks.sort((a, b) => Number(b.priority === 'urgent') - Number(a.priority === 'urgent'));
}

/** Signs off a result: the task is completed with the clinician's note. */
export async function completeReview(medplum: MedplumClient, task: Task, note: string): Promise<Task> {
  return medplum.updateResource({
    ...task,
    status: 'completed',
    note: [...(task.note ?? []), { text: note, time: new Date().toISOString() }],
  });
}
// #endregion review
