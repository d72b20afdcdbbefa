/**
 * Each tool's first result, computed at build time from its sample (src/components/tools/
 * samples.ts) with the engine's own code (engine-runs.ts) on the same definition slices the
 * browser downloads. The tool pages import these, so the built HTML already shows the sample and
 * its result: a reader sees a working tool before any script runs, and the page need not start
 * its app (or the engine worker) until the reader edits something.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Bundle, SearchParameter } from '@medplum/fhirtypes';
import type { TypeSlice } from '../../../src/components/tools/definitions';
import type { EngineResource, EngineResponse } from '../../../src/components/tools/engine-protocol';
import type * as EngineRuns from '../../../src/components/tools/engine-runs';
import {
  FHIRPATH_EXPRESSION,
  FHIRPATH_RESOURCE,
  SEARCH_QUERY,
  SEARCH_TYPE,
  VALIDATOR_RESOURCE,
} from '../../../src/components/tools/samples';
import { loadCore } from '../fhir-reference/validate';
import type { ToolSlices } from './generate';

export interface FirstFrames {
  fhirpath: EngineResponse;
  validator: EngineResponse;
  'search-builder': { params: EngineResponse; search: EngineResponse };
}

/**
 * Fails the build, naming the tool, when a sample's answer is not the kind the tool expects, or
 * is a search the engine could not parse: a sample exists to show a result.
 */
export function expectKind(tool: string, response: EngineResponse, kind: EngineResponse['kind']): EngineResponse {
  if (response.kind === 'search' && response.parseError !== undefined) {
    throw new Error(
      `fhir-tools: the ${tool} sample in src/components/tools/samples.ts does not parse: ${response.parseError}`,
    );
  }
  if (response.kind !== kind) {
    throw new Error(
      `fhir-tools: the ${tool} sample in src/components/tools/samples.ts gave a "${response.kind}" answer, not "${kind}": ${JSON.stringify(response).slice(0, 300)}`,
    );
  }
  return response;
}

/** A sample resource as JSON, or an error naming the tool whose sample it is. */
function sampleResource(tool: string, text: string): EngineResource {
  try {
    return JSON.parse(text) as EngineResource;
  } catch (err) {
    throw new Error(
      `fhir-tools: the ${tool} sample resource in src/components/tools/samples.ts is not JSON: ${(err as Error).message}`,
    );
  }
}

export async function computeFirstFrames(slices: ToolSlices): Promise<FirstFrames> {
  const core = loadCore();
  // Loaded after @medplum/core, so its import finds the module already in place (see loadCore).
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const runs = require('../../../src/components/tools/engine-runs') as typeof EngineRuns;
  core.indexStructureDefinitionBundle(slices.datatypes);
  const indexed = new Set<string>();
  // The worker's loadType, reading the slices in memory instead of fetching them.
  const load = async (resourceType: string): Promise<TypeSlice> => {
    const slice = slices.types.get(resourceType);
    if (!slice) throw new Error(`fhir-tools: no definitions for "${resourceType}"`);
    if (!indexed.has(resourceType)) {
      core.indexStructureDefinitionBundle([slice.structureDefinition]);
      core.indexSearchParameterBundle({
        resourceType: 'Bundle',
        type: 'collection',
        entry: slice.searchParameters.map((resource) => ({ resource })),
      } as Bundle<SearchParameter>);
      indexed.add(resourceType);
    }
    return slice;
  };
  const started = (): void => undefined;
  const fhirpath = await runs.runFhirPath(
    {
      id: 0,
      kind: 'fhirpath',
      baseUrl: '',
      resource: sampleResource('FHIRPath', FHIRPATH_RESOURCE),
      expression: FHIRPATH_EXPRESSION,
    },
    load,
    started,
  );
  const validator = await runs.runValidate(
    { id: 0, kind: 'validate', baseUrl: '', resource: sampleResource('validator', VALIDATOR_RESOURCE) },
    load,
    started,
  );
  const params = await runs.runSearchParameters(
    { id: 0, kind: 'search-parameters', baseUrl: '', resourceType: SEARCH_TYPE },
    load,
  );
  const search = await runs.runSearch(
    { id: 0, kind: 'search', baseUrl: '', resourceType: SEARCH_TYPE, query: SEARCH_QUERY },
    load,
    started,
  );
  return {
    fhirpath: expectKind('FHIRPath', fhirpath, 'fhirpath'),
    validator: expectKind('validator', validator, 'validate'),
    'search-builder': {
      params: expectKind('search builder', params, 'search-parameters'),
      search: expectKind('search builder', search, 'search'),
    },
  };
}

/** Writes one small JSON file per tool, so each tool page's bundle carries only its own frame. */
export function writeFirstFrames(dir: string, frames: FirstFrames): void {
  fs.mkdirSync(dir, { recursive: true });
  for (const [tool, frame] of Object.entries(frames)) {
    fs.writeFileSync(path.join(dir, `${tool}.json`), JSON.stringify(frame));
  }
}
