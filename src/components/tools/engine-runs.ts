/**
 * What the engine computes for each kind of request, apart from where definitions come from.
 *
 * engine.worker.ts runs these in the browser, loading definitions from the site's own files;
 * plugins/generate/fhir-tools/first-frames.ts runs the same functions at build time on each tool's
 * sample, so a tool page is built with its first result already in the HTML and shows the same
 * answer the worker gives once the reader starts editing.
 */
import {
  evalFhirPathTyped,
  OperationOutcomeError,
  parseFhirPath,
  parseSearchRequest,
  validateResource,
} from '@medplum/core';
import type { Resource } from '@medplum/fhirtypes';
import type { TypeSlice } from './definitions';
import { type EngineRequest, type EngineResponse, MAX_RESULT_CHARS, MAX_RESULT_VALUES } from './engine-protocol';

/** Loads and indexes one resource type's definitions into @medplum/core. */
export type LoadType = (resourceType: string) => Promise<TypeSlice>;

/** Called once definitions are in and the timed part of a run begins. */
export type Started = () => void;

type Request<K extends EngineRequest['kind']> = Extract<EngineRequest, { kind: K }>;

export function errorMessage(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
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

export async function runFhirPath(
  request: Request<'fhirpath'>,
  load: LoadType,
  started: Started,
): Promise<EngineResponse> {
  const { id, resource, expression } = request;
  // Definitions give results their FHIR types; without them (a failed download) values are
  // typed from their JSON shape, so the evaluation still runs.
  const searchExpressions = await load(resource.resourceType).then(
    (slice) => slice.searchParameters.map((sp) => sp.expression ?? ''),
    () => [] as string[],
  );
  try {
    parseFhirPath(expression);
  } catch (err) {
    return { id, kind: 'expression-error', stage: 'parse', message: errorMessage(err), searchExpressions };
  }
  // From here on the run is timed (engine.ts): the download above is not the expression's cost.
  started();
  const root = { type: resource.resourceType, value: resource };
  // The environment variables FHIRPath defines for a whole-resource context.
  const variables = { '%resource': root, '%rootResource': root, '%context': root };
  let values;
  try {
    values = evalFhirPathTyped(expression, [root], variables);
  } catch (err) {
    return { id, kind: 'expression-error', stage: 'evaluate', message: errorMessage(err), searchExpressions };
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

export async function runValidate(
  request: Request<'validate'>,
  load: LoadType,
  started: Started,
): Promise<EngineResponse> {
  const { id, resource } = request;
  try {
    // Contained resources and Bundle entries need their own types' definitions too.
    await Promise.all([...resourceTypesIn(resource)].map((type) => load(type)));
  } catch (err) {
    return { id, kind: 'error', message: errorMessage(err) };
  }
  started();
  let issues;
  try {
    issues = validateResource(resource as unknown as Resource);
  } catch (err) {
    // The validator throws an OperationOutcomeError carrying the issues when it finds errors.
    if (!(err instanceof OperationOutcomeError)) return { id, kind: 'error', message: errorMessage(err) };
    issues = err.outcome.issue ?? [];
  }
  if (JSON.stringify(issues).length > MAX_RESULT_CHARS) return { id, kind: 'too-large', values: issues.length };
  return { id, kind: 'validate', issues };
}

export async function runSearchParameters(
  request: Request<'search-parameters'>,
  load: LoadType,
): Promise<EngineResponse> {
  const { id, resourceType } = request;
  let slice;
  try {
    slice = await load(resourceType);
  } catch (err) {
    return { id, kind: 'error', message: errorMessage(err) };
  }
  const params = slice.searchParameters
    .map((sp) => ({ code: sp.code ?? '', type: sp.type ?? '', description: sp.description ?? '' }))
    .sort((a, b) => a.code.localeCompare(b.code, 'en'));
  return { id, kind: 'search-parameters', params };
}

export async function runSearch(request: Request<'search'>, load: LoadType, started: Started): Promise<EngineResponse> {
  const { id, resourceType, query } = request;
  try {
    // Indexed already by the search-parameters request in this worker, unless it was replaced.
    await load(resourceType);
  } catch (err) {
    return { id, kind: 'error', message: errorMessage(err) };
  }
  started();
  try {
    const json = JSON.stringify(parseSearchRequest(`${resourceType}${query ? `?${query}` : ''}`), null, 2);
    if (json.length > MAX_RESULT_CHARS) return { id, kind: 'too-large', chars: json.length };
    return { id, kind: 'search', json };
  } catch (err) {
    return { id, kind: 'search', parseError: errorMessage(err) };
  }
}

/** Answers one request; `load` supplies definitions, `started` marks the start of the timed part. */
export function runRequest(request: EngineRequest, load: LoadType, started: Started): Promise<EngineResponse> {
  switch (request.kind) {
    case 'fhirpath':
      return runFhirPath(request, load, started);
    case 'validate':
      return runValidate(request, load, started);
    case 'search-parameters':
      return runSearchParameters(request, load);
    case 'search':
      return runSearch(request, load, started);
  }
}
