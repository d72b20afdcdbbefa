/**
 * Loads FHIR definitions into @medplum/core on demand, one resource type at a time.
 *
 * plugins/fhir-tools/generate.ts writes the slices: every datatype in one file (needed by any
 * resource, since Extension.value[x] reaches them all) and one file per resource type with its
 * StructureDefinition and SearchParameters. The template `import()` below makes the bundler emit
 * one chunk per type file, so validating a Patient downloads the Patient slice and nothing else.
 */
import { indexSearchParameterBundle, indexStructureDefinitionBundle } from '@medplum/core';
import type { Bundle, SearchParameter, StructureDefinition } from '@medplum/fhirtypes';
import typeNames from '@site/.generated/fhir-tools/types.json';

export interface TypeSlice {
  structureDefinition: StructureDefinition;
  searchParameters: SearchParameter[];
}

/** Every resource type (FHIR R4 and Medplum) the tools can load. */
export const RESOURCE_TYPES: readonly string[] = typeNames as string[];

export class UnknownTypeError extends Error {
  constructor(readonly resourceType: string) {
    super(
      `"${resourceType}" is not a FHIR R4 or Medplum resource type. Check the spelling and capitals (for example "Patient", not "patient").`,
    );
  }
}

let datatypes: Promise<void> | undefined;
const slices = new Map<string, Promise<TypeSlice>>();

function loadDatatypes(): Promise<void> {
  datatypes ??= import(
    /* webpackChunkName: "fhir-tools-datatypes" */ '@site/.generated/fhir-tools/datatypes.json'
  ).then((mod) => indexStructureDefinitionBundle(mod.default as unknown as StructureDefinition[]));
  return datatypes;
}

/** Loads and indexes one resource type (and the datatypes); cached for the page's lifetime. */
export function loadType(resourceType: string): Promise<TypeSlice> {
  if (!RESOURCE_TYPES.includes(resourceType)) return Promise.reject(new UnknownTypeError(resourceType));
  let slice = slices.get(resourceType);
  if (!slice) {
    slice = Promise.all([
      loadDatatypes(),
      import(/* webpackChunkName: "fhir-type-[request]" */ `@site/.generated/fhir-tools/types/${resourceType}.json`),
    ]).then(([, mod]) => {
      const data = (mod as { default: TypeSlice }).default;
      indexStructureDefinitionBundle([data.structureDefinition]);
      indexSearchParameterBundle({
        resourceType: 'Bundle',
        type: 'collection',
        entry: data.searchParameters.map((resource) => ({ resource })),
      } as Bundle<SearchParameter>);
      return data;
    });
    // A failed download should be retried the next time, not cached.
    slice.catch(() => slices.delete(resourceType));
    slices.set(resourceType, slice);
  }
  return slice;
}

/** Every `resourceType` in a JSON value (the resource itself, contained ones, Bundle entries). */
export function resourceTypesIn(value: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(value)) {
    for (const item of value) resourceTypesIn(item, found);
  } else if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      if (key === 'resourceType' && typeof child === 'string') found.add(child);
      else resourceTypesIn(child, found);
    }
  }
  return found;
}
