/**
 * Terminology operations: CodeSystem/$lookup, CodeSystem/$validate-code, ValueSet/$validate-code,
 * ConceptMap/$translate, CodeSystem/$import and ConceptMap/$import. None has a dedicated SDK
 * method, so each builds the operation URL with fhirUrl() and calls get() or post().
 */
import { isNotFound, OperationOutcomeError, type MedplumClient } from '@medplum/core';
import type {
  CodeableConcept,
  CodeSystem,
  Coding,
  ConceptMap,
  Parameters,
  ParametersParameter,
} from '@medplum/fhirtypes';

/** Reads one named output parameter from an operation's Parameters answer. */
function output(params: Parameters, name: string): ParametersParameter | undefined {
  return params.parameter?.find((p) => p.name === name);
}

// #region lookup
/** Returns the display text stored for a code, or undefined when the server answers 404 (unknown code). */
export async function lookupDisplay(medplum: MedplumClient, system: string, code: string): Promise<string | undefined> {
  const url = medplum.fhirUrl('CodeSystem', '$lookup');
  url.searchParams.set('system', system);
  url.searchParams.set('code', code);
  try {
    const result: Parameters = await medplum.get(url);
    return output(result, 'display')?.valueString;
  } catch (err) {
    if (err instanceof OperationOutcomeError && isNotFound(err.outcome)) {
      return undefined;
    }
    throw err;
  }
}
// #endregion lookup

// #region codesystem-validate-code
/** True when the code exists in the code system with that canonical URL. */
export async function isCodeInSystem(medplum: MedplumClient, systemUrl: string, code: string): Promise<boolean> {
  const url = medplum.fhirUrl('CodeSystem', '$validate-code');
  url.searchParams.set('url', systemUrl);
  url.searchParams.set('code', code);
  const result: Parameters = await medplum.get(url);
  return output(result, 'result')?.valueBoolean === true;
}
// #endregion codesystem-validate-code

// #region valueset-validate-code
/** Input for ValueSet/$validate-code: any coding of the concept may match the value set. */
export function buildValueSetCheck(valueSetUrl: string, concept: CodeableConcept): Parameters {
  return {
    resourceType: 'Parameters',
    parameter: [
      { name: 'url', valueUri: valueSetUrl },
      { name: 'codeableConcept', valueCodeableConcept: concept },
    ],
  };
}

/** True when the value set allows one of the concept's codings. POST, because a CodeableConcept does not fit in a query string. */
export async function isConceptAllowed(
  medplum: MedplumClient,
  valueSetUrl: string,
  concept: CodeableConcept,
): Promise<boolean> {
  const result: Parameters = await medplum.post(
    medplum.fhirUrl('ValueSet', '$validate-code'),
    buildValueSetCheck(valueSetUrl, concept),
  );
  return output(result, 'result')?.valueBoolean === true;
}
// #endregion valueset-validate-code

// #region translate
/** Maps a code through a ConceptMap and returns the target codings (empty when the map has no entry). */
export async function translateCode(
  medplum: MedplumClient,
  conceptMapUrl: string,
  system: string,
  code: string,
): Promise<Coding[]> {
  const url = medplum.fhirUrl('ConceptMap', '$translate');
  url.searchParams.set('url', conceptMapUrl);
  url.searchParams.set('system', system);
  url.searchParams.set('code', code);
  const result: Parameters = await medplum.get(url);
  if (output(result, 'result')?.valueBoolean !== true) {
    return [];
  }
  return (result.parameter ?? [])
    .filter((p) => p.name === 'match')
    .map((match) => match.part?.find((part) => part.name === 'concept')?.valueCoding)
    .filter((coding): coding is Coding => coding !== undefined);
}
// #endregion translate

// #region codesystem-import
/**
 * Concepts and their parent codes, in the shape CodeSystem/$import expects. Parents must be in
 * `concepts` too. The parent link is sent as the undeclared hierarchy property, whose code the
 * server takes from the CodeSystem: `parent` when it has no `hierarchyMeaning`, else that
 * `hierarchyMeaning` (such as `is-a`); any other undeclared code is refused as "Unknown property".
 */
export function buildCodeSystemImport(
  systemUrl: string,
  concepts: { code: string; display: string; parent?: string }[],
  hierarchyProperty = 'parent',
): Parameters {
  const parameter: ParametersParameter[] = [{ name: 'system', valueUri: systemUrl }];
  for (const c of concepts) {
    parameter.push({ name: 'concept', valueCoding: { system: systemUrl, code: c.code, display: c.display } });
  }
  for (const c of concepts) {
    if (c.parent) {
      parameter.push({
        name: 'property',
        part: [
          { name: 'code', valueCode: c.code },
          { name: 'property', valueCode: hierarchyProperty },
          { name: 'value', valueString: c.parent },
        ],
      });
    }
  }
  return { resourceType: 'Parameters', parameter };
}

/** Loads the concepts into the server's terminology tables (the CodeSystem resource must exist). */
export async function importConcepts(medplum: MedplumClient, params: Parameters): Promise<CodeSystem> {
  return medplum.post(medplum.fhirUrl('CodeSystem', '$import'), params);
}
// #endregion codesystem-import

// #region conceptmap-import
/** One `mapping` part per source/target pair; relationship defaults to equivalent on the server. */
export function buildConceptMapImport(conceptMapUrl: string, pairs: { source: Coding; target: Coding }[]): Parameters {
  return {
    resourceType: 'Parameters',
    parameter: [
      { name: 'url', valueUri: conceptMapUrl },
      ...pairs.map(
        (pair): ParametersParameter => ({
          name: 'mapping',
          part: [
            { name: 'source', valueCoding: pair.source },
            { name: 'target', valueCoding: pair.target },
          ],
        }),
      ),
    ],
  };
}

/** Writes the mappings into the server's mapping tables for the ConceptMap with that URL. */
export async function importMappings(medplum: MedplumClient, params: Parameters): Promise<ConceptMap> {
  return medplum.post(medplum.fhirUrl('ConceptMap', '$import'), params);
}
// #endregion conceptmap-import
