/**
 * How LOINC is organised, in Medplum terms: an answer list as a ValueSet, a project's own LOINC
 * CodeSystem with the CLASS column as a property (filled with $import, read with $lookup), and a
 * panel code on the order and the report with member codes on the Observations.
 */
import type { MedplumClient } from '@medplum/core';
import { createReference, generateId } from '@medplum/core';
import type {
  Bundle,
  BundleEntry,
  CodeSystem,
  Coding,
  DiagnosticReport,
  Observation,
  Patient,
  ServiceRequest,
  Parameters,
  ParametersParameter,
  ValueSet,
} from '@medplum/fhirtypes';

export const LOINC = 'http://loinc.org';

// #region answer-list
/** LOINC answer list LL360-9 (Pos|Neg) and its two answers, LA codes in the LOINC system. */
export const POSITIVE: Coding = { system: LOINC, code: 'LA6576-8', display: 'Positive' };
export const NEGATIVE: Coding = { system: LOINC, code: 'LA6577-6', display: 'Negative' };
export const RH_TYPE: Coding = { system: LOINC, code: '10331-7', display: 'Rh [Type] in Blood' };

/** The answer list as a ValueSet, under the canonical URL LOINC gives it: http://loinc.org/vs/<LL id>. */
export const POS_NEG: ValueSet = {
  resourceType: 'ValueSet',
  url: 'http://loinc.org/vs/LL360-9',
  name: 'PosNeg',
  title: 'Pos|Neg',
  status: 'active',
  compose: {
    include: [
      { system: LOINC, concept: [POSITIVE, NEGATIVE].map((c) => ({ code: c.code as string, display: c.display })) },
    ],
  },
};

export async function ensureAnswerList(medplum: MedplumClient, valueSet: ValueSet = POS_NEG): Promise<ValueSet> {
  return medplum.createResourceIfNoneExist<ValueSet>(valueSet, `url=${valueSet.url}`);
}

/** ValueSet/$validate-code: is this coding one of the answer list's answers? */
export async function isAnswer(medplum: MedplumClient, answerList: string, answer: Coding): Promise<boolean> {
  const url = medplum.fhirUrl('ValueSet', '$validate-code');
  url.searchParams.set('url', answerList);
  url.searchParams.set('system', answer.system ?? '');
  url.searchParams.set('code', answer.code ?? '');
  const out = await medplum.get<Parameters>(url, { cache: 'no-cache' });
  return out.parameter?.find((p) => p.name === 'result')?.valueBoolean === true;
}

/** Records a qualitative result, after checking the answer belongs to the test's answer list. */
export async function recordRhType(medplum: MedplumClient, patient: Patient, answer: Coding): Promise<Observation> {
  if (!(await isAnswer(medplum, POS_NEG.url as string, answer))) {
    throw new Error(`${answer.code} is not an answer of ${POS_NEG.url}`);
  }
  return medplum.createResource<Observation>({
    resourceType: 'Observation',
    status: 'final',
    code: { coding: [RH_TYPE] },
    subject: createReference(patient),
    valueCodeableConcept: { coding: [answer] },
  });
}
// #endregion answer-list

// #region code-system
/**
 * The project's own LOINC CodeSystem: metadata and declared properties only, concepts loaded with
 * $import. `version` must sort above the stub's "0.0.0" so that terminology operations choose it.
 */
export function loincCodeSystem(version: string): CodeSystem {
  return {
    resourceType: 'CodeSystem',
    url: LOINC,
    version,
    name: 'LOINC',
    title: 'LOINC',
    status: 'active',
    content: 'not-present',
    hierarchyMeaning: 'is-a',
    property: [
      { code: 'CLASS', type: 'string', description: 'LOINC class (the CLASS column of the LOINC table)' },
      { code: 'answer-list', type: 'string', description: 'LOINC answer list id (LL) of an observation code' },
    ],
  };
}

export interface LoincRow {
  code: string;
  display: string;
  /** CLASS column; absent for answer codes (LA), which are not LOINC terms. */
  loincClass?: string;
  answerList?: string;
}

/** Stores the CodeSystem once, then imports the rows: concepts first, then their properties. */
export async function loadLoinc(medplum: MedplumClient, version: string, rows: LoincRow[]): Promise<CodeSystem> {
  const codeSystem = await medplum.createResourceIfNoneExist<CodeSystem>(
    loincCodeSystem(version),
    `url=${LOINC}&version=${version}`,
  );
  const property = (code: string, name: string, value: string): ParametersParameter => ({
    name: 'property',
    part: [
      { name: 'code', valueCode: code },
      { name: 'property', valueCode: name },
      { name: 'value', valueString: value },
    ],
  });
  await medplum.post(medplum.fhirUrl('CodeSystem', '$import'), {
    resourceType: 'Parameters',
    parameter: [
      { name: 'system', valueUri: LOINC },
      ...rows.map((r) => ({ name: 'concept', valueCoding: { code: r.code, display: r.display } })),
      ...rows.flatMap((r) => [
        ...(r.loincClass ? [property(r.code, 'CLASS', r.loincClass)] : []),
        ...(r.answerList ? [property(r.code, 'answer-list', r.answerList)] : []),
      ]),
    ],
  } satisfies Parameters);
  return codeSystem;
}
// #endregion code-system

// #region lookup-class
export interface LoincFacts {
  display: string;
  loincClass?: string;
  answerList?: string;
  /** Classes starting with PANEL. hold panel codes: order them, report them, never put a value on them. */
  isPanel: boolean;
}

/** CodeSystem/$lookup, reading the CLASS and answer-list properties. A code the system lacks answers 404. */
export async function loincFacts(medplum: MedplumClient, code: string): Promise<LoincFacts> {
  const url = medplum.fhirUrl('CodeSystem', '$lookup');
  url.searchParams.set('system', LOINC);
  url.searchParams.set('code', code);
  const out = await medplum.get<Parameters>(url, { cache: 'no-cache' });
  const property = (name: string): string | undefined =>
    out.parameter
      ?.filter((p) => p.name === 'property')
      .find((p) => p.part?.find((x) => x.name === 'code')?.valueCode === name)
      ?.part?.find((x) => x.name === 'value')?.valueString;
  const loincClass = property('CLASS');
  return {
    display: out.parameter?.find((p) => p.name === 'display')?.valueString ?? '',
    loincClass,
    answerList: property('answer-list'),
    isPanel: loincClass?.startsWith('PANEL.') ?? false,
  };
}
// #endregion lookup-class

// #region panel-report
export interface MemberResult {
  code: Coding;
  value: number;
  unit: string;
}

/**
 * Files a panel's results: one Observation per member code, and one DiagnosticReport with the
 * panel code of the order, pointing at them. One transaction Bundle: with the project's
 * transaction-bundles feature a report never lacks results; without it, entries are saved one by one.
 */
export async function filePanelReport(
  medplum: MedplumClient,
  order: ServiceRequest,
  results: MemberResult[],
): Promise<DiagnosticReport> {
  const ids = results.map(() => `urn:uuid:${generateId()}`);
  const observations: Bundle['entry'] = results.map((r, i) => ({
    fullUrl: ids[i],
    request: { method: 'POST', url: 'Observation' },
    resource: {
      resourceType: 'Observation',
      status: 'final',
      category: [
        {
          coding: [{ system: 'http://terminology.hl7.org/CodeSystem/observation-category', code: 'laboratory' }],
        },
      ],
      code: { coding: [r.code] },
      subject: order.subject,
      basedOn: [createReference(order)],
      valueQuantity: { value: r.value, unit: r.unit, system: 'http://unitsofmeasure.org', code: r.unit },
    } satisfies Observation,
  }));
  const report: DiagnosticReport = {
    resourceType: 'DiagnosticReport',
    status: 'final',
    code: order.code as DiagnosticReport['code'],
    subject: order.subject,
    basedOn: [createReference(order)],
    result: ids.map((reference) => ({ reference })),
  };
  const response = await medplum.executeBatch({
    resourceType: 'Bundle',
    type: 'transaction',
    entry: [...(observations ?? []), { request: { method: 'POST', url: 'DiagnosticReport' }, resource: report }],
  });
  return response.entry?.[results.length].resource as DiagnosticReport;
}

/** A patient's reports for one panel code, each with its member Observations. */
export async function panelReports(
  medplum: MedplumClient,
  patient: Patient,
  panel: Coding,
): Promise<{ report: DiagnosticReport; results: Observation[] }[]> {
  const bundle = await medplum.search(
    'DiagnosticReport',
    {
      subject: `Patient/${patient.id}`,
      code: `${panel.system}|${panel.code}`,
      _include: 'DiagnosticReport:result',
    },
    { cache: 'no-cache' },
  );
  const entries: BundleEntry[] = bundle.entry ?? [];
  const included = entries.filter((e) => e.search?.mode === 'include').map((e) => e.resource as Observation);
  return entries
    .filter((e) => e.search?.mode === 'match')
    .map((e) => {
      const report = e.resource as DiagnosticReport;
      const refs = (report.result ?? []).map((r) => r.reference);
      return { report, results: included.filter((o) => refs.includes(`Observation/${o.id}`)) };
    });
}
// #endregion panel-report
