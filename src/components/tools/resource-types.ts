/**
 * Every resource type (FHIR R4 and Medplum) the tools can load, from the manifest the build
 * writes. Kept apart from definitions.ts, which imports @medplum/core: reading this list on the
 * page must not pull the engine into the page's bundle (it runs in engine.worker.ts).
 */
import manifest from '@site/.generated/fhir-tools/manifest.json';

export const RESOURCE_TYPES: readonly string[] = manifest.types;
