/// <reference lib="webworker" />
/**
 * The FHIR engine of the FHIRPath playground and the validator, run off the page's main thread.
 *
 * A FHIRPath expression can take exponential time (`.select()` inside `.select()`, a
 * backtracking regular expression in `matches()`, a long union, which @medplum/core dedupes in
 * quadratic time) and `validateResource` walks a whole resource. On the main thread either can
 * freeze the page for seconds. Here the page stays responsive, and engine.ts can stop a run that
 * passes its time limit by terminating this worker.
 *
 * The search builder's parsing runs here too: parseSearchRequest needs the type's search
 * parameters indexed, and indexing a type's definitions is itself a long task on a phone.
 *
 * The worker loads definitions itself (they must be indexed in the @medplum/core that
 * evaluates) from the site's own origin; its requests carry no page address.
 */
import {
  evalFhirPathTyped,
  OperationOutcomeError,
  parseFhirPath,
  parseSearchRequest,
  validateResource,
} from '@medplum/core';
import type { Resource } from '@medplum/fhirtypes';
import { loadType, resourceTypesIn } from './definitions';
import { type EngineRequest, type EngineResponse, MAX_RESULT_CHARS, MAX_RESULT_VALUES } from './engine-protocol';

declare const self: DedicatedWorkerGlobalScope;

function message(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

function reply(response: EngineResponse): void {
  self.postMessage(response);
}

async function fhirpath(request: Extract<EngineRequest, { kind: 'fhirpath' }>): Promise<EngineResponse> {
  const { id, resource, expression, baseUrl } = request;
  // Definitions give results their FHIR types; without them (a failed download) values are
  // typed from their JSON shape, so the evaluation still runs.
  const searchExpressions = await loadType(baseUrl, resource.resourceType).then(
    (slice) => slice.searchParameters.map((sp) => sp.expression ?? ''),
    () => [] as string[],
  );
  try {
    parseFhirPath(expression);
  } catch (err) {
    return { id, kind: 'expression-error', stage: 'parse', message: message(err), searchExpressions };
  }
  // From here on the run is timed (engine.ts): the download above is not the expression's cost.
  reply({ id, kind: 'started' });
  const root = { type: resource.resourceType, value: resource };
  // The environment variables FHIRPath defines for a whole-resource context.
  const variables = { '%resource': root, '%rootResource': root, '%context': root };
  let values;
  try {
    values = evalFhirPathTyped(expression, [root], variables);
  } catch (err) {
    return { id, kind: 'expression-error', stage: 'evaluate', message: message(err), searchExpressions };
  }
  if (values.length > MAX_RESULT_VALUES) return { id, kind: 'too-large', values: values.length };
  const json = JSON.stringify(
    values.map((v) => ({ type: v.type, value: v.value })),
    null,
    2,
  );
  if (json.length > MAX_RESULT_CHARS) return { id, kind: 'too-large', chars: json.length };
  return { id, kind: 'fhirpath', count: values.length, json, searchExpressions };
}

async function validate(request: Extract<EngineRequest, { kind: 'validate' }>): Promise<EngineResponse> {
  const { id, resource, baseUrl } = request;
  try {
    // Contained resources and Bundle entries need their own types' definitions too.
    await Promise.all([...resourceTypesIn(resource)].map((type) => loadType(baseUrl, type)));
  } catch (err) {
    return { id, kind: 'error', message: message(err) };
  }
  reply({ id, kind: 'started' });
  let issues;
  try {
    issues = validateResource(resource as unknown as Resource);
  } catch (err) {
    // The validator throws an OperationOutcomeError carrying the issues when it finds errors.
    if (!(err instanceof OperationOutcomeError)) return { id, kind: 'error', message: message(err) };
    issues = err.outcome.issue ?? [];
  }
  if (JSON.stringify(issues).length > MAX_RESULT_CHARS) return { id, kind: 'too-large', values: issues.length };
  return { id, kind: 'validate', issues };
}

async function searchParameters(
  request: Extract<EngineRequest, { kind: 'search-parameters' }>,
): Promise<EngineResponse> {
  const { id, baseUrl, resourceType } = request;
  let slice;
  try {
    slice = await loadType(baseUrl, resourceType);
  } catch (err) {
    return { id, kind: 'error', message: message(err) };
  }
  const params = slice.searchParameters
    .map((sp) => ({ code: sp.code ?? '', type: sp.type ?? '', description: sp.description ?? '' }))
    .sort((a, b) => a.code.localeCompare(b.code));
  return { id, kind: 'search-parameters', params };
}

async function search(request: Extract<EngineRequest, { kind: 'search' }>): Promise<EngineResponse> {
  const { id, baseUrl, resourceType, query } = request;
  try {
    // Indexed already by the search-parameters request in this worker, unless it was replaced.
    await loadType(baseUrl, resourceType);
  } catch (err) {
    return { id, kind: 'error', message: message(err) };
  }
  reply({ id, kind: 'started' });
  try {
    const json = JSON.stringify(parseSearchRequest(`${resourceType}${query ? `?${query}` : ''}`), null, 2);
    if (json.length > MAX_RESULT_CHARS) return { id, kind: 'too-large', chars: json.length };
    return { id, kind: 'search', json };
  } catch (err) {
    return { id, kind: 'search', parseError: message(err) };
  }
}

function handle(request: EngineRequest): Promise<EngineResponse> {
  switch (request.kind) {
    case 'fhirpath':
      return fhirpath(request);
    case 'validate':
      return validate(request);
    case 'search-parameters':
      return searchParameters(request);
    case 'search':
      return search(request);
  }
}

self.onmessage = (event: MessageEvent<EngineRequest>) => {
  const request = event.data;
  const run = handle(request);
  run.then(reply, (err: unknown) => reply({ id: request.id, kind: 'error', message: message(err) }));
};
