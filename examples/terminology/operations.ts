/**
 * Calling the terminology operations from TypeScript: $expand for pickers, $lookup for a code's
 * display and properties, $validate-code before storing a code, and $import for loading codes.
 */
import type { MedplumClient } from '@medplum/core';
import type { Coding, Parameters, ParametersParameter, ValueSetExpansionContains } from '@medplum/fhirtypes';

// #region expand
/** Codes for a type-ahead picker: always send the user's text and a small count. */
export async function searchCodes(
  medplum: MedplumClient,
  valueSetUrl: string,
  text: string,
): Promise<ValueSetExpansionContains[]> {
  const expanded = await medplum.valueSetExpand({ url: valueSetUrl, filter: text, count: 10 });
  return expanded.expansion?.contains ?? [];
}
// #endregion expand

// #region lookup
export interface LookupResult {
  /** Title or name of the code system. */
  system: string;
  display: string;
  properties: Record<string, unknown>;
}

/** GET /CodeSystem/$lookup with a system and a code: the display and properties of one code. */
export async function lookupCode(medplum: MedplumClient, system: string, code: string): Promise<LookupResult> {
  const url = medplum.fhirUrl('CodeSystem', '$lookup');
  url.searchParams.set('system', system);
  url.searchParams.set('code', code);
  const out = await medplum.get<Parameters>(url, { cache: 'no-cache' });
  const properties: Record<string, unknown> = {};
  for (const p of out.parameter?.filter((p) => p.name === 'property') ?? []) {
    const name = p.part?.find((x) => x.name === 'code')?.valueCode;
    const value = p.part?.find((x) => x.name === 'value');
    if (name && value) {
      properties[name] = valueOf(value);
    }
  }
  return { system: stringParam(out, 'name'), display: stringParam(out, 'display'), properties };
}
// #endregion lookup

// #region validate
/**
 * GET /ValueSet/$validate-code: is this coding in the value set? The display is not sent: the
 * server would echo it back rather than check it, so compare displays yourself (or use $lookup).
 */
export async function isInValueSet(medplum: MedplumClient, valueSetUrl: string, coding: Coding): Promise<boolean> {
  const url = medplum.fhirUrl('ValueSet', '$validate-code');
  url.searchParams.set('url', valueSetUrl);
  url.searchParams.set('system', coding.system ?? '');
  url.searchParams.set('code', coding.code ?? '');
  const out = await medplum.get<Parameters>(url, { cache: 'no-cache' });
  return out.parameter?.find((p) => p.name === 'result')?.valueBoolean === true;
}

/** GET /CodeSystem/$validate-code: does the code exist in the code system? Returns its display. */
export async function codeExists(medplum: MedplumClient, system: string, code: string): Promise<string | undefined> {
  const url = medplum.fhirUrl('CodeSystem', '$validate-code');
  url.searchParams.set('url', system);
  url.searchParams.set('code', code);
  const out = await medplum.get<Parameters>(url, { cache: 'no-cache' });
  const ok = out.parameter?.find((p) => p.name === 'result')?.valueBoolean === true;
  return ok ? stringParam(out, 'display') : undefined;
}
// #endregion validate

// #region display-language
/**
 * Displays in the user's language. `$expand` and `CodeSystem/$validate-code` take `displayLanguage`
 * (a language code such as `es`); `$lookup` does not, but returns every translation as a
 * `designation` with its `language`, so the caller picks one.
 */
export async function searchCodesInLanguage(
  medplum: MedplumClient,
  valueSetUrl: string,
  text: string,
  language: string,
): Promise<ValueSetExpansionContains[]> {
  const expanded = await medplum.valueSetExpand({
    url: valueSetUrl,
    filter: text,
    count: 10,
    displayLanguage: language,
  });
  return expanded.expansion?.contains ?? [];
}

/** The display of one code in `language`, falling back to the code system's own display. */
export async function displayInLanguage(
  medplum: MedplumClient,
  system: string,
  code: string,
  language: string,
): Promise<string> {
  const url = medplum.fhirUrl('CodeSystem', '$lookup');
  url.searchParams.set('system', system);
  url.searchParams.set('code', code);
  const out = await medplum.get<Parameters>(url);
  for (const d of out.parameter?.filter((p) => p.name === 'designation') ?? []) {
    if (d.part?.find((x) => x.name === 'language')?.valueCode === language) {
      const value = d.part?.find((x) => x.name === 'value')?.valueString;
      if (value) {
        return value;
      }
    }
  }
  return stringParam(out, 'display');
}
// #endregion display-language

// #region import
export interface ImportedProperty {
  code: string;
  property: string;
  value: string;
}

/**
 * POST /CodeSystem/$import: adds concepts (and their properties) to a code system already stored
 * with `content: 'not-present'`. Existing codes are updated, so the same batch can be sent twice.
 */
export async function importConcepts(
  medplum: MedplumClient,
  system: string,
  concepts: Coding[],
  properties: ImportedProperty[] = [],
): Promise<void> {
  const parameter: ParametersParameter[] = [
    { name: 'system', valueUri: system },
    ...concepts.map((c) => ({ name: 'concept', valueCoding: { code: c.code, display: c.display } })),
    ...properties.map((p) => ({
      name: 'property',
      part: [
        { name: 'code', valueCode: p.code },
        { name: 'property', valueCode: p.property },
        { name: 'value', valueString: p.value },
      ],
    })),
  ];
  await medplum.post(medplum.fhirUrl('CodeSystem', '$import'), { resourceType: 'Parameters', parameter });
}

/** Sends a large list in batches, so no single request or database transaction grows too big. */
export async function importInBatches(
  medplum: MedplumClient,
  system: string,
  concepts: Coding[],
  batchSize = 500,
): Promise<number> {
  let batches = 0;
  for (let i = 0; i < concepts.length; i += batchSize) {
    await importConcepts(medplum, system, concepts.slice(i, i + batchSize));
    batches++;
  }
  return batches;
}
// #endregion import

function stringParam(out: Parameters, name: string): string {
  return out.parameter?.find((p) => p.name === name)?.valueString ?? '';
}

function valueOf(p: ParametersParameter): unknown {
  return p.valueBoolean ?? p.valueString ?? p.valueCode ?? p.valueInteger ?? p.valueDecimal;
}
