/**
 * Reading a search parameter's FHIRPath expression and evaluating it the way the server indexes
 * a resource.
 */
import { evalFhirPath, getSearchParameter, getSearchParameterDetails } from '@medplum/core';
import type { Resource, ResourceType } from '@medplum/fhirtypes';

// #region indexed-values
/**
 * The values the server would index for one search parameter of a resource: evaluates the
 * parameter's FHIRPath expression (for example `(Observation.value.ofType(Quantity))`) on it.
 * Also returns the parameter's search type as the SDK derives it from the expression.
 */
export function indexedValues(
  resource: Resource,
  code: string,
): { expression: string; type: string; values: unknown[] } {
  const param = getSearchParameter(resource.resourceType as ResourceType, code);
  if (!param?.expression) {
    throw new Error(`Unknown search parameter: ${code}`);
  }
  const details = getSearchParameterDetails(resource.resourceType, param);
  return { expression: param.expression, type: details.type, values: evalFhirPath(param.expression, resource) };
}
// #endregion indexed-values
