/**
 * Turning whatever a failed call threw into an OperationOutcome with normalizeOperationOutcome, and
 * that into one line of text with operationOutcomeToString.
 */
import type { MedplumClient } from '@medplum/core';
import { normalizeOperationOutcome, operationOutcomeToString } from '@medplum/core';

// #region normalize
/** Creates a patient; on failure logs the error as one line and returns that line. */
export async function createPatientLoggingErrors(medplum: MedplumClient): Promise<string | undefined> {
  try {
    await medplum.createResource({ resourceType: 'Patient', name: [{ given: ['Ana'], family: 'Silva' }] });
    return undefined;
  } catch (err) {
    const outcome = normalizeOperationOutcome(err);
    const message = operationOutcomeToString(outcome);
    console.error(message);
    return message;
  }
}
// #endregion normalize
