/**
 * A pre-commit (interceptor) bot: it runs inside the write, refuses a Patient without an MRN and
 * stores the others with `active` defaulted to true.
 */
// #region pre-commit
import type { BotEvent, MedplumClient } from '@medplum/core';
import { badRequest, OperationOutcomeError } from '@medplum/core';
import type { Patient } from '@medplum/fhirtypes';

export async function handler(_medplum: MedplumClient, event: BotEvent<Patient>): Promise<Patient> {
  const patient = event.input;
  if (!patient.identifier?.some((id) => id.system === 'http://example.org/mrn')) {
    throw new OperationOutcomeError(badRequest('Patient must have an MRN'));
  }
  // What the handler returns is what the server stores.
  return Object.assign({}, patient, { active: patient.active ?? true });
}
// #endregion pre-commit
