/**
 * What a bot returns decides the HTTP answer its caller gets. This bot exports a patient's
 * allergy list as a CSV file: it answers 400 or 404 with an OperationOutcome when it cannot, and
 * the file's bytes (not JSON) when it can.
 */
import type { BotEvent, MedplumClient } from '@medplum/core';
import {
  badRequest,
  getReferenceString,
  isNotFound,
  isOperationOutcome,
  normalizeOperationOutcome,
  notFound,
  OperationOutcomeError,
} from '@medplum/core';
import type { Binary, OperationOutcome, Patient } from '@medplum/fhirtypes';

// #region handler
export interface AllergyExportInput {
  patientId?: string;
}

export async function handler(
  medplum: MedplumClient,
  event: BotEvent<AllergyExportInput>,
): Promise<Binary | OperationOutcome> {
  const patientId = event.input?.patientId;
  if (!patientId) {
    // A returned error OperationOutcome is answered with the status its id names; badRequest
    // builds one with no id and an `invalid` issue, which is answered 400.
    return badRequest('patientId is required');
  }

  let patient: Patient;
  try {
    patient = await medplum.readResource('Patient', patientId);
  } catch (err) {
    // Read the error's outcome by its shape, not with `instanceof OperationOutcomeError`: in a
    // vmcontext bot the client's errors come from the server's own copy of @medplum/core, so they
    // are not instances of the class the bot imports.
    const outcome = (err as { outcome?: unknown }).outcome;
    if (isOperationOutcome(outcome) && isNotFound(outcome)) {
      return notFound; // answered 404
    }
    throw err; // anything else fails the run (vmcontext answers with the thrown outcome's status)
  }

  const allergies = await medplum.searchResources('AllergyIntolerance', {
    patient: getReferenceString(patient),
  });
  const rows = ['code,display,clinical_status'];
  for (const allergy of allergies) {
    const coding = allergy.code?.coding?.[0];
    rows.push([coding?.code ?? '', coding?.display ?? '', allergy.clinicalStatus?.coding?.[0]?.code ?? ''].join(','));
  }

  // Returning a Binary makes the server answer with its content, typed with its contentType,
  // for GET and POST alike. A stored Binary (no `data`) is streamed from storage.
  return medplum.createBinary({
    data: rows.join('\n'),
    contentType: 'text/csv',
    filename: `allergies-${patientId}.csv`,
  });
}
// #endregion handler

// #region caller
/**
 * Calls the bot with GET (the query becomes event.input) and returns the CSV text, or throws the
 * bot's OperationOutcome. downloadResponse does not throw on 4xx, so check the status yourself.
 */
export async function downloadAllergyCsv(medplum: MedplumClient, botId: string, patientId: string): Promise<string> {
  const url = medplum.fhirUrl('Bot', botId, '$execute');
  url.searchParams.set('patientId', patientId);
  const response = await medplum.downloadResponse(url, { cache: 'no-cache' });
  if (!response.ok) {
    // Error answers are FHIR JSON OperationOutcomes with the status the bot chose.
    throw new OperationOutcomeError(normalizeOperationOutcome(await response.json()));
  }
  return response.text();
}
// #endregion caller
