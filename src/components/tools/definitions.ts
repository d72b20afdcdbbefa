/**
 * Loads FHIR definitions into @medplum/core on demand, one resource type at a time.
 *
 * plugins/generate/fhir-tools/generate.ts writes the slices as static files: every datatype in one file
 * (needed by any resource, since Extension.value[x] reaches them all) and one file per resource
 * type with its StructureDefinition and SearchParameters. Validating a Patient fetches the
 * datatypes and the Patient file, nothing else. Requests go to the site's own origin only.
 */
import { indexSearchParameterBundle, indexStructureDefinitionBundle } from '@medplum/core';
import type { Bundle, SearchParameter, StructureDefinition } from '@medplum/fhirtypes';
import manifest from '@site/.generated/fhir-tools/manifest.json';
import { RESOURCE_TYPES } from './resource-types';

export interface TypeSlice {
  structureDefinition: StructureDefinition;
  searchParameters: SearchParameter[];
}

export { RESOURCE_TYPES };

export class UnknownTypeError extends Error {
  constructor(readonly resourceType: string) {
    super(
      `"${resourceType}" is not a FHIR R4 or Medplum resource type. Check the spelling and capitals (for example "Patient", not "patient").`,
    );
  }
}

let datatypes: Promise<void> | undefined;
const slices = new Map<string, Promise<TypeSlice>>();

async function fetchJson<T>(url: string): Promise<T> {
  // Said here as well as in the page's <meta name="referrer">: these fetches run in the engine
  // worker, whose referrer policy comes from its script's response, not from the page.
  const response = await fetch(url, { referrerPolicy: 'no-referrer' });
  if (!response.ok) throw new Error(`Could not load the FHIR definitions (${url}: HTTP ${response.status}).`);
  return (await response.json()) as T;
}

/**
 * Loads and indexes one resource type (and, once, the datatypes); cached for the page's
 * lifetime. `baseUrl` is the site's base URL (useBaseUrl('/')).
 */
export function loadType(baseUrl: string, resourceType: string): Promise<TypeSlice> {
  if (!RESOURCE_TYPES.includes(resourceType)) return Promise.reject(new UnknownTypeError(resourceType));
  const root = `${baseUrl.replace(/\/$/, '')}/fhir-tools/${manifest.version}`;
  let slice = slices.get(resourceType);
  if (!slice) {
    datatypes ??= fetchJson<StructureDefinition[]>(`${root}/datatypes.json`).then(indexStructureDefinitionBundle);
    // A failed download should be retried the next time, not cached.
    datatypes.catch(() => (datatypes = undefined));
    slice = Promise.all([datatypes, fetchJson<TypeSlice>(`${root}/types/${resourceType}.json`)]).then(([, data]) => {
      indexStructureDefinitionBundle([data.structureDefinition]);
      indexSearchParameterBundle({
        resourceType: 'Bundle',
        type: 'collection',
        entry: data.searchParameters.map((resource) => ({ resource })),
      } as Bundle<SearchParameter>);
      return data;
    });
    slice.catch(() => slices.delete(resourceType));
    slices.set(resourceType, slice);
  }
  return slice;
}
