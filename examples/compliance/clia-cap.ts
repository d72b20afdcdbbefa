/**
 * Laboratory results that can be traced to their specimen, instrument and operator, corrected
 * without losing the original, and read back for an inspector. Used by
 * docs/compliance/clia-cap.mdx.
 */
import type { MedplumClient } from '@medplum/core';
import { createReference, getReferenceString } from '@medplum/core';
import type {
  Device,
  DiagnosticReport,
  Observation,
  Organization,
  Patient,
  Practitioner,
  Reference,
  Specimen,
} from '@medplum/fhirtypes';

// #region traceable-result
const LOINC = 'http://loinc.org';
const UCUM = 'http://unitsofmeasure.org';
const INTERPRETATION = 'http://terminology.hl7.org/CodeSystem/v3-ObservationInterpretation';

export interface GlucoseRun {
  patient: Reference<Patient>;
  specimen: Reference<Specimen>;
  analyzer: Reference<Device>;
  /** The person who ran the test. */
  operator: Reference<Practitioner>;
  /** The laboratory where the test was performed. */
  lab: Reference<Organization>;
  valueMgDl: number;
  /** The reference interval in use when the result was released. */
  range: { low: number; high: number };
}

/**
 * Stores a glucose result and the report that releases it. The Observation names the specimen,
 * the analyzer (device) and both the operator and the lab (performer), and carries the reference
 * interval, so each report line can be traced and shown with its range.
 */
export async function releaseGlucoseResult(
  medplum: MedplumClient,
  run: GlucoseRun,
): Promise<{ observation: Observation; report: DiagnosticReport }> {
  const issued = new Date().toISOString();
  const mgdl = (value: number) => ({ value, unit: 'mg/dL', system: UCUM, code: 'mg/dL' });
  const observation = await medplum.createResource<Observation>({
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
    code: { coding: [{ system: LOINC, code: '2345-7', display: 'Glucose [Mass/volume] in Serum or Plasma' }] },
    subject: run.patient,
    specimen: run.specimen,
    device: run.analyzer,
    performer: [run.operator, run.lab],
    issued,
    valueQuantity: mgdl(run.valueMgDl),
    interpretation: interpretationFor(run.valueMgDl, run.range.low, run.range.high),
    referenceRange: [{ low: mgdl(run.range.low), high: mgdl(run.range.high) }],
  });
  const report = await medplum.createResource<DiagnosticReport>({
    resourceType: 'DiagnosticReport',
    status: 'final',
    code: observation.code,
    subject: run.patient,
    specimen: [run.specimen],
    performer: [run.lab],
    issued,
    result: [createReference(observation)],
  });
  return { observation, report };
}

/** High, low or normal against the reference interval (HL7 v3 ObservationInterpretation). */
export function interpretationFor(value: number, low: number, high: number): Observation['interpretation'] {
  const [code, display] = value > high ? ['H', 'High'] : value < low ? ['L', 'Low'] : ['N', 'Normal'];
  return [{ coding: [{ system: INTERPRETATION, code, display }] }];
}
// #endregion traceable-result

// #region correct-result
/**
 * Corrects a released result. The Observation and the report are updated in place with status
 * `corrected`, so every link to them stays valid, and the server keeps the released versions in
 * their history. The flag is computed again against the stored interval, and the reason goes
 * into a note on the result and into the report's conclusion.
 */
export async function correctGlucoseResult(
  medplum: MedplumClient,
  report: DiagnosticReport & { id: string },
  observation: Observation & { id: string },
  newValueMgDl: number,
  reason: string,
): Promise<{ observation: Observation; report: DiagnosticReport }> {
  const issued = new Date().toISOString();
  const range = observation.referenceRange?.[0];
  const corrected = await medplum.updateResource<Observation>({
    ...observation,
    status: 'corrected',
    issued,
    valueQuantity: { ...observation.valueQuantity, value: newValueMgDl },
    interpretation:
      range?.low?.value !== undefined && range.high?.value !== undefined
        ? interpretationFor(newValueMgDl, range.low.value, range.high.value)
        : undefined,
    note: [...(observation.note ?? []), { time: issued, text: `Corrected: ${reason}` }],
  });
  const correctedReport = await medplum.updateResource<DiagnosticReport>({
    ...report,
    status: 'corrected',
    issued,
    conclusion: `Corrected report: ${reason}`,
  });
  return { observation: corrected, report: correctedReport };
}
// #endregion correct-result

// #region trace
export interface ReportTrace {
  reportId: string;
  status: DiagnosticReport['status'];
  /** Every version of the report, oldest first: the released original, then each correction. */
  versions: { versionId: string; status: string; issued?: string; author?: string }[];
  results: {
    observation: string;
    value?: number;
    unit?: string;
    range?: string;
    specimen?: string;
    accession?: string;
    device?: string;
    serialNumber?: string;
    performers: string[];
  }[];
}

/**
 * Answers an inspector's question "where did this number come from?" for one report: its
 * versions (who wrote each, from the server's meta.author), and for each result the specimen
 * and accession number, the instrument and its serial number, and who performed the test.
 */
export async function traceReport(medplum: MedplumClient, reportId: string): Promise<ReportTrace> {
  const report = await medplum.readResource('DiagnosticReport', reportId);
  const history = await medplum.readHistory('DiagnosticReport', reportId);
  const versions = (history.entry ?? [])
    .map((e) => e.resource as DiagnosticReport)
    .filter(Boolean)
    .reverse()
    .map((r) => ({
      versionId: r.meta?.versionId as string,
      status: r.status,
      issued: r.issued,
      author: r.meta?.author?.reference,
    }));

  const results: ReportTrace['results'] = [];
  for (const ref of report.result ?? []) {
    const obs = await medplum.readReference(ref);
    const specimen = obs.specimen ? await medplum.readReference(obs.specimen) : undefined;
    const device = obs.device ? await medplum.readReference(obs.device as Reference<Device>) : undefined;
    const low = obs.referenceRange?.[0]?.low?.value;
    const high = obs.referenceRange?.[0]?.high?.value;
    results.push({
      observation: getReferenceString(obs),
      value: obs.valueQuantity?.value,
      unit: obs.valueQuantity?.unit,
      range: low !== undefined && high !== undefined ? `${low}-${high}` : undefined,
      specimen: specimen && getReferenceString(specimen),
      accession: specimen?.accessionIdentifier?.value,
      device: device && getReferenceString(device),
      serialNumber: device?.serialNumber,
      performers: (obs.performer ?? []).map((p) => p.reference as string),
    });
  }
  return { reportId, status: report.status, versions, results };
}

/** Reports changed after release since a date: the search behind a corrected-reports indicator. */
export async function reportsChangedSince(medplum: MedplumClient, since: string): Promise<DiagnosticReport[]> {
  return medplum.searchResources('DiagnosticReport', {
    status: 'corrected,amended,appended',
    issued: `ge${since}`,
    _sort: '-issued',
    _count: '100',
  });
}
// #endregion trace
