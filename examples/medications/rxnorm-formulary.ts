/**
 * Drug products for a formulary: a Medication per product with its RxNorm clinical drug code and
 * its NDCs as further codings, ingredients with strengths, a compounded product, a DEA schedule on
 * MedicationKnowledge, and the formulary itself as a List whose entries carry a tier.
 */
import type { MedplumClient } from '@medplum/core';
import { createReference, getReferenceString } from '@medplum/core';
import type {
  BundleEntry,
  Coding,
  List,
  Medication,
  MedicationKnowledge,
  Organization,
  Ratio,
} from '@medplum/fhirtypes';
import { RXNORM } from './prescribe';

// #region codes
export const NDC = 'http://hl7.org/fhir/sid/ndc';
const UCUM = 'http://unitsofmeasure.org';
const DRUG_FORM = 'http://terminology.hl7.org/CodeSystem/v3-orderableDrugForm';

/** RxNorm ingredients (term type IN). */
export const INGREDIENTS = {
  amlodipine: { system: RXNORM, code: '17767', display: 'amlodipine' },
  lisinopril: { system: RXNORM, code: '29046', display: 'lisinopril' },
  metformin: { system: RXNORM, code: '6809', display: 'metformin' },
  oxycodone: { system: RXNORM, code: '7804', display: 'oxycodone' },
} satisfies Record<string, Coding>;

/** HL7 v3 orderable drug forms, one of the forms Medication.form accepts. */
export const ORAL_TABLET: Coding = { system: DRUG_FORM, code: 'ORTAB', display: 'Oral Tablet' };
export const ORAL_SUSPENSION: Coding = { system: DRUG_FORM, code: 'ORSUSP', display: 'Oral Suspension' };
const TABLET: Coding = { system: DRUG_FORM, code: 'TAB', display: 'Tablet' };

/**
 * An NDC in the 11-digit, 5-4-2 form without hyphens that claims and RxNorm's NDC data use. The
 * labeler, product and package segments of a hyphenated 10-digit NDC (4-4-2, 5-3-2 or 5-4-1) are
 * padded with one leading zero where short.
 */
export function ndc11(ndc: string): string {
  const parts = ndc.split('-');
  if (parts.length !== 3) {
    if (/^\d{11}$/.test(ndc)) {
      return ndc;
    }
    throw new Error(`Not a hyphenated NDC: ${ndc}`);
  }
  const [labeler, product, pkg] = parts;
  return `${labeler.padStart(5, '0')}${product.padStart(4, '0')}${pkg.padStart(2, '0')}`;
}
// #endregion codes

// #region product
export interface ProductSpec {
  /** The RxNorm clinical drug (SCD) or branded drug (SBD) the product is. */
  drug: Coding;
  ingredient: Coding;
  /** Strength per tablet, in mg. */
  mgPerTablet: number;
  /** Package NDCs from the labels the pharmacy stocks. */
  ndcs?: string[];
}

/**
 * One Medication per product: the RxNorm code first, then one NDC coding per package. Created once,
 * keyed by the RxNorm code.
 */
export async function ensureProduct(medplum: MedplumClient, spec: ProductSpec): Promise<Medication> {
  const strength: Ratio = {
    numerator: { value: spec.mgPerTablet, unit: 'mg', system: UCUM, code: 'mg' },
    denominator: { value: 1, unit: 'tablet', system: DRUG_FORM, code: TABLET.code },
  };
  return medplum.createResourceIfNoneExist<Medication>(
    {
      resourceType: 'Medication',
      status: 'active',
      code: {
        text: spec.drug.display,
        coding: [spec.drug, ...(spec.ndcs ?? []).map((n) => ({ system: NDC, code: ndc11(n) }))],
      },
      form: { coding: [ORAL_TABLET] },
      ingredient: [{ itemCodeableConcept: { coding: [spec.ingredient] }, isActive: true, strength }],
    },
    `code=${RXNORM}|${spec.drug.code}`,
  );
}

/** The product a scanned or billed NDC belongs to, with its RxNorm coding. */
export async function productByNdc(medplum: MedplumClient, ndc: string): Promise<Medication | undefined> {
  return medplum.searchOne('Medication', { code: `${NDC}|${ndc11(ndc)}` }, { cache: 'no-cache' });
}
// #endregion product

// #region compounded
/**
 * A compounded product has no RxNorm or NDC code: it is described by its ingredients. The inactive
 * vehicle is listed too, with `isActive: false`.
 */
export async function createCompound(medplum: MedplumClient): Promise<Medication> {
  return medplum.createResource<Medication>({
    resourceType: 'Medication',
    status: 'active',
    code: { text: 'amlodipine 1 mg/mL oral suspension (compounded)' },
    form: { coding: [ORAL_SUSPENSION] },
    amount: {
      numerator: { value: 150, unit: 'mL', system: UCUM, code: 'mL' },
      denominator: { value: 1, unit: 'bottle' },
    },
    ingredient: [
      {
        itemCodeableConcept: { coding: [INGREDIENTS.amlodipine] },
        isActive: true,
        strength: {
          numerator: { value: 1, unit: 'mg', system: UCUM, code: 'mg' },
          denominator: { value: 1, unit: 'mL', system: UCUM, code: 'mL' },
        },
      },
      { itemCodeableConcept: { text: 'Oral suspending vehicle' }, isActive: false },
    ],
  });
}
// #endregion compounded

// #region schedule
/**
 * HL7 version 2 table 0477, Controlled Substance Schedule: the US schedules as codes I to V (and VI).
 * A Medplum server stores it with the other v2 tables, so every project can validate against it.
 */
export const CONTROLLED_SCHEDULE = 'http://terminology.hl7.org/CodeSystem/v2-0477';
/** Listed from the strictest schedule to the least strict. */
export const SCHEDULES = {
  I: { system: CONTROLLED_SCHEDULE, code: 'I', display: 'Schedule I' },
  II: { system: CONTROLLED_SCHEDULE, code: 'II', display: 'Schedule II' },
  III: { system: CONTROLLED_SCHEDULE, code: 'III', display: 'Schedule III' },
  IV: { system: CONTROLLED_SCHEDULE, code: 'IV', display: 'Schedule IV' },
  V: { system: CONTROLLED_SCHEDULE, code: 'V', display: 'Schedule V' },
} satisfies Record<string, Coding>;

/**
 * Records an ingredient's schedule on MedicationKnowledge.regulatory, with the DEA as the authority.
 * Medication has no element for it; MedicationKnowledge does.
 */
export async function recordSchedule(
  medplum: MedplumClient,
  ingredient: Coding,
  schedule: Coding,
): Promise<MedicationKnowledge> {
  const dea = await medplum.createResourceIfNoneExist<Organization>(
    { resourceType: 'Organization', name: 'Drug Enforcement Administration' },
    'name:exact=Drug Enforcement Administration',
  );
  return medplum.createResourceIfNoneExist<MedicationKnowledge>(
    {
      resourceType: 'MedicationKnowledge',
      status: 'active',
      code: { coding: [ingredient] },
      regulatory: [{ regulatoryAuthority: createReference(dea), schedule: [{ schedule: { coding: [schedule] } }] }],
    },
    `code=${ingredient.system}|${ingredient.code}`,
  );
}

/** The schedule of a product, from the MedicationKnowledge of its ingredients; undefined if none is controlled. */
export async function scheduleOf(medplum: MedplumClient, medication: Medication): Promise<Coding | undefined> {
  const codes = (medication.ingredient ?? [])
    .flatMap((i) => i.itemCodeableConcept?.coding ?? [])
    .filter((c) => c.system === RXNORM)
    .map((c) => `${RXNORM}|${c.code}`);
  if (codes.length === 0) {
    return undefined;
  }
  const known = await medplum.searchResources('MedicationKnowledge', { code: codes.join(',') }, { cache: 'no-cache' });
  const schedules = known
    .flatMap((k) => k.regulatory ?? [])
    .flatMap((r) => r.schedule ?? [])
    .flatMap((s) => s.schedule.coding ?? [])
    .filter((c) => c.system === CONTROLLED_SCHEDULE);
  // A product with several controlled ingredients takes the strictest schedule.
  const strictest = Object.keys(SCHEDULES);
  return schedules.sort((a, b) => strictest.indexOf(a.code as string) - strictest.indexOf(b.code as string))[0];
}
// #endregion schedule

// #region formulary
const LIST_TYPE = 'https://example.org/fhir/CodeSystem/list-type';
const TIER = 'https://example.org/fhir/CodeSystem/formulary-tier';
export type Tier = 'preferred' | 'non-preferred' | 'restricted';

/** The formulary: one List per clinic, found by its code. */
export async function ensureFormulary(medplum: MedplumClient): Promise<List> {
  return medplum.createResourceIfNoneExist<List>(
    {
      resourceType: 'List',
      status: 'current',
      mode: 'working',
      title: 'Clinic formulary',
      code: { coding: [{ system: LIST_TYPE, code: 'formulary', display: 'Formulary' }] },
      entry: [],
    },
    `code=${LIST_TYPE}|formulary`,
  );
}

/** Adds a product or changes its tier. The update is conditional on the version read (If-Match). */
export async function setTier(medplum: MedplumClient, list: List, medication: Medication, tier: Tier): Promise<List> {
  const current = await medplum.readResource('List', list.id as string, { cache: 'no-cache' });
  const ref = getReferenceString(medication);
  const entry = { item: createReference(medication), flag: { coding: [{ system: TIER, code: tier }] } };
  return medplum.updateResource<List>(
    { ...current, entry: [...(current.entry ?? []).filter((e) => e.item.reference !== ref), entry] },
    { headers: { 'If-Match': `W/"${current.meta?.versionId}"` } },
  );
}

/** The formulary with its products in one request (`_include` follows List.entry.item). */
export async function formularyProducts(medplum: MedplumClient): Promise<{ medication: Medication; tier?: string }[]> {
  const bundle = await medplum.search(
    'List',
    { code: `${LIST_TYPE}|formulary`, status: 'current', _include: 'List:item' },
    { cache: 'no-cache' },
  );
  const entries: BundleEntry[] = bundle.entry ?? [];
  const list = entries.find((e) => e.search?.mode === 'match')?.resource as List | undefined;
  const products = new Map(
    entries
      .filter((e) => e.resource?.resourceType === 'Medication')
      .map((e) => [getReferenceString(e.resource as Medication), e.resource as Medication]),
  );
  return (list?.entry ?? [])
    .filter((e) => products.has(e.item.reference as string))
    .map((e) => ({
      medication: products.get(e.item.reference as string) as Medication,
      tier: e.flag?.coding?.[0].code,
    }));
}
// #endregion formulary
