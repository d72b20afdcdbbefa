/**
 * A lab catalogue as orderable panels: one ActivityDefinition per test, each pointing at the
 * SpecimenDefinition (tube) and ObservationDefinitions (results) it needs, grouped by an order-set
 * PlanDefinition. Reflex tests are nested actions with a FHIRPath condition, evaluated by a bot when
 * a result arrives. The order form's queries come last.
 */
import type { BotEvent, MedplumClient } from '@medplum/core';
import { createReference, evalFhirPath, getReferenceString } from '@medplum/core';
import type {
  ActivityDefinition,
  Bundle,
  BundleEntry,
  Coding,
  Observation,
  ObservationDefinition,
  Patient,
  PlanDefinition,
  PlanDefinitionAction,
  Practitioner,
  Reference,
  ServiceRequest,
  SpecimenDefinition,
} from '@medplum/fhirtypes';
import { codeToken, HBA1C, LOINC_SYSTEM, UCUM_SYSTEM } from './codes';

// #region codes
/** LOINC panel codes: what is ordered and what the report is about. */
export const CMP: Coding = {
  system: LOINC_SYSTEM,
  code: '24323-8',
  display: 'Comprehensive metabolic 2000 panel - Serum or Plasma',
};
export const CBC: Coding = { system: LOINC_SYSTEM, code: '58410-2', display: 'CBC panel - Blood by Automated count' };

/** LOINC result codes: what each Observation of a panel reports. */
export const GLUCOSE: Coding = {
  system: LOINC_SYSTEM,
  code: '2345-7',
  display: 'Glucose [Mass/volume] in Serum or Plasma',
};
export const CREATININE: Coding = {
  system: LOINC_SYSTEM,
  code: '2160-0',
  display: 'Creatinine [Mass/volume] in Serum or Plasma',
};
export const HEMOGLOBIN: Coding = { system: LOINC_SYSTEM, code: '718-7', display: 'Hemoglobin [Mass/volume] in Blood' };
export const WBC: Coding = {
  system: LOINC_SYSTEM,
  code: '6690-2',
  display: 'Leukocytes [#/volume] in Blood by Automated count',
};

/** HL7 v2 table 0487 (specimen type) and 0371 (additive), the example bindings of SpecimenDefinition. */
const V2_SPECIMEN_TYPE = 'http://terminology.hl7.org/CodeSystem/v2-0487';
const V2_ADDITIVE = 'http://terminology.hl7.org/CodeSystem/v2-0371';
export const WHOLE_BLOOD: Coding = { system: V2_SPECIMEN_TYPE, code: 'BLD', display: 'Whole blood' };
export const SERUM: Coding = { system: V2_SPECIMEN_TYPE, code: 'SER', display: 'Serum' };

export const ORDER_SET: Coding = {
  system: 'http://terminology.hl7.org/CodeSystem/plan-definition-type',
  code: 'order-set',
  display: 'Order Set',
};
// #endregion codes

// #region specimens
const SPECIMEN_IDS = 'https://example.org/fhir/specimen-definition';

/**
 * The two tubes the catalogue uses. `typeTested.container` is what the phlebotomist draws. Each is
 * created once, keyed by its identifier.
 */
export async function createContainers(
  medplum: MedplumClient,
): Promise<{ sst: SpecimenDefinition; edta: SpecimenDefinition }> {
  const sst = await medplum.createResourceIfNoneExist<SpecimenDefinition>(
    {
      resourceType: 'SpecimenDefinition',
      identifier: { system: SPECIMEN_IDS, value: 'serum-sst' },
      typeCollected: { coding: [WHOLE_BLOOD] },
      patientPreparation: [{ text: 'Fasting preferred; record the time of the last meal.' }],
      typeTested: [
        {
          isDerived: true,
          type: { coding: [SERUM] },
          preference: 'preferred',
          container: {
            description: 'Serum separator tube',
            additive: [
              {
                additiveCodeableConcept: {
                  coding: [{ system: V2_ADDITIVE, code: 'SST', display: 'Serum Separator Tube (Polymer Gel)' }],
                },
              },
            ],
            capacity: { value: 5, unit: 'mL', system: UCUM_SYSTEM, code: 'mL' },
            minimumVolumeQuantity: { value: 1, unit: 'mL', system: UCUM_SYSTEM, code: 'mL' },
          },
          requirement: 'Let clot for 30 minutes, then centrifuge.',
          rejectionCriterion: [
            {
              coding: [
                {
                  system: 'http://terminology.hl7.org/CodeSystem/rejection-criteria',
                  code: 'hemolized',
                  display: 'hemolized specimen',
                },
              ],
            },
          ],
          handling: [
            {
              temperatureQualifier: {
                coding: [
                  {
                    system: 'http://terminology.hl7.org/CodeSystem/handling-condition',
                    code: 'refrigerated',
                    display: 'refrigerated',
                  },
                ],
              },
              maxDuration: { value: 7, unit: 'd', system: UCUM_SYSTEM, code: 'd' },
            },
          ],
        },
      ],
    },
    `identifier=${SPECIMEN_IDS}|serum-sst`,
  );

  const edta = await medplum.createResourceIfNoneExist<SpecimenDefinition>(
    {
      resourceType: 'SpecimenDefinition',
      identifier: { system: SPECIMEN_IDS, value: 'whole-blood-edta' },
      typeCollected: { coding: [WHOLE_BLOOD] },
      typeTested: [
        {
          isDerived: false,
          type: { coding: [WHOLE_BLOOD] },
          preference: 'preferred',
          container: {
            description: 'EDTA tube',
            cap: {
              coding: [
                {
                  system: 'http://terminology.hl7.org/CodeSystem/container-cap',
                  code: 'lavender',
                  display: 'lavender cap',
                },
              ],
            },
            additive: [
              {
                additiveCodeableConcept: {
                  coding: [{ system: V2_ADDITIVE, code: 'EDTK', display: 'Potassium/K EDTA' }],
                },
              },
            ],
            capacity: { value: 4, unit: 'mL', system: UCUM_SYSTEM, code: 'mL' },
            minimumVolumeQuantity: { value: 0.5, unit: 'mL', system: UCUM_SYSTEM, code: 'mL' },
          },
          rejectionCriterion: [
            {
              coding: [
                {
                  system: 'http://terminology.hl7.org/CodeSystem/rejection-criteria',
                  code: 'clotted',
                  display: 'specimen clotted',
                },
              ],
            },
          ],
        },
      ],
    },
    `identifier=${SPECIMEN_IDS}|whole-blood-edta`,
  );
  return { sst, edta };
}
// #endregion specimens

// #region tests
export interface TestSpec {
  /** The canonical URL orders and PlanDefinition actions use to name this test. */
  url: string;
  title: string;
  code: Coding;
  specimen: SpecimenDefinition;
  /** Result codes with their UCUM unit and decimal places. */
  results: { code: Coding; unit: string; decimals: number }[];
}

/**
 * One orderable test: its ObservationDefinitions (one per result), then the ActivityDefinition that
 * links them to the tube. Both creates are conditional, so loading the catalogue twice is harmless.
 */
export async function createTest(medplum: MedplumClient, spec: TestSpec): Promise<ActivityDefinition> {
  const results: ObservationDefinition[] = [];
  for (const r of spec.results) {
    results.push(
      await medplum.createResourceIfNoneExist<ObservationDefinition>(
        {
          resourceType: 'ObservationDefinition',
          code: { coding: [r.code] },
          permittedDataType: ['Quantity'],
          quantitativeDetails: {
            unit: { coding: [{ system: UCUM_SYSTEM, code: r.unit, display: r.unit }] },
            decimalPrecision: r.decimals,
          },
        },
        `code=${codeToken(r.code)}`,
      ),
    );
  }
  return medplum.createResourceIfNoneExist<ActivityDefinition>(
    {
      resourceType: 'ActivityDefinition',
      url: spec.url,
      status: 'active',
      title: spec.title,
      kind: 'ServiceRequest',
      intent: 'order',
      code: { coding: [spec.code] },
      specimenRequirement: [createReference(spec.specimen)],
      observationResultRequirement: results.map((r) => createReference(r)),
    },
    `url=${spec.url}`,
  );
}
// #endregion tests

// #region panel
const BASE = 'https://example.org/fhir';

/** Reflex rule: evaluated against each result Observation of the CMP. */
export const HIGH_GLUCOSE = `code.coding.where(system = '${LOINC_SYSTEM}' and code = '${GLUCOSE.code}').exists() and value.value >= 126`;

/**
 * The catalogue and one order set over it. The HbA1c reflex is a nested action under the CMP: order
 * forms and PlanDefinition/$apply only read top-level actions, so it is never ordered up front.
 */
export async function createAnnualLabs(medplum: MedplumClient): Promise<PlanDefinition> {
  const { sst, edta } = await createContainers(medplum);
  const cmp = await createTest(medplum, {
    url: `${BASE}/ActivityDefinition/cmp`,
    title: 'Comprehensive metabolic panel',
    code: CMP,
    specimen: sst,
    results: [
      { code: GLUCOSE, unit: 'mg/dL', decimals: 0 },
      { code: CREATININE, unit: 'mg/dL', decimals: 2 },
    ],
  });
  const cbc = await createTest(medplum, {
    url: `${BASE}/ActivityDefinition/cbc`,
    title: 'Complete blood count',
    code: CBC,
    specimen: edta,
    results: [
      { code: HEMOGLOBIN, unit: 'g/dL', decimals: 1 },
      { code: WBC, unit: '10*3/uL', decimals: 1 },
    ],
  });
  const hba1c = await createTest(medplum, {
    url: `${BASE}/ActivityDefinition/hba1c`,
    title: 'Hemoglobin A1c',
    code: HBA1C,
    specimen: edta,
    results: [{ code: HBA1C, unit: '%', decimals: 1 }],
  });

  const url = `${BASE}/PlanDefinition/annual-labs`;
  return medplum.createResourceIfNoneExist<PlanDefinition>(
    {
      resourceType: 'PlanDefinition',
      url,
      status: 'active',
      name: 'AnnualLabs',
      title: 'Annual labs',
      type: { coding: [ORDER_SET] },
      action: [
        {
          id: 'cmp',
          title: cmp.title,
          definitionCanonical: cmp.url,
          action: [
            {
              id: 'reflex-hba1c',
              title: 'Add HbA1c when glucose is 126 mg/dL or higher',
              definitionCanonical: hba1c.url,
              condition: [
                { kind: 'applicability', expression: { language: 'text/fhirpath', expression: HIGH_GLUCOSE } },
              ],
              relatedAction: [{ actionId: 'cmp', relationship: 'after-end' }],
            },
          ],
        },
        { id: 'cbc', title: cbc.title, definitionCanonical: cbc.url },
      ],
    },
    `url=${url}`,
  );
}
// #endregion panel

// #region order-form
export interface PanelChoice {
  panel: PlanDefinition;
  tests: ActivityDefinition[];
}

/**
 * Everything the form's panel picker needs in one request: the active order sets, each with the
 * ActivityDefinitions its top-level actions name (`_include` follows the canonical URLs).
 */
export async function orderablePanels(medplum: MedplumClient): Promise<PanelChoice[]> {
  const bundle = await medplum.search(
    'PlanDefinition',
    {
      type: `${ORDER_SET.system}|${ORDER_SET.code}`,
      status: 'active',
      _include: 'PlanDefinition:definition',
      _sort: 'title',
    },
    { cache: 'no-cache' },
  );
  const entries: BundleEntry[] = bundle.entry ?? [];
  const included = entries
    .filter((e) => e.search?.mode === 'include' && e.resource?.resourceType === 'ActivityDefinition')
    .map((e) => e.resource as ActivityDefinition);
  return entries
    .filter((e) => e.search?.mode === 'match')
    .map((e) => {
      const panel = e.resource as PlanDefinition;
      const urls = (panel.action ?? []).map((a) => a.definitionCanonical);
      return { panel, tests: included.filter((ad) => urls.includes(ad.url)) };
    });
}

export interface TubeToDraw {
  specimen: SpecimenDefinition;
  forTests: string[];
}

/** The collection list: each distinct tube once, with the tests that share it. */
export async function tubesFor(medplum: MedplumClient, tests: ActivityDefinition[]): Promise<TubeToDraw[]> {
  const ids = [...new Set(tests.flatMap((t) => (t.specimenRequirement ?? []).map((r) => r.reference?.split('/')[1])))];
  const specimens = await medplum.searchResources('SpecimenDefinition', { _id: ids.join(',') });
  return specimens.map((specimen) => ({
    specimen,
    forTests: tests
      .filter((t) => t.specimenRequirement?.some((r) => r.reference === getReferenceString(specimen)))
      .map((t) => t.title as string),
  }));
}

/**
 * Places the orders: one ServiceRequest per test, sharing a requisition number, in one transaction
 * (all-or-nothing only where the project has the transaction-bundles feature; elsewhere the server
 * saves the entries one by one). Each names its test and its panel in `instantiatesCanonical`,
 * which is how the reflex bot finds the panel's rules later.
 */
export async function placePanelOrder(
  medplum: MedplumClient,
  choice: PanelChoice,
  patient: Patient,
  requester: Practitioner,
  requisition: string,
): Promise<ServiceRequest[]> {
  const transaction: Bundle = {
    resourceType: 'Bundle',
    type: 'transaction',
    entry: choice.tests.map((test) => ({
      request: { method: 'POST', url: 'ServiceRequest' },
      resource: {
        resourceType: 'ServiceRequest',
        status: 'active',
        intent: 'order',
        code: test.code,
        subject: createReference(patient),
        requester: createReference(requester),
        requisition: { system: `${BASE}/requisition`, value: requisition },
        instantiatesCanonical: [test.url as string, choice.panel.url as string],
        authoredOn: new Date().toISOString(),
      } satisfies ServiceRequest,
    })),
  };
  const result = await medplum.executeBatch(transaction);
  return (result.entry ?? []).map((e) => e.resource as ServiceRequest);
}
// #endregion order-form

// #region reflex
/**
 * Runs the reflex rules of the panel an order came from against one result. For each nested action
 * whose applicability condition is true for the Observation, orders the action's test once.
 */
export async function reflexOrders(medplum: MedplumClient, result: Observation): Promise<ServiceRequest[]> {
  const basedOn = result.basedOn?.find((r) => r.reference?.startsWith('ServiceRequest/'));
  if (result.status !== 'final' || !basedOn) {
    return [];
  }
  const order = await medplum.readReference(basedOn as Reference<ServiceRequest>);
  const canonicals = order.instantiatesCanonical ?? [];
  const panels = await medplum.searchResources('PlanDefinition', { url: canonicals.join(',') });
  const rules: PlanDefinitionAction[] = panels
    .flatMap((p) => p.action ?? [])
    .filter((a) => a.definitionCanonical && canonicals.includes(a.definitionCanonical))
    .flatMap((a) => a.action ?? []);

  const created: ServiceRequest[] = [];
  for (const rule of rules) {
    const expression = rule.condition?.find((c) => c.kind === 'applicability')?.expression?.expression;
    if (!expression || !rule.definitionCanonical || evalFhirPath(expression, result)[0] !== true) {
      continue;
    }
    const test = await medplum.searchOne('ActivityDefinition', { url: rule.definitionCanonical, status: 'active' });
    const code = test?.code?.coding?.[0];
    if (!test || !code) {
      continue;
    }
    created.push(
      await medplum.createResourceIfNoneExist<ServiceRequest>(
        {
          resourceType: 'ServiceRequest',
          status: 'active',
          intent: 'reflex-order',
          code: test.code,
          subject: order.subject,
          requester: order.requester,
          requisition: order.requisition,
          basedOn: [createReference(order)],
          reasonReference: [createReference(result)],
          instantiatesCanonical: [rule.definitionCanonical],
          authoredOn: new Date().toISOString(),
        },
        `based-on=${getReferenceString(order)}&code=${codeToken(code)}`,
      ),
    );
  }
  return created;
}

/** The bot: a Subscription on final Observations delivers each result here. */
export async function handler(medplum: MedplumClient, event: BotEvent<Observation>): Promise<ServiceRequest[]> {
  return reflexOrders(medplum, event.input);
}
// #endregion reflex
