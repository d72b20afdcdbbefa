/**
 * The `_filter` parameter: boolean expressions over search parameters in one query value.
 */
import type { FhirFilterExpression, MedplumClient, WithId } from '@medplum/core';
import { FhirFilterComparison, FhirFilterConnective, FhirFilterNegation, parseFilterParameter } from '@medplum/core';
import type { Patient } from '@medplum/fhirtypes';

// #region filter-search
/**
 * Patients whose name contains `fragment` OR who were born on or after `bornFrom`, something
 * plain search parameters cannot say because repeated parameters are always ANDed.
 * Request: GET /fhir/R4/Patient?_filter=name co "<fragment>" or birthdate ge <bornFrom>
 */
export async function nameOrBornAfter(
  medplum: MedplumClient,
  fragment: string,
  bornFrom: string,
): Promise<WithId<Patient>[]> {
  const filter = `name co ${quote(fragment)} or birthdate ge ${bornFrom}`;
  return medplum.searchResources('Patient', { _filter: filter });
}
// #endregion filter-search

// #region quote
/** Wraps user input as a _filter string literal, escaping backslashes and double quotes. */
export function quote(value: string): string {
  return `"${value.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`;
}
// #endregion quote

// #region explain
/**
 * Turns a _filter expression into a fully parenthesized string, using the same parser the
 * Medplum server runs. Handy for checking how an expression will be grouped before sending it;
 * throws an OperationOutcomeError for an operator the server does not support.
 */
export function explainFilter(expression: string): string {
  return describe(parseFilterParameter(expression));
}

function describe(node: FhirFilterExpression): string {
  if (node instanceof FhirFilterNegation) {
    return `not(${describe(node.child)})`;
  }
  if (node instanceof FhirFilterConnective) {
    return `(${describe(node.left)} ${node.keyword} ${describe(node.right)})`;
  }
  if (node instanceof FhirFilterComparison) {
    // `operator` is the search operator the comparison becomes, e.g. "co" -> "contains", "eq" -> "exact".
    return `[${node.path} ${node.operator} ${node.value}]`;
  }
  throw new Error('Unknown filter node');
}
// #endregion explain
